//! The built-in executor for async routines: `block_on` with a waker that unparks the
//! measuring thread.
//!
//! Written here rather than taken from `pollster` or `futures::executor`: those create a
//! waker (an `Arc` allocation) on every `block_on`, and an async routine calls `block_on`
//! once per iteration, inside the timed region — so that allocation would be measured as
//! part of every routine (and break `allocs == 0`). [`Executor`] makes its waker once; a
//! future that is ready at once then costs one `poll` call per iteration.

use std::future::Future;
use std::pin::pin;
use std::sync::Arc;
use std::task::{Context, Poll, Wake, Waker};
use std::thread::{self, Thread};

/// Wakes the thread that is blocked on the future.
struct ThreadWaker(Thread);

impl Wake for ThreadWaker {
    fn wake(self: Arc<Self>) {
        self.0.unpark();
    }

    fn wake_by_ref(self: &Arc<Self>) {
        self.0.unpark();
    }
}

/// What runs an async routine's futures: the built-in [`Executor`], or a tokio runtime
/// (`on_tokio`). Both are made outside the timed region and charged alike.
pub trait BlockOn {
    /// Runs `future` to completion.
    fn block_on<F: Future>(&self, future: F) -> F::Output;

    /// What one `block_on` of a future that is ready at once costs, in nanoseconds: the
    /// executor's share of every iteration of an async routine. The median of 21 batches of
    /// 10,000 calls, less the clock's read cost `clock_read_ns`.
    fn overhead_ns(&self, clock_read_ns: f64) -> f64 {
        const CALLS: u32 = 10_000;
        let mut batches: Vec<f64> = (0..21)
            .map(|_| {
                let start = std::time::Instant::now();
                for _ in 0..CALLS {
                    self.block_on(std::hint::black_box(async {}));
                }
                let ns = start.elapsed().as_nanos() as f64 - clock_read_ns;
                ns.max(0.0) / f64::from(CALLS)
            })
            .collect();
        batches.sort_by(f64::total_cmp);
        batches[batches.len() / 2]
    }
}

/// Runs futures to completion on the current thread, reusing one waker.
#[derive(Clone, Debug)]
pub struct Executor {
    waker: Waker,
}

impl Executor {
    /// An executor for the current thread; make it outside the timed region.
    #[must_use]
    pub fn new() -> Self {
        Self {
            waker: Waker::from(Arc::new(ThreadWaker(thread::current()))),
        }
    }
}

impl BlockOn for Executor {
    /// Polls `future` until it is ready, parking the thread while it waits for a wake-up.
    fn block_on<F: Future>(&self, future: F) -> F::Output {
        let mut future = pin!(future);
        let mut cx = Context::from_waker(&self.waker);
        loop {
            match future.as_mut().poll(&mut cx) {
                Poll::Ready(output) => return output,
                // A spurious unpark only costs another poll.
                Poll::Pending => thread::park(),
            }
        }
    }
}

impl Default for Executor {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// A future that is pending until another thread has woken it.
    struct WokenLater {
        started: bool,
        done: Arc<std::sync::atomic::AtomicBool>,
    }

    impl Future for WokenLater {
        type Output = u32;
        fn poll(mut self: std::pin::Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<u32> {
            if self.done.load(std::sync::atomic::Ordering::SeqCst) {
                return Poll::Ready(7);
            }
            if !self.started {
                self.started = true;
                let (waker, done) = (cx.waker().clone(), Arc::clone(&self.done));
                thread::spawn(move || {
                    thread::sleep(Duration::from_millis(5));
                    done.store(true, std::sync::atomic::Ordering::SeqCst);
                    waker.wake();
                });
            }
            Poll::Pending
        }
    }

    #[test]
    fn ready_futures_and_futures_woken_by_another_thread_complete() {
        let executor = Executor::new();
        assert_eq!(executor.block_on(async { 1 + 1 }), 2);
        let done = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let later = WokenLater {
            started: false,
            done,
        };
        assert_eq!(executor.block_on(later), 7);
    }

    #[test]
    fn the_overhead_of_a_ready_future_is_small() {
        let ns = Executor::new().overhead_ns(0.0);
        // One poll through a reused waker: nanoseconds, not microseconds, even on a busy
        // machine.
        assert!((0.0..1_000.0).contains(&ns), "{ns}");
    }
}
