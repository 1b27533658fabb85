//! The comparing side: the baseline's stored executable, started on first use and shared by
//! the trials of this bench target, and one paired comparison against it.

use super::child::BaselineProcess;
use super::co_locate::CoLocated;
use super::protocol::{Reply, Request};
use super::serving::{Serving, Tally};
use crate::analysis::diff_result::DiffResult;
use crate::api::diff_fn::{analysed, duo_settings, DiffConfig};
use crate::decide::sequential::DEFAULT_PRECISION;
use crate::measure::duo::run_duos_probed;
use crate::measure::time_batch::{TimeBatch, TimeWith};
use crate::model::attrs::Claim;
use crate::session::baseline::BaselineName;
use crate::session::options::Settings;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

/// The baseline executable of this run, as far as it is known.
#[derive(Debug)]
pub struct Versus {
    baseline: BaselineName,
    state: State,
}

#[derive(Debug)]
enum State {
    NotStarted(PathBuf),
    Running(Servers),
    Unusable(String),
}

/// The two serving processes: this executable (the new version) and the baseline's (the
/// old one), started alike, so that neither side is timed in a process the other is not
/// (the comparing process also runs libtest's harness, its threads, its captured output
/// and its heap). It only orchestrates, outside the timed regions.
#[derive(Debug)]
struct Servers {
    new: BaselineProcess,
    old: BaselineProcess,
}

/// A `#[bench]` measured in duos against the same trial of the baseline's executable.
#[derive(Clone, Debug)]
pub struct PairedResult {
    /// The baseline whose executable ran the old routine.
    pub baseline: BaselineName,
    /// `new/old <= 1 + P` from `--max-regression P`, if given.
    pub claim: Option<Claim>,
    /// The comparison; its ratio is latency(new) / latency(old).
    pub result: DiffResult,
}

impl Versus {
    /// The executable stored with `baseline` at `exe`; nothing starts until a trial asks.
    #[must_use]
    pub fn new(baseline: BaselineName, exe: PathBuf) -> Versus {
        let state = if exe.is_file() {
            State::NotStarted(exe)
        } else {
            State::Unusable(format!(
                "baseline `{baseline}` has no stored executable (saved by an older duobench, \
                 or its files were moved)"
            ))
        };
        Versus { baseline, state }
    }

    fn servers(&mut self) -> Result<&mut Servers, String> {
        if let State::NotStarted(exe) = &self.state {
            self.state = match start_servers(exe, self.baseline) {
                Ok(servers) => State::Running(servers),
                Err(why) => State::Unusable(why),
            };
        }
        match &mut self.state {
            State::Running(servers) => match (servers.new.broken(), servers.old.broken()) {
                (None, None) => Ok(servers),
                (Some(why), _) => Err(format!(
                    "this executable's serving process stopped earlier: {why}"
                )),
                (_, Some(why)) => Err(format!(
                    "the executable of baseline `{}` stopped earlier: {why}",
                    self.baseline
                )),
            },
            State::Unusable(why) => Err(why.clone()),
            State::NotStarted(_) => unreachable!("started above"),
        }
    }
}

/// Starts the baseline's executable `old` and this one, both in serve mode.
fn start_servers(old: &Path, baseline: BaselineName) -> Result<Servers, String> {
    let old = BaselineProcess::start(old)
        .map_err(|why| format!("the executable of baseline `{baseline}` is unusable: {why}"))?;
    let this = std::env::current_exe().map_err(|e| format!("cannot find this executable: {e}"))?;
    let new = BaselineProcess::start(&this)
        .map_err(|why| format!("this executable cannot serve its own trials: {why}"))?;
    Ok(Servers { new, old })
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
/// baseline's executable (the old one), both served by child processes, with the duo loop of
/// `#[bench_diff]`: its warmup, batch sizing, mirrored duos, outlier rules and confidence
/// sequence, judged on the serving threads' own evidence of preemption and CPU time. Both
/// children run on one CPU for the trial (see `co_locate`).
///
/// # Errors
///
/// Why no paired comparison could be made (the caller falls back to saved numbers): the
/// executable is missing or unusable, or has no such trial.
///
/// # Panics
///
/// If a serving process fails in the middle of the comparison (its trial panicked, or the
/// process died): the trial fails with that message.
pub fn run_paired(
    versus: &Mutex<Versus>,
    trial: &str,
    settings: &Settings,
) -> Result<PairedResult, String> {
    // A trial that failed while holding the lock left each process either in step (its
    // `Serving` ended the child's trial) or marked broken.
    let mut versus = versus.lock().unwrap_or_else(PoisonError::into_inner);
    let baseline = versus.baseline;
    let servers = versus.servers()?;
    let Servers { new, old } = servers;
    match old.ask(&Request::Trial(trial.to_owned())) {
        Ok(Reply::Ready) => {}
        Ok(Reply::Missing) => {
            return Err(format!(
                "trial `{trial}` does not exist in the executable of baseline `{baseline}`"
            ))
        }
        Ok(other) => return Err(format!("the baseline's executable answered `{other}`")),
        Err(why) => return Err(format!("the baseline's trial did not start: {why}")),
    }
    let tally = Tally::default();
    let pids = [new.pid(), old.pid()];
    // From here on, dropping `old` ends its trial: a failure to start the new side below
    // leaves the baseline's process in step for the next trial.
    let mut old = Serving::new(old, "the baseline's executable", &tally);
    match new.ask(&Request::Trial(trial.to_owned())) {
        Ok(Reply::Ready) => {}
        // The same executable as this process: it has every trial this process runs.
        Ok(other) => {
            return Err(format!(
                "this executable's serving process answered `{other}`"
            ))
        }
        Err(why) => return Err(format!("this executable's serving process failed: {why}")),
    }
    let mut new = Serving::new(new, "this executable's serving process", &tally);
    let claim = regression_claim(settings.max_regression);
    let duo_settings = duo_settings(&DiffConfig {
        warmup: settings.warmup,
        max_time: settings.max_time,
        alpha: settings.alpha,
        claim,
        precision: DEFAULT_PRECISION,
        ..DiffConfig::default()
    });
    // Both children on one CPU for the trial (see `co_locate`).
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
    Ok(PairedResult {
        baseline,
        claim,
        result: analysed(&run, duo_settings.timer),
    })
}
