//! Under GitHub Actions: the lines that put a refuted claim or a regressed gate (or an
//! undecided one) on the benchmark's source line (workflow commands, `::error
//! file=..,line=..::message` and `::warning ...`), read by the runner from the job's output. Pure: returns text;
//! `harness::ci_report` prints it and appends the markdown table to `$GITHUB_STEP_SUMMARY`.

use super::trial_cells::trial_cells;
use serde_json::Value;

/// One `::error` line per refuted trial of `doc` (a `--json` document) or gated one that
/// failed unpaired, and one `::warning` line per inconclusive one, at the annotated function as `locate(bench_target, trial)`
/// finds it (file relative to the workspace, and line); a trial it cannot place gets an
/// annotation without a location.
#[must_use]
pub fn annotations(doc: &Value, locate: impl Fn(&str, &str) -> Option<(String, u32)>) -> String {
    let mut out = String::new();
    for trial in doc["trials"].as_array().map_or(&[][..], Vec::as_slice) {
        let cells = trial_cells(trial);
        let command = match cells.verdict.as_str() {
            "refuted" | "regressed" | "failed" => "error",
            "inconclusive" => "warning",
            _ => continue,
        };
        let target = trial["bench_target"].as_str().unwrap_or_default();
        let name = trial["name"].as_str().unwrap_or_default();
        let level = trial["ratio"]["level"].as_f64().unwrap_or(0.95);
        // An undecided run may have no interval at all (`–` in the table); counts that did
        // not move have no error rate to state.
        let interval = match cells.interval.as_str() {
            "–" => String::new(),
            "exact" => " exact".to_owned(),
            interval => format!(" {interval}"),
        };
        let confidence = match cells.interval.as_str() {
            "exact" => String::new(),
            _ => format!(" at {}% confidence", (level * 100.0 * 1e6).round() / 1e6),
        };
        let counted = cells
            .counted
            .as_ref()
            .map_or_else(String::new, |how| format!(", {how}"));
        let message = match &cells.note {
            // Nothing measured: the gate, why it could not be judged, and what to do.
            Some(note) => format!(
                "{} not judged: {note}",
                cells.claim.as_deref().unwrap_or_default()
            ),
            None => format!(
                "{} `{}` {}: ratio {}{interval}{confidence}{counted}",
                // A gate's outcome, `regressed`, is a gate's, not a claim's.
                if trial["gate"].is_object() {
                    "gate"
                } else {
                    "claim"
                },
                cells.claim.as_deref().unwrap_or_default(),
                cells.verdict,
                cells.estimate,
            ),
        };
        let title = property(&format!("duobench: {}", cells.key));
        let place = locate(target, name)
            .map(|(file, line)| format!("file={},line={line},", property(&file)))
            .unwrap_or_default();
        out.push_str(&format!(
            "::{command} {place}title={title}::{}\n",
            data(&message)
        ));
    }
    out
}

/// A workflow command's message: `%`, CR and LF escaped, as the runner reads them.
fn data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// A workflow command's property value: also `:` and `,`, which would end it.
fn property(text: &str) -> String {
    data(text).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn properties_and_messages_are_escaped() {
        assert_eq!(data("50% a\nb"), "50%25 a%0Ab");
        assert_eq!(property("a::b, c"), "a%3A%3Ab%2C c");
        let doc = json!({ "trials": [
            { "bench_target": "t", "name": "x", "kind": "diff", "verdict": "refuted",
              "claim": "ratio < 0.8",
              "ratio": { "estimate": 1.0, "interval": null, "level": 0.95 } },
            { "bench_target": "t", "name": "y", "kind": "diff", "verdict": "pass" },
        ]});
        assert_eq!(
            annotations(&doc, |_, _| None),
            "::error title=duobench%3A t%3A%3Ax::claim `ratio < 0.8` refuted: ratio 1.0000 at \
             95%25 confidence\n"
        );
    }
}
