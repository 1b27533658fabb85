//! `Diff::compare_tokio` (feature `tokio`).

use super::{Diff, DiffOutcome};
use crate::measure::timer_cost;
use crate::measure::{TokioExecutor, TOKIO_NAME};
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
        mut first: impl FnMut() -> F1,
        mut second: impl FnMut() -> F2,
    ) {
        let (one, other) = (TokioExecutor::new(), TokioExecutor::new());
        let measuring = self.mode == Mode::Bench || self.settings.claim.is_some();
        let overhead = measuring.then(|| one.overhead_ns(timer_cost().overhead_ns));
        self.compare(|| one.block_on(first()), || other.block_on(second()));
        if let Some(DiffOutcome::Measured(result)) = &mut self.outcome {
            result.executor_overhead_ns = overhead;
            result.executor = Some(TOKIO_NAME);
        }
    }
}
