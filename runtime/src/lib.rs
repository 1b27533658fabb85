// The README's links are reference links with two sets of definitions: these, first, which
// rustdoc follows as intra-doc links (the first definition of a label wins), and the
// README's own at its end, to the same pages on docs.rs, for GitHub and crates.io, which show
// the README alone (runtime/tests/docs_surface.rs checks that they agree).
#![doc = include_str!("../doc/readme_links.md")]
#![doc = include_str!("../README.md")]
//!
//! # Where to read on
//!
//! The [`guide`] has a chapter for each topic; every option of [`macro@bench`] and
//! [`macro@bench_diff`] has a section and an example on the attribute; what a measurement
//! returns is under [`result`].
#![warn(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

// The layers, in alphabetical order (rustfmt keeps it). From the top down they are harness,
// api, report, session, analysis, measure, decide, stats, model and util; a module imports
// only from its own layer or the ones below it (checked by tests/layers/; see
// ARCHITECTURE.md).
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

pub use api::{batch_overhead, compare, measure, BenchConfig, Bencher, Diff, DiffConfig};
#[doc = include_str!("../doc/attributes/bench.md")]
pub use duobench_macros::bench;
#[doc = include_str!("../doc/attributes/bench_diff.md")]
pub use duobench_macros::bench_diff;
pub use harness::main;
pub use measure::CountingAllocator;
pub use model::Claim;
pub use std::hint::black_box;

/// Measurements of your own: implement [`Measurement`](measurement::Measurement) and name it
/// in an attribute, `#[bench(measure = Cycles)]` or `#[bench_diff(measure = Cycles, ratio <
/// 0.9)]`; claims on it are judged with the same paired procedure and error rates as wall
/// time. The built-in measures (`wall`, `cpu_time`, `allocations`, `instructions`,
/// `cachegrind`) are named as they are. The [measures chapter](crate::guide::measures) of
/// the guide defines two.
pub mod measurement {
    pub use crate::model::{Kind, Measurement, Throughput, ValueFormatter};

    /// The built-in measures, by the names attributes and `--measure` write
    /// (`measure = cpu_time`): what [`result::Measure`](crate::result::Measure) a trial
    /// measured is one of these or a [`Measurement`] of the user's own.
    pub mod built_in {
        pub use crate::measure::by_name::*;
    }
}

#[doc = include_str!("../doc/guide.md")]
pub mod guide {
    #[doc = include_str!("../doc/guide/getting_started.md")]
    pub mod getting_started {}
    #[doc = include_str!("../doc/guide/single_routines.md")]
    pub mod single_routines {}
    #[doc = include_str!("../doc/guide/claims.md")]
    pub mod claims {}
    #[doc = include_str!("../doc/guide/options.md")]
    pub mod options {}
    #[doc = include_str!("../doc/guide/async_routines.md")]
    pub mod async_routines {}
    #[doc = include_str!("../doc/guide/measures.md")]
    pub mod measures {}
    #[doc = include_str!("../doc/guide/contention.md")]
    pub mod contention {}
    #[doc = include_str!("../doc/guide/comparing_versions.md")]
    pub mod comparing_versions {}
    #[doc = include_str!("../doc/guide/ci.md")]
    pub mod ci {}
    #[doc = include_str!("../doc/guide/reading_results.md")]
    pub mod reading_results {}
    #[doc = include_str!("../doc/guide/reports.md")]
    pub mod reports {}
    #[doc = include_str!("../doc/guide/doctor.md")]
    pub mod doctor {}
    #[doc = include_str!("../doc/guide/how_it_measures.md")]
    pub mod how_it_measures {}
    #[doc = include_str!("../doc/guide/direct_api.md")]
    pub mod direct_api {}
    #[doc = include_str!("../doc/guide/from_criterion.md")]
    pub mod from_criterion {}
    // The reference chapters are the repository's docs/*.md, reached through symbolic links
    // in doc/guide/ so that the package, which holds only runtime/, ships them.
    #[doc = include_str!("../doc/guide/statistics.md")]
    pub mod statistics {}
    #[doc = include_str!("../doc/guide/reliability.md")]
    pub mod reliability {}
    #[doc = include_str!("../doc/guide/validation.md")]
    pub mod validation {}
    #[doc = include_str!("../doc/guide/design_measurements.md")]
    pub mod design_measurements {}
    #[doc = include_str!("../doc/guide/json_schema.md")]
    pub mod json_schema {}
}

/// What a measurement returns: the results of [`compare`] and [`measure()`] (and of every
/// trial, in the `--json` document), the statistics inside them, and the tools over that
/// document.
///
/// Result structs are `#[non_exhaustive]`: read their fields, do not build them.
pub mod result {
    pub use crate::analysis::{
        BenchResult, DecidedEarly, DiffResult, Drift, LatencyBins, MemoryGrowth, RatioMeans,
    };
    pub use crate::api::BatchOverhead;
    pub use crate::decide::{AnytimeP, Basis, PathLengths, SpikeSplit, Unsettled, Verdict};
    pub use crate::decide::{DecidedBy, GateDesign, GateOutcome};
    pub use crate::measure::{machine_stalls, MachineStalls};
    pub use crate::measure::{Clock, ClockReason, OsUsage, Shortfall, TimerCost};
    pub use crate::measure::{LinearRun, Sampling};
    pub use crate::model::{parse_max_regression, Measure, Throughput};
    pub use crate::stats::{Estimate, Line, Outliers, Summary, TTest};

    /// Tools over the `--json` document, for programs that gather results (`cargo duobench
    /// merge` joins shards of a suite with them), and the one rule by which duobench writes
    /// a file: only over one that is recognisably its own, atomically.
    pub mod document {
        #[cfg(feature = "html")]
        pub use crate::report::document_page;
        pub use crate::report::{markdown_file, markdown_table};
        pub use crate::util::{check_owned, read_owned, write_owned, FileKind};
    }
}

/// The one door through which generated code reaches the runtime. Not a public API.
#[doc(hidden)]
pub mod __private {
    pub use crate::api::iter_custom_values;
    pub use crate::api::{
        compare_on_tokio, compare_on_tokio_multi_thread, iter_on_tokio, iter_on_tokio_multi_thread,
    };
    pub use crate::api::{compare_threads, iter_threads};
    pub use crate::api::{set_result_varies, ComparableOutputs, OpaqueOutputs, Outputs};
    pub use crate::harness::{in_bench_target, UnderLibtest};
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
