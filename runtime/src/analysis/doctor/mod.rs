//! The benchmark doctor (after Swift's `BenchmarkDoctor`): checks of finished results and of
//! the machine that say when a measurement is probably not measuring what its author meant,
//! each with what to do about it. The checks are pure functions of measured results and of
//! the facts the system reported; the reports render their warnings.
//!
//! - `bench_checks`: a `#[bench]` result's checks, work optimized away, setup that dominates,
//!   noise;
//! - `diff_checks`: a comparison's checks, noisy duos and many set aside;
//! - `diff_floor`: work optimized away in a comparison, by the rule `#[bench]` uses;
//! - `machine_checks`: the build, the machine's load and governors, and names;
//! - `memory`: the warning about memory that grows with the iteration count;
//! - `placement`: a claim decided within one process nearer its bound than placement moves;
//! - `tests`: each check on a result that shows its condition and one that does not.

mod bench_checks;
mod diff_checks;
mod diff_floor;
mod machine_checks;
mod memory;
mod placement;
#[cfg(test)]
mod tests;

use crate::analysis::{memory_growth, MemoryGrowth};
pub use bench_checks::{noisy_bench, optimized_away, setup_dominates};
pub use diff_checks::{many_set_aside, noisy_diff};
pub use diff_floor::optimized_away_in_comparison;
pub use machine_checks::{debug_build, frequency_scaling, heavy_load, long_name};
pub use placement::near_bound_in_one_process;

use crate::analysis::BenchResult;
use crate::analysis::DiffResult;
use crate::measure::MachineFacts;
use crate::model::Claim;

/// Which condition a warning is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// The routine ran as fast as an empty one.
    OptimizedAway,
    /// A fixed cost per sample is a large share of every sample.
    SetupDominates,
    /// The estimate's interval is wide, or the duos scatter widely.
    HighNoise,
    /// Many duos were set aside as outliers.
    ManySetAside,
    /// Memory kept growing with the iterations.
    MemoryGrows,
    /// The code measured was built without optimizations.
    DebugBuild,
    /// Other work competed for the CPU while the trial ran.
    HeavyLoad,
    /// The CPU frequency governor lets the clock speed change.
    FrequencyScaling,
    /// The trial's name is too long for the tables.
    LongName,
    /// A claim was decided within one process nearer its bound than placement moves a ratio.
    NearBoundInOneProcess,
}

impl Check {
    /// A machine-friendly name, as in the JSON document.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Check::OptimizedAway => "optimized_away",
            Check::SetupDominates => "setup_dominates",
            Check::HighNoise => "high_noise",
            Check::ManySetAside => "many_set_aside",
            Check::MemoryGrows => "memory_grows",
            Check::DebugBuild => "debug_build",
            Check::HeavyLoad => "heavy_load",
            Check::FrequencyScaling => "frequency_scaling",
            Check::LongName => "long_name",
            Check::NearBoundInOneProcess => "near_bound_in_one_process",
        }
    }
}

/// One finding of the doctor: what it saw, with figures, and what to do.
#[derive(Clone, Debug, PartialEq)]
pub struct Warning {
    /// The condition.
    pub check: Check,
    /// What was seen, with the figures that show it (one line, no final period).
    pub finding: String,
    /// What to do about it (one line).
    pub advice: &'static str,
}

/// Every warning about one `#[bench]` trial.
#[must_use]
pub fn bench_warnings(name: &str, result: &BenchResult) -> Vec<Warning> {
    [
        optimized_away(result),
        setup_dominates(result),
        noisy_bench(result),
        heavy_load(result.os.as_ref()),
        memory_growth(&result.run.iters, &result.run.rss_kib).map(MemoryGrowth::warning),
        long_name(name),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// Every warning about one comparison, judged against `claim`.
#[must_use]
pub fn diff_warnings(name: &str, claim: Option<&Claim>, result: &DiffResult) -> Vec<Warning> {
    [
        optimized_away_in_comparison(result),
        near_bound_in_one_process(claim, result),
        noisy_diff(result),
        many_set_aside(result),
        heavy_load(result.os.as_ref()),
        result.memory_growth.map(MemoryGrowth::comparison_warning),
        long_name(name),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// Warnings about the run as a whole: the build and the machine.
#[must_use]
pub fn run_warnings(debug_assertions: bool, machine: &MachineFacts) -> Vec<Warning> {
    [debug_build(debug_assertions), frequency_scaling(machine)]
        .into_iter()
        .flatten()
        .collect()
}
