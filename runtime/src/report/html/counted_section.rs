//! What a counted result (under Valgrind, or read here) shows in the HTML report in place of the duos' or
//! the samples' facts: how its figure was decided (exact, or an interval over repeats whose
//! counts moved), the tool, and each routine's figures per call, in the terminal's words.
//! Its charts are those that need no timed batch: a comparison's ratio against its claim, a
//! `#[bench]`'s change against its baseline.

use super::ratio_chart::ratio_chart;
use super::{escape, figure, judged_by, labelled_list};
use crate::report::{counted_basis, counted_count, counted_lines};
use crate::report::{BenchRecord, DiffRecord};
use crate::util::RatioDigits;
use std::fmt::Write;

/// A counted comparison's facts and its per-call list; `None` for a timed one.
#[must_use]
pub fn counted_diff_facts(record: &DiffRecord) -> Option<String> {
    let r = &record.result;
    let counted = r.counted.as_ref()?;
    let basis = counted_basis(r)?;
    let digits = RatioDigits::of(r.ratio, r.interval);
    let interval = match r.interval {
        Some((lo, hi)) if lo != hi => format!(" {}", digits.interval(lo, hi)),
        _ => String::new(),
    };
    let mut out = format!(
        "<p class=\"facts\">{} · ratio <b>{}</b>{interval} {}</p>\n",
        judged_by(record),
        digits.text(r.ratio),
        escape(&basis)
    );
    let names = record.names;
    out.push_str(&labelled_list(&counted_lines(
        counted,
        r.measure,
        names.first,
        Some(names.second),
    )));
    Some(out)
}

/// A counted comparison's one chart: its ratio against the claim.
pub fn counted_figures(out: &mut String, record: &DiffRecord) {
    figure(
        out,
        "ratio",
        ratio_chart(&record.result, record.claim.as_ref()),
        &format!(
            "Estimate: the ratio of the routines' {} per call (red), against the claim \
             (green) and 1 (dashed). Counted, not timed: no duos, so no latency or over-time \
             chart.",
            if record
                .result
                .counted
                .as_ref()
                .is_some_and(|c| c.under_valgrind)
            {
                "instructions"
            } else {
                record.result.measure.name()
            }
        ),
    );
}

/// A counted `#[bench]`'s facts and its per-call list; `None` for a timed one.
#[must_use]
pub fn counted_bench_facts(record: &BenchRecord) -> Option<String> {
    let r = &record.result;
    let counted = r.counted.as_ref()?;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<p class=\"facts\">count <b>{}</b></p>",
        escape(&counted_count(r)?)
    );
    out.push_str(&labelled_list(&counted_lines(
        counted, r.measure, "routine", None,
    )));
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::super::target_page;
    use crate::fixture::records::{counted_bench, counted_diff};

    #[test]
    fn counted_trials_show_their_counts_and_only_the_charts_that_need_no_duos() {
        let page = target_page(
            "counts",
            &[counted_diff("fewer", 0.85), counted_bench("steady")],
            &[],
        );
        assert!(!page.contains("no chart:"), "{page}");
        // The ratio chart of the comparison, nothing for the first run of the bench.
        assert_eq!(page.matches("<svg").count(), 1, "{page}");
        assert!(page.contains("counts (exact)"), "{page}");
        assert!(
            page.contains("(exact: the same count in each of 2 repeats), counted by Callgrind"),
            "{page}"
        );
        assert!(page.contains("<li><b>first</b> radix"), "{page}");
        assert!(
            page.contains("count <b>7.02 K instr per call (exact"),
            "{page}"
        );
        // No duo facts and no interval of width zero, in the sections or the table.
        for duo_word in [
            "duos per block",
            "median-based",
            "pairs,",
            "[0.8500, 0.8500]",
        ] {
            assert!(!page.contains(duo_word), "{duo_word} in {page}");
        }
        assert!(page.contains("<td class=\"num\">exact</td>"), "{page}");
    }

    #[test]
    fn a_gate_counted_across_versions_says_so_rather_than_speak_of_duos() {
        let mut rec = match counted_diff("grows", 1.03) {
            crate::report::Record::Diff(d) => *d,
            _ => unreachable!("a comparison"),
        };
        rec.versions = Some(crate::model::BaselineName::parse("main").unwrap());
        let page = super::super::diff_section::section(&rec, "g");
        assert!(page.contains("Counted across versions"), "{page}");
        assert!(!page.contains("in duos"), "{page}");
    }
}
