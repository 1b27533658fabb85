//! The comparing side across versions: the baseline's stored executable, shared by the
//! trials of this bench target, and one paired comparison against it, in rounds of fresh
//! serving processes (`rounds`), each round run from fresh copies of both executables.

use super::places::ServePlaces;
use super::rounds::{fresh_seed, in_rounds, RoundsPlan};
use super::serving_round::Serves;
use crate::analysis::{PairedResult, Unpairable};
use crate::decide::DEFAULT_PRECISION;
use crate::decide::{GateDesign, Goal};
use crate::model::BaselineName;
use crate::model::Claim;
use crate::session::Settings;
use crate::stats::SplitMix64;
use std::path::PathBuf;
use std::sync::{Mutex, PoisonError};

/// The baseline executable of this run, as far as it is known.
#[derive(Debug)]
pub struct BaselineExecutable {
    baseline: BaselineName,
    state: State,
    /// Draws each round's order of starts and each process's placement.
    rng: SplitMix64,
}

#[derive(Debug)]
enum State {
    Stored(PathBuf),
    Unusable(Unpairable),
}

impl BaselineExecutable {
    /// The executable stored with `baseline` at `exe`; nothing is copied or started until a
    /// round asks. `target_is_new`: the baseline was saved for other bench targets but not
    /// this one, which is new since it.
    #[must_use]
    pub fn new(baseline: BaselineName, exe: PathBuf, target_is_new: bool) -> BaselineExecutable {
        let state = if exe.is_file() {
            State::Stored(exe)
        } else if target_is_new {
            State::Unusable(Unpairable::new_since_baseline(format!(
                "baseline `{baseline}` has no executable of this bench target"
            )))
        } else {
            State::Unusable(Unpairable::failed(format!(
                "baseline `{baseline}` has no stored executable (saved by an older duobench, \
                 or its files were moved)"
            )))
        };
        BaselineExecutable {
            baseline,
            state,
            rng: SplitMix64::new(fresh_seed()),
        }
    }

    /// Fresh copies of both executables for one round. Each round's are new files: the
    /// pages that back a process's code are the page cache's pages of the file it runs, so
    /// copies kept for a whole run would place every round's code alike, and the rounds would
    /// share that placement's offset instead of each drawing its own. A copy that fails makes
    /// the baseline unusable for the rest of the run.
    fn places(&mut self) -> Result<ServePlaces, Unpairable> {
        let prepared = match &self.state {
            State::Stored(exe) => ServePlaces::prepare(exe, &mut self.rng),
            State::Unusable(why) => return Err(why.clone()),
        };
        prepared.map_err(|why| {
            let why = Unpairable::failed(why);
            self.state = State::Unusable(why.clone());
            why
        })
    }
}

/// The baseline's name and its stored executable, for a trial counted in both builds
/// (counts do not depend on where code sits, so the stored file is counted as it is).
///
/// # Errors
///
/// The executable is missing, or the baseline lacks this bench target.
pub fn stored_executable(
    baseline_exe: &Mutex<BaselineExecutable>,
) -> Result<(BaselineName, PathBuf), Unpairable> {
    let baseline_exe = baseline_exe.lock().unwrap_or_else(PoisonError::into_inner);
    match &baseline_exe.state {
        State::Stored(exe) => Ok((baseline_exe.baseline, exe.clone())),
        State::Unusable(why) => Err(why.clone()),
    }
}

/// The claim `--max-regression P` makes: new/old ≤ 1 + P.
#[must_use]
pub fn regression_claim(max_regression: Option<f64>) -> Option<Claim> {
    max_regression.map(|p| Claim::Below {
        bound: 1.0 + p,
        inclusive: true,
    })
}

/// Measures trial `trial` of this executable (the new routine) against the same trial of the
/// baseline's executable (the old one), in rounds: each round starts a fresh pair of
/// serving processes (see `places`) and runs the duo loop of `#[bench_diff]` on them for an
/// equal share of the budget (its warmup, batch sizing, mirrored duos and outlier rules,
/// judged on the serving threads' own evidence of preemption and CPU time, both children on
/// one CPU: see `co_locate`). Each round's estimate is one observation of
/// `decide::process_pairs`, whose interval holds the spread between pairs of processes as
/// well as between duos, and which decides the claim. The trial's result describes all the
/// rounds that decision took (`rounds`), not the last one.
///
/// # Errors
///
/// Why no paired comparison could be made (the caller falls back to saved numbers, or
/// fails the gate): the executable is missing or unusable, or has no such trial (a trial
/// new since the baseline).
///
/// # Panics
///
/// If a serving process fails in the middle of the comparison (its trial panicked, or the
/// process died): the trial fails with that message.
pub fn run_paired(
    baseline_exe: &Mutex<BaselineExecutable>,
    trial: &str,
    settings: &Settings,
) -> Result<PairedResult, Unpairable> {
    // A trial that failed while holding the lock left no process behind: each round's
    // processes are reaped when the round ends, however it ends.
    let mut baseline_exe = baseline_exe.lock().unwrap_or_else(PoisonError::into_inner);
    let baseline = baseline_exe.baseline;
    let claim = regression_claim(settings.max_regression);
    let goal = match settings.max_regression {
        Some(p) => Goal::Gate(GateDesign::new(p, settings.alpha, settings.miss_rate)),
        None => Goal::Precision(DEFAULT_PRECISION),
    };
    let budget = if claim.is_some() {
        settings.gate_max_time
    } else {
        settings.max_time
    };
    let serves = Serves::Versions {
        baseline,
        trial: trial.to_owned(),
    };
    let mut places = || {
        let BaselineExecutable { rng, .. } = &mut *baseline_exe;
        let rng = SplitMix64::new(rng.next_u64());
        baseline_exe.places().map(|places| (places, rng))
    };
    let plan = RoundsPlan {
        serves: &serves,
        goal,
        claimed: claim.is_some(),
        budget,
        measure_on: false,
    };
    let result = in_rounds(&mut places, &plan, settings)?;
    Ok(PairedResult {
        baseline,
        claim,
        max_regression: settings.max_regression,
        result,
    })
}
