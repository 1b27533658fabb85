//! Reading each tool's output: duobench's `--json` document, Criterion's `estimates.json`
//! and its verdict line, Divan's table, Tango's result line and sample dump, and the line
//! `benches/bench_diff.rs` prints. Pure functions of text, so that a change in a tool's format
//! fails a test here, not a run.

use serde_json::Value;

/// What one tool said about one known-ratio pair.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    /// Whether the tool declared the slower routine slower (`None`: it gives no verdict).
    pub right: Option<bool>,
    /// Its estimate of the ratio slower / faster, where it gives one.
    pub ratio: Option<f64>,
    /// Seconds the tool itself says it measured, where it says.
    pub own_secs: Option<f64>,
}

/// duobench: each `#[bench]` trial's slope in ns per call, by trial name.
pub fn duobench_slopes(json: &str) -> Result<Vec<(String, f64)>, String> {
    let doc: Value = serde_json::from_str(json).map_err(|e| format!("duobench JSON: {e}"))?;
    let trials = doc["trials"].as_array().ok_or("duobench JSON: no trials")?;
    Ok(trials
        .iter()
        .filter(|t| t["kind"] == "bench")
        .filter_map(|t| {
            let name = t["name"].as_str()?;
            Some((name.to_owned(), t["slope_ns"]["estimate"].as_f64()?))
        })
        .collect())
}

/// duobench: the verdict of the `#[bench_diff]` trial `name` (a pass of `ratio > 1.0` is
/// right), its ratio and the seconds it took (warmup and measuring).
pub fn duobench_verdict(json: &str, name: &str) -> Result<Verdict, String> {
    let doc: Value = serde_json::from_str(json).map_err(|e| format!("duobench JSON: {e}"))?;
    let trial = doc["trials"]
        .as_array()
        .and_then(|ts| ts.iter().find(|t| t["name"] == name))
        .ok_or_else(|| format!("duobench JSON: no trial {name}"))?;
    let secs = trial["warmup_secs"].as_f64().unwrap_or(0.0)
        + trial["measure_secs"].as_f64().unwrap_or(0.0);
    Ok(Verdict {
        right: Some(trial["verdict"] == "pass"),
        ratio: trial["ratio"]["estimate"].as_f64(),
        own_secs: Some(secs),
    })
}

/// Criterion: the per-iteration estimate in an `estimates.json`: the slope where Criterion
/// fitted one (linear sampling), else the mean, as Criterion itself reports.
pub fn criterion_estimate(json: &str) -> Result<f64, String> {
    let doc: Value = serde_json::from_str(json).map_err(|e| format!("Criterion JSON: {e}"))?;
    doc["slope"]["point_estimate"]
        .as_f64()
        .or_else(|| doc["mean"]["point_estimate"].as_f64())
        .ok_or_else(|| "Criterion JSON: no slope or mean".to_owned())
}

/// Criterion: whether its comparison with the saved baseline said "regressed", and the
/// ratio from the mean change in `change/estimates.json`.
pub fn criterion_verdict(stdout: &str, change_json: Option<&str>) -> Verdict {
    let ratio = change_json
        .and_then(|json| serde_json::from_str::<Value>(json).ok())
        .and_then(|doc| doc["mean"]["point_estimate"].as_f64())
        .map(|change| 1.0 + change);
    Verdict {
        right: Some(stdout.contains("Performance has regressed")),
        ratio,
        own_secs: None,
    }
}

/// Divan: the mean column of its table, in ns per call, by the routine's name (the leaf of
/// its tree; module rows, which carry no figures, are left out).
pub fn divan_means(stdout: &str) -> Vec<(String, f64)> {
    stdout
        .lines()
        .filter_map(|line| {
            let columns: Vec<&str> = line.split('│').collect();
            if columns.len() < 4 {
                return None;
            }
            let first = columns[0].trim_start_matches(|c: char| " ├╰─│".contains(c));
            let name = first.split_whitespace().next()?;
            Some((name.to_owned(), duration_ns(columns[3].trim())?))
        })
        .collect()
}

/// A duration as Divan prints it ("6.394 ns", "98.43 µs", "1.948 ms", "1.2 s"), in ns.
fn duration_ns(text: &str) -> Option<f64> {
    let (number, unit) = text.split_once(' ')?;
    let scale = match unit.trim() {
        "ps" => 1e-3,
        "ns" => 1.0,
        "µs" | "us" => 1e3,
        "ms" => 1e6,
        "s" => 1e9,
        _ => return None,
    };
    Some(number.parse::<f64>().ok()? * scale)
}

/// Tango: its result line for `name` (`name [ 375.5 ns ... 369.0 ns ] -1.58%*`): right
/// when the candidate (the slower routine) is significantly slower (`*` on a positive
/// change).
pub fn tango_verdict(stdout: &str, name: &str) -> Result<Verdict, String> {
    let line = stdout
        .lines()
        .map(strip_escapes)
        .find(|l| l.split_whitespace().next() == Some(name))
        .ok_or_else(|| format!("Tango: no result line for {name}"))?;
    let change = line
        .rsplit(']')
        .next()
        .map(str::trim)
        .ok_or_else(|| format!("Tango: no change in {line:?}"))?;
    let significant = change.ends_with('*');
    let pct: f64 = change
        .trim_end_matches('*')
        .trim_end_matches('%')
        .parse()
        .map_err(|_| format!("Tango: change {change:?} is not a percentage"))?;
    Ok(Verdict {
        right: Some(significant && pct > 0.0),
        ratio: Some(1.0 + pct / 100.0),
        own_secs: None,
    })
}

/// bench_diff: the line `benches/bench_diff.rs` prints for `base` (`bench_diff 2ms:
/// verdict=slower ratio=1.01012 ... warmup_secs=3.001 collect_secs=0.812`): right when its
/// Welch test says the first routine (the slower) is slower, as Tango's `*` on a positive
/// change is; `faster` (a reversal) and `none` are not right. Its own seconds are its warmup
/// and its data collection.
pub fn bench_diff_verdict(stdout: &str, base: &str) -> Result<Verdict, String> {
    let prefix = format!("bench_diff {base}: ");
    let line = stdout
        .lines()
        .find_map(|l| l.strip_prefix(&prefix))
        .ok_or_else(|| format!("bench_diff: no result line for {base}"))?;
    let field = |key: &str| {
        line.split_whitespace()
            .find_map(|kv| kv.strip_prefix(key)?.strip_prefix('='))
            .ok_or_else(|| format!("bench_diff: no {key} in {line:?}"))
    };
    let number = |key: &str| {
        let text = field(key)?;
        text.parse::<f64>()
            .map_err(|_| format!("bench_diff: {key}={text} is not a number"))
    };
    let right = match field("verdict")? {
        "slower" => true,
        "faster" | "none" => false,
        other => return Err(format!("bench_diff: unknown verdict {other:?}")),
    };
    Ok(Verdict {
        right: Some(right),
        ratio: Some(number("ratio")?).filter(|r| r.is_finite()),
        own_secs: Some(number("warmup_secs")? + number("collect_secs")?),
    })
}

/// Tango: the mean ns per call over both sides of a sample dump (`baseline,candidate,
/// iterations` a line: each sample's total time of `iterations` calls).
pub fn tango_dump_mean(csv: &str) -> Result<f64, String> {
    let (mut total_ns, mut calls) = (0.0, 0.0);
    for line in csv.lines().filter(|l| !l.trim().is_empty()) {
        let fields: Vec<f64> = line
            .split(',')
            .map(|f| f.trim().parse::<f64>())
            .collect::<Result<_, _>>()
            .map_err(|_| format!("Tango dump: bad line {line:?}"))?;
        let [baseline, candidate, iterations] = fields[..] else {
            return Err(format!("Tango dump: expected three fields in {line:?}"));
        };
        total_ns += baseline + candidate;
        calls += 2.0 * iterations;
    }
    if calls == 0.0 {
        return Err("Tango dump: no samples".to_owned());
    }
    Ok(total_ns / calls)
}

/// `text` without terminal escape sequences (Tango clears its progress line even when
/// colour is off).
fn strip_escapes(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            // CSI: ESC [ parameters, then one final letter.
            for next in chars.by_ref() {
                if next.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests;
