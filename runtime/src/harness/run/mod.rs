//! Running trials: `main`, one trial from routine to record, checks before anything is
//! measured, the journal of the running trial, cross-version setup, groups and the shared error
//! rate, profiling, and what happens after the last trial.

mod ci_report;
mod family_alpha;
mod finish;
mod group;
mod journal;
mod preflight;
mod preflight_owned;
mod profile;
mod runner;
mod trial;
mod version_setup;

pub use runner::main;
