//! The run's state around measurements:
//! - `options`: the settings, attribute ⊕ environment ⊕ command line merged in one place;
//! - `baseline`: saved runs, their names and files, compared with and saved after each run;
//! - `progress`: the live line of a long comparison, erased before libtest's outcome.

mod baseline;
mod options;
mod progress;

#[cfg(test)]
pub(crate) use baseline::Problem;
pub(crate) use baseline::{
    baseline_saved, baseline_saved_elsewhere, compare_and_save, executable_path, previous_pace,
    BaselineChoice, BaselineError, BaselineKey, BaselineSettings, Compared,
};
pub(crate) use options::{Overrides, Settings, DEFAULT_ALPHA, DEFAULT_MAX_TIME, DEFAULT_WARMUP};
pub(crate) use progress::ProgressLine;
