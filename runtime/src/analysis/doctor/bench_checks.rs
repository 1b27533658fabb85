//! Checks of one `#[bench]` result: work optimized away, a fixed cost per sample that
//! dominates, and noise.

use super::{Check, Warning};
use crate::analysis::at_median_pace;
use crate::analysis::SetAside;
use crate::analysis::{iterations_as_f64, BenchResult};
use crate::analysis::{judge_severe, severe_at_slow_pace, severe_count};
use crate::stats::{quantile, Line, Points};
use crate::util::{format_ns, three_significant};

/// A slope below `FLOOR_FACTOR · floor + FLOOR_SLACK_NS` is indistinguishable from the empty
/// routine's: one real operation through `black_box` (a load, an add, a store) costs about
/// as much again as the empty iteration, so it lands above this line.
pub(super) const FLOOR_FACTOR: f64 = 1.5;
pub(super) const FLOOR_SLACK_NS: f64 = 0.1;

/// A fixed cost per sample above this share of an average sample is reported.
const SETUP_SHARE: f64 = 0.05;
/// ... when it is also this many standard errors above zero.
const SETUP_SIGNIFICANCE: f64 = 3.0;
/// A fit whose r² is below this is not a line, and its intercept says nothing about setup:
/// samples grow with time, so a machine that changes speed during the run tilts the fit
/// into an intercept that no setup caused (docs/DESIGN-MEASUREMENTS.md).
const SETUP_MIN_R_SQUARED: f64 = 0.95;

/// An interval whose half-width exceeds this share of its estimate is noisy.
const NOISY_HALF_WIDTH: f64 = 0.10;

/// The share of fastest samples that says what the routine costs when the machine runs at
/// its fast pace, to set beside the empty routine's fastest batch.
const FAST_SAMPLES: f64 = 0.10;

/// The time per iteration is at the level of an empty routine measured in the same loop
/// right after. Fast is set beside fast: the empty routine's fastest batch against the
/// lowest of the slope, the median and the fastest tenth of the samples. At a fraction of a
/// nanosecond one cycle is half the time, and a machine's pace moves by that much within a
/// run: an empty-loop median taken in a fast moment can sit below a constant routine's
/// slope (the doctor's unit tests hold such a case).
#[must_use]
pub fn optimized_away(r: &BenchResult) -> Option<Warning> {
    let floor = r.empty_iteration_ns.filter(|_| r.measure.is_wall_clock())?;
    // A result that changes from call to call was computed in the call, however cheaply.
    if r.result_varies == Some(true) {
        return None;
    }
    let per_iteration = r
        .slope
        .point
        .min(r.median.point)
        .min(fast_samples_per_iteration(r));
    let result = if r.result_varies == Some(false) {
        "its result was the same in two calls"
    } else {
        "its result could not be compared (no PartialEq, or not returned)"
    };
    (per_iteration <= FLOOR_FACTOR * floor + FLOOR_SLACK_NS).then(|| Warning {
        check: Check::OptimizedAway,
        finding: format!(
            "{} per iteration, as fast as an empty routine in the same loop ({}), and {result}: \
             the work was probably optimized away, or its result is a constant the compiler \
             computed ahead",
            format_ns(per_iteration),
            format_ns(floor)
        ),
        advice: "pass the inputs through black_box(..) and return the result from the routine, \
                 so the compiler can neither precompute nor drop the work",
    })
}

/// Per-iteration time of the sample at the [`FAST_SAMPLES`] quantile (infinite without
/// samples, so that it never decides the minimum).
fn fast_samples_per_iteration(r: &BenchResult) -> f64 {
    let per_iteration = r.sorted_sample_per_iteration_ns();
    if per_iteration.is_empty() {
        return f64::INFINITY;
    }
    quantile(&per_iteration, FAST_SAMPLES)
}

/// Linear sampling's fit has a large, clearly positive intercept: every sample pays a fixed
/// cost beside its iterations (setup inside the timed batch, a cold cache per sample) — and
/// keeps it when the samples are taken at the machine's median pace, so that a machine that
/// ran slower during the short samples than during the long ones is not taken for setup
/// (a line can fit well and still hold such a drift; docs/DESIGN-MEASUREMENTS.md).
#[must_use]
pub fn setup_dominates(r: &BenchResult) -> Option<Warning> {
    let fit = r.fit?;
    let cost = fixed_cost(&r.run.iters, &r.run.ns, fit)?;
    if !cost.dominates() {
        return None;
    }
    if let Some(paced) = at_median_pace(&r.run.ns, &r.run.pace_ns) {
        let x = iterations_as_f64(&r.run.iters);
        let paced_fit = Points::new(&x, &paced).ok()?.least_squares()?;
        if !fixed_cost(&r.run.iters, &paced, paced_fit).is_some_and(|c| c.dominates()) {
            return None;
        }
    }
    Some(Warning {
        check: Check::SetupDominates,
        finding: format!(
            "every sample pays a fixed {} beside its iterations ({}% of an average sample; \
             linear fit intercept, {} standard errors above zero)",
            format_ns(fit.intercept),
            three_significant(100.0 * cost.share),
            three_significant(fit.intercept / cost.se)
        ),
        advice: "move per-sample setup out of the timed routine (iter_batched makes inputs \
                 untimed); the slope excludes this cost, the mean and median include it",
    })
}

/// A fit's fixed cost per sample, against the samples it was fitted to.
struct FixedCost {
    intercept: f64,
    /// The intercept over the average sample.
    share: f64,
    /// The intercept's standard error.
    se: f64,
}

impl FixedCost {
    fn dominates(&self) -> bool {
        self.share > SETUP_SHARE && self.intercept > SETUP_SIGNIFICANCE * self.se
    }
}

/// `fit`'s intercept as a fixed cost of the samples `ns`; `None` when the fit is not a line
/// (r² below [`SETUP_MIN_R_SQUARED`]) or too few samples.
fn fixed_cost(iters: &[u64], ns: &[f64], fit: Line) -> Option<FixedCost> {
    let n = ns.len();
    if n < 3 || fit.r_squared < SETUP_MIN_R_SQUARED {
        return None;
    }
    let mean_sample_ns = ns.iter().sum::<f64>() / n as f64;
    Some(FixedCost {
        intercept: fit.intercept,
        share: fit.intercept / mean_sample_ns,
        se: intercept_standard_error(iters, ns, fit.intercept, fit.slope)?,
    })
}

/// The ordinary least-squares standard error of the intercept: σ̂·√(1/n + x̄²/Sxx).
fn intercept_standard_error(iters: &[u64], ns: &[f64], intercept: f64, slope: f64) -> Option<f64> {
    let n = ns.len() as f64;
    let x: Vec<f64> = iters.iter().map(|&k| k as f64).collect();
    let x_mean = x.iter().sum::<f64>() / n;
    let sxx: f64 = x.iter().map(|xi| (xi - x_mean).powi(2)).sum();
    let rss: f64 = x
        .iter()
        .zip(ns)
        .map(|(xi, yi)| (yi - intercept - slope * xi).powi(2))
        .sum();
    if sxx <= 0.0 {
        return None;
    }
    let sigma = (rss / (n - 2.0)).sqrt();
    Some(sigma * (1.0 / n + x_mean * x_mean / sxx).sqrt())
}

/// The slope's interval is wide, or more samples are severe high outliers than a tenth and
/// than the machine explains: its stalls and short slower stretches (spun for after the
/// trial), and its pace read beside every sample (`analysis::severe_outliers`).
#[must_use]
pub fn noisy_bench(r: &BenchResult) -> Option<Warning> {
    let half_width = (r.slope.high - r.slope.low) / (2.0 * r.slope.point);
    let finding = if half_width.is_finite() && half_width > NOISY_HALF_WIDTH {
        format!(
            "the per-iteration time is only known to ±{}% ({}% interval)",
            three_significant(100.0 * half_width),
            three_significant(100.0 * r.level)
        )
    } else if let SetAside::Unexplained(explanation) = judge_severe(r) {
        let (severe, n) = severe_count(r);
        let beyond = explanation.map_or_else(String::new, |e| {
            format!(
                ", more than this machine's own stalls explain (about {:.1}%)",
                100.0 * e.expected_share
            )
        });
        let besides = match severe_at_slow_pace(r) {
            0 => String::new(),
            k => format!(" (besides {k} taken while the machine ran slower)"),
        };
        format!("{severe} of {n} samples are severe high outliers{besides}{beyond}")
    } else {
        return None;
    };
    Some(Warning {
        check: Check::HighNoise,
        finding,
        advice: "quiet the machine (close other programs) or give the trial more time \
                 (max_time); to compare two routines on a busy machine, use #[bench_diff], \
                 whose duos cancel the machine's drift",
    })
}
