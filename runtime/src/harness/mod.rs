//! The harness: the registry of annotated functions (`registry`), the command line
//! (`cli`), and the runner that turns registrations into trials and records into outputs
//! (`run`). The top layer. Its files are private: the crate root imports the names
//! re-exported here.

mod cli;
mod registry;
mod run;

pub(crate) use cli::{
    check_trial_budgets, oversubscribed_note, probe, select_any, selected_specs, Invocation,
};
pub(crate) use registry::{all_trial_specs, check_unique_names, register, trial_specs, TrialSpec};
pub use registry::{
    in_bench_target, module_level, AtModuleLevel, Descriptor, DynamicBench, DynamicRoutine, InImpl,
    Routine, UnderLibtest,
};
pub use run::main;
