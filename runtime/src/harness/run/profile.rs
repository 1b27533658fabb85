//! `--profile-time`: which trial runs, and the promise that such a run writes nothing.

use crate::harness::Invocation;
use crate::harness::TrialSpec;

/// Whether this run is a profiling run: routines loop for a set time, nothing is measured,
/// analysed or written (no JSON, exports, HTML report, baselines or their directories).
#[must_use]
pub fn profiling(invocation: &Invocation) -> bool {
    invocation.overrides.profile_time.is_some() && !invocation.libtest.list
}

/// Checks that a profiling run selects exactly one trial: a profile of several routines
/// one after another mixes them.
///
/// # Errors
///
/// One line saying how many trials the filter selects, naming up to five.
pub fn check_one_selected(invocation: &Invocation, specs: &[TrialSpec]) -> Result<(), String> {
    if !profiling(invocation) {
        return Ok(());
    }
    let args = &invocation.libtest;
    let selected: Vec<String> = specs
        .iter()
        .filter(|spec| spec.is_selected(args))
        .map(TrialSpec::name)
        .collect();
    match selected.len() {
        1 => Ok(()),
        0 => Err("--profile-time runs one benchmark, and the filter selects none".to_owned()),
        n => {
            let shown: Vec<&str> = selected.iter().take(5).map(String::as_str).collect();
            let more = if n > 5 { ", ..." } else { "" };
            Err(format!(
                "--profile-time runs one benchmark, and the filter selects {n} ({}{more}); \
                 name one, with --exact if its name is part of others",
                shown.join(", ")
            ))
        }
    }
}
