//! Saved baselines: every `cargo bench` run saves each `#[bench]` result under
//! `<target>/duobench/` and compares it with an earlier run of the same benchmark.
//!
//! As in Criterion.rs: by default a run compares with the previous run (baseline
//! `previous`; `base`, Criterion's name for it, names it on the command line too) and then
//! replaces it; `--save-baseline NAME` does the same with NAME; `--baseline NAME` compares
//! with NAME, which must exist (for some trial of the bench target: a trial added since has
//! nothing to compare with, and is reported so), and leaves it alone (the run still becomes
//! the previous run). This module is an edge of the program: it reads and writes files. The
//! comparison itself is pure (`analysis::change`).
//!
//! - `location`: where a trial's baselines live under the target directory;
//! - `file`: one baseline file, written atomically, read back with each problem named;
//! - `tests`: choosing, comparing with and saving baselines, in a scratch directory.

mod file;
mod location;

pub use file::{BaselineError, Problem, SavedRun};

/// Where baseline `name` of `bench_target` keeps its executable under `root`.
#[must_use]
pub fn executable_path(root: &std::path::Path, bench_target: &str, name: BaselineName) -> PathBuf {
    location::executable_path(root, bench_target, name.as_str())
}

use crate::analysis::{bootstrap, change_with_none, compare_runs, Change, RunMachine, RunSamples};
use crate::analysis::{iterations_as_f64, BenchResult};
use crate::model::bench_target;
use crate::model::BaselineName;
use crate::model::Measure;
use crate::stats::{linear_estimates, Estimate, Points, PointsError};
use std::path::PathBuf;

/// Which baseline a run compares with, and under which name it is saved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BaselineChoice {
    /// Compare with the previous run, if there was one, then become the previous run.
    #[default]
    Previous,
    /// `--save-baseline NAME`: compare with NAME if it exists, then replace it.
    Save(BaselineName),
    /// `--baseline NAME`: compare with NAME, which must exist; save as the previous run.
    Compare(BaselineName),
}

impl BaselineChoice {
    /// The choice made by `--save-baseline` and `--baseline` (which exclude each other;
    /// the command-line parser refuses both).
    #[must_use]
    pub fn of(save: Option<BaselineName>, compare: Option<BaselineName>) -> Self {
        match (save, compare) {
            (Some(name), _) => BaselineChoice::Save(name),
            (None, Some(name)) => BaselineChoice::Compare(name),
            (None, None) => BaselineChoice::Previous,
        }
    }

    /// The baseline compared with: the named one, or the previous run.
    #[must_use]
    pub fn compare_with(self) -> BaselineName {
        match self {
            BaselineChoice::Previous => BaselineName::previous_run(),
            BaselineChoice::Save(name) | BaselineChoice::Compare(name) => name,
        }
    }

    /// The name this run is saved under: `None` for `--baseline previous`, the previous
    /// run's own name, which `--baseline` leaves as it is (saving the run as the previous
    /// run would replace the figures compared with by the run's own, and the next
    /// comparison with it would be the run against itself).
    #[must_use]
    pub fn save_as(self) -> Option<BaselineName> {
        match self {
            BaselineChoice::Compare(name) if name == BaselineName::previous_run() => None,
            BaselineChoice::Previous | BaselineChoice::Compare(_) => {
                Some(BaselineName::previous_run())
            }
            BaselineChoice::Save(name) => Some(name),
        }
    }
}

/// Which benchmark a baseline belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BaselineKey {
    /// The bench target (the first segment of the trial's module path).
    pub bench_target: String,
    /// The trial's full name, `module::function/arg`.
    pub trial: String,
}

impl BaselineKey {
    /// The key of a trial registered at `module_path` under `trial`.
    #[must_use]
    pub fn new(module_path: &str, trial: &str) -> Self {
        Self {
            bench_target: bench_target(module_path).to_owned(),
            trial: trial.to_owned(),
        }
    }
}

/// What comparing with a baseline needs of the run's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BaselineSettings {
    /// Which baseline to compare with and which to save.
    pub choice: BaselineChoice,
    /// Changes within this fraction of the baseline are "no change".
    pub noise_threshold: f64,
    /// Error rate of the change test.
    pub alpha: f64,
}

/// A result compared with its baseline.
#[derive(Clone, Debug, PartialEq)]
pub struct Compared {
    /// The baseline compared with.
    pub baseline: BaselineName,
    /// Whether that is the previous run rather than a named baseline.
    pub previous_run: bool,
    /// Per-iteration slope of the baseline, in nanoseconds, with its bootstrap interval at
    /// the level of the new result's, so the reports can show both runs side by side.
    pub baseline_slope: Estimate,
    /// The change.
    pub change: Change,
    /// How much the machine's own speed moved between the two runs, as the pace probe read
    /// it: `new/old − 1` of its time per step (+0.4 is 40% slower now). `None` when either
    /// run read no pace.
    pub machine_pace_change: Option<f64>,
}

/// Compares `result` with its baseline under `root` (`<target>/duobench` unless
/// `--baseline-dir`) as `settings.baseline` says, then saves it.
/// Returns the comparison, or `None` when there is nothing to compare with yet.
///
/// # Errors
///
/// A missing `--baseline`, or a baseline file that cannot be read, or the result that
/// cannot be saved: one line naming the file. Nothing is saved after a read error, so the
/// file stays for inspection.
pub fn compare_and_save(
    root: &std::path::Path,
    key: &BaselineKey,
    settings: &BaselineSettings,
    result: &BenchResult,
) -> Result<Option<Compared>, BaselineError> {
    let dir = location::trial_dir(root, &key.bench_target, &key.trial);
    compare_and_save_in(dir, key, settings, result)
}

fn compare_and_save_in(
    dir: PathBuf,
    key: &BaselineKey,
    settings: &BaselineSettings,
    result: &BenchResult,
) -> Result<Option<Compared>, BaselineError> {
    let choice = settings.choice;
    let against = choice.compare_with();
    let old_path = dir.join(file_name(against, result.measure));
    let counts = !result.measure.is_time();
    let old = match file::read(&old_path, &key.trial, counts) {
        Ok(old) => Some(old),
        Err(e) if *e.problem() == Problem::Missing => match choice {
            // A trial the baseline does not have (added since) is reported as having
            // nothing to compare with; a baseline that exists for no trial is a typo.
            BaselineChoice::Compare(name) if !baseline_exists(&dir, name) => return Err(e),
            BaselineChoice::Compare(_) | BaselineChoice::Previous | BaselineChoice::Save(_) => None,
        },
        Err(e) => return Err(e),
    };
    let machine = RunMachine {
        wait_share: result.run.waiting.and_then(|w| w.share),
        pace_ns_per_step: result.run.pace_ns_per_step(),
        rests_on_disturbed: result.run.waiting.is_some_and(|w| w.rests_on_disturbed),
    };
    // What the machine can have done to this measure: a wait for a core moves what
    // preemption moves (wall time, a time of the user's own), the pace any time; a count
    // neither.
    let moved_by = |m: RunMachine| RunMachine {
        wait_share: m.wait_share.filter(|_| !result.measure.keeps_preempted()),
        pace_ns_per_step: m.pace_ns_per_step.filter(|_| result.measure.is_time()),
        rests_on_disturbed: m.rests_on_disturbed && !result.measure.keeps_preempted(),
    };
    let new = RunSamples {
        iters: &result.run.iters,
        ns: &result.run.ns,
        machine: moved_by(machine),
    };
    let compared = match old {
        None => None,
        Some(old) => {
            let samples = RunSamples {
                iters: &old.iters,
                ns: &old.ns,
                machine: moved_by(old.machine()),
            };
            // The file was validated when read, so this only fails for a result that has
            // no samples, which the measurement never returns.
            // As many resamples as the result's own intervals: the analysis's time budget.
            let (noise, alpha) = (settings.noise_threshold, settings.alpha);
            let to_or_from_none = counts && (old.slope_ns == 0.0 || result.slope.point == 0.0);
            let change = if to_or_from_none {
                // No ratio of counts to resample: nothing to nothing is no change, and
                // nothing to some (or back) a change of the whole count.
                let figures = (old.slope_ns, result.slope.point);
                change_with_none((samples.machine, new.machine), figures, noise, alpha)
            } else {
                compare_runs(samples, new, noise, alpha, result.resamples)
                    .map_err(|e| BaselineError::corrupt(&old_path, e.to_string()))?
            };
            Some(Compared {
                baseline: against,
                previous_run: choice == BaselineChoice::Previous,
                baseline_slope: saved_slope(&old, result.level, result.resamples)
                    .map_err(|e| BaselineError::corrupt(&old_path, e.to_string()))?,
                machine_pace_change: change.machine.pace_change,
                change,
            })
        }
    };
    let saved = SavedRun::new(
        &key.trial,
        result.slope.point,
        result.run.iters.clone(),
        result.run.ns.clone(),
        machine,
    );
    if let Some(name) = choice.save_as() {
        file::write(&dir.join(file_name(name, result.measure)), &saved)?;
    }
    Ok(compared)
}

/// The pace probe's time per step in the previous run of trial `key` measured as `measure`,
/// from its file under `root`; `None` without a readable file or a pace in it.
#[must_use]
pub fn previous_pace(root: &std::path::Path, key: &BaselineKey, measure: Measure) -> Option<f64> {
    let dir = location::trial_dir(root, &key.bench_target, &key.trial);
    let path = dir.join(file_name(BaselineName::previous_run(), measure));
    file::read(&path, &key.trial, !measure.is_time())
        .ok()?
        .pace_ns_per_step
}

/// The file of baseline `name` for runs of `measure`: baselines are kept per measure, so a
/// run of CPU time is never compared with one of wall time. Wall time keeps the plain name
/// (the files of earlier versions); other measures add `@measure`, which no baseline name
/// contains.
fn file_name(name: BaselineName, measure: Measure) -> String {
    if measure.is_wall_clock() {
        return format!("{name}.json");
    }
    // A measurement of the user's own may be named anything: only its letters, digits, `_`
    // and `-` reach the file name.
    let safe: String = measure
        .name()
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!("{name}@{safe}.json")
}

/// Whether baseline `name` was saved under `root` for any trial of `bench_target`, or has
/// its executable there: a `--baseline` that is neither is a typo, caught before measuring.
#[must_use]
pub fn baseline_saved(root: &std::path::Path, bench_target: &str, name: BaselineName) -> bool {
    baseline_exists(&location::trial_dir(root, bench_target, "any"), name)
}

/// Whether baseline `name` was saved under `root` for a bench target other than
/// `bench_target`: then a target without it is new since the baseline, not a typo.
#[must_use]
pub fn baseline_saved_elsewhere(
    root: &std::path::Path,
    bench_target: &str,
    name: BaselineName,
) -> bool {
    let own = location::trial_dir(root, bench_target, "any");
    let own_target = own.parent();
    std::fs::read_dir(root).is_ok_and(|entries| {
        entries.filter_map(Result::ok).any(|entry| {
            let dir = entry.path();
            Some(dir.as_path()) != own_target && baseline_exists(&dir.join("any"), name)
        })
    })
}

/// Whether baseline `name` was saved for any trial of the bench target that `trial_dir`
/// belongs to, or has its executable there.
fn baseline_exists(trial_dir: &std::path::Path, name: BaselineName) -> bool {
    let Some(target_dir) = trial_dir.parent() else {
        return false;
    };
    let file = format!("{name}.json");
    let saved_for_a_trial = std::fs::read_dir(target_dir).is_ok_and(|entries| {
        entries
            .filter_map(Result::ok)
            .any(|entry| entry.path().join(&file).is_file())
    });
    let executable = format!("{name}{}", std::env::consts::EXE_SUFFIX);
    saved_for_a_trial || target_dir.join("@executables").join(executable).is_file()
}

/// The saved run's slope as stored, with a bootstrap interval recomputed from its samples
/// (the file keeps samples, not intervals). Cost: one bootstrap, `B · O(n)`.
fn saved_slope(old: &SavedRun, level: f64, resamples: usize) -> Result<Estimate, PointsError> {
    let x = iterations_as_f64(&old.iters);
    let points = Points::new(&x, &old.ns)?;
    let slope = linear_estimates(points, &bootstrap(resamples), level).slope;
    Ok(Estimate {
        point: old.slope_ns,
        ..slope
    })
}

#[cfg(test)]
mod tests;
