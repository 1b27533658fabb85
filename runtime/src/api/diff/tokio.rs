//! `Diff::compare_tokio` (feature `tokio`) and `Diff::compare_tokio_multi_thread` (feature
//! `tokio-full`).

use super::{Diff, DiffOutcome};
use crate::measure::timer_cost;
use crate::measure::{BlockOn, TokioExecutor};
use crate::model::Mode;
use std::future::Future;

impl Diff {
    /// Like [`Diff::compare_async`], on current-thread tokio runtimes (feature `tokio`), one
    /// per routine, so both pay the same runtime cost (measured first and reported beside the
    /// result).
    ///
    /// # Panics
    ///
    /// If a `compare` method was already called.
    #[cfg_attr(docsrs, doc(cfg(feature = "tokio")))]
    pub fn compare_tokio<F1: Future, F2: Future>(
        &mut self,
        first: impl FnMut() -> F1,
        second: impl FnMut() -> F2,
    ) {
        let executors = [
            TokioExecutor::current_thread(),
            TokioExecutor::current_thread(),
        ];
        self.compare_on(executors, first, second);
    }

    /// Like [`Diff::compare_tokio`], on tokio's multi-threaded runtimes with their time and
    /// I/O drivers (feature `tokio-full`), one per routine. Reported as
    /// `tokio-multi-thread`.
    ///
    /// # Panics
    ///
    /// If a `compare` method was already called.
    #[cfg(feature = "tokio-full")]
    #[cfg_attr(docsrs, doc(cfg(feature = "tokio-full")))]
    pub fn compare_tokio_multi_thread<F1: Future, F2: Future>(
        &mut self,
        first: impl FnMut() -> F1,
        second: impl FnMut() -> F2,
    ) {
        let executors = [TokioExecutor::multi_thread(), TokioExecutor::multi_thread()];
        self.compare_on(executors, first, second);
    }

    fn compare_on<F1: Future, F2: Future>(
        &mut self,
        [one, other]: [TokioExecutor; 2],
        mut first: impl FnMut() -> F1,
        mut second: impl FnMut() -> F2,
    ) {
        let measuring = self.mode == Mode::Bench || self.settings.claim.is_some();
        let overhead = measuring.then(|| one.overhead_ns(timer_cost().overhead_ns));
        self.compare(|| one.block_on(first()), || other.block_on(second()));
        if let Some(DiffOutcome::Measured(result)) = &mut self.outcome {
            result.executor_overhead_ns = overhead;
            result.executor = Some(one.name());
        }
    }
}
