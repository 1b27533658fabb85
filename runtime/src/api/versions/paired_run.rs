//! The comparing side: the baseline's stored executable, shared by the trials of this bench
//! target, and one paired comparison against it, in rounds of fresh serving processes, each
//! round run from fresh copies of both executables. The rounds' loop (`in_rounds`) also
//! serves a `#[bench_diff]` decided across processes (`across_processes`).

use super::child::BaselineProcess;
use super::co_locate::CoLocated;
use super::from_rounds::{over_rounds, take_round, Round};
use super::places::{serve_env, ServePlaces, Side};
use super::protocol::{DiffSide, Reply, Request, TrialRequest};
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
use crate::model::Measure;
use crate::session::{Settings, DEFAULT_MAX_TIME};
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

/// A seed for the draws of a run's rounds (their order, placements and copies): the clock
/// and this process's id, so that no two runs draw alike.
pub(super) fn fresh_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
        ^ u64::from(std::process::id()).rotate_left(32)
}

/// The two serving processes of one round: the new side and the old one (across versions
/// this build and the baseline's; across processes the first routine and the second), started
/// alike from equivalent places (see `places`), so that neither side is timed in a process
/// the other is not (the comparing process also runs libtest's harness, its threads, its
/// captured output and its heap). The comparing process only orchestrates, outside the
/// timed regions.
struct Servers {
    new: BaselineProcess,
    old: BaselineProcess,
}

/// What the two serving processes of every round run: the same `#[bench]` trial in two
/// versions, or the two routines of one `#[bench_diff]` trial in two processes of this
/// executable.
#[derive(Clone, Debug)]
pub(super) enum Serves {
    /// Trial `trial` of this build (new) against the same trial of baseline `baseline`'s
    /// stored executable (old).
    Versions {
        /// The baseline compared with.
        baseline: BaselineName,
        /// The trial's name, as both executables know it.
        trial: String,
    },
    /// The first routine of `#[bench_diff]` trial `trial` (new) against its second (old).
    Sides {
        /// The trial's name.
        trial: String,
    },
}

impl Serves {
    /// What the process of `side` is asked to run, measured by `measure`.
    fn request(&self, side: Side, measure: Measure) -> Request {
        let trial = |name: &str| TrialRequest::new(measure.name(), name);
        match (self, side) {
            (Serves::Versions { trial: name, .. }, _) => Request::Trial(trial(name)),
            (Serves::Sides { trial: name }, Side::New) => {
                Request::DiffSide(DiffSide::First, trial(name))
            }
            (Serves::Sides { trial: name }, Side::Old) => {
                Request::DiffSide(DiffSide::Second, trial(name))
            }
        }
    }

    /// The process of `side` in messages.
    fn label(&self, side: Side) -> &'static str {
        match (self, side) {
            (Serves::Versions { .. }, Side::New) => "this executable's serving process",
            (Serves::Versions { .. }, Side::Old) => "the baseline's executable",
            (Serves::Sides { .. }, Side::New) => "the process serving the first routine",
            (Serves::Sides { .. }, Side::Old) => "the process serving the second routine",
        }
    }

    /// Why the process of `side` did not start.
    fn start_failed(&self, side: Side, why: &str) -> Unpairable {
        Unpairable::failed(match (self, side) {
            (Serves::Versions { baseline, .. }, Side::Old) => {
                format!("the executable of baseline `{baseline}` is unusable: {why}")
            }
            (Serves::Versions { .. }, Side::New) => {
                format!("this executable cannot serve its own trials: {why}")
            }
            (Serves::Sides { .. }, _) => {
                format!("this executable cannot serve its comparison's routines: {why}")
            }
        })
    }

    /// Why the process of `side` did not start its trial, from its reply.
    fn refused(&self, side: Side, reply: Result<Reply, String>) -> Option<Unpairable> {
        let label = self.label(side);
        match (self, reply) {
            (_, Ok(Reply::Ready)) => None,
            (Serves::Versions { baseline, trial }, Ok(Reply::Missing)) if side == Side::Old => {
                Some(Unpairable::new_since_baseline(format!(
                    "trial `{trial}` does not exist in the executable of baseline `{baseline}`"
                )))
            }
            (_, Ok(Reply::Error(why)) | Err(why)) => Some(Unpairable::failed(format!(
                "{label} did not start the trial: {why}"
            ))),
            (_, Ok(other)) => Some(Unpairable::failed(format!("{label} answered `{other}`"))),
        }
    }
}

/// Starts both sides from `places`, in an order drawn from `rng`, each with its own
/// placement.
fn start_servers(
    places: &ServePlaces,
    serves: &Serves,
    rng: &mut SplitMix64,
) -> Result<Servers, Unpairable> {
    let new_first = rng.next_u64() & 1 == 0;
    let mut start = |side: Side| {
        BaselineProcess::start_with_env(places.exe(side), &serve_env(side, rng))
            .map_err(|why| serves.start_failed(side, &why))
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

/// One comparison in rounds: what the processes serve, what the rounds decide, whether a
/// claim was judged (undecided is then inconclusive) and the time they may take.
pub(super) struct RoundsPlan<'a> {
    /// What each round's two processes run.
    pub(super) serves: &'a Serves,
    /// What the rounds decide.
    pub(super) goal: Goal,
    /// A claim (or a gate) was judged.
    pub(super) claimed: bool,
    /// The time all rounds may take, their process starts included.
    pub(super) budget: Duration,
    /// A claim's rounds go on after its verdict to the precision of a comparison without
    /// one, as `cargo bench` measures (`ProcessPairs::measuring_on`).
    pub(super) measure_on: bool,
}

/// Runs `plan` in rounds until its goal is reached or its budget ends: each round starts a
/// fresh pair of serving processes from the places `places` prepares (with the generator
/// that draws their order and environments), and runs the duo loop on them for an equal
/// share of the budget; each round's estimate is one observation of `ProcessPairs`, whose
/// interval holds the spread between pairs of processes as well as between duos. The
/// result describes all the rounds the decision took (`over_rounds`), not the last one.
///
/// # Errors
///
/// Why no comparison in rounds could be made: the processes could not be prepared or
/// started, or did not start the trial, before any round was measured.
///
/// # Panics
///
/// If a serving process fails after rounds have run (its trial panicked, or the process
/// died): the trial fails with that message.
pub(super) fn in_rounds(
    places: &mut dyn FnMut() -> Result<(ServePlaces, SplitMix64), Unpairable>,
    plan: &RoundsPlan<'_>,
    settings: &Settings,
) -> Result<DiffResult, Unpairable> {
    let mut measure = |(places, mut rng): (ServePlaces, SplitMix64), length| {
        one_round(&places, plan.serves, settings, length, &mut rng)
    };
    rounds_until_done(places, &mut measure, plan, settings)
}

/// The loop of [`in_rounds`], apart from what a round is: `prepare` makes what one round
/// starts from (its failure is a reason to fall back at any round), and `measure` runs a
/// round of the given length on it (its failure is a reason to fall back only before a round
/// was measured). Tests drive it with rounds of their own.
fn rounds_until_done<P>(
    prepare: &mut dyn FnMut() -> Result<P, Unpairable>,
    measure: &mut dyn FnMut(P, Duration) -> Result<Round, Unpairable>,
    plan: &RoundsPlan<'_>,
    settings: &Settings,
) -> Result<DiffResult, Unpairable> {
    let started = Instant::now();
    let mut pairs = ProcessPairs::new(settings.alpha, plan.goal);
    if plan.measure_on {
        pairs = pairs.measuring_on(DEFAULT_PRECISION);
    }
    // Rounds are as long as the ordinary budget makes them; a gate may run more of them.
    let mut round_time = round_time(settings.max_time);
    // The rounds whose estimates the decision took, and the first of the others (too short
    // for the routine's duos, or with no estimate), reported only when no round was taken;
    // the others' time was spent all the same.
    let mut rounds: Vec<Round> = Vec::new();
    let mut untaken: Option<DiffResult> = None;
    let (mut untaken_warmup, mut untaken_measure) = (Duration::ZERO, Duration::ZERO);
    let mut measured = false;
    // The rounds' lengths as given, and how many ran: what the rest of the time went to is
    // each round's process starts and copies.
    let (mut given, mut rounds_run) = (Duration::ZERO, 0u32);
    loop {
        let left = plan.budget.saturating_sub(started.elapsed());
        let stop = pairs.done() || (measured && left < round_time);
        if stop || interrupted() {
            break;
        }
        let prepared = prepare()?;
        given += round_time.min(left);
        rounds_run += 1;
        let round = match measure(prepared, round_time.min(left)) {
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
    let round_secs = round_wall_time(started.elapsed(), given, rounds_run, round_time);
    let mut result = match over_rounds(&rounds, &pairs, plan.claimed, round_secs) {
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
            result.process_pairs = Some(pairs.spread(round_secs));
            result
        }
    };
    // Nothing in this process ran the routines.
    result.memory_growth = None;
    result.measure = settings.measure;
    Ok(result)
}

/// The seconds a further round would take under a longer budget: the process starts and
/// copies each of the `rounds_run` rounds took beside its length (`elapsed` in all, `given`
/// to their lengths), and the rounds' `length` now, or the length rounds grow to under a
/// longer budget when that is longer. It is what advice on the budget counts a round at: on a busy
/// machine the starts take longer than the rounds themselves, and advice that left them out
/// would name a budget that holds too few rounds.
fn round_wall_time(elapsed: Duration, given: Duration, rounds_run: u32, length: Duration) -> f64 {
    let starts = elapsed.saturating_sub(given).as_secs_f64() / f64::from(rounds_run.max(1));
    length.max(round_time(DEFAULT_MAX_TIME)).as_secs_f64() + starts
}

/// The length of one round: a forty-eighth of the budget, at least [`SHORTEST_ROUND`] and at
/// most a forty-eighth of the default budget. Placement moves a routine by the same amount
/// whatever the round's length, so a comparison needs rounds, not long ones: a budget longer
/// than the default buys more rounds, which narrow what placement leaves wide, not longer
/// ones, which narrow only their own duos. With their process starts, a gate's default budget
/// (`session::DEFAULT_GATE_MAX_TIME`) holds about 160 rounds
/// of the default length on a loaded machine, what a gate's plan asks for at the spreads
/// its guide states (`decide::two_stage`; the simulation in `decide/simulation/pairs.rs` assumes
/// this budget).
fn round_time(max_time: Duration) -> Duration {
    (max_time.min(DEFAULT_MAX_TIME) / ROUNDS_PER_BUDGET).max(SHORTEST_ROUND)
}

/// Rounds a budget up to the default is divided into.
const ROUNDS_PER_BUDGET: u32 = 48;

/// The shortest round: long enough for a short routine's warmup, pilot and blocks.
const SHORTEST_ROUND: Duration = Duration::from_millis(60);

/// A round's pilot is this much time of duos when that is fewer than eight: duos of
/// routines of about 3 ms a call and longer (see `DuoSettings::pilot_time`).
const ROUND_PILOT_TIME: Duration = Duration::from_millis(100);

/// One round: a fresh pair of processes, each started on what `serves` asks of its side,
/// duos for `round_time`, and the pair reaped.
fn one_round(
    places: &ServePlaces,
    serves: &Serves,
    settings: &Settings,
    round_time: Duration,
    rng: &mut SplitMix64,
) -> Result<Round, Unpairable> {
    let Servers { mut new, mut old } = start_servers(places, serves, rng)?;
    if let Some(why) = serves.refused(
        Side::Old,
        old.ask(&serves.request(Side::Old, settings.measure)),
    ) {
        return Err(why);
    }
    let tally = Tally::default();
    let pids = [new.pid(), old.pid()];
    let mut old = Serving::new(&mut old, serves.label(Side::Old), &tally);
    // The same executable as this process: it has every trial this process runs.
    if let Some(why) = serves.refused(
        Side::New,
        new.ask(&serves.request(Side::New, settings.measure)),
    ) {
        return Err(why);
    }
    let mut new = Serving::new(&mut new, serves.label(Side::New), &tally);
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
    // is judged, so its pilot is not topped up from its duos, and a long routine's pilot is
    // as short as its fence allows (eight duos of 20 ms routines would be most of a round).
    duo_settings.sequential.safeguards.full_pilot = false;
    duo_settings.pilot_time = Some(ROUND_PILOT_TIME);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::AttrOptions;
    use crate::session::Overrides;

    #[test]
    fn rounds_grow_with_the_budget_only_up_to_a_share_of_the_default() {
        let ms = |n: u64| Duration::from_millis(n);
        assert_eq!(round_time(ms(1_000)), SHORTEST_ROUND);
        assert_eq!(round_time(ms(4_800)), ms(100));
        let default_round = DEFAULT_MAX_TIME / ROUNDS_PER_BUDGET;
        assert_eq!(round_time(DEFAULT_MAX_TIME), default_round);
        // A longer budget buys more rounds, not longer ones.
        assert_eq!(round_time(ms(60_000)), default_round);
    }

    #[test]
    fn a_further_round_counts_its_process_starts_at_the_length_a_longer_budget_gives() {
        let default_round = round_time(DEFAULT_MAX_TIME).as_secs_f64();
        // Five rounds of 60 ms in 4 s: 0.74 s of starts each, beside the round's length.
        let w = round_wall_time(
            Duration::from_secs(4),
            Duration::from_millis(300),
            5,
            SHORTEST_ROUND,
        );
        assert!((w - (0.74 + default_round)).abs() < 1e-9, "{w}");
        // Rounds doubled past the default's length keep theirs.
        let w = round_wall_time(
            Duration::from_secs(2),
            Duration::from_secs(2),
            4,
            Duration::from_millis(500),
        );
        assert!((w - 0.5).abs() < 1e-9, "{w}");
        // None ran: no starts to count.
        let w = round_wall_time(Duration::ZERO, Duration::ZERO, 0, SHORTEST_ROUND);
        assert!((w - default_round).abs() < 1e-9, "{w}");
    }

    #[test]
    fn the_rounds_spread_counts_a_further_round_with_the_starts_the_rounds_took() {
        // Each stand-in round takes its length and `starts` more, as a real round takes its
        // process starts and copies beside its duos.
        let starts = Duration::from_millis(150);
        let settings = Settings {
            max_time: Duration::from_secs(1),
            ..Settings::resolve(&AttrOptions::default(), Overrides::default())
        };
        let serves = Serves::Sides { trial: "t".into() };
        let plan = RoundsPlan {
            serves: &serves,
            goal: Goal::Precision(DEFAULT_PRECISION),
            claimed: false,
            budget: Duration::from_millis(700),
            measure_on: false,
        };
        let mut lengths = Vec::new();
        let mut measure = |(), length: Duration| {
            lengths.push(length);
            std::thread::sleep(length + starts);
            stand_in_round(lengths.len())
        };
        let result =
            rounds_until_done(&mut || Ok(()), &mut measure, &plan, &settings).expect("rounds ran");
        assert!(lengths.len() >= 2, "{lengths:?}");
        assert!(lengths.iter().all(|&l| l <= SHORTEST_ROUND), "{lengths:?}");
        let spread = result.process_pairs.expect("the rounds' spread");
        // A sleep lasts at least as long as asked: every round took its starts, however busy
        // the machine. Its bare length, which advice without the starts would count, is
        // less.
        let least = (round_time(DEFAULT_MAX_TIME) + starts).as_secs_f64();
        assert!(spread.round_secs >= least - 1e-3, "{}", spread.round_secs);
    }

    /// A plan of rounds without a claim, for the tests of what the loop does on failure.
    fn failure_plan(serves: &Serves) -> RoundsPlan<'_> {
        RoundsPlan {
            serves,
            goal: Goal::Precision(DEFAULT_PRECISION),
            claimed: false,
            budget: Duration::from_secs(5),
            measure_on: false,
        }
    }

    fn stand_in_round(rounds: usize) -> Result<Round, Unpairable> {
        let ratio = 1.1 + 0.01 * rounds as f64;
        Ok(Round::of_result(crate::fixture::records::result(
            ratio, None, 200,
        )))
    }

    #[test]
    fn rounds_that_cannot_be_prepared_or_started_fall_back() {
        let settings = Settings::resolve(&AttrOptions::default(), Overrides::default());
        let serves = Serves::Sides { trial: "t".into() };
        let plan = failure_plan(&serves);
        // Copies that fail after a round was measured: a reason to fall back all the same.
        let mut prepared = 0;
        let mut prepare = || {
            prepared += 1;
            if prepared > 1 {
                Err(Unpairable::failed("no copy"))
            } else {
                Ok(())
            }
        };
        let mut measured = 0;
        let mut measure = |(), _| {
            measured += 1;
            stand_in_round(measured)
        };
        let why = rounds_until_done(&mut prepare, &mut measure, &plan, &settings)
            .expect_err("copies failed");
        assert_eq!((why.why.as_str(), measured), ("no copy", 1));
        // Processes that do not start before any round was measured.
        let mut refused = |(), _| Err(Unpairable::failed("did not start"));
        let why = rounds_until_done(&mut || Ok(()), &mut refused, &plan, &settings)
            .expect_err("nothing measured");
        assert_eq!(why.why, "did not start");
    }

    #[test]
    #[should_panic(expected = "the process died")]
    fn a_round_that_fails_after_others_were_measured_fails_the_trial() {
        let settings = Settings::resolve(&AttrOptions::default(), Overrides::default());
        let serves = Serves::Sides { trial: "t".into() };
        let mut measured = 0;
        let mut measure = |(), _| {
            measured += 1;
            if measured > 2 {
                Err(Unpairable::failed("the process died"))
            } else {
                stand_in_round(measured)
            }
        };
        let _ = rounds_until_done(
            &mut || Ok(()),
            &mut measure,
            &failure_plan(&serves),
            &settings,
        );
    }
}
