//! Measurement: the clock, timed batches, the duo loop (`#[bench_diff]`) and linear
//! sampling (`#[bench]`). Only this layer reads the clock.

pub mod batch;
pub mod batched;
pub mod chunks;
pub mod duo;
pub mod linear;
pub mod timer;
