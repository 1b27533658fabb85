//! `threads = [1, 2, 4]`: a routine measured while the same routine runs on other threads at
//! once, so that its figure is per-call latency under that contention.
//!
//! The measuring thread times batches as it always does; n − 1 helper threads, started
//! together with it behind a barrier, call the routine in a loop until the trial ends. In a
//! comparison the helpers call whichever routine the measuring thread is timing (a shared
//! flag, written only when the side changes, so the timed calls pay one read of a shared
//! cache line), so both routines meet the same contention and the duos alternate as usual.

use crate::api::bencher::Bencher;
use crate::api::diff::Diff;
use std::hint::{black_box, spin_loop};
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::Barrier;
use std::thread;

const FIRST: u8 = 1;
const SECOND: u8 = 2;
const STOP: u8 = 3;

/// Sets the helpers' stop flag when the measuring side ends, by return or by panic, so that
/// the scope's join never waits on helpers that would loop for ever.
struct StopOnDrop<'a>(&'a AtomicU8);

impl Drop for StopOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(STOP, Ordering::Relaxed);
    }
}

/// Runs `measure` on this thread with `threads - 1` helpers calling `work(side)` for the
/// side the flag names, until `measure` returns.
fn contended<R>(
    threads: usize,
    work: &(dyn Fn(u8) + Sync),
    measure: impl FnOnce(&AtomicU8) -> R,
) -> R {
    let side = AtomicU8::new(FIRST);
    let helpers = threads.saturating_sub(1);
    let start = Barrier::new(helpers + 1);
    thread::scope(|scope| {
        for _ in 0..helpers {
            scope.spawn(|| {
                start.wait();
                loop {
                    match side.load(Ordering::Relaxed) {
                        STOP => break,
                        FIRST => work(FIRST),
                        SECOND => work(SECOND),
                        _ => spin_loop(),
                    }
                }
            });
        }
        let stop = StopOnDrop(&side);
        start.wait();
        let result = measure(stop.0);
        drop(stop);
        result
    })
}

/// Points the helpers at `to`, writing the shared flag only when it changes.
fn switch(side: &AtomicU8, to: u8) {
    if side.load(Ordering::Relaxed) != to {
        side.store(to, Ordering::Relaxed);
    }
}

/// Measures `routine` with `bencher` while it runs on `threads - 1` other threads too.
pub fn iter_threads<O, F: Fn() -> O + Sync>(bencher: &mut Bencher, threads: usize, routine: F) {
    let work = |_: u8| {
        black_box(routine());
    };
    contended(threads, &work, |_| bencher.iter(&routine));
}

/// Compares `first` with `second` in duos while `threads - 1` other threads call whichever
/// of them is being timed.
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
    contended(threads, &work, |side| {
        diff.compare(
            || {
                switch(side, FIRST);
                first()
            },
            || {
                switch(side, SECOND);
                second()
            },
        );
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicU64;

    #[test]
    fn helpers_run_the_side_named_until_the_measuring_side_ends() {
        let (firsts, seconds) = (AtomicU64::new(0), AtomicU64::new(0));
        let work = |side: u8| {
            let counter = if side == FIRST { &firsts } else { &seconds };
            counter.fetch_add(1, Ordering::Relaxed);
        };
        let wait_for = |counter: &AtomicU64| {
            let seen = counter.load(Ordering::Relaxed);
            while counter.load(Ordering::Relaxed) < seen + 10 {
                spin_loop();
            }
        };
        contended(3, &work, |side| {
            wait_for(&firsts);
            switch(side, SECOND);
            wait_for(&seconds);
        });
        assert!(firsts.load(Ordering::Relaxed) >= 10);
        assert!(seconds.load(Ordering::Relaxed) >= 10);
    }

    #[test]
    fn one_thread_has_no_helpers_and_a_panic_still_stops_them() {
        let calls = AtomicU64::new(0);
        let work = |_: u8| {
            calls.fetch_add(1, Ordering::Relaxed);
        };
        assert_eq!(contended(1, &work, |_| 7), 7);
        assert_eq!(calls.load(Ordering::Relaxed), 0);
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            contended(2, &work, |_| panic!("the routine broke"))
        }));
        assert!(
            caught.is_err(),
            "the panic reaches the trial, and nothing hangs"
        );
    }
}
