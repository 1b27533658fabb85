//! Run settings: typed, merged in one place, defaults applied once.
//!
//! Precedence, lowest first: the attribute, then `DUOBENCH_*` environment variables, then
//! options on the command line. A later source replaces a setting only where it has one.

use crate::analysis::DEFAULT_NOISE_THRESHOLD;
use crate::measure::DEFAULT_MEASURE;
use crate::measure::DEFAULT_SAMPLES;
use crate::model::BaselineName;
use crate::model::Export;
use crate::model::{AllocLimit, AttrOptions, Claim, Measure, OnInconclusive, Throughput};
use crate::session::{BaselineChoice, BaselineSettings};
use std::path::PathBuf;
use std::time::Duration;

/// Default warmup's cap: long enough for the CPU to leave its idle clock and the caches to
/// fill; the default ends earlier once both routines' rates are steady.
pub const DEFAULT_WARMUP: Duration = Duration::from_millis(200);
/// Default time budget per trial, warmup included.
pub const DEFAULT_MAX_TIME: Duration = Duration::from_secs(5);
/// Default time budget of a gated trial across versions: the cap on the rounds its spread
/// asks for. A gate's rounds stop at its decision (most gates take about a second), so the
/// cap costs time only where the spread between processes needs it (a routine with a rare
/// process state, a round in fifty a quarter off, asks for a hundred rounds or more when one
/// such round falls in the first stage); a cap of the ordinary budget would leave such gates
/// inconclusive, and each would fail a job.
pub const DEFAULT_GATE_MAX_TIME: Duration = Duration::from_secs(60);
/// Default error rate of verdicts.
pub const DEFAULT_ALPHA: f64 = 0.05;

/// Settings that the environment or the command line may override. Not `Copy`: it holds
/// paths.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Overrides {
    /// `--warmup` / `DUOBENCH_WARMUP`.
    pub warmup: Option<Duration>,
    /// `--max-time` / `DUOBENCH_MAX_TIME`.
    pub max_time: Option<Duration>,
    /// `--alpha` / `DUOBENCH_ALPHA`.
    pub alpha: Option<f64>,
    /// `--family-alpha` / `DUOBENCH_FAMILY_ALPHA`: error rate shared by all claims of the run
    /// (Bonferroni), replacing each claim's own alpha.
    pub family_alpha: Option<f64>,
    /// A gate's miss rate at its named regression, when `--family-alpha` has split `alpha`
    /// (which then holds the false alarms only): the run's alpha before the split.
    pub miss_rate: Option<f64>,
    /// `--calibrate` / `DUOBENCH_CALIBRATE=1`: run each comparison's first routine against
    /// itself for the whole time budget and report the noise floor.
    pub calibrate: Option<bool>,
    /// `--across-processes` / `DUOBENCH_ACROSS_PROCESSES=1`: decide each `#[bench_diff]`
    /// over rounds of fresh processes, each timing one of its routines.
    pub across_processes: Option<bool>,
    /// `--json FILE` / `DUOBENCH_JSON`: write every result of the run to this file.
    pub json: Option<PathBuf>,
    /// `--report DIR` / `DUOBENCH_REPORT`: where `cargo bench` writes the HTML report.
    pub report_dir: Option<PathBuf>,
    /// `--no-report` / `DUOBENCH_NO_REPORT=1`: write no HTML report.
    pub no_report: Option<bool>,
    /// `--no-doctor` / `DUOBENCH_NO_DOCTOR=1`: give no benchmark doctor warnings.
    pub no_doctor: Option<bool>,
    /// `--measure-once` / `DUOBENCH_MEASURE_ONCE=1`: take each `#[bench]` run once, even when
    /// the machine ran slower through most of it than in the trial's previous run.
    pub measure_once: Option<bool>,
    /// `--save-baseline NAME` / `DUOBENCH_SAVE_BASELINE`: compare `#[bench]` results with
    /// this baseline if it exists, then save them under it.
    pub save_baseline: Option<BaselineName>,
    /// `--baseline NAME` / `DUOBENCH_BASELINE`: compare `#[bench]` results with this
    /// baseline, which must exist, and leave it unchanged.
    pub baseline: Option<BaselineName>,
    /// `--noise-threshold` / `DUOBENCH_NOISE_THRESHOLD`: changes within this fraction are
    /// "no change".
    pub noise_threshold: Option<f64>,
    /// `--export FORMAT FILE` / `DUOBENCH_EXPORT`: files for CI tools, written after the run.
    pub exports: Vec<Export>,
    /// `--measure` / `DUOBENCH_MEASURE`: what every trial measures.
    pub measure: Option<Measure>,
    /// `--max-regression P` / `DUOBENCH_MAX_REGRESSION`: claim new/old ≤ 1 + P for every
    /// `#[bench]` compared with a baseline.
    pub max_regression: Option<f64>,
    /// `--baseline-dir DIR` / `DUOBENCH_BASELINE_DIR`: where baselines and their
    /// executables live, instead of `<target>/duobench`.
    pub baseline_dir: Option<PathBuf>,
    /// `--allow-unpaired` / `DUOBENCH_ALLOW_UNPAIRED=1`: under a gate, a trial that cannot
    /// be paired with the baseline's executable passes with a warning instead of failing.
    pub allow_unpaired: Option<bool>,
    /// `--on-inconclusive` / `DUOBENCH_ON_INCONCLUSIVE`: what an undecided verdict counts
    /// as, beating the attribute's `on_inconclusive`.
    pub on_inconclusive: Option<OnInconclusive>,
    /// `--store-only` / `DUOBENCH_STORE_ONLY=1` (with `--save-baseline NAME`): store the
    /// executable as the baseline's, and measure nothing.
    pub store_only: Option<bool>,
    /// `--verbose` / `DUOBENCH_VERBOSE=1`: each comparison's block with the full statistics
    /// instead of the short one.
    pub verbose: Option<bool>,
    /// `--profile-time` / `DUOBENCH_PROFILE_TIME`: run the selected trial's routine in its
    /// loop for this long, measuring and writing nothing (for a profiler).
    pub profile_time: Option<Duration>,
}

impl Overrides {
    /// `self` where it has a setting, otherwise `lower`.
    #[must_use]
    pub fn over(self, lower: Overrides) -> Overrides {
        Overrides {
            warmup: self.warmup.or(lower.warmup),
            max_time: self.max_time.or(lower.max_time),
            alpha: self.alpha.or(lower.alpha),
            family_alpha: self.family_alpha.or(lower.family_alpha),
            miss_rate: self.miss_rate.or(lower.miss_rate),
            calibrate: self.calibrate.or(lower.calibrate),
            across_processes: self.across_processes.or(lower.across_processes),
            json: self.json.or(lower.json),
            report_dir: self.report_dir.or(lower.report_dir),
            no_report: self.no_report.or(lower.no_report),
            no_doctor: self.no_doctor.or(lower.no_doctor),
            measure_once: self.measure_once.or(lower.measure_once),
            save_baseline: self.save_baseline.or(lower.save_baseline),
            baseline: self.baseline.or(lower.baseline),
            noise_threshold: self.noise_threshold.or(lower.noise_threshold),
            exports: if self.exports.is_empty() {
                lower.exports
            } else {
                self.exports
            },
            measure: self.measure.or(lower.measure),
            max_regression: self.max_regression.or(lower.max_regression),
            baseline_dir: self.baseline_dir.or(lower.baseline_dir),
            allow_unpaired: self.allow_unpaired.or(lower.allow_unpaired),
            on_inconclusive: self.on_inconclusive.or(lower.on_inconclusive),
            store_only: self.store_only.or(lower.store_only),
            verbose: self.verbose.or(lower.verbose),
            profile_time: self.profile_time.or(lower.profile_time),
        }
    }

    fn from_attribute(attr: &AttrOptions) -> Overrides {
        Overrides {
            warmup: attr.warmup_ns.map(Duration::from_nanos),
            max_time: attr.max_time_ns.map(Duration::from_nanos),
            alpha: attr.alpha,
            measure: attr.measure,
            max_regression: attr.max_regression,
            on_inconclusive: attr.on_inconclusive,
            across_processes: attr.across_processes.then_some(true),
            ..Overrides::default()
        }
    }
}

/// Fully resolved settings of one trial.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Warmup time: the longest, unless `warmup_exact`.
    pub warmup: Duration,
    /// The warmup was asked for (attribute, environment or command line), so a comparison
    /// warms up for all of it; the default ends once the routines are steady.
    pub warmup_exact: bool,
    /// Time budget, warmup included.
    pub max_time: Duration,
    /// Time budget of a gated comparison across versions: `max_time` when one was given,
    /// else [`DEFAULT_GATE_MAX_TIME`].
    pub gate_max_time: Duration,
    /// Error rate of the verdict (a gate's false-alarm rate on unchanged code).
    pub alpha: f64,
    /// A gate's miss rate at its named regression, (1 + P)²: `alpha` unless
    /// `--family-alpha` split it.
    pub miss_rate: f64,
    /// The claim, from the attribute only.
    pub claim: Option<Claim>,
    /// What an inconclusive verdict counts as.
    pub on_inconclusive: OnInconclusive,
    /// Measure the first routine against itself to find the noise floor.
    pub calibrate: bool,
    /// `#[bench_diff]`: decided over rounds of fresh process pairs, so that the interval
    /// holds what a process keeps for its life (where its code and data sit), not only the
    /// noise between duos of one process.
    pub across_processes: bool,
    /// `#[bench]`: samples per run, from `samples = N`.
    pub samples: usize,
    /// `#[bench]`: work per iteration, from `throughput = ...`.
    pub throughput: Option<Throughput>,
    /// `#[bench]`: which baseline to compare with and which to save.
    pub baseline: BaselineChoice,
    /// `#[bench]`: changes within this fraction of the baseline are "no change".
    pub noise_threshold: f64,
    /// What is measured per iteration.
    pub measure: Measure,
    /// `#[bench]`: allocations per iteration allowed, from `allocs == N`.
    pub allocs: Option<AllocLimit>,
    /// `#[bench]`: the largest slowdown against the baseline that passes, as a fraction.
    pub max_regression: Option<f64>,
    /// `#[bench]` under a gate: a trial that cannot be paired passes with a warning rather
    /// than failing.
    pub allow_unpaired: bool,
    /// `--profile-time`: run the routine in its loop this long instead of measuring it.
    pub profile_time: Option<Duration>,
    /// `#[bench]`: take the fewest samples past the budget rather than fail (the Criterion
    /// layer's rule).
    pub past_budget_for_fewest: bool,
    /// `#[bench]` under `cargo bench`: the pace probe's time per step in this trial's
    /// previous run, which sampling waits for the machine to come back to (set by the
    /// harness from the previous run's file, `session::previous_pace`).
    pub reference_pace_ns_per_step: Option<f64>,
}

impl Settings {
    /// The part of these settings that comparing with a baseline needs.
    #[must_use]
    pub fn baseline_settings(&self) -> BaselineSettings {
        BaselineSettings {
            choice: self.baseline,
            noise_threshold: self.noise_threshold,
            alpha: self.alpha,
        }
    }

    /// Merges the attribute with the run's overrides (environment already merged under the
    /// command line) and applies defaults.
    #[must_use]
    pub fn resolve(attr: &AttrOptions, run: Overrides) -> Settings {
        let merged = run.over(Overrides::from_attribute(attr));
        let max_time = merged.max_time.unwrap_or(DEFAULT_MAX_TIME);
        let alpha = merged.alpha.unwrap_or(DEFAULT_ALPHA);
        let calibrate = merged.calibrate.unwrap_or(false);
        Settings {
            // The default warmup gives way to a short budget; one that was asked for is
            // checked against the budget instead (`limits::check_warmup`).
            warmup: merged.warmup.unwrap_or(DEFAULT_WARMUP.min(max_time / 2)),
            warmup_exact: merged.warmup.is_some(),
            max_time,
            gate_max_time: merged.max_time.unwrap_or(DEFAULT_GATE_MAX_TIME),
            alpha,
            miss_rate: merged.miss_rate.unwrap_or(alpha),
            claim: attr.claim,
            on_inconclusive: merged.on_inconclusive.unwrap_or_default(),
            calibrate,
            // A noise floor is one process's (the command line refuses both together, so
            // only an attribute's `across_processes` gives way here).
            across_processes: merged.across_processes.unwrap_or(false) && !calibrate,
            samples: attr.samples.map_or(DEFAULT_SAMPLES, |n| n as usize),
            throughput: attr.throughput,
            baseline: BaselineChoice::of(merged.save_baseline, merged.baseline),
            noise_threshold: merged.noise_threshold.unwrap_or(DEFAULT_NOISE_THRESHOLD),
            measure: merged.measure.unwrap_or(DEFAULT_MEASURE),
            allocs: attr.allocs,
            max_regression: merged.max_regression,
            allow_unpaired: merged.allow_unpaired.unwrap_or(false),
            profile_time: merged.profile_time,
            past_budget_for_fewest: attr.past_budget_for_fewest,
            reference_pace_ns_per_step: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_line_over_environment_over_attribute_over_default() {
        let attr = AttrOptions {
            warmup_ns: Some(1),
            max_time_ns: Some(2),
            alpha: Some(0.1),
            ..AttrOptions::default()
        };
        let env = Overrides {
            max_time: Some(Duration::from_nanos(20)),
            alpha: Some(0.2),
            ..Overrides::default()
        };
        let cli = Overrides {
            alpha: Some(0.3),
            ..Overrides::default()
        };
        let s = Settings::resolve(&attr, cli.over(env));
        assert_eq!(s.warmup, Duration::from_nanos(1));
        assert_eq!(s.max_time, Duration::from_nanos(20));
        assert_eq!(s.alpha, 0.3);
        let d = Settings::resolve(&AttrOptions::default(), Overrides::default());
        assert_eq!(d.warmup, DEFAULT_WARMUP);
        assert_eq!(d.max_time, DEFAULT_MAX_TIME);
        assert_eq!(d.alpha, DEFAULT_ALPHA);
        assert_eq!(d.on_inconclusive, OnInconclusive::Fail);
        let short = Overrides {
            max_time: Some(Duration::from_millis(100)),
            ..Overrides::default()
        };
        let s = Settings::resolve(&AttrOptions::default(), short);
        assert_eq!(s.warmup, Duration::from_millis(50));
    }

    #[test]
    fn bench_settings_from_attribute_and_run() {
        let d = Settings::resolve(&AttrOptions::default(), Overrides::default());
        assert_eq!(d.samples, DEFAULT_SAMPLES);
        assert_eq!(d.noise_threshold, DEFAULT_NOISE_THRESHOLD);
        assert_eq!(d.baseline, BaselineChoice::Previous);
        let attr = AttrOptions {
            samples: Some(20),
            throughput: Some(Throughput::Bytes(64)),
            ..AttrOptions::default()
        };
        let main = BaselineName::parse("main").unwrap();
        let run = Overrides {
            baseline: Some(main),
            noise_threshold: Some(0.05),
            ..Overrides::default()
        };
        let s = Settings::resolve(&attr, run.clone());
        assert_eq!((s.samples, s.throughput), (20, Some(Throughput::Bytes(64))));
        assert_eq!(
            (s.baseline, s.noise_threshold),
            (BaselineChoice::Compare(main), 0.05)
        );
        assert_eq!(s.max_regression, None);
        // `--max-regression` beats the attribute's `max_regression`.
        let attr = AttrOptions {
            max_regression: Some(0.1),
            ..attr
        };
        assert_eq!(
            Settings::resolve(&attr, run.clone()).max_regression,
            Some(0.1)
        );
        let run = Overrides {
            max_regression: Some(0.05),
            ..run
        };
        assert_eq!(Settings::resolve(&attr, run).max_regression, Some(0.05));
    }

    #[test]
    fn an_attributes_across_processes_gives_way_to_the_run_and_to_a_noise_floor() {
        let attr = AttrOptions {
            across_processes: true,
            ..AttrOptions::default()
        };
        assert!(Settings::resolve(&attr, Overrides::default()).across_processes);
        assert!(!Settings::resolve(&AttrOptions::default(), Overrides::default()).across_processes);
        let off = Overrides {
            across_processes: Some(false),
            ..Overrides::default()
        };
        assert!(!Settings::resolve(&attr, off).across_processes);
        let calibrate = Overrides {
            calibrate: Some(true),
            ..Overrides::default()
        };
        let s = Settings::resolve(&attr, calibrate);
        assert!(s.calibrate && !s.across_processes);
    }

    #[test]
    fn on_inconclusive_and_allow_unpaired_from_the_run_beat_the_attribute() {
        let attr = AttrOptions {
            on_inconclusive: Some(OnInconclusive::Pass),
            ..AttrOptions::default()
        };
        let s = Settings::resolve(&attr, Overrides::default());
        assert_eq!(
            (s.on_inconclusive, s.allow_unpaired),
            (OnInconclusive::Pass, false)
        );
        let env = Overrides {
            on_inconclusive: Some(OnInconclusive::Ignore),
            ..Overrides::default()
        };
        let cli = Overrides {
            on_inconclusive: Some(OnInconclusive::Fail),
            allow_unpaired: Some(true),
            ..Overrides::default()
        };
        let s = Settings::resolve(&attr, env.clone());
        assert_eq!(s.on_inconclusive, OnInconclusive::Ignore);
        let s = Settings::resolve(&attr, cli.over(env));
        assert_eq!(
            (s.on_inconclusive, s.allow_unpaired),
            (OnInconclusive::Fail, true)
        );
    }
}
