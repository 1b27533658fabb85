//! Async routines on tokio (feature `tokio`): a current-thread runtime made once per trial,
//! outside the timed region, whose `block_on` runs each iteration's future. Its cost per
//! iteration is measured as the built-in executor's is (`block_on_overhead_ns`).

use super::executor::block_on_overhead_ns;
use std::future::Future;
use tokio::runtime::{Builder, Runtime};

/// A current-thread tokio runtime.
#[derive(Debug)]
pub struct TokioExecutor {
    runtime: Runtime,
}

impl TokioExecutor {
    /// A runtime on the current thread (no worker threads, no I/O or timer drivers: the
    /// `rt` feature alone).
    ///
    /// # Panics
    ///
    /// If tokio cannot build the runtime (it only fails where threads cannot be created).
    #[must_use]
    pub fn new() -> Self {
        let runtime = Builder::new_current_thread()
            .build()
            .expect("tokio builds a current-thread runtime");
        Self { runtime }
    }

    /// Runs `future` to completion on the runtime.
    pub fn block_on<F: Future>(&self, future: F) -> F::Output {
        self.runtime.block_on(future)
    }

    /// What one `block_on` of a future that is ready at once costs, in nanoseconds.
    #[must_use]
    pub fn overhead_ns(&self, clock_read_ns: f64) -> f64 {
        block_on_overhead_ns(clock_read_ns, || {
            self.block_on(std::hint::black_box(async {}));
        })
    }
}

impl Default for TokioExecutor {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn futures_run_on_tokio_and_its_overhead_is_measured() {
        let executor = TokioExecutor::new();
        let spawned = executor.block_on(async { tokio::task::spawn(async { 6 * 7 }).await });
        assert_eq!(spawned.unwrap(), 42);
        let ns = executor.overhead_ns(0.0);
        assert!((0.0..10_000.0).contains(&ns), "{ns}");
    }
}
