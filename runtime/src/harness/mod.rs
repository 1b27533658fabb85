//! The harness: the top layer, from what the macros register to the run's exit status. Its
//! files are private: the crate root imports the names re-exported here.
//!
//! The registry of what there is to run:
//! - `descriptor`: what the attribute macros register, plain `'static` data;
//! - `dynamic`: benchmarks registered at run time, by a layer that learns their names only
//!   by running code (the Criterion compatibility crate);
//! - `specs`: every registered benchmark as trials, one per function or per argument;
//! - `placement`: generated code's check that an annotated function stands at module level;
//! - `libtest_check`: generated code's refusal to run under libtest's harness.
//!
//! Then `cli`, the command line and `DUOBENCH_*` variables read into an invocation, and
//! `run`, which turns the registrations into trials and their records into outputs.

mod cli;
mod descriptor;
mod dynamic;
mod libtest_check;
mod placement;
mod run;
mod specs;

pub(crate) use cli::{
    check_trial_budgets, oversubscribed_note, probe, select_any, selected_specs, Invocation,
};
pub use descriptor::{Descriptor, Routine};
pub(crate) use dynamic::{all_trial_specs, register};
pub use dynamic::{DynamicBench, DynamicRoutine};
pub use libtest_check::{in_bench_target, UnderLibtest};
pub use placement::{module_level, AtModuleLevel, InImpl};
pub use run::main;
pub(crate) use specs::{check_unique_names, trial_specs, TrialSpec};
