//! `Bencher::iter_tokio` (feature `tokio`) and `Bencher::iter_tokio_multi_thread` (feature
//! `tokio-full`).

use super::{BenchOutcome, Bencher};
use crate::measure::timer_cost;
use crate::measure::{BlockOn, TokioExecutor};
use crate::model::Mode;
use std::future::Future;

impl Bencher {
    /// Like [`Bencher::iter_async`], on a current-thread tokio runtime (feature `tokio`),
    /// made once for the trial: for routines that need a tokio context (`tokio::spawn`,
    /// tokio's channels and locks). The runtime's own cost per iteration is measured first and
    /// reported beside the result.
    ///
    /// # Panics
    ///
    /// If an `iter` method was already called.
    #[cfg_attr(docsrs, doc(cfg(feature = "tokio")))]
    pub fn iter_tokio<F: Future>(&mut self, routine: impl FnMut() -> F) {
        self.iter_on(TokioExecutor::current_thread(), routine);
    }

    /// Like [`Bencher::iter_tokio`], on tokio's multi-threaded runtime with its time and I/O
    /// drivers (feature `tokio-full`): for routines that spawn onto worker threads, sleep on
    /// tokio's timer or use its sockets. Reported as `tokio-multi-thread`.
    ///
    /// # Panics
    ///
    /// If an `iter` method was already called.
    #[cfg(feature = "tokio-full")]
    #[cfg_attr(docsrs, doc(cfg(feature = "tokio-full")))]
    pub fn iter_tokio_multi_thread<F: Future>(&mut self, routine: impl FnMut() -> F) {
        self.iter_on(TokioExecutor::multi_thread(), routine);
    }

    fn iter_on<F: Future>(&mut self, executor: TokioExecutor, mut routine: impl FnMut() -> F) {
        let overhead =
            (self.mode == Mode::Bench).then(|| executor.overhead_ns(timer_cost().overhead_ns));
        self.iter(|| executor.block_on(routine()));
        if let Some(BenchOutcome::Measured(result)) = &mut self.outcome {
            result.executor_overhead_ns = overhead;
            result.executor = Some(executor.name());
        }
    }
}
