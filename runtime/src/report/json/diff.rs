//! A comparison's trial in the `--json` document (kind `diff`, or `versions` for a
//! `#[bench]` paired with a baseline's executable): ratio and what it rests on, tests,
//! summaries, outliers and the clock that judged.

use super::counts::{counts, CountsOut};
use super::parts::{finite, in_unit, interval, summary, Interval, RoutineSummary};
use crate::analysis::DiffResult;
use crate::analysis::Drift;
use crate::analysis::{judge_set_aside, stall_explanation, SetAside};
use crate::decide::Basis;
use crate::decide::ClaimText;
use crate::decide::SpikeSplit;
use crate::decide::{DecidedBy, GateOutcome, GateSummary};
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
    /// When the verdict was reached before the measurement `ratio` is of ended (`cargo
    /// bench` measures on after it): the pairs and the interval it rested on.
    decided_early: Option<DecidedEarlyOut>,
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
    /// Whether the blocks are units of duos counted as independent by design (a long
    /// routine's), rather than blocks whose dependence was measured from a pilot.
    units: bool,
    batch_iters: Option<u64>,
    second_batch_iters: Option<u64>,
    warmup_secs: f64,
    measure_secs: f64,
    /// A comparison timed within one process: the lengths that chose its path (units or
    /// the dependence measured).
    #[serde(skip_serializing_if = "Option::is_none")]
    path: Option<PathOut>,
    /// Kind `versions`, and kind `diff` under `--across-processes`: the rounds of fresh
    /// process pairs behind the ratio.
    #[serde(skip_serializing_if = "Option::is_none")]
    process_pairs: Option<ProcessPairsOut>,
    /// Kind `versions` under `--max-regression`: the gate's outcome and design.
    #[serde(skip_serializing_if = "Option::is_none")]
    gate: Option<GateOut>,
    /// Counted under Valgrind instead of timed.
    #[serde(skip_serializing_if = "Option::is_none")]
    counts: Option<CountsOut>,
}

/// The lengths that chose a comparison's path, in the order the choice goes: its typical
/// duo against the longest duo whose pilot measures the dependence within half the warmup.
#[derive(Serialize)]
struct PathOut {
    duo_ns: Option<f64>,
    longest_measured_ns: Option<f64>,
    pilot_duos_needed: usize,
    /// Within a factor of two of the line, where a rerun may take the other path.
    near_line: bool,
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
    /// Misses at `named_regression` at most this; null for a gate on counts, which is
    /// designed against no named regression.
    miss_rate: Option<f64>,
    /// The regression the miss rate is stated at, (1 + P)², as a ratio; null on counts.
    named_regression: Option<f64>,
    /// `early_stop` or `two_stage` over rounds, `counts` when counted under Valgrind; null
    /// when inconclusive over rounds.
    decided_by: Option<&'static str>,
    /// Rounds in all the first stage's spread asked for; null before it ended.
    planned_rounds: Option<usize>,
}

/// The look at which a claim was decided, before the measurement went on.
#[derive(Serialize)]
struct DecidedEarlyOut {
    pairs: usize,
    interval: Option<Interval>,
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
        decided_early: r.decided_early.map(|early| DecidedEarlyOut {
            pairs: early.pairs,
            interval: early.interval.and_then(|(low, high)| interval(low, high)),
        }),
        ratio: Ratio {
            estimate: finite(r.ratio),
            means: r.means.map(|m| MeansOut {
                first_ns: in_unit(r.measure, m.first),
                second_ns: in_unit(r.measure, m.second),
                duos: m.duos,
                outliers_left_out: m.outliers_left_out,
                after_last_block: m.after_last_block,
            }),
            interval: r.interval.and_then(|(low, high)| interval(low, high)),
            level: 1.0 - r.interval_alpha,
            median_based: finite(r.median_ratio).filter(|_| duos),
            basis: r.basis.map(basis_name),
            dependence: finite(r.dependence).filter(|_| duos),
            drift: r.drift.and_then(drift),
        },
        student: r.student.as_ref().map(student),
        welch: r.welch.as_ref().map(welch),
        first: r.first.as_ref().map(|s| summary(s, r.measure)),
        second: r.second.as_ref().map(|s| summary(s, r.measure)),
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
        units: r.units,
        batch_iters: duos.then_some(r.batch_iters),
        counts: r.counted.as_ref().map(|c| counts(c, r.measure)),
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
        gate: match r.process_pairs.as_ref().and_then(|p| p.gate.as_ref()) {
            Some(g) => Some(gate(g)),
            None => record
                .gate()
                .map(|(p, outcome)| counts_gate(p, outcome, r.alpha)),
        },
        second_batch_iters: duos.then_some(r.second_batch_iters),
        warmup_secs: r.warmup_time.as_secs_f64(),
        measure_secs: r.measure_time.as_secs_f64(),
        path: r.path_lengths.map(|l| PathOut {
            duo_ns: finite(l.duo_ns),
            longest_measured_ns: finite(l.longest_measured_ns()),
            pilot_duos_needed: l.pilot_needed(),
            near_line: l.near_line(),
        }),
    }
}

fn gate(g: &GateSummary) -> GateOut {
    GateOut {
        outcome: g.outcome.word(),
        max_regression: g.design.max_regression,
        threshold: g.threshold,
        false_alarm_rate: g.design.alpha,
        miss_rate: Some(g.design.beta),
        named_regression: Some(g.design.named_regression()),
        decided_by: g.decided_by.map(|by| match by {
            DecidedBy::EarlyStop => "early_stop",
            DecidedBy::TwoStage => "two_stage",
        }),
        planned_rounds: g.planned_rounds,
    }
}

/// A gate at `max_regression` decided on counts (`new/old <= 1 + P`): exact where the
/// counts did not move, which no false alarm can fail; over repeats whose counts moved, on
/// the t interval at `alpha`, the false alarms' bound either way.
fn counts_gate(max_regression: f64, outcome: GateOutcome, alpha: f64) -> GateOut {
    GateOut {
        outcome: outcome.word(),
        max_regression,
        threshold: 1.0 + max_regression,
        false_alarm_rate: alpha,
        miss_rate: None,
        named_regression: None,
        decided_by: Some("counts"),
        planned_rounds: None,
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

/// The schema's word for which duos the estimate rests on.
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
mod tests {
    //! Tests of what a comparison's trial says about the basis of its estimate: the means it is
    //! of, the ownership split of set-aside duos, the basis, the dependence factor and the
    //! drift.

    use super::super::document::to_json;
    use crate::analysis::Drift;
    use crate::decide::{Basis, Unsettled};
    use crate::fixture::records::{drifting_unsettled, record, stalled_record};
    use crate::report::DiffRecord;
    use crate::report::Record;
    use serde_json::Value;

    fn trial(rec: DiffRecord) -> Value {
        let run = crate::fixture::records::bench_run_info();
        let doc: Value = serde_json::from_str(&to_json(&[Record::Diff(Box::new(rec))], &run))
            .expect("the document is valid JSON");
        doc["trials"][0].clone()
    }

    #[test]
    fn the_basis_of_the_estimate_is_in_the_ratio_and_the_split_in_the_outliers() {
        let t = trial(drifting_unsettled());
        assert_eq!(t["ratio"]["basis"], "unsettled");
        assert_eq!(t["ratio"]["dependence"], 1.75);
        assert_eq!(t["ratio"]["drift"]["first_half"], 0.45);
        assert_eq!(t["ratio"]["drift"]["second_half"], 0.55);
        assert_eq!(t["outliers"]["spike_split"]["first"], 2);
        assert_eq!(t["outliers"]["spike_split"]["second"], 7);
    }

    #[test]
    fn the_estimate_is_the_ratio_of_its_means_unrounded() {
        let rec = stalled_record("stalled");
        let means = rec.result.means.expect("means");
        let t = trial(rec);
        let m = &t["ratio"]["means"];
        let (first, second) = (
            m["first_ns"].as_f64().unwrap(),
            m["second_ns"].as_f64().unwrap(),
        );
        assert_eq!((first, second), (means.first, means.second));
        let estimate = t["ratio"]["estimate"].as_f64().unwrap();
        assert!((first / second / estimate - 1.0).abs() < 1e-12, "{t}");
        assert_eq!(m["outliers_left_out"], 10);
        // Every batch's summaries are still there, and their means are not the ratio's.
        let batches =
            t["first"]["mean_ns"].as_f64().unwrap() / t["second"]["mean_ns"].as_f64().unwrap();
        assert!(batches / estimate > 1.05, "{t}");
        // Where the ratio is not a ratio of means, there are none.
        assert_eq!(
            trial(record("empty", 1.0, None, 0))["ratio"]["means"],
            Value::Null
        );
    }

    #[test]
    fn each_basis_has_its_word() {
        for (basis, word) in [
            (Basis::Fenced, "fenced"),
            (Basis::Unfenced, "unfenced"),
            (Basis::Unsettled(Unsettled::TooFew), "unsettled"),
            (Basis::Unsettled(Unsettled::Disagreeing), "unsettled"),
        ] {
            let mut rec = drifting_unsettled();
            rec.result.basis = Some(basis);
            assert_eq!(trial(rec)["ratio"]["basis"], word);
        }
    }

    #[test]
    fn a_run_without_an_estimate_or_drift_writes_null() {
        // No duo at all: no basis, a dependence of 1, no drift, nothing set aside.
        let t = trial(record("empty", 1.0, None, 0));
        assert_eq!(t["ratio"]["basis"], Value::Null);
        assert_eq!(t["ratio"]["dependence"], 1.0);
        assert_eq!(t["ratio"]["drift"], Value::Null);
        assert_eq!(t["outliers"]["spike_split"]["first"], 0);
        // A drift that is not a finite ratio is null, not NaN.
        let mut rec = drifting_unsettled();
        rec.result.drift = Some(Drift {
            first_half: f64::NAN,
            second_half: 0.5,
        });
        assert_eq!(trial(rec)["ratio"]["drift"], Value::Null);
    }

    #[test]
    fn the_schema_describes_these_fields_and_refuses_other_values() {
        let schema: Value =
            serde_json::from_str(include_str!("../../../../docs/duobench.schema.json")).unwrap();
        let validator = jsonschema::validator_for(&schema).unwrap();
        let run = crate::fixture::records::bench_run_info();
        let good: Value = serde_json::from_str(&to_json(
            &[Record::Diff(Box::new(drifting_unsettled()))],
            &run,
        ))
        .unwrap();
        assert!(validator.is_valid(&good));
        let bad = |path: &[&str], value: Value| {
            let mut doc = good.clone();
            let mut at = &mut doc["trials"][0];
            for key in path {
                at = &mut at[*key];
            }
            *at = value;
            !validator.is_valid(&doc)
        };
        assert!(bad(&["ratio", "basis"], "both".into()));
        assert!(bad(&["ratio", "dependence"], 0.5.into()));
        assert!(bad(&["ratio", "drift", "first_half"], (-1.0).into()));
        assert!(bad(&["outliers", "spike_split", "second"], (-1).into()));
        let stalls = serde_json::json!({
            "per_second": 500.0, "typical_ns": 50000.0, "expected_share": 0.04, "explained": true
        });
        assert!(!bad(&["outliers", "machine_stalls"], stalls.clone()));
        let mut above_one = stalls.clone();
        above_one["expected_share"] = 1.5.into();
        assert!(bad(&["outliers", "machine_stalls"], above_one));
        assert!(bad(
            &["outliers", "machine_stalls"],
            serde_json::json!({ "per_second": 1.0 })
        ));
    }

    #[test]
    fn the_machines_stalls_are_in_the_outliers_when_they_were_measured() {
        use crate::fixture::stalls::{stalled, stalls};
        assert_eq!(
            trial(drifting_unsettled())["outliers"]["machine_stalls"],
            Value::Null
        );
        // 500 stalls of 50 µs a second, and 12 of 203 duos set aside.
        let mut rec = record("stalled", 1.0, None, 200);
        rec.result = stalled(12, Some(stalls(10, 50_000)));
        let stalls = &trial(rec.clone())["outliers"]["machine_stalls"];
        assert_eq!(stalls["per_second"], 500.0);
        assert_eq!(stalls["typical_ns"], 50_000.0);
        let share = stalls["expected_share"].as_f64().unwrap();
        assert!((0.03..0.05).contains(&share), "{share}");
        assert_eq!(stalls["explained"], true);
        rec.result.duos_set_aside = 60;
        assert_eq!(trial(rec)["outliers"]["machine_stalls"]["explained"], false);
    }

    #[test]
    fn a_cross_version_trial_says_how_its_rounds_were_judged() {
        let mut rec = record("versions", 0.5, None, 2_000);
        rec.result.basis = None;
        crate::fixture::records::over_three_rounds(&mut rec.result, true);
        let t = trial(rec);
        assert_eq!(t["process_pairs"]["rounds_on_clock"], 2);
        assert_eq!(t["process_pairs"]["mixed_basis"], true);
        assert_eq!(t["ratio"]["basis"], Value::Null);
        // Within one process there are no rounds to describe.
        let t = trial(record("within", 0.5, None, 2_000));
        assert_eq!(t["process_pairs"], Value::Null);
    }

    #[test]
    fn a_verdict_reached_before_the_figures_gives_the_look_that_decided_it() {
        let mut rec = record("early", 1.1, None, 300);
        assert_eq!(trial(rec.clone())["decided_early"], Value::Null);
        rec.result.interval = None;
        rec.result.decided_early = Some(crate::analysis::DecidedEarly {
            pairs: 240,
            interval: Some((1.09, 1.11)),
        });
        let schema: Value =
            serde_json::from_str(include_str!("../../../../docs/duobench.schema.json")).unwrap();
        let validator = jsonschema::validator_for(&schema).unwrap();
        let run = crate::fixture::records::bench_run_info();
        let doc: Value =
            serde_json::from_str(&to_json(&[Record::Diff(Box::new(rec))], &run)).unwrap();
        assert!(validator.is_valid(&doc));
        let t = &doc["trials"][0];
        assert_eq!(t["decided_early"]["pairs"], 240);
        assert_eq!(t["decided_early"]["interval"]["low"], 1.09);
        assert_eq!(t["ratio"]["interval"], Value::Null);
        // Negative control: the schema refuses a look without its pairs.
        let mut without = doc.clone();
        without["trials"][0]["decided_early"] = serde_json::json!({ "interval": null });
        assert!(!validator.is_valid(&without));
    }

    #[test]
    fn a_trial_judged_on_units_says_so() {
        let mut rec = record("within", 0.5, None, 2_000);
        assert_eq!(trial(rec.clone())["units"], false);
        rec.result.units = true;
        assert_eq!(trial(rec)["units"], true);
    }

    #[test]
    fn a_trial_timed_within_one_process_gives_the_lengths_of_its_path() {
        let schema: Value =
            serde_json::from_str(include_str!("../../../../docs/duobench.schema.json")).unwrap();
        let validator = jsonschema::validator_for(&schema).unwrap();
        let mut rec = record("near", 0.18, None, 200);
        assert!(trial(rec.clone()).get("path").is_none());
        rec.result.path_lengths = Some(crate::decide::PathLengths {
            duo_ns: 653e3,
            duos_per_block: 2,
            warmup_ns: 200e6,
        });
        let run = crate::fixture::records::bench_run_info();
        let doc: Value =
            serde_json::from_str(&to_json(&[Record::Diff(Box::new(rec))], &run)).unwrap();
        assert!(validator.is_valid(&doc));
        let path = &doc["trials"][0]["path"];
        assert_eq!(path["duo_ns"], 653e3);
        assert_eq!(path["pilot_duos_needed"], 150);
        assert_eq!(path["near_line"], true);
        // Negative control: the schema refuses a path without its line.
        let mut without = doc.clone();
        without["trials"][0]["path"] = serde_json::json!({ "duo_ns": 1.0 });
        assert!(!validator.is_valid(&without));
    }

    #[test]
    fn a_counted_trial_writes_null_where_a_timed_one_describes_its_duos() {
        let schema: Value =
            serde_json::from_str(include_str!("../../../../docs/duobench.schema.json")).unwrap();
        let validator = jsonschema::validator_for(&schema).unwrap();
        let mut rec = record("counted", 0.85, None, 0);
        rec.result = crate::fixture::records::counted_result(0.85);
        let run = crate::fixture::records::bench_run_info();
        let doc: Value =
            serde_json::from_str(&to_json(&[Record::Diff(Box::new(rec))], &run)).unwrap();
        let errors: Vec<String> = validator.iter_errors(&doc).map(|e| e.to_string()).collect();
        assert!(errors.is_empty(), "{errors:#?}");
        let t = &doc["trials"][0];
        for path in [
            &["clock"][..],
            &["duos_per_block"],
            &["batch_iters"],
            &["second_batch_iters"],
            &["first"],
            &["second"],
            &["ratio", "median_based"],
            &["ratio", "dependence"],
        ] {
            let value = path.iter().fold(t, |at, key| &at[*key]);
            assert_eq!(value, &Value::Null, "{path:?}");
        }
        assert_eq!(t["counts"]["exact"], true);
        assert_eq!(
            t["ratio"]["interval"]["low"],
            t["ratio"]["interval"]["high"]
        );
        // Negative controls: the schema refuses a counted trial that claims a clock or a block
        // of duos, and a timed trial without them.
        let with = |path: &[&str], value: Value, drop_counts: bool| {
            let mut doc = doc.clone();
            let trial = &mut doc["trials"][0];
            if drop_counts {
                trial.as_object_mut().unwrap().remove("counts");
            }
            let mut at = trial;
            for key in path {
                at = &mut at[*key];
            }
            *at = value;
            validator.is_valid(&doc)
        };
        let clock = serde_json::json!({ "judged_on": "wall", "reason": "counted" });
        assert!(!with(&["clock"], clock, false));
        assert!(!with(&["duos_per_block"], 1.into(), false));
        assert!(!with(&["ratio", "median_based"], 0.85.into(), false));
        // Without counts, the nulls are refused.
        assert!(!with(&["clock"], Value::Null, true));
    }
}
