//! Measurement: the clock, timed batches, the duo loop (`#[bench_diff]`) and linear
//! sampling (`#[bench]`). Only this layer reads the clock.

pub mod alloc_limit;
pub mod batch;
pub mod batched;
pub mod chunks;
#[cfg(test)]
pub mod counts_drops;
pub mod duo;
pub mod instructions;
pub mod linear;
pub mod meter;
pub mod os;
pub mod timed_batch;
pub mod timer;
