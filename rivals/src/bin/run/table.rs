//! The markdown tables: per-call times by routine and tool over the rounds, with their
//! run-to-run spread (none for bench_diff, which times no per-call routine), and each tool's
//! verdicts on the known-ratio pairs.

use crate::tools::{Outcome, Tool};
use rivals::{BASES, PER_CALL};
use std::fmt::Write;

/// Every tool's outcome in every round it finished.
pub type Results = [(Tool, Outcome)];

/// Both tables, with a line saying how to read them.
pub fn tables(results: &Results) -> String {
    let mut out = String::new();
    let rounds = results.iter().filter(|(t, _)| *t == Tool::Duobench).count();
    let _ = writeln!(out, "## Per-call time, ns ({rounds} rounds)\n");
    let _ = writeln!(
        out,
        "Cell: mean over the rounds of each round's estimate (duobench `#[bench]`: slope; \
         Criterion: slope; Divan: mean; Tango: mean of both sides of its A/A comparison), \
         then min–max and the coefficient of variation over the rounds. `to_string` returns \
         its `String`: duobench and Divan drop it after the clock stops, Criterion and Tango \
         inside their timed loop; `to_string_len` allocates and frees inside the routine, the \
         same code for every tool. bench_diff: \"–\", it times one call at a time, and a call of \
         a few nanoseconds timed alone reads as the clock's own cost.\n"
    );
    let _ = writeln!(out, "| routine | {} duobench / Criterion |", header_cells());
    let _ = writeln!(out, "|---|{}---|", rule_cells());
    for routine in PER_CALL {
        let _ = write!(out, "| {routine} |");
        for tool in Tool::ALL {
            let _ = write!(
                out,
                " {} |",
                spread_cell(&per_call(results, tool, routine), ns)
            );
        }
        let (d, c) = (
            per_call(results, Tool::Duobench, routine),
            per_call(results, Tool::Criterion, routine),
        );
        let ratio = if d.is_empty() || c.is_empty() {
            "–".to_owned()
        } else {
            format!("{:.3}", mean(&d) / mean(&c))
        };
        let _ = writeln!(out, " {ratio} |");
    }
    let _ = writeln!(out, "\n## itoa / to_string ({rounds} rounds)\n");
    let _ = writeln!(
        out,
        "Cell: as above. duobench: its `#[bench_diff]` of the two, measured side by side; the \
         others: the ratio of their per-call figures.\n"
    );
    let _ = writeln!(out, "| {}", header_cells());
    let _ = writeln!(out, "|{}", rule_cells());
    let cells: Vec<String> = Tool::ALL
        .iter()
        .map(|&tool| spread_cell(&itoa_over_to_string(results, tool), |r| format!("{r:.3}")))
        .collect();
    let _ = writeln!(out, "| {} |", cells.join(" | "));
    let _ = writeln!(out, "\n## The second routine 1% slower ({rounds} rounds)\n");
    let _ = writeln!(
        out,
        "Cell: right verdicts of the rounds, median estimated ratio, median wall seconds of the \
         process(es) behind one verdict (Criterion: its baseline run and its comparison). Right: \
         duobench passes `ratio > 1.0` (in brackets: median seconds it measured); Tango marks a \
         positive change `*`; Criterion says \"regressed\"; bench_diff's one-sided Welch test on \
         the logarithms of the latencies says the first is slower at alpha 0.05 (in brackets: \
         median seconds of its warmup and data collection). Divan gives no verdict: its cell \
         counts estimates above 1.\n"
    );
    let _ = writeln!(out, "| base | {}", header_cells());
    let _ = writeln!(out, "|---|{}", rule_cells());
    for base in BASES {
        let _ = write!(out, "| {} |", base.name);
        for tool in Tool::ALL {
            let _ = write!(out, " {} |", verdict_cell(results, tool, base.name));
        }
        let _ = writeln!(out);
    }
    out
}

/// The tools' names as header cells, each closed by its `|`.
fn header_cells() -> String {
    Tool::ALL
        .map(|tool| format!("{} |", tool.label()))
        .join(" ")
}

/// The header's rule under [`header_cells`].
fn rule_cells() -> String {
    "---|".repeat(Tool::ALL.len())
}

/// One tool's per-call figures for `routine`, one a round.
fn per_call(results: &Results, tool: Tool, routine: &str) -> Vec<f64> {
    results
        .iter()
        .filter(|(t, _)| *t == tool)
        .filter_map(|(_, o)| {
            o.per_call
                .iter()
                .find(|(n, _)| n == routine)
                .map(|(_, v)| *v)
        })
        .collect()
}

/// One tool's itoa / to_string, one a round: its paired estimate where it has one.
fn itoa_over_to_string(results: &Results, tool: Tool) -> Vec<f64> {
    results
        .iter()
        .filter(|(t, _)| *t == tool)
        .filter_map(|(_, o)| {
            let figure = |name: &str| o.per_call.iter().find(|(n, _)| n == name).map(|(_, v)| *v);
            o.paired_ratio
                .or_else(|| Some(figure("itoa")? / figure("to_string")?))
        })
        .collect()
}

fn spread_cell(values: &[f64], text: fn(f64) -> String) -> String {
    if values.is_empty() {
        return "–".to_owned();
    }
    let min = values.iter().copied().fold(f64::INFINITY, f64::min);
    let max = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    format!(
        "{} ({}–{}, CV {:.1}%)",
        text(mean(values)),
        text(min),
        text(max),
        100.0 * cv(values)
    )
}

fn verdict_cell(results: &Results, tool: Tool, base: &str) -> String {
    let verdicts: Vec<_> = results
        .iter()
        .filter(|(t, _)| *t == tool)
        .filter_map(|(_, o)| o.verdicts.iter().find(|(b, _, _)| b == base))
        .collect();
    if verdicts.is_empty() {
        return "–".to_owned();
    }
    let right = verdicts
        .iter()
        .filter(|(_, v, _)| v.right.unwrap_or_else(|| v.ratio.is_some_and(|r| r > 1.0)))
        .count();
    let ratios: Vec<f64> = verdicts.iter().filter_map(|(_, v, _)| v.ratio).collect();
    let ratio = if ratios.is_empty() {
        "–".to_owned()
    } else {
        format!("{:.4}", median(&ratios))
    };
    let walls: Vec<f64> = verdicts.iter().map(|(_, _, w)| *w).collect();
    let own: Vec<f64> = verdicts.iter().filter_map(|(_, v, _)| v.own_secs).collect();
    let own = if own.is_empty() {
        String::new()
    } else {
        format!(" ({:.2} s)", median(&own))
    };
    format!(
        "{right}/{}, {ratio}, {:.2} s{own}",
        verdicts.len(),
        median(&walls)
    )
}

/// Three significant figures at the sizes these routines have.
fn ns(value: f64) -> String {
    if value < 10.0 {
        format!("{value:.2}")
    } else if value < 100.0 {
        format!("{value:.1}")
    } else {
        format!("{value:.0}")
    }
}

fn mean(values: &[f64]) -> f64 {
    values.iter().sum::<f64>() / values.len() as f64
}

/// Sample standard deviation over the mean (0 for one value).
fn cv(values: &[f64]) -> f64 {
    if values.len() < 2 {
        return 0.0;
    }
    let m = mean(values);
    let var = values.iter().map(|v| (v - m).powi(2)).sum::<f64>() / (values.len() - 1) as f64;
    var.sqrt() / m
}

fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let mid = sorted.len() / 2;
    if sorted.len().is_multiple_of(2) {
        (sorted[mid - 1] + sorted[mid]) / 2.0
    } else {
        sorted[mid]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::Verdict;

    fn outcome(ns_per_add: f64, right: bool) -> Outcome {
        let verdict = Verdict {
            right: Some(right),
            ratio: Some(1.01),
            own_secs: Some(0.25),
        };
        Outcome {
            per_call: vec![("add".to_owned(), ns_per_add)],
            verdicts: vec![("55ns".to_owned(), verdict, 0.5)],
            paired_ratio: None,
        }
    }

    #[test]
    fn cells_summarize_the_rounds() {
        let results = [
            (Tool::Duobench, outcome(1.0, true)),
            (Tool::Criterion, outcome(2.0, false)),
            (Tool::Duobench, outcome(3.0, false)),
        ];
        let text = tables(&results);
        assert!(
            text.contains(
                "| add | 2.00 (1.00–3.00, CV 70.7%) | 2.00 (2.00–2.00, CV 0.0%) | – | – | – | 1.000 |"
            ),
            "{text}"
        );
        assert!(
            text.contains(
                "| 55ns | 1/2, 1.0100, 0.50 s (0.25 s) | 0/1, 1.0100, 0.50 s (0.25 s) | – | – | – |"
            ),
            "{text}"
        );
        assert!(text.contains("(2 rounds)"));
    }

    #[test]
    fn the_pair_is_duobench_s_paired_ratio_and_the_others_quotient() {
        let figures = |itoa: f64, to_string: f64| {
            vec![
                ("itoa".to_owned(), itoa),
                ("to_string".to_owned(), to_string),
            ]
        };
        let duobench = Outcome {
            per_call: figures(6.0, 8.0),
            verdicts: Vec::new(),
            paired_ratio: Some(0.5),
        };
        let criterion = Outcome {
            per_call: figures(6.0, 8.0),
            verdicts: Vec::new(),
            paired_ratio: None,
        };
        let text = tables(&[(Tool::Duobench, duobench), (Tool::Criterion, criterion)]);
        assert!(
            text.contains(
                "| 0.500 (0.500–0.500, CV 0.0%) | 0.750 (0.750–0.750, CV 0.0%) | – | – | – |"
            ),
            "{text}"
        );
    }

    #[test]
    fn bench_diff_has_a_verdict_column_and_no_per_call_figures() {
        let bench_diff = Outcome {
            per_call: Vec::new(),
            ..outcome(0.0, true)
        };
        let text = tables(&[
            (Tool::Duobench, outcome(1.0, true)),
            (Tool::BenchDiff, bench_diff),
        ]);
        for header in [
            "| routine | duobench | Criterion | Divan | Tango | bench_diff | duobench / Criterion |",
            "| base | duobench | Criterion | Divan | Tango | bench_diff |",
            "|---|---|---|---|---|---|",
        ] {
            assert!(text.contains(header), "{header} in {text}");
        }
        assert!(
            text.contains("| add | 1.00 (1.00–1.00, CV 0.0%) | – | – | – | – | – |"),
            "{text}"
        );
        assert!(
            text.contains("| 55ns | 1/1, 1.0100, 0.50 s (0.25 s) | – | – | – | 1/1, 1.0100, 0.50 s (0.25 s) |"),
            "{text}"
        );
    }

    #[test]
    fn a_median_of_an_even_count_is_the_middle_pair_s_mean() {
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), 2.5);
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
    }
}
