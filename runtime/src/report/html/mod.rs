//! The HTML report: one self-contained page per bench target (inline CSS and SVG, no
//! scripts, nothing fetched), and an `index.html` that gathers every target's comparisons
//! and `#[bench]` results.
//!
//! Rendering is pure; `report::files::write_html` writes the files. A target's page marks
//! its content with [`BEGIN`] and [`END`] comments, so the index can be rebuilt from the pages
//! on disk without keeping any other state.
//!
//! The sections of a target's page:
//! - `diff_section`: one comparison, its facts, what its estimate rests on, its charts;
//! - `bench_section`: one `#[bench]`, its facts, its charts and its row of the table;
//! - `counted_section`: what a result counted under Valgrind shows in place of timings;
//! - `unpaired_section`: a gated `#[bench]` that could not be paired, and what to do;
//! - `doctor_list`: the doctor's warnings, for a section and the top of the page;
//! - `document_page`: the page of a `--json` document no single run wrote (merged shards);
//! - `entries`: a page's trials as entries marked with their names and when they were
//!   measured, so that a filtered run keeps the trials it did not run.
//!
//! The charts, drawn with plotters as inline SVG: a comparison's `latency_chart` (both
//! routines' distributions), `ratio_chart` (the estimates against the claim's band) and
//! `drift_chart` (the ratio in the order measured); a `#[bench]`'s `bench_charts` (the
//! scatter with its line, the distribution) and `baseline_chart` (against the saved run);
//! `interval_rows`, the labelled-interval chart two of them draw, and `shared`, what all of
//! them share (size, colours, canvas, labels).

mod baseline_chart;
mod bench_charts;
mod bench_section;
mod counted_section;
mod diff_section;
mod doctor_list;
mod document_page;
mod drift_chart;
mod entries;
mod interval_rows;
mod latency_chart;
mod ratio_chart;
mod shared;
mod unpaired_section;

use crate::analysis::Warning;
use crate::report::DiffRecord;
use crate::report::Record;
use crate::report::{interval_text, ratio_figure};
use crate::util::HTML_MARK;
use doctor_list::warnings_html;
pub use document_page::document_page;
use entries::{merged, read_entries, rows_html, sections_html, Entry};
use std::fmt::Write;

/// The title of the report's index page.
pub const INDEX_TITLE: &str = "duobench report";

/// Opens a target page's content.
pub const BEGIN: &str = "<!-- duobench:content -->";
/// Closes a target page's content.
pub const END: &str = "<!-- /duobench:content -->";

const CSS: &str = include_str!("style.css");

/// A chart (or why it could not be drawn) with its caption, appended to `out`.
fn figure(out: &mut String, class: &str, svg: Result<String, String>, caption: &str) {
    let _ = writeln!(out, "<figure class=\"{class}\">");
    match svg {
        Ok(svg) => out.push_str(&svg),
        Err(why) => {
            let _ = write!(out, "<p class=\"no-chart\">no chart: {}</p>", escape(&why));
        }
    }
    let _ = writeln!(out, "\n<figcaption>{caption}</figcaption>\n</figure>");
}

/// Terminal lines of the form `  label  words` as a list, one item each with its label in
/// bold. Empty for no lines.
fn labelled_list(text: &str) -> String {
    if text.trim().is_empty() {
        return String::new();
    }
    let mut out = String::from("<ul class=\"notes\">\n");
    for line in text.lines() {
        let line = line.trim();
        let (label, rest) = line.split_once(' ').unwrap_or(("", line));
        let _ = writeln!(
            out,
            "<li><b>{}</b> {}</li>",
            escape(label),
            escape(rest.trim_start())
        );
    }
    out.push_str("</ul>\n");
    out
}

/// `text` safe inside HTML text and attribute values.
#[must_use]
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// An HTML id from a bench target and a trial name: letters and digits kept, every other run
/// of characters one `-`, and the position in the run to keep ids unique.
fn anchor(target: &str, index: usize, name: &str) -> String {
    let mut id = format!("{target}-{index}-");
    let mut dash = false;
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            id.push(c);
            dash = false;
        } else if !dash {
            id.push('-');
            dash = true;
        }
    }
    id
}

/// The page of one bench target: a table of its trials (a comparison's ratio and claim, a
/// `#[bench]`'s time per iteration and change against its baseline), then a section for
/// each. The doctor's warnings about the run as a whole (`run_warnings`) come first.
#[cfg(test)]
#[must_use]
pub fn target_page(target: &str, records: &[Record], run_warnings: &[Warning]) -> String {
    let now = crate::report::rfc3339_utc(std::time::SystemTime::now());
    merged_target_page(target, records, run_warnings, None, &now)
}

/// [`target_page`] measured at `now`, keeping the trials of `earlier` (the target's page as
/// a run before this one left it) that this run did not measure, each saying when it was
/// measured: for a run a filter narrowed. Without `earlier` (or from a page without
/// entries), only this run's trials.
#[must_use]
pub fn merged_target_page(
    target: &str,
    records: &[Record],
    run_warnings: &[Warning],
    earlier: Option<&str>,
    now: &str,
) -> String {
    let latest: Vec<Entry> = records
        .iter()
        .enumerate()
        .map(|(i, record)| {
            let id = anchor(target, i, record.name());
            let (row, section) = match record {
                Record::Diff(d) => (diff_row(d, &id), diff_section::section(d, &id)),
                Record::Bench(b) => (
                    bench_section::bench_row(b, &id),
                    bench_section::bench_section(b, &id),
                ),
                Record::Unpaired(u) => (
                    unpaired_section::unpaired_row(u, &id),
                    unpaired_section::unpaired_section(u, &id),
                ),
            };
            Entry {
                name: record.name().to_owned(),
                measured: now.to_owned(),
                row,
                section,
                earlier: false,
            }
        })
        .collect();
    let entries = match earlier.and_then(page_content) {
        Some(content) => merged(read_entries(content), latest),
        None => latest,
    };
    let mut content = String::new();
    let _ = writeln!(content, "<h2 id=\"{0}\">{0}</h2>", escape(target));
    content.push_str(&warnings_html(run_warnings));
    content.push_str(
        "<table class=\"summary\">\n<tr><th>trial</th><th>estimate</th><th>interval</th>\
         <th>claim or baseline</th><th>verdict</th></tr>\n",
    );
    content.push_str(&rows_html(&entries));
    content.push_str("</table>\n");
    content.push_str(&sections_html(&entries));
    page(
        &format!("duobench: {target}"),
        &format!("{BEGIN}\n{content}{END}\n"),
    )
}

/// What a comparison was judged by, for its facts line: `claim <b>ratio < 0.8</b>`, or
/// `gate <b>max regression 5%</b>` for a versions trial under a gate.
fn judged_by(record: &DiffRecord) -> String {
    let by = if record.gate().is_some() {
        "gate"
    } else {
        "claim"
    };
    format!("{by} <b>{}</b>", escape(&record.judged().0))
}

/// The summary-table row of a comparison, linking to its section `id`.
fn diff_row(record: &DiffRecord, id: &str) -> String {
    let r = &record.result;
    let (judged, word) = record.judged();
    format!(
        "<tr><td><a href=\"#{id}\">{}</a></td><td class=\"num\">{}</td>\
         <td class=\"num\">{}</td><td>{}</td><td><span class=\"verdict {word}\">{word}</span>\
         </td></tr>\n",
        escape(&record.name),
        ratio_figure(r),
        interval_text(r),
        escape(&judged)
    )
}

/// The content of a target page written by [`target_page`], or `None` for anything else.
#[must_use]
pub fn page_content(page: &str) -> Option<&str> {
    let start = page.find(BEGIN)? + BEGIN.len();
    let end = start + page[start..].find(END)?;
    Some(&page[start..end])
}

/// The index: every target's content, each with a link to its own page. `targets` holds
/// (page file name, content) pairs, in the order shown.
#[must_use]
pub fn index_page(targets: &[(String, String)]) -> String {
    let mut body = String::from("<p class=\"targets\">bench targets:");
    for (file, _) in targets {
        let name = file.trim_end_matches(".html");
        let _ = write!(body, " <a href=\"{0}\">{1}</a>", escape(file), escape(name));
    }
    body.push_str("</p>\n");
    for (_, content) in targets {
        body.push_str(content);
    }
    page(INDEX_TITLE, &body)
}

fn page(title: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         {HTML_MARK}\n<title>{title}</title>\n<style>\n{CSS}</style>\n</head>\n<body>\n\
         <header><h1>{title}</h1><p>duobench {version}, {profile} build. Ratio = \
         latency(first) / latency(second); the verdict uses the confidence sequence.</p>\
         </header>\n<main>\n{body}</main>\n</body>\n</html>\n",
        title = escape(title),
        version = env!("CARGO_PKG_VERSION"),
        profile = if cfg!(debug_assertions) {
            "unoptimized (debug assertions on)"
        } else {
            "optimized"
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::records::{bench_record, diff, Baseline, BAND, BELOW};
    use crate::report::BaselineOutcome;
    use crate::util::FileKind;

    fn records() -> Vec<Record> {
        vec![
            diff("sorting::radix", 0.5, Some(BELOW), 2_000),
            diff("same<&>", 1.0, Some(BAND), 3_000),
            diff("report_only/10", 2.0, None, 300),
        ]
    }

    #[test]
    fn a_bench_has_a_row_and_a_section_with_its_scatter_distribution_and_baseline() {
        let records = [
            diff("sorting::radix", 0.5, Some(BELOW), 2_000),
            bench_record("scaled", Baseline::Previous(1.0)),
            bench_record("fresh", Baseline::First),
        ];
        let page = target_page("mixed", &records, &[]);
        assert_eq!(page.matches("<section class=\"comparison\"").count(), 1);
        assert_eq!(page.matches("<section class=\"bench\"").count(), 2);
        // Three charts for the comparison, three for the compared bench, two for the first
        // run, which has no baseline to draw.
        assert_eq!(page.matches("<svg").count(), 3 + 3 + 2);
        assert!(!page.contains("no chart:"), "a chart failed to draw");
        for class in ["scatter", "distribution", "baseline"] {
            assert!(
                page.contains(&format!("<figure class=\"{class}\">")),
                "{class}"
            );
        }
        // The summary table has a row per trial; twice the time is a regression.
        assert_eq!(page.matches("<tr><td><a href=").count(), 3);
        assert!(page.contains("<a href=\"#mixed-1-scaled\">scaled</a>"));
        assert!(page.contains("<span class=\"verdict regressed\">regressed</span>"));
        assert!(page.contains("vs previous run") && page.contains("saved as `previous`"));
        assert!(page.contains("No baseline yet"));
    }

    #[test]
    fn a_baseline_comparison_says_when_the_machine_moved_between_the_runs() {
        let mut moved = bench_record("moved", Baseline::Previous(1.0));
        if let Record::Bench(b) = &mut moved {
            if let BaselineOutcome::Compared(c) = &mut b.baseline {
                c.machine_pace_change = Some(0.45);
            }
        }
        let held = bench_record("held", Baseline::Previous(1.0));
        let page = target_page("pace", &[moved, held], &[]);
        let said = "The machine ran 45.0% slower than during the previous run (its pace probe)";
        assert_eq!(page.matches(said).count(), 1, "{page}");
    }

    #[test]
    fn a_run_taken_again_is_said_in_its_facts() {
        let again = crate::fixture::records::taken_again_record();
        let page = target_page("taken_again", &[again], &[]);
        let said = "0.20 s warmup · the machine ran 30.0% slower than during the previous run \
                    through most of a first run (its pace probe): taken again after 0.25 s, once \
                    its pace was back; the second is shown</p>";
        assert_eq!(page.matches(said).count(), 1, "{page}");
    }

    #[test]
    fn samples_set_aside_are_counted_beside_the_samples_kept() {
        let mut aside = bench_record("aside", Baseline::First);
        if let Record::Bench(b) = &mut aside {
            b.result.run.set_aside_slow = 7;
        }
        let kept = bench_record("kept", Baseline::First);
        let page = target_page("aside", &[aside, kept], &[]);
        let said = "40 samples (7 more set aside: taken while the machine ran slower, by its pace \
                    probe), 820,000 iterations";
        assert_eq!(page.matches(said).count(), 1, "{page}");
    }

    #[test]
    fn one_section_with_three_charts_per_comparison() {
        let page = target_page("claims", &records(), &[]);
        assert_eq!(page.matches("<section class=\"comparison\"").count(), 3);
        assert_eq!(page.matches("<svg").count(), 9);
        assert_eq!(page.matches("</svg>").count(), 9);
        assert!(!page.contains("no chart:"), "a chart failed to draw");
        // Every chart drew something: bars, points or lines.
        for svg in page.split("<svg").skip(1) {
            let svg = &svg[..svg.find("</svg>").unwrap()];
            assert!(svg.contains("<rect") || svg.contains("<circle"), "{svg}");
            assert!(svg.contains("<text"), "axes are labelled");
        }
        // The summary table links to each section.
        assert!(page.contains("<a href=\"#claims-0-sorting-radix\">sorting::radix</a>"));
        assert!(page.contains("id=\"claims-0-sorting-radix\""));
    }

    #[test]
    fn the_page_is_self_contained_and_escaped() {
        let page = target_page("claims", &records(), &[]);
        assert!(!page.contains("<script"));
        assert!(!page.contains("src="));
        assert!(!page.contains("href=\"http"));
        assert!(!page.contains("url("));
        assert!(page.contains("same&lt;&amp;&gt;") && !page.contains("same<&>"));
        assert!(page.contains("<style>") && page.contains("section.comparison"));
    }

    #[test]
    fn the_index_gathers_target_contents() {
        let records = records();
        let a = target_page("alpha", &records[..1], &[]);
        let b = target_page("beta", &records[1..], &[]);
        assert_eq!(page_content("<p>no markers</p>"), None);
        let parts = [
            (
                "alpha.html".to_owned(),
                page_content(&a).unwrap().to_owned(),
            ),
            ("beta.html".to_owned(), page_content(&b).unwrap().to_owned()),
        ];
        let index = index_page(&parts);
        assert_eq!(index.matches("<section class=\"comparison\"").count(), 3);
        assert!(index.contains("<a href=\"alpha.html\">alpha</a>"));
        assert!(index.contains("<h2 id=\"beta\">beta</h2>"));
        assert!(index.starts_with("<!DOCTYPE html>") && index.ends_with("</html>\n"));
        // Every page written is one the next run may replace as its own, by its generator
        // mark, and a page of the report's without it by its content marker or title.
        let merged = document_page(&serde_json::json!({ "trials": [] }), "merged");
        for page in [&a, &b, &index, &merged] {
            assert!(FileKind::Html.recognises(page), "{page}");
        }
        let unmarked = |page: &str| page.replace(HTML_MARK, "");
        assert!(FileKind::Html.recognises(&unmarked(&a)));
        assert!(FileKind::Html.recognises(&unmarked(&index)));
        assert!(!FileKind::Html.recognises(&unmarked(&merged)));
    }

    #[test]
    fn anchors_are_plain_and_unique() {
        assert_eq!(anchor("t", 3, "a::b/10 x"), "t-3-a-b-10-x");
        assert_ne!(anchor("t", 0, "a/1"), anchor("t", 1, "a-1"));
        assert_eq!(
            escape("<a href='x'>&\"</a>"),
            "&lt;a href=&#39;x&#39;&gt;&amp;&quot;&lt;/a&gt;"
        );
    }
}
