//! Async routines on tokio (feature `tokio`): a runtime made once per trial, outside the
//! timed region, whose `block_on` runs each iteration's future. Its cost per iteration is
//! measured as the built-in executor's is (`BlockOn::overhead_ns`). The runtime is a
//! current-thread one with no drivers, or (feature `tokio-full`, asked for by
//! `executor = tokio_multi_thread`) tokio's multi-threaded one with its time and I/O
//! drivers, for routines that spawn onto workers, sleep or use sockets. The feature only
//! makes the second available: a feature another crate of the build turns on must not change
//! which runtime a bench asked for.

use super::block_on::BlockOn;
use std::future::Future;
use tokio::runtime::{Builder, Runtime};

/// A tokio runtime and the name reports give it.
#[derive(Debug)]
pub struct TokioExecutor {
    runtime: Runtime,
    name: &'static str,
}

impl TokioExecutor {
    /// A current-thread runtime with no drivers, reported as `tokio`.
    ///
    /// # Panics
    ///
    /// If tokio cannot build the runtime.
    #[must_use]
    pub fn current_thread() -> Self {
        Self {
            runtime: Builder::new_current_thread()
                .build()
                .expect("tokio builds a current-thread runtime"),
            name: "tokio",
        }
    }

    /// tokio's multi-threaded runtime with all its drivers, reported as
    /// `tokio-multi-thread`.
    ///
    /// # Panics
    ///
    /// If tokio cannot build the runtime (it only fails where threads or the I/O driver
    /// cannot be created).
    #[cfg(feature = "tokio-full")]
    #[must_use]
    pub fn multi_thread() -> Self {
        Self {
            runtime: Builder::new_multi_thread()
                .enable_all()
                .build()
                .expect("tokio builds a multi-threaded runtime"),
            name: "tokio-multi-thread",
        }
    }

    /// The executor's name in reports: which runtime ran the routines.
    #[must_use]
    pub fn name(&self) -> &'static str {
        self.name
    }
}

impl BlockOn for TokioExecutor {
    /// Runs `future` to completion on the runtime.
    fn block_on<F: Future>(&self, future: F) -> F::Output {
        self.runtime.block_on(future)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn futures_run_on_tokio_and_its_overhead_is_measured() {
        let executor = TokioExecutor::current_thread();
        assert_eq!(executor.name(), "tokio");
        let spawned = executor.block_on(async { tokio::task::spawn(async { 6 * 7 }).await });
        assert_eq!(spawned.unwrap(), 42);
        let ns = executor.overhead_ns(0.0);
        assert!((0.0..10_000.0).contains(&ns), "{ns}");
    }

    #[cfg(feature = "tokio-full")]
    #[test]
    fn the_full_runtime_has_workers_a_timer_and_sockets() {
        let executor = TokioExecutor::multi_thread();
        let waited = executor.block_on(async {
            let start = std::time::Instant::now();
            tokio::time::sleep(std::time::Duration::from_millis(2)).await;
            start.elapsed()
        });
        assert!(waited >= std::time::Duration::from_millis(2));
        let bound = executor.block_on(async { tokio::net::UdpSocket::bind("127.0.0.1:0").await });
        assert!(bound.is_ok(), "{bound:?}");
        let worker = executor
            .block_on(async { tokio::task::spawn(async { std::thread::current().id() }).await });
        assert_ne!(
            worker.unwrap(),
            std::thread::current().id(),
            "spawned onto a worker"
        );
        assert_eq!(executor.name(), "tokio-multi-thread");
    }
}
