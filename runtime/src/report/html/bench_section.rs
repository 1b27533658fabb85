//! One `#[bench]`'s section of the HTML report — its facts in a line, the scatter, the
//! distribution and the baseline comparison (counted under Valgrind: its counts and the
//! baseline comparison) — and its row of the page's summary table.

use super::baseline_chart::baseline_chart;
use super::bench_charts::{distribution_chart, scatter_chart};
use super::counted_section::counted_bench_facts;
use super::escape;
use super::figure;
use crate::analysis::{BenchResult, ChangeVerdict, Counted};
use crate::model::Measure;
use crate::report::per_iteration;
use crate::report::{change_verdict_text, relative_change_text, set_aside_parts, waiting_text};
use crate::report::{count_text, machine_pace_text, measured_again_text, p_text};
use crate::report::{BaselineOutcome, BenchRecord};
use crate::stats::Estimate;
use crate::util::signed_percent_text;
use crate::util::{format_secs, three_significant};
use std::fmt::Write;

/// The verdict's CSS class and words: a bench without a comparison has none.
fn verdict(outcome: &BaselineOutcome) -> (&'static str, &'static str) {
    match outcome {
        BaselineOutcome::Compared(c) => match c.change.verdict {
            ChangeVerdict::Improved => ("improved", "improved"),
            ChangeVerdict::Regressed => ("regressed", "regressed"),
            ChangeVerdict::WithinNoise => ("no-change", "within noise"),
            ChangeVerdict::NoChange => ("no-change", "no change"),
            ChangeVerdict::NotEnoughData => ("inconclusive", "not enough data"),
            ChangeVerdict::MachineDiffered => ("inconclusive", "machine differed"),
        },
        BaselineOutcome::FirstRun(_) => ("reported", "first run"),
        BaselineOutcome::NoFigures(_) => ("reported", "nothing compared"),
        BaselineOutcome::Failed(_) => ("refuted", "baseline error"),
    }
}

fn estimate_interval(e: &Estimate, measure: Measure) -> String {
    format!(
        "[{}, {}]",
        per_iteration(measure, e.low),
        per_iteration(measure, e.high)
    )
}

/// What the bench was compared with, in a few words.
fn change_cell(outcome: &BaselineOutcome) -> String {
    match outcome {
        BaselineOutcome::Compared(c) => format!(
            "{} vs {}",
            relative_change_text(c.change.relative.point),
            if c.previous_run {
                "previous run".to_owned()
            } else {
                format!("`{}`", c.baseline)
            }
        ),
        BaselineOutcome::FirstRun(name) => format!("saved as `{name}`"),
        BaselineOutcome::NoFigures(name) => format!("nothing in `{name}`"),
        BaselineOutcome::Failed(_) => "see below".to_owned(),
    }
}

/// The summary-table row of `record`, linking to its section `id`: time per iteration,
/// its interval, the change against the baseline, the verdict.
#[must_use]
pub fn bench_row(record: &BenchRecord, id: &str) -> String {
    let (class, words) = verdict(&record.baseline);
    let slope = &record.result.slope;
    format!(
        "<tr><td><a href=\"#{id}\">{}</a></td><td class=\"num\">{} /iter</td>\
         <td class=\"num\">{}</td><td>{}</td><td><span class=\"verdict {class}\">{words}</span>\
         </td></tr>\n",
        escape(&record.name),
        per_iteration(record.result.measure, slope.point),
        if record.result.counted.as_ref().is_some_and(Counted::unmoved) {
            "exact".to_owned()
        } else {
            estimate_interval(slope, record.result.measure)
        },
        escape(&change_cell(&record.baseline)),
    )
}

/// The section of `record`, with HTML id `id`.
#[must_use]
pub fn bench_section(record: &BenchRecord, id: &str) -> String {
    let r = &record.result;
    let (class, words) = verdict(&record.baseline);
    let mut out = String::new();
    let _ = writeln!(out, "<section class=\"bench\" id=\"{id}\">");
    let _ = writeln!(
        out,
        "<h3>{} <span class=\"verdict {class}\">{words}</span></h3>",
        escape(&record.name)
    );
    let counted = counted_bench_facts(record);
    match &counted {
        Some(facts) => out.push_str(facts),
        None => timed_facts(&mut out, r),
    }
    out.push_str(&crate::report::facts_paragraphs(
        r.measure,
        r.executor,
        r.executor_overhead_ns,
        r.os,
    ));
    let bytes = crate::report::alloc_bytes_line(r.alloc_bytes_per_iteration);
    if !bytes.is_empty() {
        let _ = writeln!(out, "<p class=\"facts\">{}</p>", bytes.trim());
    }
    out.push_str(&super::doctor_list::warnings_html(&record.doctor));
    out.push_str("<div class=\"charts\">\n");
    // Counts lie on their line by construction: a scatter or a spread of them shows nothing.
    if counted.is_none() {
        sample_charts(&mut out, r);
    }
    if let Some(note) = &record.unpaired_because {
        let _ = writeln!(out, "<p class=\"versions\">{}</p>", escape(note));
    }
    baseline_figure(&mut out, &record.baseline, &r.slope, r.measure);
    out.push_str("</div>\n</section>\n");
    out
}

/// The facts of a timed `#[bench]`: its time per iteration and how it was sampled.
fn timed_facts(out: &mut String, r: &BenchResult) {
    let _ =
        writeln!(
        out,
        "<p class=\"facts\">time <b>{}</b> {} per iteration (slope, {:.0}% bootstrap) · mean {} \
         · median {} · {} samples{}, {} iterations · {} outliers (Tukey, kept) · {} measuring + \
         {} warmup{}</p>",
        per_iteration(r.measure, r.slope.point),
        estimate_interval(&r.slope, r.measure),
        100.0 * r.level,
        per_iteration(r.measure, r.mean.point),
        per_iteration(r.measure, r.median.point),
        r.run.iters.len(),
        set_aside_words(r),
        count_text(r.total_iters()),
        r.outliers.total(),
        format_secs(r.run.measure_time),
        format_secs(r.run.warmup_time),
        r.run.measured_again.map_or_else(String::new, |again| format!(
            " · the machine {}",
            escape(&measured_again_text(&again))
        )),
    );
    if let Some(line) = r.run.waiting.and_then(|w| waiting_text(&w)) {
        let _ = writeln!(out, "<p class=\"facts disturbed\">{}</p>", escape(&line));
    }
}

/// The samples set aside, as the block's samples line counts them.
fn set_aside_words(r: &BenchResult) -> String {
    let aside = set_aside_parts(r);
    if aside.is_empty() {
        String::new()
    } else {
        format!(" ({})", escape(&aside.join("; ")))
    }
}

/// The charts of a timed `#[bench]`'s samples: the scatter and the distribution.
fn sample_charts(out: &mut String, r: &BenchResult) {
    figure(
        out,
        "scatter",
        scatter_chart(r),
        "Linear sampling: each dot is one sample, its iterations against its time. The red \
         line is the fitted time per iteration (slope through the origin), dashed its interval. \
         Dots on the line: time grew in step with iterations. Dots above it: samples slowed by \
         something else (an interrupt, another process).",
    );
    figure(
        out,
        "distribution",
        distribution_chart(r),
        "Distribution: each sample's time per iteration (time / iterations), with the slope \
         (red) and the median (grey). A long right tail is interference; a second hump is a \
         second behaviour of the routine or the machine.",
    );
}

/// The comparison with the baseline: its chart, or why there is none.
fn baseline_figure(
    out: &mut String,
    baseline: &BaselineOutcome,
    slope: &Estimate,
    measure: Measure,
) {
    match baseline {
        BaselineOutcome::Compared(c) => {
            let ch = &c.change;
            let change = if ch.relative.point.is_infinite() {
                format!("<b>{}</b>", relative_change_text(ch.relative.point))
            } else {
                format!(
                    "<b>{}</b> [{}, {}], p = {}",
                    signed_percent_text(ch.relative.point),
                    signed_percent_text(ch.relative.low),
                    signed_percent_text(ch.relative.high),
                    p_text(ch.p_value)
                )
            };
            figure(
                out,
                "baseline",
                baseline_chart(c, slope, measure),
                &format!(
                    "Baseline: change {change}, against baseline <code>{}</code>{}: \
                     <b>{}</b>. The shaded band is the ±{}% noise threshold around the \
                     baseline.{}",
                    escape(c.baseline.as_str()),
                    if c.previous_run {
                        " (previous run)"
                    } else {
                        ""
                    },
                    escape(&change_verdict_text(c)),
                    three_significant(100.0 * ch.noise_threshold),
                    machine_pace_text(c)
                        .map(|line| format!(" The machine {}.", escape(&line)))
                        .unwrap_or_default(),
                ),
            );
        }
        BaselineOutcome::FirstRun(name) => {
            let _ = writeln!(
                out,
                "<p class=\"baseline\">No baseline yet: this run was saved as <code>{}</code>; \
                 the next run is compared with it.</p>",
                escape(name.as_str())
            );
        }
        BaselineOutcome::NoFigures(name) => {
            let _ = writeln!(
                out,
                "<p class=\"baseline\">Nothing compared: baseline <code>{}</code> has no \
                 numbers saved for this trial.</p>",
                escape(name.as_str())
            );
        }
        BaselineOutcome::Failed(e) => {
            let _ = writeln!(
                out,
                "<p class=\"baseline no-chart\">Baseline error: {}</p>",
                escape(&e.to_string())
            );
        }
    }
}
