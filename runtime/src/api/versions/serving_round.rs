//! One round of a comparison across processes: a fresh pair of serving processes, each
//! started on what its side serves (a trial of one of two versions, or one routine of a
//! `#[bench_diff]`), both on one CPU, the duo loop run on them for the round's length, and
//! the pair reaped.

use super::child::BaselineProcess;
use super::co_locate::CoLocated;
use super::from_rounds::Round;
use super::places::{serve_env, ServePlaces, Side};
use super::protocol::{DiffSide, Reply, Request, TrialRequest};
use super::remote_side::{Serving, Tally};
use crate::analysis::Unpairable;
use crate::api::diff_fn::{analysed, duo_settings, DiffConfig};
use crate::measure::run_duos_probed;
use crate::measure::{TimeBatch, TimeWith};
use crate::model::BaselineName;
use crate::model::Measure;
use crate::session::Settings;
use crate::stats::SplitMix64;
use std::time::Duration;

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

/// A round's pilot is this much time of duos when that is fewer than eight: duos of
/// routines of about 3 ms a call and longer (see `DuoSettings::pilot_time`).
const ROUND_PILOT_TIME: Duration = Duration::from_millis(100);

/// One round: a fresh pair of processes, each started on what `serves` asks of its side,
/// duos for `round_time`, and the pair reaped.
pub(super) fn one_round(
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
