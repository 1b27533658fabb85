//! Diagnostics: the share of set-aside duos the machine's stalls explain, severe outliers at a
//! slow pace, samples at the machine's median pace, memory growth, and the doctor's checks
//! (`doctor`).

mod doctor;
mod machine_noise;
mod machine_pace;
mod memory_growth;
mod severe_outliers;

pub(crate) use doctor::{bench_warnings, diff_warnings, run_warnings, Warning};
#[cfg(test)]
pub(crate) use doctor::{debug_build, long_name, many_set_aside};
pub(crate) use machine_noise::{
    judge_set_aside, needs_explaining, set_aside_count, spin_until_explained, stall_explanation,
    stalls_for_comparison, SetAside, StallExplanation, FEWEST_DUOS,
};
pub(crate) use machine_pace::at_median_pace;
pub(crate) use memory_growth::memory_growth;
pub use memory_growth::MemoryGrowth;
pub(crate) use severe_outliers::{
    judge_severe, judge_severe_with, severe_at_slow_pace, severe_count, severe_needs_explaining,
};
