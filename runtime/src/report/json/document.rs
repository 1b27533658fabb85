//! The `--json FILE` document: every result of the run, mapped onto report structs that
//! mirror `docs/duobench.schema.json` field for field. The analysis types stay free of
//! serde; this module, `json_diff` (a comparison's trial), `json_bench` (a `#[bench]`'s) and
//! `json_unpaired` (a gated trial that could not be paired) are the one place that decides
//! names and units.

use super::bench::{bench_trial, BenchTrial};
use super::diff::{diff_trial, DiffTrial};
use super::unpaired::{unpaired_trial, UnpairedTrial};
use crate::analysis::Warning;
use crate::measure::TimerCost;
use crate::model::Mode;
use crate::report::Record;
use crate::report::RunMeta;
use crate::report::{warnings_json, WarningOut};
use serde::Serialize;

/// Version of the document's layout. Raised whenever a field is removed or changes meaning;
/// adding a field, or a trial `kind` (readers skip kinds they do not know), keeps it.
pub const SCHEMA_VERSION: u32 = 1;

/// What the whole run shares.
#[derive(Clone, Debug)]
pub struct RunInfo {
    /// `cargo bench` or `cargo test`.
    pub mode: Mode,
    /// The clock's cost, measured at start-up.
    pub timer: TimerCost,
    /// When, with what and where the run happened.
    pub meta: RunMeta,
    /// The benchmark doctor's warnings about the run as a whole (build, machine).
    pub doctor: Vec<Warning>,
    /// The bench target this run measures, when its run has not finished: written while
    /// its trials run, and when an interrupt cut it short. `None` once it finished.
    pub unfinished: Option<String>,
}

#[derive(Serialize)]
struct Document<'a> {
    schema_version: u32,
    duobench_version: &'static str,
    build: Build,
    mode: &'static str,
    run: &'a RunMeta,
    timer: Timer,
    doctor: Vec<WarningOut>,
    /// Bench targets whose runs did not finish (still running, cut short by an interrupt,
    /// or killed): their trials in `trials` are only those measured before.
    unfinished_targets: Vec<&'a str>,
    trials: Vec<AnyTrial<'a>>,
}

/// A trial of any kind; each carries its own `kind` field.
#[derive(Serialize)]
#[serde(untagged)]
enum AnyTrial<'a> {
    Diff(Box<DiffTrial<'a>>),
    Bench(Box<BenchTrial<'a>>),
    Unpaired(UnpairedTrial<'a>),
}

#[derive(Serialize)]
struct Build {
    /// `release` when debug assertions are off, `debug` when on: the one profile fact a
    /// library can see of the build that contains it.
    profile: &'static str,
    debug_assertions: bool,
}

#[derive(Serialize)]
struct Timer {
    overhead_ns: f64,
    resolution_ns: f64,
}

/// The run's document, pretty-printed.
#[must_use]
pub fn to_json(records: &[Record], run: &RunInfo) -> String {
    let document = Document {
        schema_version: SCHEMA_VERSION,
        duobench_version: env!("CARGO_PKG_VERSION"),
        build: Build {
            profile: if cfg!(debug_assertions) {
                "debug"
            } else {
                "release"
            },
            debug_assertions: cfg!(debug_assertions),
        },
        mode: match run.mode {
            Mode::Bench => "bench",
            Mode::Test => "test",
        },
        run: &run.meta,
        timer: Timer {
            overhead_ns: run.timer.overhead_ns,
            resolution_ns: run.timer.resolution_ns,
        },
        doctor: warnings_json(&run.doctor),
        unfinished_targets: run.unfinished.as_deref().into_iter().collect(),
        trials: records
            .iter()
            .map(|record| match record {
                Record::Diff(d) => AnyTrial::Diff(Box::new(diff_trial(d))),
                Record::Bench(b) => AnyTrial::Bench(Box::new(bench_trial(b))),
                Record::Unpaired(u) => AnyTrial::Unpaired(unpaired_trial(u)),
            })
            .collect(),
    };
    // Serialising plain structs of numbers and strings cannot fail.
    serde_json::to_string_pretty(&document).unwrap_or_default() + "\n"
}

#[cfg(test)]
mod tests;
