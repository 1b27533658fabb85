#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

// Layers, lowest first; a module imports only from the layers listed before it
// (checked by tests/layers/; see ARCHITECTURE.md).
mod analysis;
mod api;
mod decide;
mod harness;

#[cfg(test)]
mod fixture;
mod measure;
mod model;
mod report;
mod session;
mod stats;
mod util;

pub use analysis::{BenchResult, DiffResult, LatencyBins};
pub use api::bench_fn::{batch_overhead, measure, BatchOverhead, BenchConfig};
pub use api::bencher::Bencher;
pub use api::diff::Diff;
pub use api::diff_fn::{compare, DiffConfig};
pub use decide::verdict::Verdict;
pub use duobench_macros::{bench, bench_diff};
pub use harness::main;
pub use measure::Shortfall;
pub use measure::TimerCost;
pub use measure::{machine_stalls, MachineStalls};
pub use measure::{AllocCount, CountingAllocator};
pub use measure::{Clock, ClockReason};
pub use measure::{LinearRun, Sampling};
pub use model::{Claim, Measure, Throughput};
pub use stats::{Estimate, Line, Outliers, StudentT, Summary, Welch};
pub use std::hint::black_box;

/// The one door through which generated code reaches the runtime. Not a public API.
/// Tools over the `--json` document, for programs that gather results (`cargo duobench
/// merge` joins shards of a suite with them).
pub mod document {
    pub use crate::report::html::document_page;
    pub use crate::report::markdown_table;
}

#[doc(hidden)]
pub mod __private {
    pub use crate::api::result_varies::{
        set_result_varies, ComparableOutputs, OpaqueOutputs, Outputs,
    };
    pub use crate::api::threads::{compare_threads, iter_threads};
    pub use crate::api::tokio_gate::{compare_on_tokio, iter_on_tokio};
    pub use crate::harness::{module_level, AtModuleLevel, InImpl};
    pub use crate::harness::{Descriptor, Routine};
    pub use crate::harness::{DynamicBench, DynamicRoutine};
    pub use crate::model::{AllocLimit, AttrOptions, Claim, Measure, OnInconclusive, Throughput};
    pub use inventory;

    /// Registers benchmarks known only at run time (declared at `module_path` in `file`),
    /// then runs the harness as [`main`](crate::main) does.
    pub fn main_with(
        benches: Vec<DynamicBench>,
        module_path: &'static str,
        file: &'static str,
    ) -> ! {
        crate::harness::register(benches, module_path, file);
        crate::main()
    }

    /// Sets the throughput of a `#[bench]` whose count depends on its argument.
    pub fn set_throughput(bencher: &mut crate::Bencher, throughput: Throughput) {
        bencher.set_throughput(throughput);
    }
}
