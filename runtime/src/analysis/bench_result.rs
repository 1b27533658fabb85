//! What a `#[bench]` measured: per-iteration estimates with bootstrap intervals, the
//! distribution of per-iteration times, and outlier counts, computed once from a finished
//! linear-sampling run.

use super::per_call::Counted;
use crate::measure::LinearRun;
use crate::measure::MachineStalls;
use crate::measure::OsUsage;
use crate::measure::TimerCost;
use crate::measure::DEFAULT_MEASURE;
use crate::model::Measure;
use crate::model::Throughput;
use crate::stats::{
    linear_estimates, tukey, weighted_summary, Bootstrap, Estimate, Line, Outliers, Points,
    PointsError, Sample, SampleError, Summary, DEFAULT_RESAMPLES, DEFAULT_SEED,
};
use std::time::Duration;

/// The result of one `#[bench]`.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct BenchResult {
    /// Per-iteration time in nanoseconds: the least-squares slope of sample time against
    /// iterations through the origin, with its bootstrap interval. The headline figure.
    pub slope: Estimate,
    /// Mean of the samples' per-iteration times (time / iterations), in nanoseconds.
    pub mean: Estimate,
    /// Median of the samples' per-iteration times, in nanoseconds.
    pub median: Estimate,
    /// Confidence level of the three intervals, e.g. 0.95.
    pub level: f64,
    /// Bootstrap resamples behind the intervals (and the baseline comparison's): 10,000,
    /// or fewer where the time budget left after sampling held no more.
    pub resamples: usize,
    /// The fit with an intercept, for its r² (does time grow linearly with iterations?).
    /// Its intercept, the fixed cost per sample left after the clock's overhead was
    /// subtracted, is poorly determined: the noise of the longest samples swamps it. `None`
    /// under flat sampling.
    pub fit: Option<Line>,
    /// Distribution of per-iteration times over all iterations (each iteration counted at
    /// its sample's mean).
    pub per_iteration: Option<Summary>,
    /// Tukey-fence classification of the samples' per-iteration times (none are dropped).
    pub outliers: Outliers,
    /// Work per iteration, from `throughput = ...`.
    pub throughput: Option<Throughput>,
    /// The measured samples.
    pub run: LinearRun,
    /// Clock cost at start-up, subtracted from every timed batch.
    pub timer: TimerCost,
    /// What the per-iteration values are (see [`crate::result::DiffResult::measure`]).
    pub measure: Measure,
    /// Async routines: what the built-in executor adds to each iteration, in nanoseconds
    /// (included in the figures; `None` for plain routines).
    pub executor_overhead_ns: Option<f64>,
    /// Async routines: which executor ran them, `built-in` or `tokio` (`None` for plain
    /// routines).
    pub executor: Option<&'static str>,
    /// Whether two calls of a returning routine gave different results (`None`: not known,
    /// the result type has no `PartialEq`, or the routine is not of the returning form).
    pub result_varies: Option<bool>,
    /// Peak-memory growth and context switches during the trial (`None` where the
    /// platform does not count them).
    pub os: Option<OsUsage>,
    /// What one iteration of an empty routine cost in the same batch loop, measured right
    /// after the trial, in nanoseconds (`None` where not measured: other measures than wall
    /// time, inputs, async and custom timing). The doctor compares the slope with it.
    pub empty_iteration_ns: Option<f64>,
    /// `measure = allocations`: bytes allocated per iteration (over 64 iterations after the
    /// run; `None` for other measures).
    pub alloc_bytes_per_iteration: Option<f64>,
    /// This machine's stalls, measured right after the trial when more than a tenth of the
    /// samples were severe outliers (`analysis::severe_outliers` judges them against it);
    /// `None` otherwise.
    pub machine_stalls: Option<MachineStalls>,
    /// Counted under Valgrind instead of timed: the per-call figures, which the run's
    /// points are made of (`analysis::counted_linear_run`).
    pub counted: Option<Counted>,
}

impl BenchResult {
    /// Analyses a finished run, with intervals at `level`.
    ///
    /// # Errors
    ///
    /// If the run has fewer than two samples (the measurement always takes at least ten).
    pub fn from_run(
        run: LinearRun,
        timer: TimerCost,
        level: f64,
        throughput: Option<Throughput>,
    ) -> Result<Self, PointsError> {
        Self::from_run_resampled(run, timer, level, throughput, DEFAULT_RESAMPLES)
    }

    /// [`BenchResult::from_run`] with `resamples` bootstrap resamples.
    ///
    /// # Errors
    ///
    /// As [`BenchResult::from_run`].
    pub fn from_run_resampled(
        run: LinearRun,
        timer: TimerCost,
        level: f64,
        throughput: Option<Throughput>,
        resamples: usize,
    ) -> Result<Self, PointsError> {
        let x = iterations_as_f64(&run.iters);
        let points = Points::new(&x, &run.ns)?;
        let estimates = linear_estimates(points, &bootstrap(resamples), level);
        let ratios = points.ratios();
        // Ratios of checked points with x ≥ 1 are finite; map the error all the same.
        let per_iter = Sample::new(&ratios).map_err(|e| match e {
            SampleError::TooFew { n } => PointsError::TooFew { n },
            SampleError::NotFinite { index, .. } => PointsError::Invalid { index },
        })?;
        let outliers = tukey(per_iter);
        Ok(Self {
            slope: estimates.slope,
            mean: estimates.mean,
            median: estimates.median,
            level,
            resamples,
            fit: points.least_squares(),
            per_iteration: weighted_summary(per_iter, &run.iters),
            outliers,
            throughput,
            run,
            timer,
            measure: DEFAULT_MEASURE,
            executor_overhead_ns: None,
            executor: None,
            result_varies: None,
            os: None,
            empty_iteration_ns: None,
            alloc_bytes_per_iteration: None,
            machine_stalls: None,
            counted: None,
        })
    }

    /// Iterations timed in all samples.
    #[must_use]
    pub fn total_iters(&self) -> u64 {
        self.run.iters.iter().sum()
    }

    /// Warmup plus sampling.
    #[must_use]
    pub fn total_time(&self) -> Duration {
        self.run.warmup_time + self.run.measure_time
    }

    /// Each sample's time per iteration (time / iterations), finite ones only, sorted
    /// ascending, in nanoseconds.
    #[must_use]
    pub fn sorted_sample_per_iteration_ns(&self) -> Vec<f64> {
        let mut per_iter: Vec<f64> = self
            .run
            .iters
            .iter()
            .zip(&self.run.ns)
            .map(|(&k, &ns)| ns / k as f64)
            .filter(|x| x.is_finite())
            .collect();
        per_iter.sort_by(f64::total_cmp);
        per_iter
    }
}

/// The reports' seeded bootstrap with `resamples` resamples.
#[must_use]
pub fn bootstrap(resamples: usize) -> Bootstrap {
    Bootstrap {
        resamples,
        seed: DEFAULT_SEED,
    }
}

/// The bootstrap of [`BenchResult::from_run`] with `resamples` resamples over `n` synthetic
/// samples of linear sampling: what the analysis budget times before sampling.
pub fn bootstrap_pilot(n: usize, resamples: usize, level: f64) {
    let x: Vec<f64> = (1..=n.max(2)).map(|i| i as f64).collect();
    // A little spread, so that the median's selection does as much work as on real samples.
    let ns: Vec<f64> = x
        .iter()
        .map(|&i| i * (10.0 + (i * 0.618).fract()))
        .collect();
    if let Ok(points) = Points::new(&x, &ns) {
        let _ = std::hint::black_box(linear_estimates(points, &bootstrap(resamples), level));
    }
}

/// Iteration counts as the x coordinates of a fit.
#[must_use]
pub fn iterations_as_f64(iters: &[u64]) -> Vec<f64> {
    iters.iter().map(|&k| k as f64).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::bench_runs::{result, run, TIMER};
    use crate::measure::Sampling;

    #[test]
    fn a_linear_run_is_summarised() {
        let r = result(run(2.0, 40, 1_000, Some((7_000, 1.5))), None);
        assert!((r.slope.point - 2.0).abs() < 0.05, "{:?}", r.slope);
        assert!(r.slope.low <= r.slope.point && r.slope.point <= r.slope.high);
        assert!((r.median.point - 2.0).abs() < 0.01, "{:?}", r.median);
        assert!(r.outliers.high_severe >= 1, "{:?}", r.outliers);
        let fit = r.fit.unwrap();
        assert!(fit.slope > 1.9 && fit.slope < 2.1, "{fit:?}");
        let per_iter = r.per_iteration.unwrap();
        assert_eq!(per_iter.n as u64, r.total_iters());
        assert_eq!(r.total_iters(), 1_000 * 40 * 41 / 2);
        assert_eq!(r.total_time(), Duration::from_millis(1_700));
    }

    #[test]
    fn too_few_samples_is_an_error() {
        let mut short = run(2.0, 1, 1_000, None);
        short.sampling = Sampling::Flat { iters: 1_000 };
        let e = BenchResult::from_run(short, TIMER, 0.95, None).unwrap_err();
        assert_eq!(e, PointsError::TooFew { n: 1 });
    }
}
