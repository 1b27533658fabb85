//! Analysis: pure functions from measured data to estimates and verdicts. No I/O, no clock.

pub mod bench_result;
pub mod change;
pub mod chart_data;
pub mod diff_result;
pub mod fence;
pub mod sequential;
#[cfg(test)]
mod simulation;
pub mod verdict;
