//! The model: the shared vocabulary every layer speaks. Plain data, no logic beyond
//! constructors and parsers.
//! - `attrs`: what an attribute says, its options, claim and what an inconclusive verdict
//!   counts as;
//! - `throughput`: the work per iteration that reports show as a rate;
//! - `measure`: what a trial measures, a handle on a measure's definition, which every
//!   layer asks instead of naming measures;
//! - `measurement`: the trait a user implements for a measurement of their own;
//! - `mode`: the run's mode (test or bench), which every layer that measures consults;
//! - `bench_target`: the one place that derives a function's bench target;
//! - `baseline_name`: a checked name for a saved baseline, usable as a file name;
//! - `max_regression`: the regression gate's value (`--max-regression`), a percentage or
//!   a fraction;
//! - `export`: an `--export` request, which CI format and where.

mod attrs;
mod baseline_name;
mod bench_target;
mod export;
mod max_regression;
mod measure;
mod measurement;
mod mode;
mod throughput;

pub use attrs::{AllocLimit, AttrOptions, Claim, OnInconclusive};
pub use baseline_name::BaselineName;
pub(crate) use bench_target::bench_target;
pub(crate) use export::{Export, ExportFormat};
pub use max_regression::parse_max_regression;
pub use measure::Measure;
pub(crate) use measure::{MeasureDef, Reader};
pub use measurement::{Kind, Measurement, ValueFormatter};
pub(crate) use mode::Mode;
pub use throughput::Throughput;
