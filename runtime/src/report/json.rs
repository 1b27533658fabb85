//! The `--json FILE` document: every result of the run, mapped onto report structs that
//! mirror `docs/duobench.schema.json` field for field. The analysis types stay free of
//! serde; this module and `json_bench` (the `#[bench]` record) are the one place that
//! decides names and units.

use super::diff_record::DiffRecord;
use super::doctor::{warnings_json, WarningOut};
use super::json_bench::{bench_trial, BenchTrial};
use super::json_parts::{finite, interval, summary, Interval, RoutineSummary};
use super::record::Record;
use super::run_meta::RunMeta;
use crate::analysis::doctor::Warning;
use crate::decide::verdict::ClaimText;
use crate::measure::timer::TimerCost;
use crate::measure::usage::OsUsage;
use crate::model::mode::Mode;
use crate::stats::{StudentT, Welch};
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
    trials: Vec<AnyTrial<'a>>,
}

/// A trial of either kind; each carries its own `kind` field.
#[derive(Serialize)]
#[serde(untagged)]
enum AnyTrial<'a> {
    Diff(Box<Trial<'a>>),
    Bench(Box<BenchTrial<'a>>),
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

#[derive(Serialize)]
struct Trial<'a> {
    name: &'a str,
    bench_target: &'a str,
    kind: &'static str,
    /// Kind `versions`: the baseline whose executable ran the old routine.
    #[serde(skip_serializing_if = "Option::is_none")]
    baseline: Option<String>,
    routines: Routines<'a>,
    calibration: bool,
    measure: &'static str,
    unit: &'static str,
    executor: Option<&'static str>,
    executor_overhead_ns: Option<f64>,
    os: Option<OsUsage>,
    doctor: Vec<WarningOut>,
    claim: Option<String>,
    verdict: &'static str,
    alpha: f64,
    ratio: Ratio,
    student: Option<Student>,
    welch: Option<WelchOut>,
    first: Option<RoutineSummary>,
    second: Option<RoutineSummary>,
    pairs: usize,
    outliers: Outliers,
    clock: ClockOut,
    blocks: usize,
    duos_per_block: usize,
    batch_iters: u64,
    warmup_secs: f64,
    measure_secs: f64,
}

#[derive(Serialize)]
struct Routines<'a> {
    first: &'a str,
    second: &'a str,
}

#[derive(Serialize)]
struct Ratio {
    estimate: Option<f64>,
    interval: Option<Interval>,
    level: f64,
    median_based: Option<f64>,
}

#[derive(Serialize)]
struct Student {
    ratio: Option<f64>,
    interval: Option<Interval>,
    level: f64,
    t: Option<f64>,
    df: Option<f64>,
    p: Option<f64>,
    n: usize,
}

#[derive(Serialize)]
struct WelchOut {
    ratio: Option<f64>,
    interval: Option<Interval>,
    level: f64,
    t: Option<f64>,
    df: Option<f64>,
    p: Option<f64>,
    n_first: usize,
    n_second: usize,
}

#[derive(Serialize)]
struct Outliers {
    duos_set_aside: usize,
    duos_preempted: usize,
    preempted_set_aside: usize,
}

#[derive(Serialize)]
struct ClockOut {
    judged_on: &'static str,
    reason: String,
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
        trials: records
            .iter()
            .map(|record| match record {
                Record::Diff(d) => AnyTrial::Diff(Box::new(trial(d))),
                Record::Bench(b) => AnyTrial::Bench(Box::new(bench_trial(b))),
            })
            .collect(),
    };
    // Serialising plain structs of numbers and strings cannot fail.
    serde_json::to_string_pretty(&document).unwrap_or_default() + "\n"
}

fn trial(record: &DiffRecord) -> Trial<'_> {
    let r = &record.result;
    Trial {
        name: &record.name,
        bench_target: record.bench_target,
        kind: if record.versions.is_some() {
            "versions"
        } else {
            "diff"
        },
        baseline: record.versions.map(|name| name.to_string()),
        routines: Routines {
            first: record.names.first,
            second: record.names.second,
        },
        calibration: record.calibration,
        measure: r.measure.name(),
        unit: r.measure.unit(),
        executor: r.executor,
        executor_overhead_ns: r.executor_overhead_ns,
        os: r.os,
        doctor: warnings_json(&record.doctor),
        claim: record.claim.as_ref().map(|c| ClaimText(c).to_string()),
        verdict: r.verdict.word(),
        alpha: r.alpha,
        ratio: Ratio {
            estimate: finite(r.ratio),
            interval: r.interval.and_then(|(low, high)| interval(low, high)),
            level: 1.0 - r.alpha,
            median_based: finite(r.median_ratio),
        },
        student: r.student.as_ref().map(student),
        welch: r.welch.as_ref().map(welch),
        first: r.first.as_ref().map(summary),
        second: r.second.as_ref().map(summary),
        pairs: r.pairs,
        outliers: Outliers {
            duos_set_aside: r.duos_set_aside,
            duos_preempted: r.duos_preempted,
            preempted_set_aside: r.preempted_set_aside,
        },
        clock: ClockOut {
            judged_on: r.clock.name(),
            reason: r.clock_reason.describe(),
        },
        blocks: r.blocks,
        duos_per_block: r.duos_per_block,
        batch_iters: r.batch_iters,
        warmup_secs: r.warmup_time.as_secs_f64(),
        measure_secs: r.measure_time.as_secs_f64(),
    }
}

/// The paired test is on log-differences: its mean and interval are reported as ratios.
fn student(t: &StudentT) -> Student {
    Student {
        ratio: finite(t.mean.exp()),
        interval: interval(t.ci_low.exp(), t.ci_high.exp()),
        level: t.level,
        t: finite(t.t),
        df: finite(t.df),
        p: finite(t.p_two_sided),
        n: t.n,
    }
}

/// Welch's test is on log latencies: the difference of means is a log ratio.
fn welch(w: &Welch) -> WelchOut {
    WelchOut {
        ratio: finite(w.diff.exp()),
        interval: interval(w.ci_low.exp(), w.ci_high.exp()),
        level: w.level,
        t: finite(w.t),
        df: finite(w.df),
        p: finite(w.p_two_sided),
        n_first: w.n_a,
        n_second: w.n_b,
    }
}
