//! Resampling: the seeded percentile bootstrap (`bootstrap`) and the deterministic generator
//! it and the simulations draw from (`rng`).

mod bootstrap;
mod rng;

pub use bootstrap::{
    index_below, linear_estimates, percentile_interval, slope_change, Bootstrap, Estimate,
    LinearEstimates, DEFAULT_RESAMPLES, DEFAULT_SEED,
};
pub use rng::SplitMix64;
