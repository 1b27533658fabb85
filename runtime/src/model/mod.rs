//! The model: the shared vocabulary every layer speaks. Plain data, no logic beyond
//! constructors and parsers.
//! - `attrs`: what an attribute says, its options, claim, throughput and what an
//!   inconclusive verdict counts as;
//! - `mode`: the run's mode (test or bench), which every layer that measures consults;
//! - `bench_target`: the one place that derives a function's bench target;
//! - `gate_value`: a gate's value (`--max-regression`), a percentage or a fraction;
//! - `export`: an `--export` request, which CI format and where.

mod attrs;
mod bench_target;
mod export;
mod gate_value;
mod mode;

pub use attrs::{AllocLimit, AttrOptions, Claim, Measure, OnInconclusive, Throughput};
pub(crate) use bench_target::bench_target;
pub(crate) use export::{Export, ExportFormat};
pub use gate_value::parse_max_regression;
pub(crate) use mode::Mode;
