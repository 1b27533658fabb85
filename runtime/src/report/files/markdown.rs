//! The run's trials as a markdown table, for a pull-request comment (`--export markdown
//! FILE`), GitHub's job summary and `cargo duobench merge`: one row per trial with its
//! estimate, interval, claim and verdict, refuted and inconclusive first, so that what
//! failed is what a reader sees.
//!
//! It is rendered from the `--json` document rather than from records, so that merged
//! shards, which exist only as JSON, give the same table as a run. Pure: returns text.

use super::trial_cells::{rank, trial_cells};
use crate::util::MARKDOWN_MARK;
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

/// The markdown table of `doc` as a file duobench writes: [`markdown_table`] after the
/// mark by which a later run knows the file for its own (an HTML comment, which renderers
/// do not show).
#[must_use]
pub fn markdown_file(doc: &Value, title: &str) -> String {
    with_mark(&markdown_table(doc, title))
}

fn with_mark(table: &str) -> String {
    format!("{MARKDOWN_MARK}\n{table}")
}

/// [`markdown_file`] of `doc` joined with the table found in `existing` (a file of ours,
/// as `util::write_owned` decided): a trial of `doc` replaces its earlier row, other rows are
/// kept, as `--json` merges bench targets.
#[must_use]
pub fn merge_markdown(existing: Option<&str>, doc: &Value, title: &str) -> String {
    let mut rows: BTreeMap<String, Row> = BTreeMap::new();
    for line in existing.unwrap_or_default().lines() {
        if let Some(key) = row_key(line) {
            let line = line.to_owned();
            rows.insert(key.clone(), Row { key, line });
        }
    }
    for row in trials(doc).iter().map(row) {
        rows.insert(row.key.clone(), row);
    }
    with_mark(&render(rows.into_values().collect(), title))
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
    rank(row_verdict(line))
}

/// A row's last cell: its verdict, or a gate's outcome.
fn row_verdict(line: &str) -> &str {
    line.trim_end().rsplit('|').nth(1).map_or("", str::trim)
}

fn render(mut rows: Vec<Row>, title: &str) -> String {
    rows.sort_by(|a, b| (row_rank(&a.line), &a.key).cmp(&(row_rank(&b.line), &b.key)));
    let count = |r: u8| rows.iter().filter(|row| row_rank(&row.line) == r).count();
    let regressed = rows
        .iter()
        .filter(|row| row_verdict(&row.line).starts_with("regressed"))
        .count();
    // Said only when there are some, so that tables without them read as they always did.
    let some = |n: usize, what: &str| match n {
        0 => String::new(),
        n => format!("{n} {what}, "),
    };
    let mut out = format!(
        "### {title}\n\n{} trials: {}{}{} refuted, {} inconclusive\n\n",
        rows.len(),
        some(count(2), "failed unpaired"),
        some(regressed, "regressed"),
        count(0) - regressed,
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
mod tests {
    //! The markdown table and the GitHub annotations against their golden files, and merged.

    use super::super::github_actions::annotations;
    use super::{markdown_file, markdown_table, merge_markdown};
    use crate::fixture::records::{bench_record, diff, unpaired_record, Baseline, BAND, BELOW};
    use crate::fixture::records::{counted_bench, counted_diff};
    use crate::report::to_json;
    use crate::report::Record;
    use crate::util::{FileKind, MARKDOWN_MARK};
    use serde_json::Value;

    /// A run with one trial of each verdict: refuted, inconclusive, pass, report only, a
    /// `#[bench]` compared with its previous run, and a gated one that could not be paired.
    fn document(records: &[Record]) -> Value {
        let run = crate::fixture::records::bench_run_info();
        serde_json::from_str(&to_json(records, &run)).unwrap()
    }

    fn records() -> Vec<Record> {
        vec![
            diff("passes", 0.5, Some(BELOW), 2_000),
            diff("refuted", 1.0, Some(BELOW), 2_000),
            diff("undecided", 1.0, Some(BAND), 20),
            barely_slower(),
            diff("report_only", 2.0, None, 300),
            bench_record("scaled", Baseline::Previous(2.0)),
            unpaired_record("gated"),
        ]
    }

    /// `ratio <= 1.0` undecided at 1.00012 [1.00004, 1.00019]: an interval above 1 that was not
    /// yet narrow enough for a verdict, whose digits must show it.
    fn barely_slower() -> Record {
        let claim = crate::model::Claim::Below {
            bound: 1.0,
            inclusive: true,
        };
        let mut record = crate::fixture::records::record("barely_slower", 1.0, Some(claim), 2_000);
        let r = &mut record.result;
        r.ratio = 1.000_12;
        r.interval = Some((1.000_04, 1.000_19));
        r.verdict = crate::decide::Verdict::Inconclusive;
        Record::Diff(Box::new(record))
    }

    /// `TARGET::TRIAL` at a made-up line of `benches/TARGET.rs`.
    fn locate(target: &str, trial: &str) -> Option<(String, u32)> {
        (trial != "report_only").then(|| (format!("benches/{target}.rs"), 10 + trial.len() as u32))
    }

    /// Compares `actual` with the golden file `name`; `DUOBENCH_BLESS=1` rewrites the file
    /// instead (read the diff before committing it).
    fn golden(name: &str, actual: &str) {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/golden")
            .join(name);
        if std::env::var_os("DUOBENCH_BLESS").is_some() {
            std::fs::write(&path, actual).unwrap();
        }
        let expected = std::fs::read_to_string(&path).unwrap();
        assert_eq!(actual, expected, "golden file {}", path.display());
    }

    #[test]
    fn a_bench_whose_machine_moved_since_its_baseline_says_so_in_its_row() {
        let mut doc = document(&[bench_record("scaled", Baseline::Previous(2.0))]);
        let table = markdown_table(&doc, "duobench");
        assert!(!table.contains("the machine ran"), "{table}");
        doc["trials"][0]["baseline"]["machine_pace_change"] = serde_json::json!(0.45);
        let table = markdown_table(&doc, "duobench");
        assert!(
            table.contains("the machine ran 45.0% slower than during the baseline's run"),
            "{table}"
        );
        doc["trials"][0]["baseline"]["machine_pace_change"] = serde_json::json!(-0.01);
        let table = markdown_table(&doc, "duobench");
        assert!(!table.contains("the machine ran"), "{table}");
        // A change not judged says how the machine differed, as the block does.
        let said = "not judged: the machine differed (waited for a core 66.0% of the previous \
                    run, 0.0% of this one)";
        doc["trials"][0]["baseline"]["change"]["verdict"] = "machine_differed".into();
        doc["trials"][0]["baseline"]["change"]["verdict_text"] = said.into();
        let table = markdown_table(&doc, "duobench");
        let row = table.lines().find(|l| l.contains("scaled`")).unwrap();
        assert!(
            row.contains("machine differed") && row.contains(said),
            "{row}"
        );
    }

    #[test]
    fn the_table_puts_refuted_and_inconclusive_first_and_matches_its_golden_file() {
        let table = markdown_table(&document(&records()), "duobench");
        golden("summary.md", &table);
        let verdicts: Vec<&str> = table
            .lines()
            .filter(|l| l.starts_with("| `"))
            .map(|l| {
                let cell = l.rsplit('|').nth(1).unwrap().trim();
                cell.split(':').next().unwrap()
            })
            .collect();
        assert_eq!(
            verdicts,
            [
                "refuted",
                "inconclusive",
                "inconclusive",
                "failed",
                "pass",
                "reported",
                "no change"
            ]
        );
        // The failed trial's row says why and what to do.
        let failed = table
            .lines()
            .find(|l| l.contains("versions::gated"))
            .unwrap();
        assert!(
            failed.ends_with(
                "| `max regression 5%` | failed: baseline `main` has no stored executable; store \
             the baseline's executable again with this duobench (`--save-baseline main \
             --store-only` on the base revision), or pass --allow-unpaired \
             (DUOBENCH_ALLOW_UNPAIRED=1) to compare with saved numbers and pass with a warning |"
            ),
            "{failed}"
        );
    }

    #[test]
    fn annotations_match_their_golden_file() {
        let lines = annotations(&document(&records()), locate);
        golden("annotations.txt", &lines);
        // The refuted claim and the gate that could not pair are errors, the undecided claim a
        // warning; the rest say nothing.
        let commands: Vec<&str> = lines
            .lines()
            .map(|l| l.split(' ').next().unwrap())
            .collect();
        assert_eq!(
            commands,
            ["::error", "::warning", "::warning", "::error"],
            "{lines}"
        );
        assert!(
            lines.contains("ratio 1.00012 [1.00004, 1.00019] at 96%25"),
            "{lines}"
        );
    }

    #[test]
    fn merging_tables_replaces_a_trial_and_keeps_the_others() {
        let all = records();
        let whole = markdown_table(&document(&all), "duobench");
        let whole_file = markdown_file(&document(&all), "duobench");
        assert_eq!(whole_file, format!("{MARKDOWN_MARK}\n{whole}"));
        let first = merge_markdown(None, &document(&all[..2]), "duobench");
        assert_eq!(
            merge_markdown(Some(&first), &document(&all[2..]), "duobench"),
            whole_file
        );
        // The same trials again replace their rows rather than adding to them.
        assert_eq!(
            merge_markdown(Some(&whole_file), &document(&all[..2]), "duobench"),
            whole_file
        );
        assert_eq!(
            markdown_table(&document(&[]), "duobench"),
            "### duobench\n\n0 trials: 0 refuted, 0 inconclusive\n\n"
        );
        // What is written is what the next run takes for its own, and notes are not.
        assert!(FileKind::Markdown.recognises(&whole_file));
        assert!(!FileKind::Markdown.recognises(&whole));
        assert!(!FileKind::Markdown.recognises("# Notes\n\nmine\n"));
    }

    #[test]
    fn counted_trials_say_exact_and_name_the_tool_rather_than_show_an_interval_of_width_zero() {
        let mut doc = document(&[
            counted_diff("fewer", 0.85),
            counted_diff("more", 0.95),
            counted_bench("steady"),
            counted_diff("moved", 0.95),
        ]);
        // The counts of `moved` moved between repeats: a t interval over 10 of them decided.
        let moved = &mut doc["trials"][3];
        moved["counts"]["exact"] = false.into();
        moved["counts"]["repeats"] = 10.into();
        moved["ratio"]["interval"] = serde_json::json!({ "low": 0.93, "high": 0.97 });
        let table = markdown_table(&doc, "duobench");
        let row = |name: &str| {
            table
                .lines()
                .find(|l| l.starts_with(&format!("| `claims::{name}`")) || l.contains(name))
                .unwrap_or_else(|| panic!("no {name} in {table}"))
                .to_owned()
        };
        assert_eq!(
            row("fewer"),
            "| `claims::fewer` | diff | 0.8500 (850 / 1.00 K instructions) | exact, counted by \
         Callgrind (Valgrind 3.19.0) | `ratio < 0.9` | pass |"
        );
        assert!(
            row("more").ends_with(
                "| exact, counted by Callgrind (Valgrind 3.19.0) | `ratio < 0.9` | refuted |"
            ),
            "{table}"
        );
        assert_eq!(
            row("steady"),
            "| `single::steady` | bench | 7018 instructions | exact, counted by Callgrind \
         (Valgrind 3.19.0) | – | first run |"
        );
        assert!(
            row("moved").contains(
                "| [0.9300, 0.9700], t interval over 10 repeats whose counts moved, counted by \
             Callgrind (Valgrind 3.19.0) |"
            ),
            "{table}"
        );
        assert!(!table.contains("[0.8500, 0.8500]"), "{table}");
        let lines = annotations(&doc, locate);
        assert!(
            lines.contains(
                "::claim `ratio < 0.9` refuted: ratio 0.9500 (950 / 1.00 K instructions) exact, \
             counted by Callgrind (Valgrind 3.19.0)\n"
            ),
            "{lines}"
        );
        // Counts that moved have an interval at a confidence level.
        let mut moved = doc.clone();
        moved["trials"][3]["verdict"] = "inconclusive".into();
        let lines = annotations(&moved, locate);
        assert!(
        lines.contains("ratio 0.9500 (950 / 1.00 K instructions) [0.9300, 0.9700] at 95%25 confidence, t interval over 10 repeats"),
        "{lines}"
    );
    }
}
