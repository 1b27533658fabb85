//! One measured `#[bench]` with everything the reports after the run need to show it: its
//! result and how the comparison with its baseline went.

use crate::analysis::BenchResult;
use crate::analysis::Warning;
use crate::model::bench_target;
use crate::model::BaselineName;
use crate::report::BaselineStatus;
use crate::session::{BaselineError, Compared};

/// How a `#[bench]` run went with its baseline, kept after the trial for the JSON and HTML
/// reports (the terminal block borrows it as a [`BaselineStatus`]).
#[derive(Clone, Debug, PartialEq)]
pub enum BaselineOutcome {
    /// Compared with a saved run.
    Compared(Box<Compared>),
    /// Nothing to compare with yet; the run was saved under this name.
    FirstRun(BaselineName),
    /// `--baseline NAME` for a trial NAME has no numbers for (added since, or NAME holds
    /// only executables, as `cargo duobench compare` stores them): nothing was compared.
    NoFigures(BaselineName),
    /// The baseline could not be read or the run not saved.
    Failed(BaselineError),
}

impl BaselineOutcome {
    /// The outcome as the terminal block takes it.
    #[must_use]
    pub fn status(&self) -> BaselineStatus<'_> {
        match self {
            BaselineOutcome::Compared(c) => BaselineStatus::Compared(c),
            BaselineOutcome::FirstRun(name) => BaselineStatus::FirstRun(*name),
            BaselineOutcome::NoFigures(name) => BaselineStatus::NoFigures(*name),
            BaselineOutcome::Failed(e) => BaselineStatus::Failed(e),
        }
    }
}

/// A finished `#[bench]` trial: its name, result and baseline comparison.
#[derive(Clone, Debug)]
pub struct BenchRecord {
    /// The libtest name (`module::function/arg`).
    pub name: String,
    /// The bench target the trial belongs to (the first segment of its module path).
    pub bench_target: &'static str,
    /// What the measurement found.
    pub result: BenchResult,
    /// How the comparison with the baseline went.
    pub baseline: BaselineOutcome,
    /// Set when `--baseline` asked for a paired cross-version comparison and the saved
    /// numbers were compared instead (unpaired): why, and what became of the gate.
    pub unpaired_because: Option<String>,
    /// The benchmark doctor's warnings (filled after the run unless it is silenced).
    pub doctor: Vec<Warning>,
}

impl BenchRecord {
    /// The record of trial `name`, registered at `module_path`.
    #[must_use]
    pub fn new(
        name: String,
        module_path: &'static str,
        result: BenchResult,
        baseline: BaselineOutcome,
    ) -> Self {
        Self {
            name,
            bench_target: bench_target(module_path),
            result,
            baseline,
            unpaired_because: None,
            doctor: Vec::new(),
        }
    }
}
