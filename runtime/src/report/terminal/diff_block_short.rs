//! The default block of a comparison: what a reader needs to act on, in a few lines — the
//! claim and its verdict, the ratio with its interval, each routine's time, and one line of
//! warnings. The full statistics are in the `--verbose` block, the JSON and the HTML report.

use super::counted_lines::{counted_lines, counted_ratio_line};
use super::diff_block::{heading, over_rounds_text};
use super::figures::{interval_text, means_line, ratio_figure, routine_lines, short_mean};
use super::interval_notes::{path_note, verdict_note};
use super::paint::Paint;
use crate::analysis::DiffResult;
use crate::report::DiffRecord;
use crate::util::{format_secs, level_percent};
use std::fmt::Write;

/// The short block of `record`: heading, claim, ratio, both routines' means and what they
/// are over, and the warnings the full block's notes give, joined on one line.
#[must_use]
pub fn short_block(record: &DiffRecord, paint: Paint) -> String {
    let r = &record.result;
    let mut out = heading(&record.name, record.claim.as_ref(), record.gate(), r, paint);
    if let (Some(line), Some(counted)) = (counted_ratio_line(r), &r.counted) {
        out.push_str(&line);
        let names = record.names;
        out.push_str(&counted_lines(
            counted,
            r.measure,
            names.first,
            Some(names.second),
        ));
        return out;
    }
    let _ = writeln!(
        out,
        "  ratio    {}  {} at {}, {} pairs{} in {}",
        ratio_figure(r),
        interval_text(r),
        level_percent(1.0 - r.interval_alpha),
        r.pairs,
        over_rounds_text(r),
        format_secs(r.total_time())
    );
    out.push_str(&interval_lines(record));
    out.push_str(&routine_lines(record.names, r, |routine, width, side| {
        format!("{routine:<width$}  {}", short_mean(r, &side))
    }));
    out.push_str(&means_line(r));
    if let Some(line) = warnings_line(r, record) {
        let _ = writeln!(out, "  warning  {line}");
    }
    out
}

/// The lines under the ratio that say what its interval rests on (on units) and why the
/// verdict is not the one it seems to show, each when there is something to say.
pub(crate) fn interval_lines(record: &DiffRecord) -> String {
    let r = &record.result;
    let mut out = String::new();
    if let Some(note) = path_note(r) {
        let _ = writeln!(out, "  interval {note}");
    }
    if let Some(note) = record
        .claim
        .as_ref()
        .and_then(|c| verdict_note(c, r, Some(record.names)))
    {
        let _ = writeln!(out, "  verdict  {note}");
    }
    out
}

/// The full block's warning notes on one line, or `None` without any.
fn warnings_line(r: &DiffResult, record: &DiffRecord) -> Option<String> {
    let notes = super::diff_notes::notes(r, record.names);
    let warnings: Vec<&str> = notes
        .lines()
        .filter_map(|l| l.strip_prefix("  warning "))
        .map(str::trim)
        .collect();
    (!warnings.is_empty()).then(|| warnings.join("; "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::records::{record, BELOW};

    #[test]
    fn the_default_block_is_six_lines_with_names_means_and_the_verdict() {
        let rec = record("sorting::radix", 0.5, Some(BELOW), 1_000);
        let block = short_block(&rec, Paint::new(false));
        let lines: Vec<&str> = block.lines().collect();
        assert_eq!(lines.len(), 6, "{block}");
        assert_eq!(lines[0], "[diff] sorting::radix");
        assert_eq!(lines[1], "  claim    ratio < 0.8: pass");
        assert!(lines[2].starts_with("  ratio    0.4997  ["), "{block}");
        // The level the fenced estimate's sequence holds: 0.8 of alpha.
        assert!(lines[2].contains(" at 96%, "), "{block}");
        // A level near 1 keeps the digits that tell it from 100%.
        let mut strict = rec.clone();
        strict.result.interval_alpha = 1e-6;
        let block = short_block(&strict, Paint::new(false));
        assert!(block.contains(" at 99.9999%, "), "{block}");
        assert!(
            lines[3].starts_with("  first    radix     mean "),
            "{block}"
        );
        assert!(
            lines[4].starts_with("  second   std_sort  mean "),
            "{block}"
        );
        assert!(
            lines[5].starts_with("  means    the ratio's, over "),
            "{block}"
        );
    }
}
