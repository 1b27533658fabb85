//! Results: a `#[bench]`'s and a comparison's result from measured runs, the change against a
//! baseline, drift, and the data behind the charts.

mod bench_result;
mod change;
mod chart_data;
mod diff_result;
mod drift;

pub use bench_result::BenchResult;
pub(crate) use bench_result::{bootstrap, bootstrap_pilot, iterations_as_f64};
pub(crate) use change::{compare_runs, Change, ChangeVerdict, RunSamples, DEFAULT_NOISE_THRESHOLD};
pub use chart_data::LatencyBins;
#[cfg(feature = "html")]
pub(crate) use chart_data::{robust_range, HISTOGRAM_BINS};
pub use diff_result::DiffResult;
pub use drift::Drift;
