//! A `#[bench]` under a version gate that could not be paired with the baseline's
//! executable: nothing was measured, yet the trial failed, so the reports keep it as a trial
//! with the verdict `failed`, the reason and what to do (`json_unpaired` is its JSON).

use crate::analysis::UnpairedGate;
use crate::model::bench_target;

/// A gated trial that failed unpaired.
#[derive(Clone, Debug, PartialEq)]
pub struct UnpairedRecord {
    /// The libtest name (`module::function/arg`).
    pub name: String,
    /// The bench target the trial belongs to (the first segment of its module path).
    pub bench_target: &'static str,
    /// The gate, the baseline and why no pairing was possible.
    pub gate: UnpairedGate,
}

impl UnpairedRecord {
    /// The record of trial `name`, registered in `module_path`.
    #[must_use]
    pub fn new(name: String, module_path: &'static str, gate: UnpairedGate) -> Self {
        Self {
            name,
            bench_target: bench_target(module_path),
            gate,
        }
    }
}
