//! A trial's counts: one routine, a comparison's two, or one routine in this build and in a
//! baseline's stored executable. Counted twice first; when a routine's counts moved between
//! the two repeats, counted again with enough repeats for the t interval.

use super::plan::{CountPlan, FIRST_REPEATS, MOVING_REPEATS};
use super::under_valgrind::count_under_valgrind;
use crate::analysis::{Counted, PerCall};
use crate::measure::TimeBatch;
use crate::measure::Valgrind;
use std::path::Path;
use std::time::Instant;

/// Counts the one routine of `#[bench]` trial `trial`; `routine` is the same routine here,
/// timed once or twice to size the segments.
///
/// # Errors
///
/// One line: the counting child failed.
pub fn count_one(
    valgrind: &Valgrind,
    trial: &str,
    routine: &mut dyn TimeBatch,
) -> Result<Counted, String> {
    let exe = this_executable()?;
    let slowest = call_ns(routine);
    let (plan, by, mut counted, elapsed) =
        count_settled(valgrind, trial, slowest, &[(exe.as_path(), 1)])?;
    let mut this = counted.remove(0);
    let first = this.remove(1);
    let loop_share = this[0].instructions;
    Ok(Counted::new(
        by,
        plan.calls,
        plan.repeats,
        loop_share,
        first,
        None,
        elapsed,
    ))
}

/// Counts the two routines of `#[bench_diff]` trial `trial`, run here as `first` and
/// `second` to size the segments.
///
/// # Errors
///
/// As [`count_one`].
pub fn count_pair(
    valgrind: &Valgrind,
    trial: &str,
    first: &mut dyn TimeBatch,
    second: &mut dyn TimeBatch,
) -> Result<Counted, String> {
    let exe = this_executable()?;
    let slowest = call_ns(first).max(call_ns(second));
    let (plan, by, mut counted, elapsed) =
        count_settled(valgrind, trial, slowest, &[(exe.as_path(), 2)])?;
    let mut this = counted.remove(0);
    let second = this.remove(2);
    let first = this.remove(1);
    let loop_share = this[0].instructions;
    Ok(Counted::new(
        by,
        plan.calls,
        plan.repeats,
        loop_share,
        first,
        Some(second),
        elapsed,
    ))
}

/// Counts `#[bench]` trial `trial` in this executable (the new build: first) and in
/// `baseline_exe` (the old: second), with the same plan.
///
/// # Errors
///
/// As [`count_one`]; the baseline's executable's failure is named as its own.
pub fn count_versions(
    valgrind: &Valgrind,
    trial: &str,
    routine: &mut dyn TimeBatch,
    baseline_exe: &Path,
) -> Result<Counted, String> {
    let exe = this_executable()?;
    let slowest = call_ns(routine);
    let jobs = [(exe.as_path(), 1), (baseline_exe, 1)];
    let (plan, by, mut counted, elapsed) = count_settled(valgrind, trial, slowest, &jobs)?;
    let old = counted.remove(1).remove(1);
    let mut new = counted.remove(0);
    let first = new.remove(1);
    let loop_share = new[0].instructions;
    Ok(Counted::new(
        by,
        plan.calls,
        plan.repeats,
        loop_share,
        first,
        Some(old),
        elapsed,
    ))
}

fn this_executable() -> Result<std::path::PathBuf, String> {
    std::env::current_exe().map_err(|e| format!("cannot find this executable: {e}"))
}

/// One call's native time, fastest of three single-call batches.
fn call_ns(routine: &mut dyn TimeBatch) -> f64 {
    (0..3)
        .map(|_| routine.time_batch(1))
        .fold(f64::INFINITY, f64::min)
}

/// What [`count_settled`] found: the plan counted last, the tool, for each job its routines'
/// per-call figures (the empty routine first), and the time it all took.
type Settled = (CountPlan, String, Vec<Vec<PerCall>>, std::time::Duration);

/// Counts every `(executable, routines)` job with one plan: [`FIRST_REPEATS`] repeats, or
/// [`MOVING_REPEATS`] when a routine's counts moved between those.
fn count_settled(
    valgrind: &Valgrind,
    trial: &str,
    slowest_ns: f64,
    jobs: &[(&Path, usize)],
) -> Result<Settled, String> {
    let start = Instant::now();
    let mut plan = CountPlan::for_call_ns(slowest_ns);
    loop {
        let counted = jobs
            .iter()
            .map(|&(exe, routines)| {
                let segments = count_under_valgrind(valgrind, exe, trial, plan, routines + 1)
                    .map_err(|why| match jobs.first() {
                        Some((this, _)) if *this != exe => {
                            format!("the baseline's executable: {why}")
                        }
                        _ => why,
                    })?;
                segments
                    .iter()
                    .map(|s| PerCall::of(s, plan.calls).ok_or("nothing was counted".to_owned()))
                    .collect::<Result<Vec<PerCall>, String>>()
            })
            .collect::<Result<Vec<Vec<PerCall>>, String>>()?;
        // The empty routine's counts may move without saying anything of the routines'.
        let moved = counted
            .iter()
            .flat_map(|routines| routines.iter().skip(1))
            .any(|r| !r.unmoved());
        if moved && plan.repeats == FIRST_REPEATS {
            plan.repeats = MOVING_REPEATS;
            continue;
        }
        return Ok((plan, valgrind.counted_by(), counted, start.elapsed()));
    }
}
