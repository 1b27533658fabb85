//! Criterion.rs's benchmark API on duobench's harness: rename the dependency and the same
//! bench files run under duobench — libtest filters, duobench's measurement, its reports,
//! JSON and baselines.
//!
//! ```toml
//! [dev-dependencies]
//! # Not on crates.io yet: a path to a clone of duobench's repository. Once it is published,
//! # `version = "0.1"` replaces `path`.
//! criterion = { package = "duobench-criterion-compat", path = "../duobench/criterion-compat" }
//!
//! [[bench]]
//! name = "my_bench"
//! harness = false
//! ```
//!
//! Provided: `criterion_group!` (both forms), `criterion_main!`, [`Criterion`] with
//! `bench_function`, `bench_with_input`, `benchmark_group`, `with_measurement` and the
//! builders `sample_size`, `warm_up_time`, `measurement_time`; [`BenchmarkGroup`] with the
//! same and `throughput`, `finish`; [`BenchmarkId`], [`Throughput`], [`BatchSize`];
//! [`Bencher`]'s `iter`, `iter_batched`, `iter_batched_ref`, `iter_custom`,
//! `iter_with_setup`, `iter_with_large_drop`; [`measurement`]'s `Measurement`,
//! `ValueFormatter` and `WallTime`, so a file that defines a measurement of its own is
//! measured by it; and [`black_box`]. Settings that change only Criterion's own statistics
//! or plots (`noise_threshold`, `confidence_level`, `significance_level`, `nresamples`,
//! `without_plots`, `plot_config`, `SamplingMode::Flat`) are accepted with a one-line note
//! naming the method; everything else (async `to_async`, profilers, a hand-written `main`)
//! is absent, so a file that uses it does not compile rather than measuring something else.
//!
//! The loops are Criterion 0.5's: every output passes [`black_box`], Criterion's volatile
//! copy, inside the timed region, and `iter` times the drop of each output, so that a
//! migrated file times what it timed under Criterion.
//!
//! A group function runs once to list its benchmarks and once more for each benchmark that
//! runs (its closures borrow the function's locals, so they cannot be kept): code in it
//! outside the closures runs that often. Where a migrated bench measures differently is in
//! duobench's guide, [from Criterion](duobench::guide::from_criterion).

#![warn(missing_docs)]

mod bencher;
mod config;
mod criterion;
mod group;
pub mod measurement;
mod phase;
mod registry;
mod types;
mod unmapped;

pub use bencher::Bencher;
pub use criterion::Criterion;
pub use group::BenchmarkGroup;
/// Hides `dummy` from the optimizer as Criterion 0.5's `black_box` does on stable Rust: a
/// volatile copy of the value, which the compiler must make. duobench's own
/// `duobench::black_box` is `std::hint::black_box`, a cheaper barrier; this one keeps a
/// migrated file's figures those its own `black_box` gave under Criterion.
#[inline]
pub fn black_box<T>(dummy: T) -> T {
    // SAFETY: `dummy` is a valid, aligned `T` owned here; the copy takes its place and the
    // original is forgotten, so the value is dropped once, through the copy.
    unsafe {
        let copy = std::ptr::read_volatile(&dummy);
        std::mem::forget(dummy);
        copy
    }
}
pub use types::{
    AxisScale, BatchSize, BenchmarkId, IntoBenchmarkId, PlotConfiguration, SamplingMode, Throughput,
};

/// What the macros expand to. Not a public API.
#[doc(hidden)]
pub mod __private {
    pub use crate::registry::{register_group, run, ConfigFn, TargetFn};
    pub use duobench::__private::{in_bench_target, UnderLibtest};
}

/// Defines a function `$name` that registers a group of benchmark functions, each taking
/// `&mut Criterion`: `criterion_group!(benches, a, b)`, or
/// `criterion_group! { name = benches; config = Criterion::default().sample_size(20);
/// targets = a, b }`.
#[macro_export]
macro_rules! criterion_group {
    (name = $name:ident; config = $config:expr; targets = $( $target:path ),+ $(,)*) => {
        /// Registers this group's benchmark functions with the harness.
        pub fn $name() {
            $crate::__private::register_group(
                || $config,
                &[$( $target as $crate::__private::TargetFn<_> ),+],
            );
        }
    };
    ($name:ident, $( $target:path ),+ $(,)*) => {
        $crate::criterion_group! {
            name = $name;
            config = $crate::Criterion::default();
            targets = $( $target ),+
        }
    };
}

/// Defines `main`: registers the groups, then runs their benchmarks under duobench's
/// harness. A bench target built under libtest's harness (no `harness = false`) does not
/// compile: libtest would run none of them.
#[macro_export]
macro_rules! criterion_main {
    ( $( $group:path ),+ $(,)* ) => {
        // A test function exists only under libtest's harness, which libtest never lists
        // from a block: the check inside runs there alone.
        #[allow(dead_code, unnameable_test_items)]
        const _: () = {
            #[::core::prelude::v1::test]
            fn __criterion_libtest_check() {
                const _: () = $crate::__private::UnderLibtest::<{
                    $crate::__private::in_bench_target(file!())
                }>::REFUSED;
            }
        };

        fn main() {
            $( $group(); )+
            $crate::__private::run(module_path!(), file!())
        }
    };
}
