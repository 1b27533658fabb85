//! Measurement: the clock, timed batches, the duo loop (`#[bench_diff]`) and linear
//! sampling (`#[bench]`). Only this layer reads the clock.

pub mod alloc;
pub mod alloc_limit;
pub mod analysis_budget;
pub mod batch;
pub mod batched;
pub mod budget;
pub mod chunks;
pub mod clock;
pub mod duo;
pub mod duo_batches;
mod duo_pace;
pub mod duo_sizes;
pub mod empty_loop;
pub mod executor;
#[cfg(feature = "tokio")]
pub mod executor_tokio;
pub mod instructions;
pub mod judge;
pub mod linear;
#[cfg(test)]
mod linear_plan_tests;
pub mod local_routine;
pub mod machine;
pub mod meter;
pub mod os;
pub mod pace;
pub mod profile;
pub mod stall_windows;
pub mod stalls;
pub mod time_batch;
pub mod timer;
pub mod usage;
