//! What the macros register (descriptors), benchmarks registered at run time, the module-level
//! check of generated code, and the trial specs read from them.

mod descriptor;
mod dynamic;
mod placement;
mod specs;

pub use descriptor::{Descriptor, Routine};
pub(crate) use dynamic::{all_trial_specs, register};
pub use dynamic::{DynamicBench, DynamicRoutine};
pub use placement::{module_level, AtModuleLevel, InImpl};
pub(crate) use specs::{check_unique_names, trial_specs, TrialSpec};
