//! The model: the shared vocabulary every layer speaks (claims, throughput, what to do when
//! inconclusive, the options written in an attribute, the run mode). Plain data, no logic
//! beyond constructors.

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
