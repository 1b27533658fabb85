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
//!   [`weighted_summary`], the same over values counted with weights (a run's per-iteration
//!   times, each counted once per iteration);
//!   [`Points`] → [`Line`], least-squares slopes of linear-sampling data (`#[bench]`).
//! - `distributions/`: [`t_two_sided_p`], [`t_quantile`], Student's t from statrs (with
//!   the Cornish–Fisher expansion for the quantile at large df, where statrs' is wrong).
//! - `t_tests/`: [`student_t`] → [`TTest`], one-sample t-test and interval (paired
//!   log-differences); [`welch`] → [`TTest`], two-sample unequal-variance t-test (log
//!   latencies).
//! - `sequential/`: [`ConfidenceSequence`], the anytime-valid interval used to stop early
//!   (and, for tests, `RunningMoments`, the streaming moments it can be fed);
//!   [`ratio_of_means`] → `RatioOfMeans`, the log ratio of two means from paired block
//!   sums (delta method);
//!   [`long_run_factor`], how much dependence between observations inflates the variance of
//!   their mean (overlapping batch means).
//! - `resampling/`: [`Bootstrap`], [`linear_estimates`], [`slope_change`], seeded
//!   percentile-bootstrap intervals (checked against `scripts/reference_bench.py`), and
//!   [`SplitMix64`], the seeded generator they and the simulations draw from.

mod descriptive;
mod distributions;
mod resampling;
mod sequential;
mod t_tests;

#[cfg(test)]
mod tests;

pub use descriptive::{
    mad, median, quantile, tukey, weighted_summary, Line, Outliers, Points, PointsError, Sample,
    SampleError, Summary,
};
pub use distributions::{t_quantile, t_two_sided_p};
pub use resampling::{
    linear_estimates, slope_change, Bootstrap, Estimate, SplitMix64, DEFAULT_RESAMPLES,
    DEFAULT_SEED,
};
pub use sequential::{long_run_factor, ratio_of_means, ConfidenceSequence, PairedSums};

// What only the layer's tests and the simulations use.
#[cfg(test)]
pub use resampling::index_below;
#[cfg(test)]
pub use sequential::RunningMoments;
pub use t_tests::{student_t, welch, TTest};
