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

pub use analysis::bench_result::BenchResult;
pub use analysis::chart_data::LatencyBins;
pub use analysis::diff_result::DiffResult;
pub use api::bench_fn::{batch_overhead, measure, BatchOverhead, BenchConfig};
pub use api::bencher::Bencher;
pub use api::diff::Diff;
pub use api::diff_fn::{compare, DiffConfig};
pub use decide::p_value::AnytimeP;
pub use decide::verdict::Verdict;
pub use duobench_macros::{bench, bench_diff};
pub use harness::runner::main;
pub use measure::alloc::{AllocCount, CountingAllocator};
pub use measure::budget::Shortfall;
pub use measure::clock::{Clock, ClockReason};
pub use measure::linear::{LinearRun, Sampling};
pub use measure::stalls::{machine_stalls, MachineStalls};
pub use measure::timer::TimerCost;
pub use model::attrs::{Claim, Measure, Throughput};
pub use stats::{Estimate, Line, Outliers, StudentT, Summary, Welch};
pub use std::hint::black_box;

/// The one door through which generated code reaches the runtime. Not a public API.
/// Tools over the `--json` document, for programs that gather results (`cargo duobench
/// merge` joins shards of a suite with them).
pub mod document {
    pub use crate::report::html::document_page;
    pub use crate::report::markdown::markdown_table;
}

#[doc(hidden)]
pub mod __private {
    pub use crate::api::outputs::{set_result_varies, ComparableOutputs, OpaqueOutputs, Outputs};
    pub use crate::api::threads::{compare_threads, iter_threads};
    pub use crate::api::tokio_gate::{
        compare_on_tokio, compare_on_tokio_multi_thread, iter_on_tokio, iter_on_tokio_multi_thread,
    };
    pub use crate::harness::descriptor::{Descriptor, Routine};
    pub use crate::harness::dynamic::{DynamicBench, DynamicRoutine};
    pub use crate::harness::placement::{module_level, AtModuleLevel, InImpl};
    pub use crate::model::attrs::{
        AllocLimit, AttrOptions, Claim, Measure, OnInconclusive, Throughput,
    };
    pub use inventory;

    /// Registers benchmarks known only at run time (declared at `module_path` in `file`),
    /// then runs the harness as [`main`](crate::main) does.
    pub fn main_with(
        benches: Vec<DynamicBench>,
        module_path: &'static str,
        file: &'static str,
    ) -> ! {
        crate::harness::dynamic::register(benches, module_path, file);
        crate::main()
    }

    /// Sets the throughput of a `#[bench]` whose count depends on its argument.
    pub fn set_throughput(bencher: &mut crate::Bencher, throughput: Throughput) {
        bencher.set_throughput(throughput);
    }
}
