//! Comparing two routines without the harness: the same measurement and verdict as
//! `#[bench_diff]`, called as a function. For validation programs, notebooks and tools that
//! drive many comparisons themselves.

use crate::analysis::DiffResult;
use crate::analysis::{needs_explaining, stalls_for_comparison};
use crate::decide::{SequentialSettings, DEFAULT_PRECISION};
use crate::measure::empty_iteration_ns;
use crate::measure::measure_stalls;
use crate::measure::LocalRoutine;
use crate::measure::{run_duo_batches, run_duos, DuoProgress, DuoRun, DuoSettings};
use crate::measure::{timer_cost, TimerCost, WarmupRule};
use crate::model::{Claim, Measure};
use crate::session::{DEFAULT_ALPHA, DEFAULT_MAX_TIME, DEFAULT_WARMUP};
use std::time::Duration;

/// Settings of one direct comparison; `Default` gives the attribute's defaults.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DiffConfig {
    /// Warmup by whole duos: the longest it may take, ending once both routines' rates are
    /// steady (and the pilot holds what the test needs of it), unless `warmup_exact`.
    pub warmup: Duration,
    /// Warm up for all of `warmup` (routines of a millisecond or more may still end it
    /// once steady), as a `warmup = "..."` asked for does; `false` by default.
    pub warmup_exact: bool,
    /// Time budget, warmup included.
    pub max_time: Duration,
    /// Error rate of the verdict.
    pub alpha: f64,
    /// The claim to decide; `None` measures until the ratio is known to `precision`.
    pub claim: Option<Claim>,
    /// Without a claim: stop once the interval's half-width, in log units (≈ relative), is
    /// at most this; 0 measures for the whole budget.
    pub precision: f64,
    /// With a claim: after the verdict, go on measuring until the ratio is known to
    /// `precision`, as without a claim (the verdict stays the one reached when it was
    /// decided; the estimate and interval reported are the longer run's). What `cargo
    /// bench` does; `false` by default.
    pub measure_on: bool,
}

impl Default for DiffConfig {
    fn default() -> Self {
        Self {
            warmup: DEFAULT_WARMUP,
            warmup_exact: false,
            max_time: DEFAULT_MAX_TIME,
            alpha: DEFAULT_ALPHA,
            claim: None,
            precision: DEFAULT_PRECISION,
            measure_on: false,
        }
    }
}

/// Measures `first` against `second` in duos, exactly as `#[bench_diff]` does in bench mode,
/// and returns the full result.
///
/// ```no_run
/// use duobench::{compare, Claim, DiffConfig};
/// let claim = Claim::Above { bound: 1.5, inclusive: false };
/// let config = DiffConfig { claim: Some(claim), ..DiffConfig::default() };
/// let result = compare(|| (0..3_000u64).sum::<u64>(), || (0..1_000u64).sum::<u64>(), &config);
/// println!("ratio {:.3}: {:?}", result.ratio, result.verdict);
/// ```
pub fn compare<O1, O2>(
    first: impl FnMut() -> O1,
    second: impl FnMut() -> O2,
    config: &DiffConfig,
) -> DiffResult {
    compare_observed(first, second, config, None)
}

/// [`compare`], reporting progress to `observe` between duos (see [`run_duos`]).
pub(crate) fn compare_observed<O1, O2>(
    first: impl FnMut() -> O1,
    second: impl FnMut() -> O2,
    config: &DiffConfig,
    observe: Option<&mut dyn FnMut(&DuoProgress)>,
) -> DiffResult {
    let settings = duo_settings(config);
    let run = run_duos(first, second, &settings, observe);
    analysed(&run, settings.timer)
}

/// [`compare_observed`] over any two [`LocalRoutine`]s (routines with untimed inputs) whose
/// batches report `measure`'s values.
pub(crate) fn compare_batches(
    first: impl LocalRoutine,
    second: impl LocalRoutine,
    config: &DiffConfig,
    measure: Measure,
    observe: Option<&mut dyn FnMut(&DuoProgress)>,
) -> DiffResult {
    let settings = DuoSettings {
        metered: !measure.is_wall_clock(),
        keep_preempted: measure.keeps_preempted(),
        ..duo_settings(config)
    };
    let run = run_duo_batches(first, second, &settings, observe);
    analysed(&run, settings.timer)
}

/// The result of a measured run, with this machine's stall rate when the share of duos set
/// aside needs explaining (measured then, right after the run, in up to
/// `MAX_SPINS` spins: runs that set few duos
/// aside pay nothing).
pub(crate) fn analysed(run: &DuoRun, timer: TimerCost) -> DiffResult {
    let mut result = DiffResult::from_run(run, timer);
    // Half a millisecond, so that routines as fast as an empty one are flagged (the doctor).
    result.empty_iteration_ns = Some(empty_iteration_ns(&timer));
    if needs_explaining(&result) {
        result.machine_stalls = Some(stalls_for_comparison(&result, measure_stalls));
    }
    result
}

/// The duo loop's settings for `config`, with this process's timer cost.
pub(crate) fn duo_settings(config: &DiffConfig) -> DuoSettings {
    DuoSettings {
        warmup: if config.warmup_exact {
            WarmupRule::For(config.warmup)
        } else {
            WarmupRule::UntilSteady(config.warmup)
        },
        max_time: config.max_time,
        timer: timer_cost(),
        sequential: SequentialSettings {
            precision: config.precision,
            ..SequentialSettings::new(config.alpha, config.claim, 1)
        },
        measure_on_to: config.measure_on.then_some(config.precision),
        metered: false,
        keep_preempted: false,
        pilot_time: None,
    }
}
