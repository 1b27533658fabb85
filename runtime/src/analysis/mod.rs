//! Analysis: pure functions from measured data to results and to what the machine explains
//! of them. No I/O, no clock. Its files are private: other layers import the names
//! re-exported here.
//!
//! Results:
//! - `bench_result`: what a `#[bench]` measured, computed once from its linear run;
//! - `diff_result`: what a comparison found, computed once from its duo run;
//! - `ratio_means`: the two means a comparison's ratio is of, so the ratio can be checked;
//! - `per_call`: per-call figures counted under Valgrind, and a `#[bench]`'s run from them;
//! - `counted_diff`: a comparison decided on counts rather than on duos;
//! - `over_rounds`: the details of a cross-version result that combines rounds;
//! - `paired_result`: a `#[bench]` paired with a baseline's executable, or why it could not
//!   be and what the regression gate makes of that;
//! - `change`: how far a `#[bench]` moved since its saved baseline, and how sure that is;
//! - `drift`: whether the ratio moved between the run's two halves;
//! - `chart_data`: what the HTML charts need, in memory that does not grow with the run.
//!
//! Diagnostics:
//! - `machine_noise`: whether the machine's stalls explain the duos a comparison set aside;
//! - `severe_outliers`: the same rule for a `#[bench]`'s severe outliers;
//! - `machine_pace`: the samples the machine slowed, the run without them, and the samples
//!   at its median pace;
//! - `machine_wait`: the samples the thread's wait for a core disturbed, and the run
//!   without them (or scaled to its time on the core);
//! - `memory_growth`: memory that keeps growing with the iteration count;
//! - `doctor`: the benchmark doctor's checks, each warning with what to do.

mod bench_result;
mod change;
mod chart_data;
mod counted_diff;
mod diff_result;
mod doctor;
mod drift;
mod machine_noise;
mod machine_pace;
mod machine_wait;
mod memory_growth;
mod over_rounds;
mod paired_result;
mod per_call;
mod ratio_means;
mod severe_outliers;

pub use bench_result::BenchResult;
pub(crate) use bench_result::{bootstrap, bootstrap_pilot, iterations_as_f64};
pub(crate) use change::{
    change_with_none, compare_runs, Change, ChangeVerdict, MachineDifference, RunMachine,
    RunSamples, DEFAULT_NOISE_THRESHOLD,
};
#[cfg(feature = "html")]
pub(crate) use chart_data::robust_range;
pub use chart_data::LatencyBins;
pub(crate) use chart_data::{thin, HISTOGRAM_BINS, MAX_SERIES_POINTS};
pub use diff_result::{DecidedEarly, DiffResult};
pub(crate) use doctor::{bench_warnings, diff_warnings, run_warnings, Warning};
#[cfg(test)]
pub(crate) use doctor::{debug_build, long_name, many_set_aside};
pub(crate) use drift::drift;
pub use drift::Drift;
pub(crate) use machine_noise::{
    judge_set_aside, needs_explaining, set_aside_count, spin_until_explained, stall_explanation,
    stalls_for_comparison, SetAside, StallExplanation, FEWEST_DUOS,
};
pub(crate) use machine_pace::at_median_pace;
pub(crate) use machine_pace::set_aside_slow_samples;
pub(crate) use machine_wait::set_aside_waiting_samples;
pub(crate) use memory_growth::memory_growth;
pub use memory_growth::MemoryGrowth;
pub use over_rounds::OverRounds;
pub(crate) use paired_result::{PairedResult, Unpairable, UnpairedGate};
pub(crate) use per_call::{counted_linear_run, SegmentPair};
pub use per_call::{Counted, PerCall};
pub use ratio_means::RatioMeans;
pub(crate) use severe_outliers::{
    judge_severe, judge_severe_with, severe_at_slow_pace, severe_count, severe_needs_explaining,
};
