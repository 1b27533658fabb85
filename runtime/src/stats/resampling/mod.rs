//! Resampling: the seeded percentile bootstrap (`bootstrap`) and the deterministic generator
//! it and the simulations draw from (`rng`).

mod bootstrap;
mod rng;

#[cfg(test)]
pub use bootstrap::index_below;
pub use bootstrap::{
    linear_estimates, slope_change, Bootstrap, Estimate, DEFAULT_RESAMPLES, DEFAULT_SEED,
};
pub use rng::SplitMix64;
