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
use std::collections::BTreeMap;

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
    /// The trial inside which the process called `exit` (a routine's
    /// `std::process::exit`), ending the unfinished run: written by the exit's handler.
    pub exited_inside: Option<String>,
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
    /// Bench targets whose process called `exit` inside a trial, each with that trial.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    exited_in: BTreeMap<&'a str, &'a str>,
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
        exited_in: run
            .unfinished
            .as_deref()
            .zip(run.exited_inside.as_deref())
            .into_iter()
            .collect(),
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
mod tests {
    //! Tests of the JSON mapping: field by field, `null`s for what was never estimated, and
    //! validity against the published schema (`docs/duobench.schema.json`).

    mod fields {
        use super::super::to_json;
        use crate::fixture::records::{record, BELOW};

        use crate::report::Record;
        use serde_json::Value;

        pub(super) fn document(records: &[Record]) -> Value {
            let run = crate::fixture::records::bench_run_info();
            serde_json::from_str(&to_json(records, &run)).expect("the document is valid JSON")
        }

        #[test]
        fn run_facts_head_the_document() {
            let doc = document(&[]);
            assert_eq!(doc["schema_version"], 1);
            assert_eq!(doc["duobench_version"], env!("CARGO_PKG_VERSION"));
            assert_eq!(doc["mode"], "bench");
            assert_eq!(doc["timer"]["overhead_ns"], 25.0);
            assert_eq!(doc["timer"]["resolution_ns"], 10.0);
            assert_eq!(doc["build"]["debug_assertions"], cfg!(debug_assertions));
            assert_eq!(doc["trials"], Value::Array(vec![]));
        }

        #[test]
        fn a_trial_carries_its_claim_verdict_estimates_and_summaries() {
            let rec = record("sorting::radix", 0.5, Some(BELOW), 2_000);
            let doc = document(&[Record::Diff(Box::new(rec.clone()))]);
            let t = &doc["trials"][0];
            assert_eq!(t["name"], "sorting::radix");
            assert_eq!(t["bench_target"], "claims");
            assert_eq!(t["kind"], "diff");
            assert_eq!(t["routines"]["first"], "radix");
            assert_eq!(t["routines"]["second"], "std_sort");
            assert_eq!(t["claim"], "ratio < 0.8");
            assert_eq!(t["verdict"], "pass");
            // A passed claim's p-value is at most the alpha it passed at.
            let p = t["p_value"]
                .as_f64()
                .expect("a decided claim has a p-value");
            assert!(p > 0.0 && p <= 0.05, "{p}");
            assert_eq!(t["calibration"], false);
            let r = &rec.result;
            assert_eq!(t["ratio"]["estimate"], r.ratio);
            let (low, high) = r.interval.unwrap();
            assert_eq!(t["ratio"]["interval"]["low"], low);
            assert_eq!(t["ratio"]["interval"]["high"], high);
            // The fenced sequence's level, 1 - 0.8 alpha.
            assert_eq!(t["ratio"]["level"], 1.0 - r.interval_alpha);
            assert!((r.interval_alpha - 0.04).abs() < 1e-12);
            assert_eq!(t["ratio"]["median_based"], r.median_ratio);
            assert_eq!(t["pairs"], r.pairs);
            assert_eq!(t["outliers"]["duos_set_aside"], r.duos_set_aside);
            assert_eq!(
                (t["batch_iters"].as_u64(), t["duos_per_block"].as_u64()),
                (Some(20), Some(4))
            );
            assert_eq!(
                (t["warmup_secs"].as_f64(), t["measure_secs"].as_f64()),
                (Some(0.2), Some(0.7))
            );
            let student = r.student.unwrap();
            assert_eq!(t["student"]["ratio"], student.estimate.exp());
            assert_eq!(t["student"]["p"], student.p_two_sided);
            assert_eq!(t["student"]["n"], student.n);
            assert_eq!(t["welch"]["n_first"], r.first.unwrap().n);
            let first = r.first.unwrap();
            let f = &t["first"];
            assert_eq!(
                (f["n"].as_u64(), f["median_ns"].as_f64()),
                (Some(first.n as u64), Some(first.median))
            );
            assert_eq!(f["percentiles_ns"]["p50"], first.median);
            assert_eq!(f["percentiles_ns"]["p99"], first.p99);
            assert_eq!(
                (f["min_ns"].as_f64(), f["max_ns"].as_f64()),
                (Some(first.min), Some(first.max))
            );
            assert_eq!(
                (f["mean_ns"].as_f64(), f["sd_ns"].as_f64()),
                (Some(first.mean), Some(first.sd))
            );
        }

        #[test]
        fn what_was_never_estimated_is_null_not_nan() {
            // No duo at all: no estimate, no interval, no tests, no summaries.
            let rec = record("empty", 1.0, None, 0);
            assert!(rec.result.ratio.is_nan());
            let doc = document(&[Record::Diff(Box::new(rec))]);
            let t = &doc["trials"][0];
            assert_eq!(t["verdict"], "reported");
            assert_eq!(t["claim"], Value::Null);
            assert_eq!(t["p_value"], Value::Null);
            for key in ["estimate", "interval", "median_based"] {
                assert_eq!(t["ratio"][key], Value::Null, "{key}");
            }
            for key in ["student", "welch", "first", "second"] {
                assert_eq!(t[key], Value::Null, "{key}");
            }
        }
    }

    /// The documents written are valid against the published schema, including the `null`s of
    /// a comparison that measured nothing.
    mod schema {
        use super::super::{to_json, RunInfo};
        use crate::fixture::records::{
            bench_record, diff, record, taken_again_record, unpaired_record, Baseline, BAND, BELOW,
            TIMER,
        };
        use crate::model::Mode;
        use crate::report::Record;

        const SCHEMA: &str = include_str!("../../../../docs/duobench.schema.json");

        /// The published schema lets readers meet fields it does not describe (fields are added
        /// without a new version); this copy forbids them, so that the documents written here
        /// are checked to have no field the schema leaves out.
        fn strict_schema() -> serde_json::Value {
            fn forbid_extra(value: &mut serde_json::Value) {
                match value {
                    serde_json::Value::Object(map) => {
                        if map.contains_key("properties") {
                            map.insert("additionalProperties".to_owned(), false.into());
                        }
                        // A condition's branches constrain fields described beside them: they
                        // name only those, so they cannot forbid the others.
                        map.iter_mut()
                            .filter(|(key, _)| !matches!(key.as_str(), "then" | "else"))
                            .for_each(|(_, value)| forbid_extra(value));
                    }
                    serde_json::Value::Array(items) => items.iter_mut().for_each(forbid_extra),
                    _ => {}
                }
            }
            let mut schema: serde_json::Value = serde_json::from_str(SCHEMA).unwrap();
            forbid_extra(&mut schema);
            schema
        }

        /// Fails naming every error of `doc` against the strict schema.
        pub(super) fn assert_valid(doc: &serde_json::Value) {
            let schema = strict_schema();
            let validator = jsonschema::validator_for(&schema).unwrap();
            let errors: Vec<String> = validator
                .iter_errors(doc)
                .map(|e| format!("{e} at {}", e.instance_path()))
                .collect();
            assert!(errors.is_empty(), "{errors:#?}");
        }

        /// What docs/json-schema.md promises readers: an added field keeps the document valid.
        #[test]
        fn the_published_schema_allows_added_fields() {
            let schema: serde_json::Value = serde_json::from_str(SCHEMA).unwrap();
            let validator = jsonschema::validator_for(&schema).unwrap();
            let run = crate::fixture::records::bench_run_info();
            let mut doc: serde_json::Value =
                serde_json::from_str(&to_json(&[diff("a", 0.5, Some(BELOW), 500)], &run)).unwrap();
            doc["added_later"] = 1.into();
            doc["trials"][0]["added_later"] = 1.into();
            doc["run"]["added_later"] = 1.into();
            assert!(validator.is_valid(&doc));
            let strict = jsonschema::validator_for(&strict_schema()).unwrap();
            assert!(!strict.is_valid(&doc));
        }

        #[test]
        fn documents_validate_against_the_schema() {
            let schema = strict_schema();
            let validator =
                jsonschema::validator_for(&schema).expect("the schema is a valid schema");
            let mut calibration = record("calibrated", 1.0, None, 400);
            calibration.calibration = true;
            let records = [
                diff("sorting::radix", 0.5, Some(BELOW), 2_000),
                Record::Diff(Box::new(crate::fixture::records::drifting_unsettled())),
                diff("same", 1.0, Some(BAND), 3_000),
                diff("nothing", 1.0, Some(BELOW), 0),
                Record::Diff(Box::new(calibration)),
                bench_record("scaled", Baseline::Previous(1.0)),
                bench_record("same_speed", Baseline::Previous(2.0)),
                bench_record("first", Baseline::First),
                unpaired_record("gated"),
                taken_again_record(),
            ];
            for mode in [Mode::Bench, Mode::Test] {
                let run = RunInfo {
                    mode,
                    timer: TIMER,
                    meta: crate::fixture::records::run_meta(),
                    doctor: Vec::new(),
                    unfinished: None,
                    exited_inside: None,
                };
                let doc: serde_json::Value =
                    serde_json::from_str(&to_json(&records, &run)).unwrap();
                let errors: Vec<String> = validator
                    .iter_errors(&doc)
                    .map(|e| format!("{e} at {}", e.instance_path()))
                    .collect();
                assert!(errors.is_empty(), "{errors:#?}");
            }
        }

        #[test]
        fn the_documented_example_is_valid() {
            let prose = include_str!("../../../../docs/json-schema.md");
            let start = prose.find("```json\n").expect("an example") + "```json\n".len();
            let end = start + prose[start..].find("```").unwrap();
            let example: serde_json::Value = serde_json::from_str(&prose[start..end]).unwrap();
            let schema = strict_schema();
            let validator = jsonschema::validator_for(&schema).unwrap();
            let errors: Vec<String> = validator
                .iter_errors(&example)
                .map(|e| e.to_string())
                .collect();
            assert!(errors.is_empty(), "{errors:#?}");
        }

        #[test]
        fn what_the_os_counted_is_described() {
            let mut r = record("a", 0.5, Some(BELOW), 500);
            r.result.os = Some(crate::measure::OsUsage {
                peak_rss_growth_kib: 4,
                wall_ns: 2_000_000_000,
                run_queue_wait_ns: Some(3_000_000),
                steal_share: Some(0.01),
                ..crate::measure::OsUsage::default()
            });
            let run = crate::fixture::records::bench_run_info();
            let doc: serde_json::Value =
                serde_json::from_str(&to_json(&[Record::Diff(Box::new(r))], &run)).unwrap();
            assert_eq!(doc["trials"][0]["os"]["run_queue_wait_ns"], 3_000_000);
            let validator = jsonschema::validator_for(&strict_schema()).unwrap();
            let errors: Vec<String> = validator.iter_errors(&doc).map(|e| e.to_string()).collect();
            assert!(errors.is_empty(), "{errors:#?}");
        }

        #[test]
        fn the_schema_rejects_what_it_does_not_describe() {
            let schema = strict_schema();
            let validator = jsonschema::validator_for(&schema).unwrap();
            let run = crate::fixture::records::bench_run_info();
            let good: serde_json::Value =
                serde_json::from_str(&to_json(&[diff("a", 0.5, Some(BELOW), 500)], &run)).unwrap();
            assert!(validator.is_valid(&good));
            let mut extra = good.clone();
            extra["trials"][0]["surprise"] = 1.into();
            assert!(!validator.is_valid(&extra));
            let mut wrong = good.clone();
            wrong["trials"][0]["verdict"] = "maybe".into();
            assert!(!validator.is_valid(&wrong));
            let mut missing = good;
            missing["trials"][0]["ratio"]
                .as_object_mut()
                .unwrap()
                .remove("interval");
            assert!(!validator.is_valid(&missing));

            let bench: serde_json::Value = serde_json::from_str(&to_json(
                &[bench_record("b", Baseline::Previous(1.0))],
                &run,
            ))
            .unwrap();
            assert!(validator.is_valid(&bench));
            let mut extra = bench.clone();
            extra["trials"][0]["baseline"]["change"]["surprise"] = 1.into();
            assert!(!validator.is_valid(&extra));
            let mut wrong = bench.clone();
            wrong["trials"][0]["baseline"]["change"]["verdict"] = "faster".into();
            assert!(!validator.is_valid(&wrong));
            let mut mixed = bench;
            mixed["trials"][0]["kind"] = "diff".into();
            assert!(
                !validator.is_valid(&mixed),
                "a bench record is not a comparison"
            );
        }
    }

    /// The `#[bench]` record, field by field, for each way its baseline can go.
    mod bench_fields {
        use super::fields::document;
        use crate::fixture::records::{bench_record, taken_again, Baseline};
        use crate::report::BaselineOutcome;
        use crate::report::Record;
        use crate::session::BaselineError;
        use serde_json::Value;
        use std::path::Path;

        fn result_of(record: &Record) -> &crate::analysis::BenchResult {
            match record {
                Record::Bench(b) => &b.result,
                Record::Diff(_) | Record::Unpaired(_) => {
                    unreachable!("the fixture makes a bench record")
                }
            }
        }

        #[test]
        fn a_bench_counts_the_samples_it_set_aside() {
            let mut rec = bench_record("aside", Baseline::First);
            assert_eq!(
                document(&[rec.clone()])["trials"][0]["samples_set_aside_slow"],
                0
            );
            if let Record::Bench(b) = &mut rec {
                b.result.run.set_aside_slow = 7;
            }
            let doc = document(&[rec.clone()]);
            assert_eq!(doc["trials"][0]["samples_set_aside_slow"], 7);
            assert_eq!(doc["trials"][0]["samples"], 40);
            assert_eq!(doc["trials"][0]["samples_set_aside_waiting"], 0);
            assert_eq!(doc["trials"][0].get("waiting"), None);
            if let Record::Bench(b) = &mut rec {
                b.result.run.waiting = Some(crate::measure::Waiting {
                    evidence: crate::measure::WaitEvidence::RunDelay,
                    samples: 52,
                    share: Some(0.5),
                    disturbed: 12,
                    set_aside: 12,
                    rests_on_disturbed: false,
                    figure_share: Some(0.0),
                });
            }
            let doc = document(&[rec]);
            assert_eq!(doc["trials"][0]["samples_set_aside_waiting"], 12);
            let waiting = &doc["trials"][0]["waiting"];
            assert_eq!(waiting["evidence"], "run_delay");
            assert_eq!(waiting["share"], 0.5);
            assert_eq!(waiting["samples_disturbed"], 12);
            assert_eq!(waiting["rests_on_disturbed"], false);
            assert_eq!(waiting["figure_share"], 0.0);
            super::schema::assert_valid(&doc);
        }

        #[test]
        fn a_bench_taken_again_says_by_how_much_the_machine_slowed_and_which_run_it_shows() {
            let mut rec = bench_record("again", Baseline::First);
            assert_eq!(
                document(&[rec.clone()])["trials"][0].get("measured_again"),
                None
            );
            if let Record::Bench(b) = &mut rec {
                b.result.run.measured_again = Some(taken_again());
            }
            let doc = document(&[rec]);
            let again = &doc["trials"][0]["measured_again"];
            assert_eq!(again["first_pace_change"], 0.3);
            assert_eq!(again["first_secs"], 4.5);
            assert_eq!(again["waited_secs"], 0.25);
            assert_eq!(again["came_back"], true);
            assert_eq!(again["kept"], "second");
        }

        #[test]
        fn a_bench_carries_its_estimates_spread_outliers_and_sampling() {
            let rec = bench_record("scaled", Baseline::First);
            let r = result_of(&rec).clone();
            let doc = document(&[rec]);
            let t = &doc["trials"][0];
            assert_eq!(t["name"], "scaled");
            assert_eq!(t["bench_target"], "single");
            assert_eq!(t["kind"], "bench");
            assert_eq!(t["level"], 0.95);
            for (key, e) in [
                ("slope_ns", r.slope),
                ("mean_ns", r.mean),
                ("median_ns", r.median),
            ] {
                assert_eq!(t[key]["estimate"], e.point, "{key}");
                assert_eq!(t[key]["interval"]["low"], e.low, "{key}");
                assert_eq!(t[key]["interval"]["high"], e.high, "{key}");
            }
            let fit = r.fit.unwrap();
            assert_eq!(t["fit"]["r_squared"], fit.r_squared);
            let spread = r.per_iteration.unwrap();
            assert_eq!(t["per_iteration"]["n"], spread.n);
            assert_eq!(t["per_iteration"]["percentiles_ns"]["p99"], spread.p99);
            assert_eq!(t["outliers"]["samples"], 40);
            assert_eq!(t["outliers"]["high_severe"], r.outliers.high_severe);
            assert!(
                r.outliers.high_severe >= 1,
                "the slowed sample is an outlier"
            );
            assert_eq!(t["throughput"]["unit"], "elements");
            assert_eq!(t["throughput"]["per_iteration"], 1_000);
            let rate = t["throughput"]["per_second"]["estimate"].as_f64().unwrap();
            assert!((rate - 1e12 / r.slope.point).abs() < 1e-3 * rate, "{rate}");
            // A longer time is a lower rate: the interval's ends swap.
            assert_eq!(
                t["throughput"]["per_second"]["interval"]["low"],
                1e12 / r.slope.high
            );
            assert_eq!(
                (t["samples"].as_u64(), t["iterations"].as_u64()),
                (Some(40), Some(r.total_iters()))
            );
            assert_eq!(
                (&t["sampling"], &t["iters_step"]),
                (&"linear".into(), &1_000.into())
            );
            assert_eq!(
                (t["warmup_secs"].as_f64(), t["measure_secs"].as_f64()),
                (Some(0.2), Some(1.5))
            );
            assert_eq!(t["baseline"]["status"], "first_run");
            assert_eq!(t["baseline"]["saved_as"], "previous");
        }

        #[test]
        fn a_compared_bench_carries_both_slopes_the_change_and_its_verdict() {
            // The fixture takes 2 ns an iteration; the baseline took 1 ns: twice as slow.
            let doc = document(&[bench_record("scaled", Baseline::Previous(1.0))]);
            let b = &doc["trials"][0]["baseline"];
            assert_eq!(b["status"], "compared");
            assert_eq!(b["name"], "previous");
            assert_eq!(b["previous_run"], true);
            let old = b["baseline_slope_ns"]["estimate"].as_f64().unwrap();
            assert!((old - 1.0).abs() < 0.01, "{old}");
            let change = &b["change"];
            let estimate = change["estimate"].as_f64().unwrap();
            assert!((estimate - 1.0).abs() < 0.05, "{change}");
            assert!(change["interval"]["low"].as_f64().unwrap() < estimate);
            assert!(change["p"].as_f64().unwrap() < 0.05, "{change}");
            assert_eq!(change["verdict"], "regressed");
            assert_eq!(
                (
                    &change["level"],
                    &change["noise_threshold"],
                    &change["alpha"]
                ),
                (&0.95.into(), &0.02.into(), &0.05.into())
            );
        }

        #[test]
        fn a_baseline_error_is_its_one_line_message() {
            let mut rec = bench_record("broken", Baseline::First);
            let e = BaselineError::corrupt(Path::new("/t/base.json"), "oops".to_owned());
            if let Record::Bench(b) = &mut rec {
                b.baseline = BaselineOutcome::Failed(e.clone());
            }
            let doc = document(&[rec]);
            let b = &doc["trials"][0]["baseline"];
            assert_eq!(b["status"], "error");
            assert_eq!(b["message"], Value::String(e.to_string()));
            assert!(b.get("saved_as").is_none());
        }
    }
}
