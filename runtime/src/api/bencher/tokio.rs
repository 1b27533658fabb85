//! `Bencher::iter_tokio` (feature `tokio`).

use super::{BenchOutcome, Bencher};
use crate::measure::timer_cost;
use crate::measure::{TokioExecutor, TOKIO_NAME};
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
    pub fn iter_tokio<F: Future>(&mut self, mut routine: impl FnMut() -> F) {
        let executor = TokioExecutor::new();
        let overhead =
            (self.mode == Mode::Bench).then(|| executor.overhead_ns(timer_cost().overhead_ns));
        self.iter(|| executor.block_on(routine()));
        if let Some(BenchOutcome::Measured(result)) = &mut self.outcome {
            result.executor_overhead_ns = overhead;
            result.executor = Some(TOKIO_NAME);
        }
    }
}
