//! A gated `#[bench]` that could not be paired, in the HTML report: its row in the target's
//! table and a section with the reason and what to do.

use super::escape;
use crate::report::UnpairedRecord;
use crate::util::percent_of;
use std::fmt::Write;

/// The gate, as the claim column shows it.
fn gate_text(record: &UnpairedRecord) -> String {
    format!(
        "max regression {}% against `{}`",
        percent_of(record.gate.max_regression),
        record.gate.baseline
    )
}

/// The verdict badge: failed, or new since the baseline (passed).
fn badge(record: &UnpairedRecord) -> &'static str {
    if record.gate.fails() {
        "<span class=\"verdict refuted\">failed: unpaired</span>"
    } else {
        "<span class=\"verdict pass\">new: unpaired</span>"
    }
}

/// The table row of `record`, linking to the section with HTML id `id`.
#[must_use]
pub fn unpaired_row(record: &UnpairedRecord, id: &str) -> String {
    format!(
        "<tr><td><a href=\"#{id}\">{}</a></td><td class=\"num\">–</td><td class=\"num\">–</td>\
         <td>{}</td><td>{}</td></tr>\n",
        escape(&record.name),
        escape(&gate_text(record)),
        badge(record),
    )
}

/// The section of `record`, with HTML id `id`.
#[must_use]
pub fn unpaired_section(record: &UnpairedRecord, id: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "<section class=\"bench\" id=\"{id}\">");
    let _ = writeln!(out, "<h3>{} {}</h3>", escape(&record.name), badge(record));
    let _ = writeln!(
        out,
        "<p class=\"facts\">{} not judged: {}. Nothing was measured.</p>\n\
         <p>What to do: {}.</p>\n</section>",
        escape(&gate_text(record)),
        escape(&record.gate.reason),
        escape(&record.gate.remedy()),
    );
    out
}
