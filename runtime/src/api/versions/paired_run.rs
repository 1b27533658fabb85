//! The comparing side: the baseline's stored executable, shared by the trials of this bench
//! target, and one paired comparison against it, in rounds of fresh serving processes, each
//! round run from fresh copies of both executables.

use super::child::BaselineProcess;
use super::co_locate::CoLocated;
use super::from_rounds::{over_rounds, take_round, Round};
use super::places::{serve_env, ServePlaces, Side};
use super::protocol::{Reply, Request};
use super::remote_side::{Serving, Tally};
use crate::analysis::{needs_explaining, stalls_for_comparison};
use crate::analysis::{DiffResult, PairedResult, Unpairable};
use crate::api::diff_fn::{analysed, duo_settings, DiffConfig};
use crate::decide::DEFAULT_PRECISION;
use crate::decide::{GateDesign, Goal, ProcessPairs};
use crate::measure::measure_stalls;
use crate::measure::run_duos_probed;
use crate::measure::{TimeBatch, TimeWith};
use crate::model::BaselineName;
use crate::model::Claim;
use crate::session::Settings;
use crate::stats::SplitMix64;
use crate::util::interrupted;
use std::path::PathBuf;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

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
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
            ^ u64::from(std::process::id()).rotate_left(32);
        BaselineExecutable {
            baseline,
            state,
            rng: SplitMix64::new(seed),
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

/// The two serving processes of one round: this build (the new version) and the baseline's
/// (the old one), started alike from equivalent places (see `places`), so that neither side
/// is timed in a process the other is not (the comparing process also runs libtest's
/// harness, its threads, its captured output and its heap). The comparing process only
/// orchestrates, outside the timed regions.
struct Servers {
    new: BaselineProcess,
    old: BaselineProcess,
}

/// Starts both sides from `places`, in an order drawn from `rng`, each with its own
/// placement.
fn start_servers(
    places: &ServePlaces,
    baseline: BaselineName,
    rng: &mut SplitMix64,
) -> Result<Servers, Unpairable> {
    let new_first = rng.next_u64() & 1 == 0;
    let mut start = |side: Side| {
        BaselineProcess::start_with_env(places.exe(side), &serve_env(side, rng)).map_err(|why| {
            Unpairable::failed(match side {
                Side::Old => {
                    format!("the executable of baseline `{baseline}` is unusable: {why}")
                }
                Side::New => format!("this executable cannot serve its own trials: {why}"),
            })
        })
    };
    let (new, old) = if new_first {
        let new = start(Side::New)?;
        (new, start(Side::Old)?)
    } else {
        let old = start(Side::Old)?;
        (start(Side::New)?, old)
    };
    Ok(Servers { new, old })
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
    let started = Instant::now();
    // A trial that failed while holding the lock left no process behind: each round's
    // processes are reaped when the round ends, however it ends.
    let mut baseline_exe = baseline_exe.lock().unwrap_or_else(PoisonError::into_inner);
    let baseline = baseline_exe.baseline;
    let claim = regression_claim(settings.max_regression);
    let goal = match settings.max_regression {
        Some(p) => Goal::Gate(GateDesign::new(p, settings.alpha, settings.miss_rate)),
        None => Goal::Precision(DEFAULT_PRECISION),
    };
    let mut pairs = ProcessPairs::new(settings.alpha, goal);
    // Rounds are as long as the ordinary budget makes them; a gate may run more of them.
    let mut round_time = round_time(settings.max_time);
    let budget = if claim.is_some() {
        settings.gate_max_time
    } else {
        settings.max_time
    };
    // The rounds whose estimates the decision took, and the first of the others (too short
    // for the routine's duos, or with no estimate), reported only when no round was taken;
    // the others' time was spent all the same.
    let mut rounds: Vec<Round> = Vec::new();
    let mut untaken: Option<DiffResult> = None;
    let (mut untaken_warmup, mut untaken_measure) = (Duration::ZERO, Duration::ZERO);
    let mut measured = false;
    loop {
        let left = budget.saturating_sub(started.elapsed());
        let stop = pairs.decided().is_some() || (measured && left < round_time);
        if stop || interrupted() {
            break;
        }
        let BaselineExecutable { rng, .. } = &mut *baseline_exe;
        let mut rng = SplitMix64::new(rng.next_u64());
        let places = baseline_exe.places()?;
        let round = one_round(
            &places,
            baseline,
            trial,
            settings,
            round_time.min(left),
            &mut rng,
        );
        let round = match round {
            Ok(round) => round,
            // Failing to start is a reason to fall back before anything was measured; once
            // rounds have run, the processes were usable and a failure is the trial's.
            Err(why) if !measured => return Err(why),
            Err(why) => panic!("{}", why.why),
        };
        measured = true;
        if round.result.shortfall.is_some() {
            // Too short for this routine's duos: longer rounds, while the budget has room
            // (the loop's check).
            round_time *= 2;
        } else if take_round(&mut pairs, &round.result) {
            rounds.push(round);
            continue;
        }
        untaken_warmup += round.result.warmup_time;
        untaken_measure += round.result.measure_time;
        untaken.get_or_insert(round.result);
    }
    let claimed = claim.is_some();
    let mut result = match over_rounds(&rounds, &pairs, claimed, round_time.as_secs_f64()) {
        Some(mut result) => {
            result.warmup_time += untaken_warmup;
            result.measure_time += untaken_measure;
            // Measured once over all rounds when none of theirs applies.
            if result.machine_stalls.is_none() && needs_explaining(&result) {
                result.machine_stalls = Some(stalls_for_comparison(&result, measure_stalls));
            }
            result
        }
        None => {
            let Some(mut result) = untaken else {
                // Interrupted before the first round: the trial is abandoned as any
                // interrupted one.
                return Err(Unpairable::failed(
                    "interrupted before the comparison started",
                ));
            };
            result.warmup_time = untaken_warmup;
            result.measure_time = untaken_measure;
            result.process_pairs = Some(pairs.spread(round_time.as_secs_f64()));
            result
        }
    };
    // Nothing in this process ran the routines.
    result.memory_growth = None;
    result.measure = settings.measure;
    Ok(PairedResult {
        baseline,
        claim,
        max_regression: settings.max_regression,
        result,
    })
}

/// The length of one round: a forty-eighth of the budget, and at least [`SHORTEST_ROUND`].
/// Placement moves a routine by the same amount whatever the round's length, so a gate
/// needs rounds, not long ones: with their process starts, a gate's default budget
/// (`session::DEFAULT_GATE_MAX_TIME`) holds about 160 rounds
/// of the default length on a loaded machine, what a gate's plan asks for at the spreads
/// its guide states (`decide::two_stage`; the simulation in `decide/simulation/pairs.rs` assumes
/// this budget).
fn round_time(max_time: Duration) -> Duration {
    (max_time / ROUNDS_PER_BUDGET).max(SHORTEST_ROUND)
}

/// Rounds the budget is divided into.
const ROUNDS_PER_BUDGET: u32 = 48;

/// The shortest round: long enough for a short routine's warmup, pilot and blocks.
const SHORTEST_ROUND: Duration = Duration::from_millis(60);

/// One round: a fresh pair of processes, trial `trial` started in both, duos for
/// `round_time`, and the pair reaped.
fn one_round(
    places: &ServePlaces,
    baseline: BaselineName,
    trial: &str,
    settings: &Settings,
    round_time: Duration,
    rng: &mut SplitMix64,
) -> Result<Round, Unpairable> {
    let Servers { mut new, mut old } = start_servers(places, baseline, rng)?;
    match old.ask(&Request::Trial(trial.to_owned())) {
        Ok(Reply::Ready) => {}
        Ok(Reply::Missing) => {
            return Err(Unpairable::new_since_baseline(format!(
                "trial `{trial}` does not exist in the executable of baseline `{baseline}`"
            )))
        }
        Ok(other) => {
            return Err(Unpairable::failed(format!(
                "the baseline's executable answered `{other}`"
            )))
        }
        Err(why) => {
            return Err(Unpairable::failed(format!(
                "the baseline's trial did not start: {why}"
            )))
        }
    }
    let tally = Tally::default();
    let pids = [new.pid(), old.pid()];
    let mut old = Serving::new(&mut old, "the baseline's executable", &tally);
    match new.ask(&Request::Trial(trial.to_owned())) {
        Ok(Reply::Ready) => {}
        // The same executable as this process: it has every trial this process runs.
        Ok(other) => {
            return Err(Unpairable::failed(format!(
                "this executable's serving process answered `{other}`"
            )))
        }
        Err(why) => {
            return Err(Unpairable::failed(format!(
                "this executable's serving process failed: {why}"
            )))
        }
    }
    let mut new = Serving::new(&mut new, "this executable's serving process", &tally);
    // Without a claim and with no precision to reach, the round runs for its whole time:
    // rounds of equal length are alike observations.
    let mut duo_settings = duo_settings(&DiffConfig {
        warmup: settings.warmup.min(round_time / 4),
        max_time: round_time,
        alpha: settings.alpha,
        claim: None,
        precision: 0.0,
        ..DiffConfig::default()
    });
    // A round decides nothing: it needs a pilot and an estimate, not the blocks and duos a
    // decision waits for, which `process_pairs` asks of the rounds together.
    duo_settings.sequential.min_blocks = 2;
    duo_settings.sequential.safeguards.sample_floor = false;
    // Its blocks stay about 1 ms long: independence is across rounds, and a round of a long
    // routine holds fewer duos than one unit.
    duo_settings.sequential.safeguards.units = false;
    // And every duo after the warmup goes to its estimate: a round's interval is not what
    // is judged, so its pilot is not topped up from its duos.
    duo_settings.sequential.safeguards.full_pilot = false;
    // The children read the trial's measure around each batch: judged as measured unless
    // it is the wall clock (see `DuoSettings::metered`).
    duo_settings.metered = !settings.measure.is_wall_clock();
    duo_settings.keep_preempted = settings.measure.keeps_preempted();
    // Both children on one CPU for the round (see `co_locate`).
    let co_located = CoLocated::pin(&pids);
    let run = run_duos_probed(
        TimeWith(|k| new.time_batch(k)),
        TimeWith(|k| old.time_batch(k)),
        &duo_settings,
        None,
        &tally,
    );
    drop(co_located);
    new.finish();
    old.finish();
    let result = analysed(&run, duo_settings.timer);
    Ok(Round::of(run, result))
}
