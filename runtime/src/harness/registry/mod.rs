//! What the macros register (descriptors), benchmarks registered at run time, the checks of
//! generated code (at module level, not under libtest's harness), and the trial specs read
//! from them.

mod descriptor;
mod dynamic;
mod libtest_check;
mod placement;
mod specs;

pub use descriptor::{Descriptor, Routine};
pub(crate) use dynamic::{all_trial_specs, register};
pub use dynamic::{DynamicBench, DynamicRoutine};
pub use libtest_check::{in_bench_target, UnderLibtest};
pub use placement::{module_level, AtModuleLevel, InImpl};
pub(crate) use specs::{check_unique_names, trial_specs, TrialSpec};
