//! The `bench_trial` record of the `--json` document: one `#[bench]`'s estimates, spread,
//! outliers, throughput, sampling and baseline comparison, mirroring `$defs/bench_trial` in
//! `docs/duobench.schema.json` field for field.

use super::counts::{counts, CountsOut};
use super::parts::{finite, in_unit, interval, summary, Interval, RoutineSummary};
use crate::analysis::severe_at_slow_pace;
use crate::measure::OsUsage;
use crate::measure::Sampling;
use crate::measure::WaitEvidence;
use crate::model::{Measure, Throughput};
use crate::report::change_verdict_text;
use crate::report::{warnings_json, WarningOut};
use crate::report::{BaselineOutcome, BenchRecord};
use crate::session::Compared;
use crate::stats::Estimate;
use serde::Serialize;

#[derive(Serialize)]
pub(super) struct BenchTrial<'a> {
    name: &'a str,
    bench_target: &'a str,
    kind: &'static str,
    measure: &'static str,
    unit: &'static str,
    executor: Option<&'static str>,
    executor_overhead_ns: Option<f64>,
    alloc_bytes_per_iteration: Option<f64>,
    os: Option<OsUsage>,
    doctor: Vec<WarningOut>,
    level: f64,
    resamples: usize,
    slope_ns: EstimateOut,
    mean_ns: EstimateOut,
    median_ns: EstimateOut,
    fit: Option<Fit>,
    per_iteration: Option<RoutineSummary>,
    outliers: TukeyCounts,
    throughput: Option<ThroughputOut>,
    samples: usize,
    samples_set_aside_slow: usize,
    /// Samples set aside because the thread waited for a core through more than 1% of them.
    samples_set_aside_waiting: usize,
    /// What the samples waited for a core, and what was done about it (absent for counts).
    #[serde(skip_serializing_if = "Option::is_none")]
    waiting: Option<WaitingOut>,
    /// A run taken again because the machine ran slower through most of the first one.
    #[serde(skip_serializing_if = "Option::is_none")]
    measured_again: Option<MeasuredAgainOut>,
    iterations: u64,
    sampling: &'static str,
    iters_step: u64,
    warmup_secs: f64,
    measure_secs: f64,
    baseline: BaselineOut,
    /// `--baseline` asked for a paired comparison and the saved numbers were compared
    /// instead: why.
    #[serde(skip_serializing_if = "Option::is_none")]
    unpaired_because: Option<&'a str>,
    /// Counted under Valgrind instead of timed.
    #[serde(skip_serializing_if = "Option::is_none")]
    counts: Option<CountsOut>,
}

/// A point estimate and its interval; either is `null` when not finite.
#[derive(Serialize)]
struct EstimateOut {
    estimate: Option<f64>,
    interval: Option<Interval>,
}

#[derive(Serialize)]
struct Fit {
    slope_ns: Option<f64>,
    intercept_ns: Option<f64>,
    r_squared: Option<f64>,
}

#[derive(Serialize)]
struct TukeyCounts {
    samples: usize,
    low_severe: usize,
    low_mild: usize,
    high_mild: usize,
    high_severe: usize,
    /// Of the severe high, those taken while the machine's pace was slow.
    high_severe_slow_pace: usize,
}

#[derive(Serialize)]
struct MeasuredAgainOut {
    first_pace_change: f64,
    first_secs: f64,
    waited_secs: f64,
    came_back: bool,
    kept: &'static str,
}

#[derive(Serialize)]
struct WaitingOut {
    evidence: WaitEvidence,
    share: Option<f64>,
    samples_disturbed: usize,
    rests_on_disturbed: bool,
    figure_share: Option<f64>,
}

#[derive(Serialize)]
struct ThroughputOut {
    unit: &'static str,
    per_iteration: u64,
    per_second: EstimateOut,
}

/// Tagged by `status`, so a reader switches on one field.
#[derive(Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
enum BaselineOut {
    Compared {
        name: String,
        previous_run: bool,
        baseline_slope_ns: EstimateOut,
        change: Box<ChangeOut>,
        machine_pace_change: Option<f64>,
    },
    FirstRun {
        saved_as: String,
    },
    NoFigures {
        baseline: String,
    },
    Error {
        message: String,
    },
}

#[derive(Serialize)]
struct ChangeOut {
    estimate: Option<f64>,
    interval: Option<Interval>,
    level: f64,
    p: Option<f64>,
    noise_threshold: f64,
    alpha: f64,
    verdict: &'static str,
    /// The verdict as the block words it (a machine that differed, with how).
    verdict_text: String,
    machine: MachineOut,
}

/// What the machine was in each run, and the change it alone could explain.
#[derive(Serialize)]
struct MachineOut {
    wait_share_then: Option<f64>,
    wait_share_now: Option<f64>,
    pace_change: Option<f64>,
    explains: Option<Interval>,
    wait_counted: bool,
    pace_counted: bool,
    rests_on_disturbed_then: bool,
    rests_on_disturbed_now: bool,
}

/// An estimate in `measure`'s unit.
fn estimate(e: &Estimate, measure: Measure) -> EstimateOut {
    let u = |x: f64| in_unit(measure, x);
    EstimateOut {
        estimate: finite(u(e.point)),
        interval: interval(u(e.low), u(e.high)),
    }
}

/// The JSON record of one `#[bench]`.
pub(super) fn bench_trial(record: &BenchRecord) -> BenchTrial<'_> {
    let r = &record.result;
    let o = &r.outliers;
    let m = r.measure;
    let (sampling, iters_step) = match r.run.sampling {
        Sampling::Linear { step } => ("linear", step),
        Sampling::Flat { iters } => ("flat", iters),
    };
    BenchTrial {
        name: &record.name,
        bench_target: record.bench_target,
        kind: "bench",
        measure: r.measure.name(),
        unit: r.measure.unit(),
        executor: r.executor,
        executor_overhead_ns: r.executor_overhead_ns,
        alloc_bytes_per_iteration: r.alloc_bytes_per_iteration,
        os: r.os,
        doctor: warnings_json(&record.doctor),
        level: r.level,
        resamples: r.resamples,
        slope_ns: estimate(&r.slope, m),
        mean_ns: estimate(&r.mean, m),
        median_ns: estimate(&r.median, m),
        fit: r.fit.map(|line| Fit {
            slope_ns: finite(in_unit(m, line.slope)),
            intercept_ns: finite(in_unit(m, line.intercept)),
            r_squared: finite(line.r_squared),
        }),
        per_iteration: r.per_iteration.as_ref().map(|s| summary(s, m)),
        outliers: TukeyCounts {
            samples: o.n,
            low_severe: o.low_severe,
            low_mild: o.low_mild,
            high_mild: o.high_mild,
            high_severe: o.high_severe,
            high_severe_slow_pace: severe_at_slow_pace(r),
        },
        throughput: r.throughput.map(|t| throughput(t, &r.slope, m)),
        samples: r.run.iters.len(),
        samples_set_aside_slow: r.run.set_aside_slow,
        samples_set_aside_waiting: r.run.waiting.map_or(0, |w| w.set_aside),
        waiting: r.run.waiting.map(|w| WaitingOut {
            evidence: w.evidence,
            share: w.share.and_then(finite),
            samples_disturbed: w.disturbed,
            rests_on_disturbed: w.rests_on_disturbed,
            figure_share: w.figure_share.and_then(finite),
        }),
        measured_again: r.run.measured_again.map(|m| MeasuredAgainOut {
            first_pace_change: m.first_pace_change,
            first_secs: m.first_took.as_secs_f64(),
            waited_secs: m.waited.as_secs_f64(),
            came_back: m.came_back,
            kept: if m.kept_first { "first" } else { "second" },
        }),
        iterations: r.total_iters(),
        sampling,
        iters_step,
        warmup_secs: r.run.warmup_time.as_secs_f64(),
        measure_secs: r.run.measure_time.as_secs_f64(),
        baseline: baseline(&record.baseline, m),
        unpaired_because: record.unpaired_because.as_deref(),
        counts: r.counted.as_ref().map(|c| counts(c, r.measure)),
    }
}

/// Work per second at the slope; a longer time is a lower rate, so the interval's ends swap.
/// A measurement of the user's own has no seconds to count per: its rates are its
/// formatter's, in the terminal block and the HTML report, and `per_second` is null.
fn throughput(t: Throughput, slope: &Estimate, measure: Measure) -> ThroughputOut {
    let (unit, count) = match t {
        Throughput::Bytes(n) => ("bytes", n),
        Throughput::Elements(n) => ("elements", n),
    };
    let own = measure.def().rate(t, slope.point, slope.point).is_some();
    let rate = |ns: f64| {
        if own {
            f64::NAN
        } else {
            count as f64 * 1e9 / ns
        }
    };
    ThroughputOut {
        unit,
        per_iteration: count,
        per_second: EstimateOut {
            estimate: finite(rate(slope.point)),
            interval: interval(rate(slope.high), rate(slope.low)),
        },
    }
}

fn baseline(outcome: &BaselineOutcome, measure: Measure) -> BaselineOut {
    match outcome {
        BaselineOutcome::Compared(c) => compared(c, measure),
        BaselineOutcome::FirstRun(name) => BaselineOut::FirstRun {
            saved_as: name.to_string(),
        },
        BaselineOutcome::NoFigures(name) => BaselineOut::NoFigures {
            baseline: name.to_string(),
        },
        BaselineOutcome::Failed(e) => BaselineOut::Error {
            message: e.to_string(),
        },
    }
}

/// The change's interval is at 1 − alpha, the level `compare_runs` builds it for.
fn compared(c: &Compared, measure: Measure) -> BaselineOut {
    let ch = &c.change;
    BaselineOut::Compared {
        name: c.baseline.to_string(),
        previous_run: c.previous_run,
        baseline_slope_ns: estimate(&c.baseline_slope, measure),
        change: Box::new(ChangeOut {
            estimate: finite(ch.relative.point),
            interval: interval(ch.relative.low, ch.relative.high),
            level: 1.0 - ch.alpha,
            p: finite(ch.p_value),
            noise_threshold: ch.noise_threshold,
            alpha: ch.alpha,
            verdict: ch.verdict.word(),
            verdict_text: change_verdict_text(c),
            machine: MachineOut {
                wait_share_then: ch.machine.then.wait_share.and_then(finite),
                wait_share_now: ch.machine.now.wait_share.and_then(finite),
                pace_change: ch.machine.pace_change.and_then(finite),
                explains: interval(ch.machine.explains.0, ch.machine.explains.1),
                wait_counted: ch.machine.wait_counted,
                pace_counted: ch.machine.pace_counted,
                rests_on_disturbed_then: ch.machine.then.rests_on_disturbed,
                rests_on_disturbed_now: ch.machine.now.rests_on_disturbed,
            },
        }),
        machine_pace_change: c.machine_pace_change.and_then(finite),
    }
}
