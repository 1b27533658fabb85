#![doc = include_str!("../../README.md")]
#![warn(missing_docs)]

mod analysis;
mod bencher;
mod cli;
mod descriptor;
mod diff;
mod direct;
mod measure;
mod options;
mod panic;
mod registry;
mod report;
mod runner;
pub mod stats;
mod units;

pub use analysis::diff_result::DiffResult;
pub use analysis::verdict::Verdict;
pub use bencher::Bencher;
pub use descriptor::{AttrOptions, Claim, Descriptor, OnInconclusive, Routine, Throughput};
pub use diff::Diff;
pub use direct::{compare, DiffConfig};
pub use duobench_macros::{bench, bench_diff};
pub use measure::timer::TimerCost;
pub use runner::main;
pub use std::hint::black_box;

/// The one door through which generated code reaches the runtime. Not a public API.
#[doc(hidden)]
pub mod __private {
    pub use crate::descriptor::{
        AttrOptions, Claim, Descriptor, OnInconclusive, Routine, Throughput,
    };
    pub use inventory;
}
