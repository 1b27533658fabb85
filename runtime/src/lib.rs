#![doc = include_str!("../../README.md")]
#![warn(missing_docs)]

mod analysis;
mod atomic_file;
mod baseline;
mod bencher;
mod cli;
mod descriptor;
mod diff;
mod direct;
mod direct_bench;
mod measure;
mod options;
mod panic;
mod progress;
mod registry;
mod report;
mod runner;
pub mod stats;
mod target_dir;
mod units;
mod versions;

pub use analysis::bench_result::BenchResult;
pub use analysis::chart_data::LatencyBins;
pub use analysis::diff_result::DiffResult;
pub use analysis::verdict::Verdict;
pub use bencher::Bencher;
pub use descriptor::{AttrOptions, Claim, Descriptor, OnInconclusive, Routine, Throughput};
pub use diff::Diff;
pub use direct::{compare, DiffConfig};
pub use direct_bench::{batch_overhead, measure, BatchOverhead, BenchConfig};
pub use duobench_macros::{bench, bench_diff};
pub use measure::linear::{LinearRun, Sampling};
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
