//! Analysis: pure functions from measured data to estimates and verdicts. No I/O, no clock.

pub mod bench_result;
pub mod change;
pub mod chart_data;
pub mod diff_result;
pub mod drift;
pub mod duo_times;
pub mod fence;
pub mod ownership;
pub mod sequential;
#[cfg(test)]
mod simulation;
#[cfg(test)]
mod simulation_robust;
pub mod verdict;
