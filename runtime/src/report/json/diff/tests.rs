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
    assert_eq!(m["outliers_left_out"], 17);
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
        serde_json::from_str(include_str!("../../../../../docs/duobench.schema.json")).unwrap();
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
fn a_counted_trial_writes_null_where_a_timed_one_describes_its_duos() {
    let schema: Value =
        serde_json::from_str(include_str!("../../../../../docs/duobench.schema.json")).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let mut rec = record("counted", 0.85, None, 0);
    rec.result = crate::fixture::records::counted_result(0.85);
    let run = crate::fixture::records::bench_run_info();
    let doc: Value = serde_json::from_str(&to_json(&[Record::Diff(Box::new(rec))], &run)).unwrap();
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
