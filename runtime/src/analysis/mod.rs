//! Analysis: pure functions from measured data to results, changes against a baseline and
//! chart data. No I/O, no clock.

pub mod bench_result;
pub mod change;
pub mod chart_data;
pub mod diff_result;
pub mod doctor;
pub mod drift;
pub mod machine_noise;
pub mod machine_pace;
pub mod memory_growth;
pub mod severe_outliers;
