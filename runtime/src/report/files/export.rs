//! `--export FORMAT FILE`: the run's results in a format a CI tool reads.
//!
//! - `bmf`: [Bencher Metric Format](https://bencher.dev/docs/reference/bencher-metric-format):
//!   `{"benchmark": {"measure": {"value", "lower_value", "upper_value"}}}`. A `#[bench]` gives
//!   `latency` (ns per iteration at the slope, with its interval) and, where declared,
//!   `throughput` (bytes or elements per second); a comparison gives `ratio` (latency of
//!   first / second, with its interval) and each routine's mean `latency` as
//!   `NAME/ROUTINE`: the means the ratio is of, so that the two give the ratio. Under a counting measure the measure is named by what was counted
//!   (`instructions`, `allocations`) instead of `latency`.
//! - `github`: [github-action-benchmark](https://github.com/benchmark-action/github-action-benchmark)'s
//!   `customSmallerIsBetter` array, `[{"name", "unit", "value", "range", "extra"}]`, with the
//!   same numbers.
//!
//! Benchmarks are named `TARGET::TRIAL`, so that trials of two bench targets never collide.
//! Several targets of one `cargo bench` write the same FILE in turn; each replaces the
//! entries of its own target and keeps the others' (see `merge_export`).

use crate::analysis::BenchResult;
pub(crate) use crate::model::{Export, ExportFormat};
use crate::model::{Measure, Throughput};
use crate::report::DiffRecord;
use crate::report::Record;
use crate::stats::Estimate;
use crate::util::{level_percent, RatioDigits};
use serde_json::{json, Map, Value};

/// The entries of `records` in `format`: an object keyed by benchmark (BMF) or an array
/// (github).
#[must_use]
pub fn export_value(format: ExportFormat, records: &[Record]) -> Value {
    match format {
        ExportFormat::Bmf => Value::Object(records.iter().flat_map(bmf_entries).collect()),
        ExportFormat::Github => Value::Array(records.iter().flat_map(github_entries).collect()),
        // Not JSON: `outputs::write_export` renders it from the `--json` document instead.
        ExportFormat::Markdown => Value::Null,
    }
}

/// `new` (this target's entries) joined with `existing`, the file as found when it is of
/// this format (`util::write_owned` decided that; `None` for no file or an empty one):
/// entries of `target` in `existing` are replaced, others kept.
///
/// # Errors
///
/// `existing` is not of this format: it is left as it is.
pub fn merge_export(
    format: ExportFormat,
    existing: Option<&str>,
    new: Value,
    target: &str,
) -> Result<Value, String> {
    let Some(existing) = existing.filter(|text| !text.trim().is_empty()) else {
        return Ok(new);
    };
    let ours = |name: &str| name.starts_with(&format!("{target}::"));
    let foreign = || format!("is not {}", format.file_kind().what());
    let old: Value = serde_json::from_str(existing).map_err(|_| foreign())?;
    match (old, new) {
        (Value::Object(old), Value::Object(new)) => {
            let mut merged: Map<String, Value> =
                old.into_iter().filter(|(name, _)| !ours(name)).collect();
            merged.extend(new);
            Ok(Value::Object(merged))
        }
        (Value::Array(old), Value::Array(new)) => {
            let mut merged: Vec<Value> = old
                .into_iter()
                .filter(|entry| entry["name"].as_str().is_none_or(|name| !ours(name)))
                .collect();
            merged.extend(new);
            Ok(Value::Array(merged))
        }
        _ => Err(foreign()),
    }
}

fn benchmark_name(record: &Record) -> String {
    format!("{}::{}", record.bench_target(), record.name())
}

/// `{"value", "lower_value", "upper_value"}`, the bounds only where finite.
fn metric(value: f64, bounds: Option<(f64, f64)>) -> Option<Value> {
    if !value.is_finite() {
        return None;
    }
    let mut metric = json!({ "value": value });
    if let Some((low, high)) = bounds.filter(|(l, h)| l.is_finite() && h.is_finite()) {
        metric["lower_value"] = low.into();
        metric["upper_value"] = high.into();
    }
    Some(metric)
}

/// Work per second at the slope and its interval (a longer time is a lower rate).
fn throughput_per_s(result: &BenchResult) -> Option<(f64, (f64, f64))> {
    // Work per second needs a time per iteration; a count per iteration gives none.
    if result.measure.unit() != "ns" {
        return None;
    }
    let count = match result.throughput? {
        Throughput::Bytes(n) | Throughput::Elements(n) => n as f64,
    };
    let rate = |ns: f64| count * 1e9 / ns;
    let slope = &result.slope;
    Some((rate(slope.point), (rate(slope.high), rate(slope.low))))
}

/// An estimate in the unit the exports state for `measure` (a measurement's own, scaled by
/// its formatter; the built-in measures' as measured).
fn in_unit(e: &Estimate, measure: Measure) -> Estimate {
    let u = |x: f64| measure.def().in_unit(x);
    Estimate {
        point: u(e.point),
        low: u(e.low),
        high: u(e.high),
    }
}

fn bmf_entries(record: &Record) -> Vec<(String, Value)> {
    let name = benchmark_name(record);
    match record {
        // Nothing was measured: the markdown table and the JSON document carry the failure.
        Record::Unpaired(_) => Vec::new(),
        Record::Bench(b) => {
            let slope = &in_unit(&b.result.slope, b.result.measure);
            let mut measures = Map::new();
            if let Some(m) = metric(slope.point, Some((slope.low, slope.high))) {
                measures.insert(bench_measure(&b.result).to_owned(), m);
            }
            if let Some((rate, bounds)) = throughput_per_s(&b.result) {
                if let Some(m) = metric(rate, Some(bounds)) {
                    measures.insert("throughput".to_owned(), m);
                }
            }
            vec![(name, Value::Object(measures))]
        }
        Record::Diff(d) => {
            let r = &d.result;
            let mut entries = Vec::new();
            if let Some(m) = metric(r.ratio, r.interval) {
                entries.push((name.clone(), json!({ "ratio": m })));
            }
            for (routine, measure, value) in routines(d) {
                if let Some(m) = metric(value, None) {
                    entries.push((format!("{name}/{routine}"), json!({ measure: m })));
                }
            }
            entries
        }
    }
}

/// The BMF measure of a `#[bench]`'s slope: `latency` when timed, else what was counted
/// (`instructions`, `allocations`), which a tracker must not plot as nanoseconds.
fn bench_measure(result: &BenchResult) -> &'static str {
    match result.measure.unit() {
        "ns" => "latency",
        counted => counted,
    }
}

/// Each routine of a comparison with its mean latency per iteration in ns (`latency`), its
/// mean count per iteration under a counting measure, or, counted under Valgrind, its
/// instructions per call: name, measure (as `bench_measure`), value. The means are those the
/// ratio is of; where it is not a ratio of means (across versions, before two blocks),
/// every timed batch's.
fn routines(d: &DiffRecord) -> Vec<(&'static str, &'static str, f64)> {
    let r = &d.result;
    let names = [d.names.first, d.names.second];
    let measure = match r.measure.unit() {
        "ns" => "latency",
        counted => counted,
    };
    if let Some(c) = &r.counted {
        let per_call = [Some(&c.first), c.second.as_ref()];
        let (measure, unit) = if c.under_valgrind {
            ("instructions", 1.0)
        } else {
            (measure, r.measure.def().in_unit(1.0))
        };
        return names
            .into_iter()
            .zip(per_call)
            .filter_map(|(name, p)| p.map(|p| (name, measure, p.instructions * unit)))
            .collect();
    }
    let means = match r.means {
        Some(m) => [Some(m.first), Some(m.second)],
        None => [&r.first, &r.second].map(|s| s.as_ref().map(|s| s.mean)),
    }
    .map(|mean| mean.map(|x| r.measure.def().in_unit(x)));
    names
        .into_iter()
        .zip(means)
        .filter_map(|(name, mean)| mean.map(|mean| (name, measure, mean)))
        .collect()
}

fn github_entries(record: &Record) -> Vec<Value> {
    let name = benchmark_name(record);
    let range = |low: f64, high: f64| {
        let half = (high - low) / 2.0;
        half.is_finite().then(|| format!("± {half:.3}"))
    };
    let entry = |name: String, unit: &str, value: f64, range: Option<String>, extra: String| {
        let mut e = json!({ "name": name, "unit": unit, "value": value, "extra": extra });
        if let Some(range) = range {
            e["range"] = range.into();
        }
        e
    };
    match record {
        // Nothing was measured: the markdown table and the JSON document carry the failure.
        Record::Unpaired(_) => Vec::new(),
        Record::Bench(b) => {
            let s = &in_unit(&b.result.slope, b.result.measure);
            if !s.point.is_finite() {
                return Vec::new();
            }
            let unit = b.result.measure.unit();
            let extra = match &b.result.counted {
                Some(c) if c.unmoved() => format!("exact; counted by {}", c.counted_by),
                Some(c) => format!(
                    "{} interval [{:.3}, {:.3}] {unit} over {} repeats whose counts moved; \
                     counted by {}",
                    level_percent(b.result.level),
                    s.low,
                    s.high,
                    c.repeats,
                    c.counted_by
                ),
                None => format!(
                    "{} interval [{:.3}, {:.3}] {unit}; {} samples",
                    level_percent(b.result.level),
                    s.low,
                    s.high,
                    b.result.run.iters.len()
                ),
            };
            vec![entry(name, unit, s.point, range(s.low, s.high), extra)]
        }
        Record::Diff(d) => {
            let r = &d.result;
            let mut entries = Vec::new();
            if r.ratio.is_finite() {
                let basis = match &r.counted {
                    Some(c) if c.unmoved() => format!("exact; counted by {}", c.counted_by),
                    Some(c) => format!("{} repeats; counted by {}", c.repeats, c.counted_by),
                    None => format!("{} pairs", r.pairs),
                };
                let extra = format!(
                    "{} ratio {} / {}; claim {}; verdict {}; {basis}",
                    match &r.counted {
                        Some(c) if c.under_valgrind => "instructions",
                        Some(_) => r.measure.name(),
                        // A built-in measure's ratio has been `latency` here from the first.
                        None if r.measure.is_users() => r.measure.name(),
                        None => "latency",
                    },
                    d.names.first,
                    d.names.second,
                    d.claim_text(),
                    r.verdict.word(),
                );
                // The half-width with the ratio's digits: three decimals would print the
                // interval of a ratio known to ±0.04% as `± 0.000`.
                let digits = RatioDigits::of(r.ratio, r.interval);
                let range = r
                    .interval
                    .map(|(l, h)| (h - l) / 2.0)
                    .filter(|half| half.is_finite())
                    .map(|half| format!("± {}", digits.text(half)));
                entries.push(entry(name.clone(), "ratio", r.ratio, range, extra));
            }
            for (routine, measure, value) in routines(d) {
                if !value.is_finite() {
                    continue;
                }
                let (unit, extra) = match measure {
                    "latency" => ("ns", format!("mean latency per iteration of {routine}")),
                    counted => (counted, format!("{counted} per iteration of {routine}")),
                };
                entries.push(entry(format!("{name}/{routine}"), unit, value, None, extra));
            }
            entries
        }
    }
}

#[cfg(test)]
mod tests {
    //! The `--export` files against their published shapes, and merged across bench targets.

    use super::{export_value, merge_export, ExportFormat};
    use crate::fixture::records::{bench_record, diff, Baseline, BELOW};
    use crate::report::Record;
    use crate::util::FileKind;
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
    fn exports_of_two_targets_merge_and_are_recognised_as_ours() {
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
            // What is written is what the next run takes for its own.
            let kind = format.file_kind();
            assert!(kind.recognises(&merged.to_string()), "{format:?}");
            for foreign in ["not json", "42", "[{\"value\": 1}]"] {
                assert!(!kind.recognises(foreign), "{format:?}: {foreign}");
            }
        }
        assert!(!FileKind::Bmf.recognises("[]"));
        assert!(!FileKind::GithubBenchmark.recognises("{}"));
    }

    #[test]
    fn a_bmf_export_refuses_any_other_json_object_and_takes_an_empty_file() {
        for foreign in [
            "{\"x\": 1}",
            "{\"x\": {\"latency\": 3}}",
            "{\"x\": {\"m\": {}}}",
        ] {
            assert!(!FileKind::Bmf.recognises(foreign), "{foreign}");
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
}
