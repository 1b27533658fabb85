//! Measurement: the clock, timed batches, the duo loop (`#[bench_diff]`) and linear
//! sampling (`#[bench]`). Only this layer reads the clock.

pub mod batch;
pub mod batched;
pub mod chunks;
pub mod clock;
pub mod duo;
pub mod duo_batches;
pub mod judge;
pub mod linear;
pub mod os;
pub mod timer;
