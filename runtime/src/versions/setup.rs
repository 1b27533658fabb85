//! What a run does about versions before its trials start: keep the executable when saving a
//! baseline, and prepare the baseline's executable when comparing with one.

use super::store::store_executable;
use super::versus::Versus;
use super::Role;
use crate::baseline::{executable_path, BaselineChoice};
use crate::cli::{Invocation, Mode};
use crate::options::Overrides;
use crate::registry::TrialSpec;
use crate::target_dir::duobench_dir;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// Where this run's baselines live: `--baseline-dir`, else `<target>/duobench`.
#[must_use]
pub fn baseline_root(overrides: &Overrides) -> PathBuf {
    overrides.baseline_dir.clone().unwrap_or_else(duobench_dir)
}

/// Under `cargo bench`: with `--save-baseline NAME`, stores this executable with the
/// baseline (a failure is a warning: the numbers are still saved, and a later
/// `--baseline NAME` says that it compares unpaired); with `--baseline NAME`, the shared
/// handle to that baseline's executable, started when the first `#[bench]` asks.
#[must_use]
pub fn prepare(invocation: &Invocation, specs: &[TrialSpec]) -> Option<Arc<Mutex<Versus>>> {
    let overrides = &invocation.overrides;
    if invocation.mode != Mode::Bench || invocation.libtest.list {
        return None;
    }
    // All trials of an executable share its bench target.
    let module_path = specs.first()?.descriptor.module_path;
    let bench_target = module_path.split("::").next().unwrap_or(module_path);
    let root = baseline_root(overrides);
    match BaselineChoice::of(overrides.save_baseline, overrides.baseline) {
        BaselineChoice::Save(name) => {
            if let Err(why) = store_executable(&root, bench_target, name) {
                eprintln!("warning: {why}; `--baseline {name}` will compare unpaired");
            }
            None
        }
        BaselineChoice::Compare(name) => {
            let exe = executable_path(&root, bench_target, name);
            Some(Arc::new(Mutex::new(Versus::new(name, exe))))
        }
        BaselineChoice::Previous => None,
    }
}

/// The role of the `Bencher` of trial `name`.
#[must_use]
pub fn role(versus: Option<&Arc<Mutex<Versus>>>, name: &str) -> Role {
    match versus {
        Some(versus) => Role::Paired {
            versus: Arc::clone(versus),
            trial: name.to_owned(),
        },
        None => Role::Local,
    }
}
