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
use crate::model::Throughput;
pub(crate) use crate::model::{Export, ExportFormat};
use crate::report::DiffRecord;
use crate::report::Record;
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

/// `new` (this target's entries) joined with `existing` (the file as found; an empty file
/// counts as none): entries of `target` in `existing` are replaced, others kept. A file that
/// is not of this format is an error, and is left as it is: for BMF, every entry must be an
/// object of measures that each hold a numeric `value`.
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
    let foreign = || match format {
        ExportFormat::Bmf => "is not a Bencher Metric Format object",
        ExportFormat::Github => "is not a github-action-benchmark array",
        ExportFormat::Markdown => "is not a JSON export",
    };
    let old: Value = serde_json::from_str(existing).map_err(|_| foreign().to_owned())?;
    match (format, old, new) {
        (ExportFormat::Bmf, Value::Object(old), Value::Object(new))
            if old.values().all(is_bmf_entry) =>
        {
            let mut merged: Map<String, Value> =
                old.into_iter().filter(|(name, _)| !ours(name)).collect();
            merged.extend(new);
            Ok(Value::Object(merged))
        }
        (ExportFormat::Github, Value::Array(old), Value::Array(new)) => {
            let mut merged = Vec::with_capacity(old.len() + new.len());
            for entry in old {
                match entry.get("name").and_then(Value::as_str) {
                    Some(name) if ours(name) => {}
                    Some(_) => merged.push(entry),
                    None => return Err(foreign().to_owned()),
                }
            }
            merged.extend(new);
            Ok(Value::Array(merged))
        }
        _ => Err(foreign().to_owned()),
    }
}

/// A BMF benchmark: measures, each with a numeric `value` (`{"x": 1}` is not one).
fn is_bmf_entry(entry: &Value) -> bool {
    entry.as_object().is_some_and(|measures| {
        measures
            .values()
            .all(|measure| measure.get("value").is_some_and(Value::is_number))
    })
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

fn bmf_entries(record: &Record) -> Vec<(String, Value)> {
    let name = benchmark_name(record);
    match record {
        // Nothing was measured: the markdown table and the JSON document carry the failure.
        Record::Unpaired(_) => Vec::new(),
        Record::Bench(b) => {
            let slope = &b.result.slope;
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
    if let Some(c) = &r.counted {
        let per_call = [Some(&c.first), c.second.as_ref()];
        return names
            .into_iter()
            .zip(per_call)
            .filter_map(|(name, p)| p.map(|p| (name, "instructions", p.instructions)))
            .collect();
    }
    let measure = match r.measure.unit() {
        "ns" => "latency",
        counted => counted,
    };
    let means = match r.means {
        Some(m) => [Some(m.first), Some(m.second)],
        None => [&r.first, &r.second].map(|s| s.as_ref().map(|s| s.mean)),
    };
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
            let s = &b.result.slope;
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
                    if r.counted.is_some() {
                        "instructions"
                    } else {
                        "latency"
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
mod tests;
