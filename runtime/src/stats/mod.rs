//! The statistics layer: pure functions over checked samples.
//!
//! Nothing here does I/O or reads a clock. Every statistic takes a [`Sample`] (at least two
//! finite observations) or plain numbers, returns `#[must_use]` data, and documents its
//! method and cost. Accuracy is checked against SciPy in `tests/reference.rs` and
//! `tests/bench_reference.rs` (reference values from `scripts/reference_stats.py` and
//! `scripts/reference_bench.py`, kept in `runtime/tests/fixtures/`).
//!
//! Its folders group the statistics by job; their re-exports below are the interface:
//!
//! - `descriptive/`: [`Sample`], [`SampleError`], the checked input; [`Summary`],
//!   [`quantile`], [`median`], [`mad`]; [`tukey`] → [`Outliers`], Tukey-fence outlier counts;
//!   [`LatencyHistogram`], per-iteration times in bounded memory (HDR histogram);
//!   [`Points`] → [`Line`], least-squares slopes of linear-sampling data (`#[bench]`).
//! - `distributions/`: [`t_cdf`], [`t_sf`], [`t_two_sided_p`], [`t_quantile`],
//!   [`normal_cdf`], [`normal_quantile`], to about 1e-13 relative.
//! - `t_tests/`: [`student_t`] → [`TTest`], one-sample t-test and interval (paired
//!   log-differences); [`welch`] → [`TTest`], two-sample unequal-variance t-test (log
//!   latencies).
//! - `sequential/`: [`ConfidenceSequence`], [`RunningMoments`], the anytime-valid interval
//!   used to stop early and the streaming moments it is fed; [`ratio_of_means`] →
//!   [`RatioOfMeans`], the log ratio of two means from paired block sums (delta method);
//!   [`long_run_factor`], how much dependence between observations inflates the variance of
//!   their mean (overlapping batch means).
//! - `resampling/`: [`Bootstrap`], [`linear_estimates`], [`slope_change`], seeded
//!   percentile-bootstrap intervals (checked against `scripts/reference_bench.py`), and
//!   [`SplitMix64`], the seeded generator they draw from.

// The statistics are a toolkit checked as a whole against SciPy (`tests/reference.rs`):
// distribution tails, the generator's normal draws and the confidence sequence's parameters
// are pinned there and used by the simulations, though the measuring code calls only part of
// them, and the re-exports below are the layer's whole interface; unused-item lints are off.
#![allow(dead_code, unused_imports)]

mod descriptive;
mod distributions;
mod resampling;
mod sequential;
mod t_tests;

#[cfg(test)]
mod tests;

pub use descriptive::{
    mad, median, quantile, tukey, LatencyHistogram, Line, Outliers, Points, PointsError, Sample,
    SampleError, Summary, TukeyFences,
};
pub use distributions::{normal_cdf, normal_quantile, t_cdf, t_quantile, t_sf, t_two_sided_p};
pub use resampling::{
    index_below, linear_estimates, percentile_interval, slope_change, Bootstrap, Estimate,
    LinearEstimates, SplitMix64, DEFAULT_RESAMPLES, DEFAULT_SEED,
};
pub use sequential::{
    long_run_factor, ratio_of_means, ConfidenceSequence, PairedSums, RatioOfMeans, RunningMoments,
    MIN_LONG_RUN_SERIES,
};
pub use t_tests::{student_t, welch, TTest};
