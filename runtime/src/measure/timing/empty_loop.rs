//! The floor of a `#[bench]`: what one iteration of an empty routine costs in the same batch
//! loop, on this machine, now. A routine measured at that floor did no work the loop can
//! see: the doctor says its work was optimized away.

use super::batch::BatchRunner;
use super::timer::TimerCost;

/// Per-iteration time of routines that return a constant: the fastest of 7 batches of
/// 200,000 iterations (about half a millisecond in all), in nanoseconds — the loop at the
/// machine's fast pace, which the doctor sets beside the routine's fast samples. Two empty
/// routines are timed, one returning `()` and one returning a `u64` (the black-boxed store a
/// real routine's result costs), and the slower one is the floor.
#[must_use]
pub fn empty_iteration_ns(timer: &TimerCost) -> f64 {
    let unit = floor_of(BatchRunner::new(|| ()), timer);
    let word = floor_of(BatchRunner::new(|| 7u64), timer);
    unit.max(word)
}

fn floor_of<O, F: FnMut() -> O>(mut runner: BatchRunner<O, F>, timer: &TimerCost) -> f64 {
    const ITERS: u64 = 200_000;
    runner.time(ITERS / 10);
    (0..7)
        .map(|_| (runner.time(ITERS) - timer.overhead_ns).max(0.0) / ITERS as f64)
        .fold(f64::INFINITY, f64::min)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_floor_is_small_and_below_real_work() {
        let timer = crate::measure::timer_cost();
        let floor = empty_iteration_ns(&timer);
        // Even a debug build on a busy machine runs an empty loop iteration in well under
        // 100 ns.
        assert!((0.0..100.0).contains(&floor), "{floor}");
    }
}
