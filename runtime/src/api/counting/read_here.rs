//! A trial's counts read in this process, for a measurement whose repeats are exact (a
//! count the code keeps): each routine over segments of the plan's two numbers of calls,
//! its reading around each, so that per call is the difference of the two over the
//! difference of calls (a segment's fixed cost drops out). Counted twice first; when a
//! routine's counts moved between the two, counted again with enough repeats for the t
//! interval, as under Valgrind.

use super::plan::{CountPlan, FIRST_REPEATS, MOVING_REPEATS};
use crate::analysis::{Counted, PerCall};
use crate::measure::LocalRoutine;
use crate::model::{Measure, Reader};
use std::time::Instant;

/// Counts `routines` (one for a `#[bench]`, two for a comparison) by `measure`, read with
/// `reader`: the first routine's per-call figures, and the second's if there is one.
pub fn count_here(
    measure: Measure,
    reader: &mut dyn Reader,
    routines: &mut [&mut dyn LocalRoutine],
) -> Counted {
    let start = Instant::now();
    let mut plan = first_plan(routines);
    loop {
        let per_call = read(reader, routines, plan);
        if per_call.iter().any(|p| !p.unmoved()) && plan.repeats == FIRST_REPEATS {
            plan.repeats = MOVING_REPEATS;
            continue;
        }
        let mut per_call = per_call.into_iter();
        let first = per_call
            .next()
            .unwrap_or_else(|| PerCall::of_values(Vec::new()));
        return Counted::read_here(
            measure.def().counted_by(),
            plan.calls,
            plan.repeats,
            first,
            per_call.next(),
            start.elapsed(),
        );
    }
}

/// The plan counted first: every routine runs once, unread, so that one-time initialisation
/// is not taken for per-call work, and the slowest call sizes the segments.
pub(super) fn first_plan(routines: &mut [&mut dyn LocalRoutine]) -> CountPlan {
    let slowest = routines
        .iter_mut()
        .map(|routine| {
            let call = Instant::now();
            routine.time_batch(1);
            call.elapsed().as_nanos() as f64
        })
        .fold(0.0, f64::max);
    CountPlan::for_call_ns(slowest)
}

/// Each routine's per-call count in each of `plan`'s repeats, the routines interleaved
/// within a repeat as a comparison's are.
pub(super) fn read(
    reader: &mut dyn Reader,
    routines: &mut [&mut dyn LocalRoutine],
    plan: CountPlan,
) -> Vec<PerCall> {
    let (short, long) = plan.calls;
    let mut repeats = vec![Vec::with_capacity(plan.repeats); routines.len()];
    for _ in 0..plan.repeats {
        for (routine, counts) in routines.iter_mut().zip(&mut repeats) {
            let mut segment = |calls: u64| routine.read_batch(calls, reader);
            let (a, b) = (segment(short), segment(long));
            counts.push((b - a) / (long - short) as f64);
        }
    }
    repeats.into_iter().map(PerCall::of_values).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measure::{by_name, AllocCount, TimeBatch};

    /// A routine whose batch of k calls runs `batch(k)`.
    struct Routine<F: FnMut(u64)>(F);

    impl<F: FnMut(u64)> TimeBatch for Routine<F> {
        fn time_batch(&mut self, iters: u64) -> f64 {
            (self.0)(iters);
            0.0
        }
    }

    impl<F: FnMut(u64)> LocalRoutine for Routine<F> {
        fn run_once(&mut self) {
            (self.0)(1);
        }
        fn allocs_once(&mut self) -> AllocCount {
            AllocCount::default()
        }
        fn count_batch(&mut self, iters: u64) {
            (self.0)(iters);
        }
    }

    /// Reads a count the routines add to, as a measurement of the user's own would.
    struct Shared<'a>(&'a std::cell::Cell<u64>, u64);

    impl Reader for Shared<'_> {
        fn start(&mut self) {
            self.1 = self.0.get();
        }
        fn stop(&mut self, _: u64) -> f64 {
            (self.0.get() - self.1) as f64
        }
    }

    #[test]
    fn exact_counts_are_per_call_without_a_segments_fixed_cost_and_moving_ones_repeat() {
        let count = std::cell::Cell::new(0);
        let mut reader = Shared(&count, 0);
        // 5 per call, and 7 of fixed cost per segment; the other 10 per call.
        let mut five = Routine(|k| count.set(count.get() + 7 + 5 * k));
        let mut ten = Routine(|k| count.set(count.get() + 10 * k));
        let counted = count_here(by_name::wall, &mut reader, &mut [&mut five, &mut ten]);
        assert!(counted.unmoved() && !counted.under_valgrind);
        assert_eq!(counted.repeats, FIRST_REPEATS);
        assert_eq!(counted.first.repeats, [5.0, 5.0]);
        assert_eq!(counted.second.as_ref().unwrap().repeats, [10.0, 10.0]);
        // Counts that grow with every segment moved: counted ten times.
        let calls = std::cell::Cell::new(0u64);
        let mut growing = Routine(|k| {
            calls.set(calls.get() + 1);
            count.set(count.get() + calls.get() * k);
        });
        let moved = count_here(by_name::wall, &mut reader, &mut [&mut growing]);
        assert_eq!(moved.repeats, MOVING_REPEATS);
        assert!(!moved.unmoved());
    }
}
