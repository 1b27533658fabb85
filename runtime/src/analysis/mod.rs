//! Analysis: pure functions from measured data to results (`results`: a benchmark's and a
//! comparison's result, the change against a baseline, drift, chart data) and diagnostics
//! (`diagnostics`: what the machine's stalls and pace explain, memory growth, the doctor's
//! checks). No I/O, no clock. Its files are private: other layers import the names
//! re-exported here.

mod diagnostics;
mod results;

pub use diagnostics::MemoryGrowth;
pub(crate) use diagnostics::{
    at_median_pace, bench_warnings, diff_warnings, judge_set_aside, judge_severe,
    judge_severe_with, memory_growth, needs_explaining, run_warnings, set_aside_count,
    severe_at_slow_pace, severe_count, severe_needs_explaining, spin_until_explained,
    stall_explanation, stalls_for_comparison, SetAside, StallExplanation, Warning, FEWEST_DUOS,
};
#[cfg(test)]
pub(crate) use diagnostics::{debug_build, long_name, many_set_aside};
#[cfg(feature = "html")]
pub(crate) use results::robust_range;
pub(crate) use results::{
    bootstrap, bootstrap_pilot, compare_runs, iterations_as_f64, Change, ChangeVerdict, RunSamples,
    DEFAULT_NOISE_THRESHOLD,
};
pub(crate) use results::{counted_linear_run, SegmentPair};
pub(crate) use results::{drift, thin, HISTOGRAM_BINS, MAX_SERIES_POINTS};
pub use results::{
    BenchResult, Counted, DiffResult, Drift, LatencyBins, OverRounds, PerCall, RatioMeans,
};
