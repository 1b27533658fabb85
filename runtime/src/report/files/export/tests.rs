//! The `--export` files against their published shapes, and merged across bench targets.

use super::{export_value, merge_export, ExportFormat};
use crate::fixture::records::{bench_record, diff, Baseline, BELOW};
use crate::report::Record;
use serde_json::Value;

/// The JSON Schema Bencher publishes for BMF (https://bencher.dev/bmf.json, shown on
/// https://bencher.dev/docs/reference/bencher-metric-format), as given there.
const BMF_SCHEMA: &str = r#"{
  "$id": "https://bencher.dev/bmf.json",
  "$schema": "http://json-schema.org/draft-07/schema",
  "type": "object",
  "patternProperties": {
    ".+": {
      "type": "object",
      "patternProperties": {
        ".+": {
          "type": "object",
          "properties": {
            "value": { "type": "number" },
            "lower_value": { "type": "number" },
            "upper_value": { "type": "number" }
          },
          "required": ["value"]
        }
      }
    }
  }
}"#;

/// github-action-benchmark's `customSmallerIsBetter` input as its README describes it: an
/// array of objects with `name`, `unit` and `value` (a number), and optionally `range` and
/// `extra` (strings). Written as a schema here; the project publishes prose, not a schema.
/// Extra fields are forbidden so that a misspelt one fails the test.
const GITHUB_SCHEMA: &str = r#"{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "array",
  "items": {
    "type": "object",
    "required": ["name", "unit", "value"],
    "additionalProperties": false,
    "properties": {
      "name": { "type": "string", "minLength": 1 },
      "unit": { "type": "string", "minLength": 1 },
      "value": { "type": "number" },
      "range": { "type": "string" },
      "extra": { "type": "string" }
    }
  }
}"#;

fn records() -> Vec<Record> {
    vec![
        diff("sorting::radix", 0.5, Some(BELOW), 2_000),
        diff("nothing", 1.0, Some(BELOW), 0),
        bench_record("scaled", Baseline::Previous(1.0)),
    ]
}

fn assert_valid(schema: &str, value: &Value) {
    let schema: Value = serde_json::from_str(schema).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(value)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{errors:#?}\n{value:#}");
}

#[test]
fn bmf_has_bencher_shape_latency_bounds_and_throughput() {
    let bmf = export_value(ExportFormat::Bmf, &records());
    assert_valid(BMF_SCHEMA, &bmf);
    let bench = &bmf["single::scaled"];
    let latency = &bench["latency"];
    let (value, low, high) = (
        latency["value"].as_f64().unwrap(),
        latency["lower_value"].as_f64().unwrap(),
        latency["upper_value"].as_f64().unwrap(),
    );
    assert!(low <= value && value <= high, "{latency}");
    assert!(
        (1.0..4.0).contains(&value),
        "about 2 ns an iteration: {value}"
    );
    // 1,000 elements at about 2 ns an iteration: about 5e11 elements a second.
    let rate = bench["throughput"]["value"].as_f64().unwrap();
    assert!((2e11..1e12).contains(&rate), "{rate}");
    assert!(bench["throughput"]["lower_value"].as_f64().unwrap() <= rate);
    let diff = &bmf["claims::sorting::radix"];
    assert!(diff["ratio"]["value"].is_number(), "{bmf:#}");
    let fixture = crate::fixture::records::record("r", 0.5, Some(BELOW), 2_000);
    let means = fixture.result.means.expect("the means of the ratio");
    let latency = |routine: &str| {
        bmf[&format!("claims::sorting::radix/{routine}")]["latency"]["value"]
            .as_f64()
            .unwrap()
    };
    assert_eq!(latency(fixture.names.first), means.first, "{bmf:#}");
    // The two latencies give the ratio (every batch's means would not, outliers and all).
    let ratio = diff["ratio"]["value"].as_f64().unwrap();
    let of_latencies = latency(fixture.names.first) / latency(fixture.names.second);
    assert!((of_latencies / ratio - 1.0).abs() < 1e-12, "{bmf:#}");
    // A comparison that measured nothing exports nothing rather than a made-up number.
    assert!(bmf.get("claims::nothing").is_none(), "{bmf:#}");
    // The negative control: the schema does reject a metric without a value.
    let mut broken = bmf.clone();
    broken["single::scaled"]["latency"] = serde_json::json!({ "lower_value": 1.0 });
    let schema: Value = serde_json::from_str(BMF_SCHEMA).unwrap();
    assert!(!jsonschema::validator_for(&schema)
        .unwrap()
        .is_valid(&broken));
}

#[test]
fn github_has_the_custom_smaller_is_better_shape() {
    let github = export_value(ExportFormat::Github, &records());
    assert_valid(GITHUB_SCHEMA, &github);
    let entries = github.as_array().unwrap();
    let bench = entries
        .iter()
        .find(|e| e["name"] == "single::scaled")
        .unwrap();
    assert_eq!(bench["unit"], "ns");
    assert!(bench["range"].as_str().unwrap().starts_with("± "));
    let ratio = entries
        .iter()
        .find(|e| e["name"] == "claims::sorting::radix")
        .unwrap();
    assert_eq!(ratio["unit"], "ratio");
    assert!(ratio["extra"].as_str().unwrap().contains("claim ratio < "));
    // The half-width with the ratio's own digits, never rounded to nothing.
    let range = ratio["range"].as_str().unwrap();
    assert!(
        range.starts_with("± 0.00") && range.len() >= "± 0.0000".len(),
        "{range}"
    );
    assert_ne!(range, "± 0.0000");
    let mut broken = github.clone();
    broken[0]["value"] = "12 ns".into();
    let schema: Value = serde_json::from_str(GITHUB_SCHEMA).unwrap();
    assert!(!jsonschema::validator_for(&schema)
        .unwrap()
        .is_valid(&broken));
}

#[test]
fn exports_of_two_targets_merge_and_a_foreign_file_is_refused() {
    for format in [ExportFormat::Bmf, ExportFormat::Github] {
        let all = export_value(format, &records());
        let diffs = export_value(format, &records()[..2]);
        let benches = export_value(format, &records()[2..]);
        let first = merge_export(format, None, diffs.clone(), "claims").unwrap();
        let merged =
            merge_export(format, Some(&first.to_string()), benches.clone(), "single").unwrap();
        assert_eq!(merged, all, "{format:?}");
        // Running `single` again replaces its entries and keeps `known`'s.
        let again = merge_export(format, Some(&merged.to_string()), benches, "single").unwrap();
        assert_eq!(again, all, "{format:?}");
        for foreign in ["not json", "42", "[{\"value\": 1}]"] {
            assert!(merge_export(format, Some(foreign), diffs.clone(), "claims").is_err());
        }
    }
    assert!(merge_export(
        ExportFormat::Bmf,
        Some("[]"),
        Value::Object(Default::default()),
        "k"
    )
    .is_err());
    assert!(merge_export(ExportFormat::Github, Some("{}"), Value::Array(vec![]), "k").is_err());
}

#[test]
fn a_bmf_export_refuses_any_other_json_object_and_takes_an_empty_file() {
    let new = export_value(ExportFormat::Bmf, &records());
    for foreign in [
        "{\"x\": 1}",
        "{\"x\": {\"latency\": 3}}",
        "{\"x\": {\"m\": {}}}",
    ] {
        let e = merge_export(ExportFormat::Bmf, Some(foreign), new.clone(), "claims");
        assert!(e.is_err(), "{foreign}");
    }
    for format in [ExportFormat::Bmf, ExportFormat::Github] {
        let new = export_value(format, &records());
        assert_eq!(
            merge_export(format, Some(""), new.clone(), "claims"),
            Ok(new)
        );
    }
}

#[test]
fn formats_parse_by_name() {
    assert_eq!(ExportFormat::parse("bmf"), Ok(ExportFormat::Bmf));
    assert_eq!(ExportFormat::parse("github"), Ok(ExportFormat::Github));
    let e = ExportFormat::parse("csv").unwrap_err();
    assert!(e.contains("expected bmf, github or markdown"), "{e}");
}

#[test]
fn counted_results_export_instructions_not_nanoseconds() {
    use crate::fixture::records::{counted_bench, counted_diff};
    let records = [counted_diff("fewer", 0.85), counted_bench("steady")];
    let bmf = export_value(ExportFormat::Bmf, &records);
    assert_valid(BMF_SCHEMA, &bmf);
    assert_eq!(
        bmf["single::steady"]["instructions"]["value"], 7_018.0,
        "{bmf:#}"
    );
    assert!(bmf["single::steady"].get("latency").is_none(), "{bmf:#}");
    assert_eq!(
        bmf["claims::fewer/radix"]["instructions"]["value"], 850.0,
        "{bmf:#}"
    );
    let github = export_value(ExportFormat::Github, &records);
    assert_valid(GITHUB_SCHEMA, &github);
    let entries = github.as_array().unwrap();
    let named = |name: &str| entries.iter().find(|e| e["name"] == name).unwrap();
    assert_eq!(named("single::steady")["unit"], "instructions");
    assert_eq!(
        named("single::steady")["extra"],
        "exact; counted by Callgrind (Valgrind 3.19.0)"
    );
    assert!(named("claims::fewer")["extra"]
        .as_str()
        .unwrap()
        .starts_with("instructions ratio radix / std_sort"));
    assert_eq!(named("claims::fewer/std_sort")["unit"], "instructions");
}
