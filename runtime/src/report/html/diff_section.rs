//! One comparison's section of the HTML report: its facts in a line, what its estimate rests
//! on (as the terminal's notes word it), then its three charts; a comparison counted under
//! Valgrind has its counts instead (`counted_section`) and its ratio chart alone.

use super::counted_section::{counted_diff_facts, counted_figures};
use super::drift_chart::drift_chart;
use super::latency_chart::latency_chart;
use super::ratio_chart::ratio_chart;
use super::{escape, figure, judged_by, labelled_list};
use crate::measure::Clock;
use crate::report::DiffRecord;
use crate::report::{batch_iters_text, interval_text, ratio_digits, ratio_figure};
use crate::report::{interval_lines, notes};
use crate::report::{mean_figure, means_text, per_iteration};
use crate::util::{format_secs, level_percent};
use std::fmt::Write;

/// The section of `record`, with HTML id `id`.
#[must_use]
pub fn section(record: &DiffRecord, id: &str) -> String {
    let r = &record.result;
    let (_, word) = record.judged();
    let mut out = String::new();
    let _ = writeln!(out, "<section class=\"comparison\" id=\"{id}\">");
    let _ = writeln!(
        out,
        "<h3>{} <span class=\"verdict {word}\">{word}</span></h3>",
        escape(&record.name)
    );
    if let (Some(baseline), Some(_)) = (record.versions, &r.counted) {
        let _ = writeln!(
            out,
            "<p class=\"versions\">Counted across versions: this build (new) and the same \
             trial in the stored executable of baseline <code>{}</code> (old), each counted \
             under Valgrind; ratio = new/old.</p>",
            escape(baseline.as_str())
        );
    } else if let Some(baseline) = record.versions {
        let _ = writeln!(
            out,
            "<p class=\"versions\">Paired across versions: this build (new) in duos with the \
             same trial in the stored executable of baseline <code>{}</code> (old); ratio = \
             new/old.{}</p>",
            escape(baseline.as_str()),
            r.over_rounds.map_or_else(String::new, |o| format!(
                " Its figures cover all {} rounds of fresh process pairs: counts are sums; the \
                 latencies, the median-based ratio and the charts pool every round's batches \
                 and duos; Student t is over the rounds' ratios, and there is no Welch \
                 (batches of different processes are not one sample); batch size and duos per \
                 block are the median round's.",
                o.rounds
            ))
        );
    }
    let counted = counted_diff_facts(record);
    match &counted {
        Some(facts) => out.push_str(facts),
        None => timed_facts(&mut out, record),
    }
    out.push_str(&crate::report::facts_paragraphs(
        r.measure,
        r.executor,
        r.executor_overhead_ns,
        r.os,
    ));
    out.push_str(&super::doctor_list::warnings_html(&record.doctor));
    out.push_str("<div class=\"charts\">\n");
    if counted.is_some() {
        counted_figures(&mut out, record);
    } else {
        duo_figures(&mut out, record);
    }
    out.push_str("</div>\n</section>\n");
    out
}

/// A timed comparison's facts in a line, and the notes on what its estimate rests on.
fn timed_facts(out: &mut String, record: &DiffRecord) {
    let r = &record.result;
    let _ = writeln!(
        out,
        "<p class=\"facts\">{} · ratio <b>{}</b> {} at {} (confidence sequence) · \
         median-based {} · {} pairs, {} duos set aside as outliers, {} preempted ({} set aside) · \
         judged on {} time · {} per batch, {} duos per block · {} measuring + {} warmup</p>",
        judged_by(record),
        ratio_figure(r),
        interval_text(r),
        level_percent(1.0 - r.interval_alpha),
        ratio_digits(r).text(r.median_ratio),
        r.pairs,
        r.duos_set_aside,
        r.duos_preempted,
        r.preempted_set_aside,
        match r.clock {
            Clock::Wall => "wall",
            Clock::ThreadCpu => "thread CPU",
        },
        batch_iters_text(r),
        r.duos_per_block,
        format_secs(r.measure_time),
        format_secs(r.warmup_time),
    );
    out.push_str(&means_facts(record));
    out.push_str(&notes_list(record));
}

/// Each routine's mean, the ratio's where it is a ratio of means (else every batch's), and
/// which pairs the means are over, as the terminal's blocks say it.
fn means_facts(record: &DiffRecord) -> String {
    let r = &record.result;
    let means = match r.means {
        Some(m) => [m.first, m.second].map(|x| mean_figure(r, x)),
        None => [&r.first, &r.second].map(|s| {
            s.as_ref()
                .map_or_else(|| "–".to_owned(), |s| per_iteration(r.measure, s.mean))
        }),
    };
    format!(
        "<p class=\"facts\">mean <b>{}</b> {} · <b>{}</b> {}: {}</p>\n",
        escape(record.names.first),
        means[0],
        escape(record.names.second),
        means[1],
        escape(&means_text(r))
    )
}

/// A timed comparison's three charts: its batches' latencies, its ratio, its duos over time.
fn duo_figures(out: &mut String, record: &DiffRecord) {
    let r = &record.result;
    let names = record.names;
    let latency = match &r.latency_bins {
        Some(bins) => latency_chart(bins, names, r.measure),
        None => Err("too few batches for a histogram".to_owned()),
    };
    let outside = r.latency_bins.as_ref().map_or(0, |b| b.outside);
    figure(
        out,
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
        out,
        "ratio",
        ratio_chart(r, claim_ref),
        "Estimate: the ratio with the interval the verdict uses (red), against the claim \
         (green) and 1 (dashed); below it the classical one-look intervals, for reference.",
    );
    figure(
        out,
        "drift",
        drift_chart(r, claim_ref),
        "Over time: each duo's ratio in the order measured, with the estimate (red line) and \
         its interval (dashed). A trend shows drift; the spread is the noise the duos cancel.",
    );
}

/// What the interval rests on and why the verdict beside it is what it is, whose the
/// set-aside duos were and which duos the estimate rests on, correlated blocks, a drifting
/// ratio: the terminal block's lines (`interval_notes.rs`, `diff_notes.rs`), one item each,
/// with their label in bold. Empty when there is nothing to say.
fn notes_list(record: &DiffRecord) -> String {
    labelled_list(&(interval_lines(record) + &notes(&record.result, record.names)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::records::{drifting_unsettled, record, BELOW};

    #[test]
    fn a_long_routines_interval_says_it_rests_on_units() {
        let mut rec = record("long", 1.0, Some(BELOW), 200);
        rec.result.units = true;
        rec.result.duos_per_block = 25;
        let page = section(&rec, "l");
        assert!(
            page.contains("<li><b>interval</b> on units of 25 duos (about "),
            "{page}"
        );
        // Negative control: off units, nothing is said of them.
        let page = section(&record("short", 1.0, Some(BELOW), 200), "s");
        assert!(!page.contains("on units of"), "{page}");
    }

    #[test]
    fn the_basis_of_the_estimate_is_listed_under_the_facts() {
        let page = section(&drifting_unsettled(), "d");
        let list = &page[page.find("<ul class=\"notes\">").expect("a notes list")..];
        let list = &list[..list.find("</ul>").unwrap()];
        // Whose the outliers are is unsettled: every duo counts, with the split by routine.
        assert!(
            list.contains("<li><b>outliers</b> 9 outlying duos (2 slow in radix, 7 in std_sort)"),
            "{list}"
        );
        assert!(
            list.contains("<li><b>blocks</b> correlated: 1.8 blocks count as one"),
            "{list}"
        );
        assert!(
            list.contains("<li><b>drift</b> the ratio drifts: 0.4500 in the first half"),
            "{list}"
        );
        // Nine of the fixture's few duos is more than 5%, but they count in the ratio: no
        // warning says they were set aside.
        assert!(!list.contains("set aside"), "{list}");
        assert_eq!(list.matches("<li>").count(), 3);
    }

    #[test]
    fn a_cross_version_section_says_its_figures_cover_every_round() {
        let mut rec = record("paired", 0.5, Some(BELOW), 2_000);
        rec.versions = Some(crate::model::BaselineName::parse("main").unwrap());
        let plain = section(&rec, "p");
        assert!(plain.contains("ratio = new/old.</p>"), "{plain}");
        rec.result.over_rounds = Some(crate::analysis::OverRounds {
            rounds: 7,
            clock_rounds: 7,
            mixed_basis: false,
        });
        let page = section(&rec, "p");
        assert!(
            page.contains("new/old. Its figures cover all 7 rounds of fresh process pairs"),
            "{page}"
        );
    }

    #[test]
    fn the_means_are_the_ratios_as_in_the_terminal() {
        let rec = crate::fixture::records::stalled_record("stalled");
        let page = section(&rec, "s");
        assert!(
            page.contains(
                "<p class=\"facts\">mean <b>radix</b> 500.7 ns · <b>std_sort</b> 1.001 µs: the \
                 ratio&#39;s, over 132 of 158 pairs: 20 set aside as outliers and 6 preempted \
                 left out</p>"
            ),
            "{page}"
        );
    }

    #[test]
    fn nothing_to_say_gives_no_list() {
        let rec = record("quiet", 0.5, Some(BELOW), 2_000);
        assert!(
            notes(&rec.result, rec.names).is_empty(),
            "the fixture is quiet"
        );
        assert!(!section(&rec, "q").contains("class=\"notes\""));
    }
}
