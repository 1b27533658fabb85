//! The run's state around measurements: resolved settings (attribute, environment, command
//! line), saved baselines, and the live progress line.

mod baseline;
mod options;
mod progress;

#[cfg(test)]
pub(crate) use baseline::Problem;
pub(crate) use baseline::{
    baseline_saved, baseline_saved_elsewhere, compare_and_save, executable_path, BaselineChoice,
    BaselineError, BaselineKey, BaselineName, BaselineSettings, Compared,
};
pub(crate) use options::{Overrides, Settings, DEFAULT_ALPHA, DEFAULT_MAX_TIME, DEFAULT_WARMUP};
pub(crate) use progress::ProgressLine;
