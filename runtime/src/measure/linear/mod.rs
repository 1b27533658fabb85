//! Linear sampling for `#[bench]`: the plan of sample sizes and the sampling loop.

mod sampling;

pub(crate) use sampling::{run_linear, LinearSettings, DEFAULT_SAMPLES, MAX_SAMPLES, MIN_SAMPLES};
pub use sampling::{LinearRun, Sampling};
