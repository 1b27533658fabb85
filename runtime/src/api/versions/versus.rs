//! The comparing side: the baseline's stored executable, started on first use and shared by
//! the trials of this bench target, and one paired comparison against it.

use super::child::BaselineProcess;
use super::protocol::{Reply, Request};
use crate::analysis::diff_result::DiffResult;
use crate::api::diff_fn::{duo_settings, DiffConfig};
use crate::decide::sequential::DEFAULT_PRECISION;
use crate::measure::duo::run_duo_batches;
use crate::measure::time_batch::{TimeBatch, TimeWith};
use crate::model::attrs::Claim;
use crate::session::baseline::BaselineName;
use crate::session::options::Settings;
use std::path::PathBuf;
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
    Running(BaselineProcess),
    Unusable(String),
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

    fn process(&mut self) -> Result<&mut BaselineProcess, String> {
        if let State::NotStarted(exe) = &self.state {
            self.state = match BaselineProcess::start(exe) {
                Ok(process) => State::Running(process),
                Err(why) => State::Unusable(format!(
                    "the executable of baseline `{}` is unusable: {why}",
                    self.baseline
                )),
            };
        }
        match &mut self.state {
            State::Running(process) => match process.broken() {
                None => Ok(process),
                Some(why) => Err(format!(
                    "the executable of baseline `{}` stopped earlier: {why}",
                    self.baseline
                )),
            },
            State::Unusable(why) => Err(why.clone()),
            State::NotStarted(_) => unreachable!("started above"),
        }
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

/// Measures `local` (the new routine) against trial `trial` of the baseline's executable
/// (the old one) with the duo loop of `#[bench_diff]`: its warmup, batch sizing, mirrored
/// duos, outlier rules and confidence sequence.
///
/// # Errors
///
/// Why no paired comparison could be made (the caller falls back to saved numbers): the
/// executable is missing or unusable, or has no such trial.
///
/// # Panics
///
/// If the baseline's executable fails in the middle of the comparison (its trial panicked,
/// or the process died): the trial fails with that message.
pub fn run_paired(
    local: &mut dyn TimeBatch,
    versus: &Mutex<Versus>,
    trial: &str,
    settings: &Settings,
) -> Result<PairedResult, String> {
    // A trial that panicked while holding the lock left the process either in step (the
    // new routine panicked: `Serving` ended the child's trial) or marked broken.
    let mut versus = versus.lock().unwrap_or_else(PoisonError::into_inner);
    let baseline = versus.baseline;
    let process = versus.process()?;
    match process.ask(&Request::Trial(trial.to_owned())) {
        Ok(Reply::Ready) => {}
        Ok(Reply::Missing) => {
            return Err(format!(
                "trial `{trial}` does not exist in the executable of baseline `{baseline}`"
            ))
        }
        Ok(other) => return Err(format!("the baseline's executable answered `{other}`")),
        Err(why) => return Err(format!("the baseline's trial did not start: {why}")),
    }
    let claim = regression_claim(settings.max_regression);
    let duo_settings = duo_settings(&DiffConfig {
        warmup: settings.warmup,
        max_time: settings.max_time,
        alpha: settings.alpha,
        claim,
        precision: DEFAULT_PRECISION,
    });
    let mut remote = Serving {
        process,
        over: false,
    };
    let local = TimeWith(|k| local.time_batch(k));
    let run = run_duo_batches(
        local,
        TimeWith(|k| remote.time_batch(k)),
        &duo_settings,
        None,
    );
    remote.finish();
    Ok(PairedResult {
        baseline,
        claim,
        result: DiffResult::from_run(&run, duo_settings.timer),
    })
}

/// The old routine's side of the duos: each batch is a request to the child.
struct Serving<'a> {
    process: &'a mut BaselineProcess,
    /// The child's trial has ended (done, or failed).
    over: bool,
}

impl Serving<'_> {
    fn finish(&mut self) {
        if !std::mem::replace(&mut self.over, true) {
            match self.process.ask(&Request::Done) {
                Ok(Reply::Finished) => {}
                Ok(other) => fail(format!(
                    "the baseline's executable answered `{other}` after done"
                )),
                Err(why) => fail(format!("the baseline's executable failed: {why}")),
            }
        }
    }
}

impl TimeBatch for Serving<'_> {
    fn time_batch(&mut self, iters: u64) -> f64 {
        match self.process.ask(&Request::Batch(iters)) {
            Ok(Reply::Ns(ns)) => ns,
            Ok(other) => {
                self.over = true;
                fail(format!(
                    "the baseline's executable answered `{other}` to a batch"
                ))
            }
            Err(why) => {
                self.over = true;
                fail(format!("the baseline's executable failed: {why}"))
            }
        }
    }
}

/// Ends the trial with `why` as its failure message: unwinding without the panic hook, so
/// the message is the one line, without a source location of duobench's.
fn fail(why: String) -> ! {
    std::panic::resume_unwind(Box::new(why))
}

impl Drop for Serving<'_> {
    /// A panic of the new routine leaves the child serving: end its trial so that the next
    /// one starts in step (errors are moot then, the trial fails anyway).
    fn drop(&mut self) {
        if !std::mem::replace(&mut self.over, true) {
            let _ = self.process.ask(&Request::Done);
        }
    }
}
