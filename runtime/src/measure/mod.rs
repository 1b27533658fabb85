//! Measurement: the clock, timed batches, the duo loop (`#[bench_diff]`) and linear
//! sampling (`#[bench]`). Only this layer reads the clock.

pub mod batch;
pub mod batched;
pub mod chunks;
#[cfg(test)]
pub mod counts_drops;
pub mod duo;
pub mod linear;
pub mod time_batch;
pub mod timer;
