//! The duo loop of `#[bench_diff]`. Its steps:
//! - `one_duo`: one duo, four timed batches in alternating order with the OS's evidence;
//! - `sizes`: each routine's batch size, so that a pair compares like with like;
//! - `cost`: what a duo costs, so the budget can say whether a decision still fits;
//! - `clock`: which clock judges the comparison, wall time or the thread's CPU time;
//! - `screen`: the duos the OS shows the machine interfered with, kept from the test;
//! - `simulation`: the screen's error rates under simulated preemption (tests only).
//!
//! The loop itself is `run` (with its `settings`), in its phases: `warmup` (which ends by
//! `steadiness`, when both routines' rates are steady), `blocks` (the block length and the
//! tests' set-up) and `measuring` (duos until the test decides or the budget ends), with
//! `progress` reports to the caller.

mod blocks;
mod clock;
mod cost;
mod measuring;
mod one_duo;
mod progress;
mod run;
mod screen;
mod settings;
#[cfg(test)]
mod simulation;
mod sizes;
mod steadiness;
mod warmup;

pub use clock::{Clock, ClockReason};
pub(crate) use one_duo::ThreadCounters;
pub(crate) use progress::DuoProgress;
pub(crate) use run::{run_duo_batches, run_duos, run_duos_probed, DuoRun};
pub(crate) use screen::MATERIAL_PREEMPTION;
pub(crate) use settings::DuoSettings;
pub(crate) use steadiness::WarmupRule;

#[cfg(test)]
pub(crate) use screen::Evidence;
