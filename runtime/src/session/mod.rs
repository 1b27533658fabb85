//! The run's state around measurements: resolved settings (attribute, environment, command
//! line), saved baselines, and the live progress line.

pub mod baseline;
pub mod options;
pub mod progress;
