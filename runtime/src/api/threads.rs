//! `threads = [1, 2, 4]`: a routine measured while the same routine runs on other threads at
//! once, so that its figure is per-call latency under that contention.
//!
//! Every timed batch starts on all threads together: the measuring thread names the routine
//! and the batch size, releases n − 1 helper threads, waits until every helper has begun
//! (so that on a busy machine a helper the scheduler has not run yet cannot leave the batch
//! uncontended), times its own k calls as it always does, and waits for the helpers' k
//! calls outside the timed region. In a comparison both
//! sides' batches are run this way, so both routines meet the same contention and the duos
//! alternate as usual. Helpers wait for a batch by spinning (then yielding, so that a busy
//! machine still runs them), since a sleeping helper would start late.

use crate::api::bencher::Bencher;
use crate::api::diff::Diff;
use crate::measure::AllocCount;
use crate::measure::BatchRunner;
use crate::measure::LocalRoutine;
use crate::measure::TimeBatch;
use std::hint::{black_box, spin_loop};
use std::sync::atomic::{AtomicU64, AtomicU8, AtomicUsize, Ordering};
use std::thread;

const FIRST: u8 = 1;
const SECOND: u8 = 2;
const STOP: u8 = 3;

/// Spins this many times before yielding the core while waiting.
const SPINS_BEFORE_YIELD: u32 = 1_000;

/// Waits until `ready()` holds.
fn wait_until(ready: impl Fn() -> bool) {
    let mut spins = 0;
    while !ready() {
        if spins < SPINS_BEFORE_YIELD {
            spins += 1;
            spin_loop();
        } else {
            thread::yield_now();
        }
    }
}

/// What the measuring thread tells its helpers: which routine, how many calls, and a
/// generation that moves on with every batch.
struct Crew {
    helpers: usize,
    side: AtomicU8,
    iters: AtomicU64,
    generation: AtomicU64,
    started: AtomicUsize,
    finished: AtomicUsize,
}

impl Crew {
    /// Starts a batch of `iters` calls of `side` on every helper.
    fn release(&self, side: u8, iters: u64) {
        self.started.store(0, Ordering::Relaxed);
        self.finished.store(0, Ordering::Relaxed);
        self.side.store(side, Ordering::Relaxed);
        self.iters.store(iters, Ordering::Relaxed);
        self.generation.fetch_add(1, Ordering::Release);
    }

    /// Waits until every helper has begun the batch.
    fn all_started(&self) {
        wait_until(|| self.started.load(Ordering::Acquire) >= self.helpers);
    }

    /// Waits for every helper to finish the batch.
    fn join(&self) {
        wait_until(|| self.finished.load(Ordering::Acquire) >= self.helpers);
    }

    /// A helper's life: each batch, `work(side)` as many times as asked, until told to stop.
    fn serve(&self, work: &(dyn Fn(u8) + Sync)) {
        let mut seen = 0;
        loop {
            wait_until(|| self.generation.load(Ordering::Acquire) != seen);
            seen = self.generation.load(Ordering::Acquire);
            let side = self.side.load(Ordering::Relaxed);
            if side == STOP {
                return;
            }
            self.started.fetch_add(1, Ordering::Release);
            for _ in 0..self.iters.load(Ordering::Relaxed) {
                work(side);
            }
            self.finished.fetch_add(1, Ordering::Release);
        }
    }
}

/// Tells the helpers to stop when the measuring side ends, by return or by panic, so that
/// the scope's join never waits on helpers that would wait for ever.
struct StopOnDrop<'a>(&'a Crew);

impl Drop for StopOnDrop<'_> {
    fn drop(&mut self) {
        self.0.release(STOP, 0);
    }
}

/// Runs `measure` on this thread with `threads - 1` helpers serving its batches.
fn with_crew<R>(threads: usize, work: &(dyn Fn(u8) + Sync), measure: impl FnOnce(&Crew) -> R) -> R {
    let crew = Crew {
        helpers: threads.saturating_sub(1),
        side: AtomicU8::new(0),
        iters: AtomicU64::new(0),
        generation: AtomicU64::new(0),
        started: AtomicUsize::new(0),
        finished: AtomicUsize::new(0),
    };
    thread::scope(|scope| {
        for _ in 0..crew.helpers {
            scope.spawn(|| crew.serve(work));
        }
        let stop = StopOnDrop(&crew);
        let result = measure(stop.0);
        drop(stop);
        result
    })
}

/// One side of a contended measurement: its batches start on every thread together.
struct Contended<'a, R> {
    crew: &'a Crew,
    side: u8,
    runner: R,
}

impl<R: LocalRoutine> TimeBatch for Contended<'_, R> {
    fn time_batch(&mut self, iters: u64) -> f64 {
        self.crew.release(self.side, iters);
        self.crew.all_started();
        let ns = self.runner.time_batch(iters);
        self.crew.join();
        ns
    }
}

impl<R: LocalRoutine> LocalRoutine for Contended<'_, R> {
    fn run_once(&mut self) {
        self.runner.run_once();
    }

    fn allocs_once(&mut self) -> AllocCount {
        self.runner.allocs_once()
    }

    fn count_batch(&mut self, iters: u64) {
        // One thread's calls alone: the crew is not started, so counts are of the routine
        // uncontended.
        self.runner.count_batch(iters);
    }
}

/// Measures `routine` with `bencher` while it runs on `threads - 1` other threads too, every
/// batch started on all of them together.
pub fn iter_threads<O, F: Fn() -> O + Sync>(bencher: &mut Bencher, threads: usize, routine: F) {
    let work = |_: u8| {
        black_box(routine());
    };
    with_crew(threads, &work, |crew| {
        bencher.iter_local(Contended {
            crew,
            side: FIRST,
            runner: BatchRunner::new(&routine),
        });
    });
}

/// Compares `first` with `second` in duos, each batch run on `threads` threads at once.
pub fn compare_threads<O1, O2, F1, F2>(diff: &mut Diff, threads: usize, first: F1, second: F2)
where
    F1: Fn() -> O1 + Sync,
    F2: Fn() -> O2 + Sync,
{
    let work = |side: u8| {
        if side == FIRST {
            black_box(first());
        } else {
            black_box(second());
        }
    };
    with_crew(threads, &work, |crew| {
        diff.compare_local(
            Contended {
                crew,
                side: FIRST,
                runner: BatchRunner::new(&first),
            },
            Contended {
                crew,
                side: SECOND,
                runner: BatchRunner::new(&second),
            },
        );
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_helper_runs_each_batch_of_the_side_named_before_the_batch_ends() {
        let (firsts, seconds) = (AtomicU64::new(0), AtomicU64::new(0));
        let work = |side: u8| {
            let counter = if side == FIRST { &firsts } else { &seconds };
            counter.fetch_add(1, Ordering::Relaxed);
        };
        with_crew(3, &work, |crew| {
            let mut side = Contended {
                crew,
                side: SECOND,
                runner: BatchRunner::new(|| 1),
            };
            side.time_batch(5);
            assert_eq!(
                seconds.load(Ordering::Relaxed),
                10,
                "two helpers, 5 calls each"
            );
            side.side = FIRST;
            side.time_batch(3);
            assert_eq!(firsts.load(Ordering::Relaxed), 6);
        });
    }

    #[test]
    fn one_thread_has_no_helpers_and_a_panic_still_stops_them() {
        let calls = AtomicU64::new(0);
        let work = |_: u8| {
            calls.fetch_add(1, Ordering::Relaxed);
        };
        assert_eq!(with_crew(1, &work, |_| 7), 7);
        assert_eq!(calls.load(Ordering::Relaxed), 0);
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            with_crew(2, &work, |_| panic!("the routine broke"))
        }));
        assert!(
            caught.is_err(),
            "the panic reaches the trial, and nothing hangs"
        );
    }
}
