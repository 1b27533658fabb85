//! The counting child's side, inside a trial's `compare` or `iter` call: every routine
//! counted over the plan's segments, each segment ending with the marker that makes
//! Callgrind write it; or, for a measurement read in the process, the routine's counts read
//! over the segments and printed.

use super::plan::{counts_line, CountPlan};
use super::read_here::read;
use crate::measure::segment_end;
use crate::measure::BatchRunner;
use crate::measure::LocalRoutine;
use crate::model::Reader;

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

/// Reads `routine`'s counts with `reader` over `plan`'s segments, after one unread call, and
/// prints each repeat's count per call on one line for the parent.
pub fn print_counts(reader: &mut dyn Reader, routine: &mut dyn LocalRoutine, plan: CountPlan) {
    routine.run_once();
    let per_call = read(reader, &mut [routine], plan);
    let repeats = per_call.first().map_or(&[][..], |p| p.repeats.as_slice());
    println!("{}", counts_line(repeats));
}
