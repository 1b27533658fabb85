//! One trial of the `--json` document as the tables of merged results show it (markdown and
//! the merged HTML page): its estimate, interval, claim and verdict as text, and the order
//! that puts what failed first. Pure.

use crate::report::machine_moved_words;
use crate::util::percent_of;
use crate::util::{format_count, format_ns, three_significant, RatioDigits};
use serde_json::Value;

/// A trial's cells, as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrialCells {
    /// `TARGET::TRIAL`, as in the exports.
    pub key: String,
    /// `diff`, `versions`, `bench` or `unpaired`.
    pub kind: String,
    /// A comparison's ratio, or a `#[bench]`'s time (or count) per iteration at the slope.
    pub estimate: String,
    /// The estimate's interval, `–` where there is none; `exact` for counts that did not
    /// move between repeats (an interval of width zero would read as a lucky measurement).
    pub interval: String,
    /// For a trial counted under Valgrind, how: the tool, and the repeats behind a t
    /// interval when the counts moved.
    pub counted: Option<String>,
    /// The claim, for a comparison that has one (or the gate that could not be judged).
    pub claim: Option<String>,
    /// A comparison's verdict, a `#[bench]`'s change against its baseline, or `failed` for
    /// a gated trial that could not be paired.
    pub verdict: String,
    /// Why a trial failed without a verdict, and what to do.
    pub note: Option<String>,
}

/// The cells of `trial`, one element of a document's `trials`.
#[must_use]
pub fn trial_cells(trial: &Value) -> TrialCells {
    let text = |v: &Value| v.as_str().unwrap_or_default().to_owned();
    let key = format!("{}::{}", text(&trial["bench_target"]), text(&trial["name"]));
    let kind = text(&trial["kind"]);
    if kind == "bench" {
        return bench_cells(trial, key, kind);
    }
    if kind == "unpaired" {
        return unpaired_cells(trial, key, kind);
    }
    let ratio = &trial["ratio"];
    let gate = &trial["gate"];
    // A gate's outcome is its own word (`regressed`, not `refuted`), beside the gate.
    let (claim, verdict) = match (gate["max_regression"].as_f64(), gate["outcome"].as_str()) {
        (Some(p), Some(outcome)) => (
            Some(format!("max regression {}%", percent_of(p))),
            outcome.to_owned(),
        ),
        _ => (
            trial["claim"].as_str().map(str::to_owned),
            text(&trial["verdict"]),
        ),
    };
    let counts = &trial["counts"];
    // The terminal's digits: as many as the interval needs.
    let bounds = |i: &Value| Some((i["low"].as_f64()?, i["high"].as_f64()?));
    let digits = RatioDigits::of(
        ratio["estimate"].as_f64().unwrap_or(f64::NAN),
        bounds(&ratio["interval"]),
    );
    let show = |x: f64| digits.text(x);
    let mut estimate = number(&ratio["estimate"], show);
    if let (Some(first), Some(second)) = (
        counts["first"]["instructions"].as_f64(),
        counts["second"]["instructions"].as_f64(),
    ) {
        estimate = format!(
            "{estimate} ({} / {} instructions)",
            format_count(first),
            format_count(second)
        );
    }
    TrialCells {
        key,
        kind,
        estimate,
        interval: interval_text(counts, &ratio["interval"], show),
        counted: counted_text(counts),
        claim,
        verdict,
        note: None,
    }
}

impl TrialCells {
    /// The interval cell of a table: the interval, and how a counted trial was counted.
    #[must_use]
    pub fn interval_cell(&self) -> String {
        match &self.counted {
            Some(counted) => format!("{}, {counted}", self.interval),
            None => self.interval.clone(),
        }
    }
}

/// Refuted (or a gate's regressed) first, then inconclusive, then what failed without a
/// verdict (a gate that could not pair, a baseline error, a gated trial not measured), then
/// the rest.
#[must_use]
pub fn rank(verdict: &str) -> u8 {
    // A cell may carry a note after the verdict: `failed: why; what to do`.
    match verdict.split(':').next().unwrap_or_default() {
        "refuted" | "regressed" => 0,
        "inconclusive" | "not enough data" | "machine differed" => 1,
        "failed" => 2,
        "error" => 3,
        _ => 4,
    }
}

/// A gated trial that could not be paired: no estimate, the gate as the claim, `failed` (or
/// `new` since the baseline).
fn unpaired_cells(trial: &Value, key: String, kind: String) -> TrialCells {
    let gate = trial["max_regression"]
        .as_f64()
        .map_or_else(String::new, |f| format!(" {}%", percent_of(f)));
    let text = |v: &Value| v.as_str().unwrap_or_default().to_owned();
    TrialCells {
        key,
        kind,
        estimate: "–".to_owned(),
        interval: "–".to_owned(),
        counted: None,
        claim: Some(format!("max regression{gate}")),
        verdict: text(&trial["verdict"]),
        note: Some(format!(
            "{}; {}",
            text(&trial["reason"]),
            text(&trial["remedy"])
        )),
    }
}

/// A `#[bench]`: its time (or count) per iteration at the slope, and its change against
/// the baseline as the verdict.
fn bench_cells(trial: &Value, key: String, kind: String) -> TrialCells {
    let unit = trial["unit"].as_str().unwrap_or("ns");
    let per_iteration = |x: f64| match unit {
        "ns" => format_ns(x),
        other => format!("{} {other}", three_significant(x)),
    };
    let slope = &trial["slope_ns"];
    let baseline = &trial["baseline"];
    let verdict = match baseline["status"].as_str() {
        // JSON spells the change's verdict in snake case (`no_change`).
        Some("compared") => baseline["change"]["verdict"]
            .as_str()
            .unwrap_or("–")
            .replace('_', " "),
        Some("first_run") => "first run".to_owned(),
        Some("no_figures") => "nothing compared".to_owned(),
        Some("error") => "error".to_owned(),
        _ => "–".to_owned(),
    };
    TrialCells {
        key,
        kind,
        estimate: number(&slope["estimate"], per_iteration),
        interval: interval_text(&trial["counts"], &slope["interval"], per_iteration),
        counted: counted_text(&trial["counts"]),
        claim: None,
        verdict,
        note: machine_differed(baseline).or_else(|| machine_moved(baseline)),
    }
}

/// A change not judged because the machine differed between the runs: how, as the block
/// says it.
fn machine_differed(baseline: &Value) -> Option<String> {
    let change = &baseline["change"];
    (change["verdict"].as_str() == Some("machine_differed"))
        .then(|| change["verdict_text"].as_str().map(str::to_owned))
        .flatten()
}

/// When the machine's own speed moved between a `#[bench]` and its saved baseline by the
/// noise threshold or more, by how much: the unpaired change holds the machine's too.
fn machine_moved(baseline: &Value) -> Option<String> {
    let ran = machine_moved_words(
        baseline["machine_pace_change"].as_f64()?,
        baseline["change"]["noise_threshold"].as_f64()?,
    )?;
    Some(format!("the machine {ran} than during the baseline's run"))
}

/// `exact` for a counted trial whose counts did not move, else the interval.
fn interval_text(counts: &Value, interval: &Value, show: impl Fn(f64) -> String) -> String {
    if counts["exact"].as_bool() == Some(true) {
        "exact".to_owned()
    } else {
        range(interval, show)
    }
}

/// How a trial was counted under Valgrind (`None` for a timed one): `counted by TOOL`, and
/// when the counts moved between repeats, that the interval is Student's t over them.
fn counted_text(counts: &Value) -> Option<String> {
    let by = counts["counted_by"].as_str()?;
    Some(match counts["exact"].as_bool() {
        Some(false) => format!(
            "t interval over {} repeats whose counts moved, counted by {by}",
            counts["repeats"]
        ),
        _ => format!("counted by {by}"),
    })
}

fn number(value: &Value, show: impl Fn(f64) -> String) -> String {
    value.as_f64().map_or_else(|| "–".to_owned(), show)
}

fn range(interval: &Value, show: impl Fn(f64) -> String) -> String {
    match (interval["low"].as_f64(), interval["high"].as_f64()) {
        (Some(low), Some(high)) => format!("[{}, {}]", show(low), show(high)),
        _ => "–".to_owned(),
    }
}
