//! A comparison's trial in the `--json` document (kind `diff`, or `versions` for a
//! `#[bench]` paired with a baseline's executable): ratio and what it rests on, tests,
//! summaries, outliers and the clock that judged.

use super::counts::{counts, CountsOut};
use super::parts::{finite, interval, summary, Interval, RoutineSummary};
use crate::analysis::DiffResult;
use crate::analysis::Drift;
use crate::analysis::{judge_set_aside, stall_explanation, SetAside};
use crate::decide::Basis;
use crate::decide::ClaimText;
use crate::decide::SpikeSplit;
use crate::decide::{DecidedBy, GateSummary};
use crate::measure::OsUsage;
use crate::report::DiffRecord;
use crate::report::{warnings_json, WarningOut};
use crate::stats::TTest;
use serde::Serialize;

/// A comparison's trial (kind `diff` or `versions`).
#[derive(Serialize)]
pub struct DiffTrial<'a> {
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
    /// The claim's anytime-valid p-value, for corrections across claims (Holm's in a group).
    p_value: Option<f64>,
    ratio: Ratio,
    student: Option<Student>,
    welch: Option<WelchOut>,
    first: Option<RoutineSummary>,
    second: Option<RoutineSummary>,
    pairs: usize,
    outliers: Outliers,
    /// Null for a counted trial: no clock judged it.
    clock: Option<ClockOut>,
    blocks: usize,
    /// This and the batch sizes are null for a counted trial, which ran no duos.
    duos_per_block: Option<usize>,
    batch_iters: Option<u64>,
    second_batch_iters: Option<u64>,
    warmup_secs: f64,
    measure_secs: f64,
    /// Kind `versions`: the rounds of fresh process pairs behind the ratio.
    #[serde(skip_serializing_if = "Option::is_none")]
    process_pairs: Option<ProcessPairsOut>,
    /// Kind `versions` under `--max-regression`: the gate's outcome and design.
    #[serde(skip_serializing_if = "Option::is_none")]
    gate: Option<GateOut>,
    /// Counted under Valgrind instead of timed.
    #[serde(skip_serializing_if = "Option::is_none")]
    counts: Option<CountsOut>,
}

/// A regression gate: its outcome (`pass`, `regressed`, `inconclusive`) and the error
/// rates it was designed to hold.
#[derive(Serialize)]
struct GateOut {
    outcome: &'static str,
    /// The largest regression allowed, as a fraction.
    max_regression: f64,
    /// The ratio above which the gate fails.
    threshold: f64,
    /// False alarms on unchanged code (ratio 1) at most this.
    false_alarm_rate: f64,
    /// Misses at `named_regression` at most this.
    miss_rate: f64,
    /// The regression the miss rate is stated at, (1 + P)², as a ratio.
    named_regression: f64,
    /// `early_stop` or `two_stage`; null when inconclusive.
    decided_by: Option<&'static str>,
    /// Rounds in all the first stage's spread asked for; null before it ended.
    planned_rounds: Option<usize>,
}

/// The rounds of a cross-version comparison, as ratios.
#[derive(Serialize)]
struct ProcessPairsOut {
    pairs: usize,
    ratios: Vec<Option<f64>>,
    between_sd: Option<f64>,
    within_se: Option<f64>,
    placement_dominates: bool,
    pairs_needed: Option<usize>,
    /// Rounds judged on `clock.judged_on` (the others on the other clock).
    rounds_on_clock: Option<usize>,
    /// The rounds' estimates rested on different duos, so `ratio.basis` is null.
    mixed_basis: Option<bool>,
}

#[derive(Serialize)]
struct Routines<'a> {
    first: &'a str,
    second: &'a str,
}

#[derive(Serialize)]
struct Ratio {
    estimate: Option<f64>,
    /// The two means `estimate` is of, and the duos they are over.
    means: Option<MeansOut>,
    interval: Option<Interval>,
    level: f64,
    median_based: Option<f64>,
    basis: Option<&'static str>,
    dependence: Option<f64>,
    drift: Option<DriftOut>,
}

/// Each routine's mean per iteration over the duos the estimate rests on, unrounded:
/// `first_ns / second_ns` is the estimate.
#[derive(Serialize)]
struct MeansOut {
    first_ns: f64,
    second_ns: f64,
    duos: usize,
    outliers_left_out: usize,
    after_last_block: usize,
}

#[derive(Serialize)]
struct DriftOut {
    first_half: f64,
    second_half: f64,
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
    spike_split: SpikeSplitOut,
    duos_preempted: usize,
    preempted_set_aside: usize,
    machine_stalls: Option<MachineStallsOut>,
}

/// The machine's own stalls, measured when many duos were set aside.
#[derive(Serialize)]
struct MachineStallsOut {
    per_second: f64,
    typical_ns: Option<f64>,
    expected_share: f64,
    explained: bool,
}

#[derive(Serialize)]
struct SpikeSplitOut {
    first: usize,
    second: usize,
}

#[derive(Serialize)]
struct ClockOut {
    judged_on: &'static str,
    reason: String,
}

/// The trial of one comparison.
pub fn diff_trial(record: &DiffRecord) -> DiffTrial<'_> {
    let r = &record.result;
    // A trial counted under Valgrind ran no duos: what would describe them is null, not a
    // zero or a copy of the ratio that reads as a measurement.
    let duos = r.counted.is_none();
    DiffTrial {
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
        p_value: r.p_value.map(|p| p.p),
        ratio: Ratio {
            estimate: finite(r.ratio),
            means: r.means.map(|m| MeansOut {
                first_ns: m.first,
                second_ns: m.second,
                duos: m.duos,
                outliers_left_out: m.outliers_left_out,
                after_last_block: m.after_last_block,
            }),
            interval: r.interval.and_then(|(low, high)| interval(low, high)),
            level: 1.0 - r.alpha,
            median_based: finite(r.median_ratio).filter(|_| duos),
            basis: r.basis.map(basis_name),
            dependence: finite(r.dependence).filter(|_| duos),
            drift: r.drift.and_then(drift),
        },
        student: r.student.as_ref().map(student),
        welch: r.welch.as_ref().map(welch),
        first: r.first.as_ref().map(summary),
        second: r.second.as_ref().map(summary),
        pairs: r.pairs,
        outliers: Outliers {
            duos_set_aside: r.duos_set_aside,
            spike_split: spike_split(r.spike_split),
            duos_preempted: r.duos_preempted,
            preempted_set_aside: r.preempted_set_aside,
            machine_stalls: machine_stalls(r),
        },
        clock: duos.then(|| ClockOut {
            judged_on: r.clock.name(),
            reason: r.clock_reason.describe(),
        }),
        blocks: r.blocks,
        duos_per_block: duos.then_some(r.duos_per_block),
        batch_iters: duos.then_some(r.batch_iters),
        counts: r.counted.as_ref().map(counts),
        process_pairs: r.process_pairs.as_ref().map(|p| ProcessPairsOut {
            pairs: p.pairs,
            ratios: p.log_ratios.iter().map(|x| finite(x.exp())).collect(),
            between_sd: p.between_sd.and_then(finite),
            within_se: p.within_se.and_then(finite),
            placement_dominates: p.placement_dominates(),
            pairs_needed: p.pairs_needed,
            rounds_on_clock: r.over_rounds.map(|o| o.clock_rounds),
            mixed_basis: r.over_rounds.map(|o| o.mixed_basis),
        }),
        gate: r
            .process_pairs
            .as_ref()
            .and_then(|p| p.gate.as_ref())
            .map(gate),
        second_batch_iters: duos.then_some(r.second_batch_iters),
        warmup_secs: r.warmup_time.as_secs_f64(),
        measure_secs: r.measure_time.as_secs_f64(),
    }
}

fn gate(g: &GateSummary) -> GateOut {
    GateOut {
        outcome: g.outcome.word(),
        max_regression: g.design.max_regression,
        threshold: g.threshold,
        false_alarm_rate: g.design.alpha,
        miss_rate: g.design.beta,
        named_regression: g.design.named_regression(),
        decided_by: g.decided_by.map(|by| match by {
            DecidedBy::EarlyStop => "early_stop",
            DecidedBy::TwoStage => "two_stage",
        }),
        planned_rounds: g.planned_rounds,
    }
}

/// How the machine's stalls bear on the duos set aside, when they were measured and apply.
fn machine_stalls(r: &DiffResult) -> Option<MachineStallsOut> {
    let e = stall_explanation(r, r.machine_stalls.as_ref()?)?;
    Some(MachineStallsOut {
        per_second: e.per_second,
        typical_ns: e.typical_ns,
        expected_share: e.expected_share,
        explained: matches!(judge_set_aside(r), SetAside::Explained(_)),
    })
}

/// The paired test is on log-differences: its mean and interval are reported as ratios.
fn student(t: &TTest) -> Student {
    Student {
        ratio: finite(t.estimate.exp()),
        interval: interval(t.ci_low.exp(), t.ci_high.exp()),
        level: t.level,
        t: finite(t.t),
        df: finite(t.df),
        p: finite(t.p_two_sided),
        n: t.n,
    }
}

/// Welch's test is on log latencies: the difference of means is a log ratio.
fn welch(w: &TTest) -> WelchOut {
    WelchOut {
        ratio: finite(w.estimate.exp()),
        interval: interval(w.ci_low.exp(), w.ci_high.exp()),
        level: w.level,
        t: finite(w.t),
        df: finite(w.df),
        p: finite(w.p_two_sided),
        n_first: w.n,
        n_second: w.n_second.unwrap_or(0),
    }
}

/// The schema's word for which duos the estimate rests on (older files may say `hull`: the
/// interval then spanned the fenced and the unfenced one).
fn basis_name(basis: Basis) -> &'static str {
    match basis {
        Basis::Fenced => "fenced",
        Basis::Unfenced => "unfenced",
        Basis::Unsettled(_) => "unsettled",
    }
}

/// A drift whose halves are both finite ratios, else `null`.
fn drift(d: Drift) -> Option<DriftOut> {
    Some(DriftOut {
        first_half: finite(d.first_half)?,
        second_half: finite(d.second_half)?,
    })
}

fn spike_split(split: SpikeSplit) -> SpikeSplitOut {
    SpikeSplitOut {
        first: split.first,
        second: split.second,
    }
}

#[cfg(test)]
mod tests;
