//! One comparison's section of the HTML report: its facts in a line, then its three charts.

use super::charts::latency_chart;
use super::drift_chart::drift_chart;
use super::ratio_chart::ratio_chart;
use super::{escape, figure};
use crate::measure::clock::Clock;
use crate::report::diff_block::interval_text;
use crate::report::diff_record::DiffRecord;
use crate::util::units::format_secs;
use crate::util::units::ratio_text;
use std::fmt::Write;

/// The section of `record`, with HTML id `id`.
#[must_use]
pub fn section(record: &DiffRecord, id: &str) -> String {
    let r = &record.result;
    let claim = record.claim_text();
    let word = r.verdict.word();
    let mut out = String::new();
    let _ = writeln!(out, "<section class=\"comparison\" id=\"{id}\">");
    let _ = writeln!(
        out,
        "<h3>{} <span class=\"verdict {word}\">{word}</span></h3>",
        escape(&record.name)
    );
    if let Some(baseline) = record.versions {
        let _ = writeln!(
            out,
            "<p class=\"versions\">Paired across versions: this build (new) in duos with the \
             same trial in the stored executable of baseline <code>{}</code> (old); ratio = \
             new/old.</p>",
            escape(baseline.as_str())
        );
    }
    let _ = writeln!(
        out,
        "<p class=\"facts\">claim <b>{}</b> · ratio <b>{}</b> {} at {:.0}% (anytime-valid) · \
         median-based {} · {} pairs, {} duos set aside as outliers, {} preempted ({} set aside) · \
         judged on {} time · {} iterations per batch, {} duos per block · {} measuring + {} warmup</p>",
        escape(&claim),
        ratio_text(r.ratio),
        interval_text(r),
        100.0 * (1.0 - r.alpha),
        ratio_text(r.median_ratio),
        r.pairs,
        r.duos_set_aside,
        r.duos_preempted,
        r.preempted_set_aside,
        match r.clock {
            Clock::Wall => "wall",
            Clock::ThreadCpu => "thread CPU",
        },
        r.batch_iters,
        r.duos_per_block,
        format_secs(r.measure_time),
        format_secs(r.warmup_time),
    );
    out.push_str(&crate::report::measure_line::facts_paragraphs(
        r.measure,
        r.executor,
        r.executor_overhead_ns,
        r.os,
    ));
    out.push_str(&super::doctor_list::warnings_html(&record.doctor));
    out.push_str("<div class=\"charts\">\n");
    let names = record.names;
    let latency = match &r.latency_bins {
        Some(bins) => latency_chart(bins, names),
        None => Err("too few batches for a histogram".to_owned()),
    };
    let outside = r.latency_bins.as_ref().map_or(0, |b| b.outside);
    figure(
        &mut out,
        "latency",
        latency,
        &format!(
            "Distribution: per-iteration latency of each timed batch, <b>{}</b> (blue) over \
             <b>{}</b> (orange), log scale. {outside} extreme batches lie beyond the range shown.",
            escape(names.first),
            escape(names.second)
        ),
    );
    let claim_ref = record.claim.as_ref();
    figure(
        &mut out,
        "ratio",
        ratio_chart(r, claim_ref),
        "Estimate: the ratio with the interval the verdict uses (red), against the claim \
         (green) and 1 (dashed); below it the classical one-look intervals, for reference.",
    );
    figure(
        &mut out,
        "drift",
        drift_chart(r, claim_ref),
        "Over time: each duo's ratio in the order measured, with the estimate (red line) and \
         its interval (dashed). A trend shows drift; the spread is the noise the duos cancel.",
    );
    out.push_str("</div>\n</section>\n");
    out
}
