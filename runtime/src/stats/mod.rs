//! The statistics layer: pure functions over checked samples.
//!
//! Nothing here does I/O or reads a clock. Every statistic takes a [`Sample`] (at least two
//! finite observations) or plain numbers, returns `#[must_use]` data, and documents its
//! method and cost. Accuracy is checked against SciPy in `tests` (reference values from
//! `scripts/reference_stats.py` and `scripts/reference_bench.py`, kept in
//! `runtime/tests/fixtures/`). The files, by job, with the names re-exported here:
//!
//! What a sample shows:
//! - `sample`: [`Sample`], [`SampleError`], the checked input every statistic may rely on;
//! - `summary`: [`Summary`], and [`quantile`], [`median`], [`mad`] over sorted slices;
//! - `weighted`: [`weighted_summary`], the same over values counted with weights (a run's
//!   per-iteration times, each counted once per iteration);
//! - `outliers`: [`tukey`] → [`Outliers`], Tukey-fence outlier counts;
//! - `regression`: [`Points`] → [`Line`], least-squares slopes of linear-sampling data.
//!
//! Student's t:
//! - `t_distribution`: [`t_two_sided_p`], [`t_quantile`], the distribution from statrs;
//! - `cornish_fisher`: its quantile at large df, where statrs' is wrong;
//! - `student`: [`student_t`] → [`TTest`], the one-sample test and interval (paired
//!   log-differences);
//! - `welch`: [`welch`] → [`TTest`], the two-sample unequal-variance test (log latencies);
//! - `t_test`: [`TTest`], what both tests report.
//!
//! The sequential test's machinery:
//! - `sequence`: [`ConfidenceSequence`], the anytime-valid interval used to stop early;
//! - `scheduled`: `ScheduledLooks`, Student's t at a fixed schedule of counts, alpha
//!   shared among them (a union bound; the alternative to it the simulations measure);
//! - `moments`: `RunningMoments`, the streaming moments it can be fed (tests only);
//! - `ratio_of_means`: [`ratio_of_means`], the log ratio of two means from paired block
//!   sums (delta method);
//! - `long_run`: [`long_run_factor`], how much dependence between observations inflates
//!   the variance of their mean (overlapping batch means).
//!
//! Resampling:
//! - `bootstrap`: [`Bootstrap`], [`linear_estimates`], [`slope_change`], seeded
//!   percentile-bootstrap intervals;
//! - `rng`: [`SplitMix64`], the seeded generator they and the simulations draw from.

mod bootstrap;
mod cornish_fisher;
mod long_run;
#[cfg(test)]
mod moments;
mod outliers;
mod ratio_of_means;
mod regression;
mod rng;
mod sample;
mod scheduled;
mod sequence;
mod student;
mod summary;
mod t_distribution;
mod t_test;
mod weighted;
mod welch;

#[cfg(test)]
mod tests;

#[cfg(test)]
pub use bootstrap::index_below;
pub use bootstrap::{
    linear_estimates, slope_change, Bootstrap, Estimate, DEFAULT_RESAMPLES, DEFAULT_SEED,
};
pub use long_run::long_run_factor;
#[cfg(test)]
pub use moments::RunningMoments;
pub use outliers::{tukey, Outliers};
pub use ratio_of_means::{ratio_of_means, PairedSums};
pub use regression::{Line, Points, PointsError};
pub use rng::SplitMix64;
pub use sample::{Sample, SampleError};
pub use scheduled::ScheduledLooks;
pub use sequence::ConfidenceSequence;
pub use student::student_t;
pub use summary::{mad, median, quantile, Summary};
pub use t_distribution::{t_quantile, t_two_sided_p};
pub use t_test::TTest;
pub use weighted::weighted_summary;
pub use welch::welch;
