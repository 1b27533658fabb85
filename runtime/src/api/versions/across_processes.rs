//! A `#[bench_diff]` decided across processes (`--across-processes`): its two routines,
//! each timed in a serving process of its own, in rounds of fresh process pairs, as a
//! cross-version comparison runs (`rounds::in_rounds`).
//!
//! Within one process the interval covers the noise between duos, but not what the process
//! keeps for its life: where its code, heap and stack sit, which can move one routine
//! against the other by a percent or more, fixed until the process exits. Reruns then
//! disagree beyond their intervals. Each round here is a fresh pair of processes, so the
//! spread between rounds holds that offset, and the claim is judged on the confidence
//! sequence over rounds (`decide::process_pairs`).

use super::places::ServePlaces;
use super::rounds::{fresh_seed, in_rounds, RoundsPlan};
use super::serving_round::Serves;
use crate::analysis::DiffResult;
use crate::decide::{Goal, DEFAULT_PRECISION};
use crate::session::Settings;
use crate::stats::SplitMix64;

/// Decides `#[bench_diff]` trial `trial` of this executable over rounds of fresh process
/// pairs, the first routine served in one process of each round and the second in the
/// other; the ratio is first/second, as within one process. With `measure_on` (`cargo
/// bench`) a claim's rounds go on after its verdict to the precision a comparison without
/// one reaches, as within one process.
///
/// # Errors
///
/// One line: the copies of this executable could not be made or started, or did not start
/// the trial.
///
/// # Panics
///
/// If a serving process fails after rounds have run (the trial panicked in it, or the
/// process died).
pub(crate) fn run_across_processes(
    trial: &str,
    settings: &Settings,
    measure_on: bool,
) -> Result<DiffResult, String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find this executable: {e}"))?;
    let mut rng = SplitMix64::new(fresh_seed());
    // Both sides from fresh copies of this executable each round, as across versions.
    let mut places = || {
        let round_rng = SplitMix64::new(rng.next_u64());
        ServePlaces::prepare(&exe, &mut rng)
            .map(|places| (places, round_rng))
            .map_err(crate::analysis::Unpairable::failed)
    };
    let serves = Serves::Sides {
        trial: trial.to_owned(),
    };
    let plan = RoundsPlan {
        serves: &serves,
        goal: settings
            .claim
            .map_or(Goal::Precision(DEFAULT_PRECISION), Goal::Claim),
        claimed: settings.claim.is_some(),
        budget: settings.max_time,
        measure_on,
    };
    in_rounds(&mut places, &plan, settings).map_err(|why| why.why)
}
