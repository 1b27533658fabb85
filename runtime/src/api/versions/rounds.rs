//! The rounds of one comparison across processes: fresh pairs of serving processes
//! (`serving_round`), one after another, until the decision over rounds
//! (`decide::process_pairs`) is reached or the budget ends; a round's length, and what a
//! further round would take, for advice on the budget.

use super::from_rounds::{over_rounds, take_round, Round};
use super::places::ServePlaces;
use super::serving_round::{one_round, Serves};
use crate::analysis::{needs_explaining, stalls_for_comparison};
use crate::analysis::{DiffResult, Unpairable};
use crate::decide::DEFAULT_PRECISION;
use crate::decide::{Goal, ProcessPairs};
use crate::measure::measure_stalls;
use crate::session::{Settings, DEFAULT_MAX_TIME};
use crate::stats::SplitMix64;
use crate::util::interrupted;
use std::time::{Duration, Instant};

/// A seed for the draws of a run's rounds (their order, placements and copies): the clock
/// and this process's id, so that no two runs draw alike.
pub(super) fn fresh_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
        ^ u64::from(std::process::id()).rotate_left(32)
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
