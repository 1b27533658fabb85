//! The model: the shared vocabulary every layer speaks (claims, throughput, what to do when
//! inconclusive, the options written in an attribute, the run mode). Plain data, no logic
//! beyond constructors.

pub mod attrs;
pub mod bench_target;
pub mod export;
pub mod mode;
