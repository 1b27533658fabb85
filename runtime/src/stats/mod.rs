//! The statistics layer: pure functions over checked samples.
//!
//! Nothing here does I/O or reads a clock. Every statistic takes a [`Sample`] (at least two
//! finite observations) or plain numbers, returns `#[must_use]` data, and documents its
//! method and cost. Accuracy is checked against SciPy in `tests/reference.rs` and
//! `tests/bench_reference.rs` (reference values from `scripts/reference_stats.py` and
//! `scripts/reference_bench.py`, kept in `runtime/tests/fixtures/`).
//!
//! - [`Sample`], [`SampleError`]: the checked input.
//! - [`Summary`], [`quantile`], [`median`], [`mad`]: descriptive statistics.
//! - [`t_cdf`], [`t_sf`], [`t_two_sided_p`], [`t_quantile`], [`normal_cdf`], [`normal_quantile`]:
//!   distributions, to about 1e-13 relative.
//! - [`student_t`] → [`TTest`]: one-sample t-test and interval (paired log-differences).
//! - [`welch`] → [`TTest`]: two-sample unequal-variance t-test (log latencies).
//! - [`ConfidenceSequence`], [`RunningMoments`]: the anytime-valid interval used to stop
//!   early, and the streaming moments it is fed.
//! - [`ratio_of_means`] → [`RatioOfMeans`]: the log ratio of two means from paired block
//!   sums (delta method).
//! - [`long_run_factor`]: how much dependence between observations inflates the variance of
//!   their mean (overlapping batch means).
//! - [`Points`] → [`Line`]: least-squares slopes of linear-sampling data (`#[bench]`).
//! - [`Bootstrap`], [`linear_estimates`], [`slope_change`]: seeded percentile-bootstrap
//!   intervals (checked against `scripts/reference_bench.py`).
//! - [`tukey`] → [`Outliers`]: Tukey-fence outlier counts.
//! - [`LatencyHistogram`]: per-iteration times in bounded memory (HDR histogram).

// The statistics are a toolkit checked as a whole against SciPy (`tests/reference.rs`):
// distribution tails, the generator's normal draws and the confidence sequence's parameters
// are pinned there and used by the simulations, though the measuring code calls only part of
// them, and the re-exports below are the layer's whole interface; unused-item lints are off.
#![allow(dead_code, unused_imports)]

mod beta;
mod bootstrap;
mod dist;
mod gamma;
mod histogram;
mod inverse;
mod long_run;
mod moments;
mod outliers;
mod ratio_of_means;
mod regression;
mod rng;
mod sample;
mod sequence;
mod student;
mod summary;
mod t_test;
mod welch;

#[cfg(test)]
mod tests;

pub use bootstrap::{
    index_below, linear_estimates, percentile_interval, slope_change, Bootstrap, Estimate,
    LinearEstimates, DEFAULT_RESAMPLES, DEFAULT_SEED,
};
pub use dist::{normal_cdf, t_cdf, t_sf, t_two_sided_p};
pub use histogram::LatencyHistogram;
pub use inverse::{normal_quantile, t_quantile};
pub use long_run::{long_run_factor, long_run_resolved, MIN_LONG_RUN_SERIES};
pub use moments::RunningMoments;
pub use outliers::{tukey, Outliers, TukeyFences};
pub use ratio_of_means::{ratio_of_means, PairedSums, RatioOfMeans};
pub use regression::{Line, Points, PointsError};
pub use rng::SplitMix64;
pub use sample::{Sample, SampleError};
pub use sequence::ConfidenceSequence;
pub use student::student_t;
pub use summary::{mad, median, quantile, Summary};
pub use t_test::TTest;
pub use welch::welch;
