//! The counting child's side, inside a trial's `compare` or `iter` call: every routine
//! counted over the plan's segments, each segment ending with the marker that makes
//! Callgrind write it.

use super::plan::CountPlan;
use crate::measure::segment_end;
use crate::measure::BatchRunner;
use crate::measure::LocalRoutine;

/// Counts an empty routine, then each of `routines`, over `plan`'s segments, in the order
/// the parent reads them back: for each repeat, for each routine (the empty one first), the
/// short segment and the long one. Every routine runs once first, uncounted, so that
/// one-time initialisation is not taken for per-call work.
pub fn count_segments(routines: &mut [&mut dyn LocalRoutine], plan: CountPlan) {
    let mut empty = BatchRunner::new(|| ());
    empty.run_once();
    for routine in routines.iter_mut() {
        routine.run_once();
    }
    for _ in 0..plan.repeats {
        count_both(&mut empty, plan);
        for routine in routines.iter_mut() {
            count_both(*routine, plan);
        }
    }
}

fn count_both(routine: &mut dyn LocalRoutine, plan: CountPlan) {
    for calls in [plan.calls.0, plan.calls.1] {
        routine.count_batch(calls);
        segment_end();
    }
}
