//! Running trials:
//! - `runner`: `main`, registered benchmarks into libtest trials run one at a time;
//! - `trial`: one trial from routine to record, and to libtest's pass or fail;
//! - `list`: `--list`, the trials as libtest lists benchmarks;
//! - `preflight`: before anything is measured, every output place must take a file;
//! - `preflight_owned`: and every file the run replaces must be ours, none named twice;
//! - `previous_pace`: the machine's pace a `#[bench]` run is held to, its previous run's;
//! - `journal`: the marker naming the running trial, so a run that dies inside one leaves
//!   the results before it;
//! - `watchdog`: after an interrupt, the end of a run whose routine does not return;
//! - `version_setup`: the baseline's stored executables, and serve mode;
//! - `family_alpha`: `--family-alpha`, the run's claims sharing one error rate;
//! - `group`: `vs = [..]`, candidates sharing the group's error rate, ranked after the run;
//! - `profile`: `--profile-time`, one trial run for a profiler, nothing written;
//! - `unjudged`: `--calibrate` and `--profile-time` pass no claim, limit or gate they kept
//!   from being judged;
//! - `finish`: after the last trial, the notes, the output files and the exit status;
//! - `ci_report`: what the run tells CI, the markdown export and GitHub's job summary.

mod ci_report;
mod family_alpha;
mod finish;
mod group;
mod journal;
mod list;
mod preflight;
mod preflight_owned;
mod previous_pace;
mod profile;
mod runner;
mod trial;
mod unjudged;
mod version_setup;
mod watchdog;

pub use runner::main;
