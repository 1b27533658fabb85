//! Measurement: the clock, timed batches, the duo loop (`#[bench_diff]`) and linear
//! sampling (`#[bench]`). Only this layer reads the clock.

pub mod batch;
pub mod batched;
pub mod budget;
pub mod chunks;
#[cfg(test)]
pub mod counts_drops;
pub mod duo;
mod duo_pace;
pub mod linear;
pub mod timer;
