//! Results: a `#[bench]`'s and a comparison's result from measured runs, the change against a
//! baseline, drift, and the data behind the charts.

mod bench_result;
mod change;
mod chart_data;
mod counted;
mod counted_diff;
mod diff_result;
mod drift;
mod over_rounds;
mod ratio_means;

pub use bench_result::BenchResult;
pub(crate) use bench_result::{bootstrap, bootstrap_pilot, iterations_as_f64};
pub(crate) use change::{compare_runs, Change, ChangeVerdict, RunSamples, DEFAULT_NOISE_THRESHOLD};
#[cfg(feature = "html")]
pub(crate) use chart_data::robust_range;
pub use chart_data::LatencyBins;
pub(crate) use chart_data::{thin, HISTOGRAM_BINS, MAX_SERIES_POINTS};
pub(crate) use counted::{counted_linear_run, SegmentPair};
pub use counted::{Counted, PerCall};
pub use diff_result::DiffResult;
pub(crate) use drift::drift;
pub use drift::Drift;
pub use over_rounds::OverRounds;
pub use ratio_means::RatioMeans;
