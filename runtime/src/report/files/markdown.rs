//! The run's trials as a markdown table, for a pull-request comment (`--export markdown
//! FILE`), GitHub's job summary and `cargo duobench merge`: one row per trial with its
//! estimate, interval, claim and verdict, refuted and inconclusive first, so that what
//! failed is what a reader sees.
//!
//! It is rendered from the `--json` document rather than from records, so that merged
//! shards, which exist only as JSON, give the same table as a run. Pure: returns text.

use super::trial_cells::{rank, trial_cells};
use serde_json::Value;
use std::collections::BTreeMap;

/// The table's heading row and its separator.
const HEADER: &str =
    "| trial | kind | estimate | interval | claim | verdict |\n|---|---|---:|---:|---|---|\n";

/// One rendered row, with what orders it.
struct Row {
    /// `TARGET::TRIAL`, as in the exports.
    key: String,
    line: String,
}

/// The markdown table of every trial of `doc` (a `--json` document), under the heading
/// `title` and one line counting the verdicts. A document without trials gives that line
/// alone.
#[must_use]
pub fn markdown_table(doc: &Value, title: &str) -> String {
    let rows = trials(doc).iter().map(row).collect();
    render(rows, title)
}

/// `markdown_table` of `doc` joined with the table found in `existing` (a file this module
/// wrote): a trial of `doc` replaces its earlier row, other rows are kept, as `--json`
/// merges bench targets.
///
/// # Errors
///
/// `existing` is not a table this module wrote: it is left as it is.
pub fn merge_markdown(existing: Option<&str>, doc: &Value, title: &str) -> Result<String, String> {
    let existing = existing.unwrap_or_default();
    if !existing.is_empty() && !is_ours(existing) {
        return Err("exists and is not a duobench markdown table".to_owned());
    }
    let mut rows: BTreeMap<String, Row> = BTreeMap::new();
    for line in existing.lines() {
        if let Some(key) = row_key(line) {
            let line = line.to_owned();
            rows.insert(key.clone(), Row { key, line });
        }
    }
    for row in trials(doc).iter().map(row) {
        rows.insert(row.key.clone(), row);
    }
    Ok(render(rows.into_values().collect(), title))
}

/// Whether `text` has the shape `render` gives: a heading, then the line counting trials.
fn is_ours(text: &str) -> bool {
    let lines: Vec<&str> = text.lines().take(3).collect();
    matches!(
        lines.as_slice(),
        [heading, "", count] if heading.starts_with("### ") && count.contains(" trials: ")
            && count.ends_with(" inconclusive")
    )
}

fn trials(doc: &Value) -> &[Value] {
    doc["trials"].as_array().map_or(&[], Vec::as_slice)
}

/// The trial's `TARGET::TRIAL` in a row this module wrote: the first cell's code span.
fn row_key(line: &str) -> Option<String> {
    let rest = line.strip_prefix("| `")?;
    let (key, _) = rest.split_once("` |")?;
    Some(key.replace("\\|", "|"))
}

/// The rank (see `trial_cells::rank`) of a row by its last cell, the verdict.
fn row_rank(line: &str) -> u8 {
    rank(line.trim_end().rsplit('|').nth(1).map_or("", str::trim))
}

fn render(mut rows: Vec<Row>, title: &str) -> String {
    rows.sort_by(|a, b| (row_rank(&a.line), &a.key).cmp(&(row_rank(&b.line), &b.key)));
    let count = |r: u8| rows.iter().filter(|row| row_rank(&row.line) == r).count();
    // Said only when there are some, so that tables without them read as they always did.
    let failed = match count(2) {
        0 => String::new(),
        n => format!("{n} failed unpaired, "),
    };
    let mut out = format!(
        "### {title}\n\n{} trials: {failed}{} refuted, {} inconclusive\n\n",
        rows.len(),
        count(0),
        count(1)
    );
    if rows.is_empty() {
        return out;
    }
    out.push_str(HEADER);
    for row in rows {
        out.push_str(&row.line);
        out.push('\n');
    }
    out
}

fn row(trial: &Value) -> Row {
    let cells = trial_cells(trial);
    let interval = cells.interval_cell();
    let claim = cells
        .claim
        .as_ref()
        .map_or_else(|| "–".to_owned(), |c| format!("`{c}`"));
    let verdict = match &cells.note {
        Some(note) => format!("{}: {}", cells.verdict, escape(note)),
        None => cells.verdict,
    };
    let line = [
        format!("`{}`", escape(&cells.key)),
        cells.kind,
        escape(&cells.estimate),
        escape(&interval),
        claim,
        verdict,
    ];
    Row {
        key: cells.key,
        line: format!("| {} |", line.join(" | ")),
    }
}

/// A `|` would end the cell.
fn escape(text: &str) -> String {
    text.replace('|', "\\|")
}

#[cfg(test)]
mod tests;
