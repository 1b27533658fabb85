//! Measurement: the clock, timed batches, and the duo loop. Only this layer reads the clock.

pub mod batch;
pub mod duo;
pub mod timer;
