//! The table printed for a group of candidates (`vs = [b, c, d]`): the candidates ranked,
//! fastest first, with their ratios to the annotated function, intervals and the verdicts
//! of Holm's step-down over the group.

use super::paint::Paint;
use super::summary_table::{align_points, column_digits, column_widths, judgement_cells};
use crate::decide::holm;
use crate::decide::AnytimeP;
use crate::decide::Verdict;
use crate::report::DiffRecord;
use crate::util::RatioDigits;
use std::cmp::Ordering;

/// Column headings, in order.
const HEADINGS: [&str; 6] = ["rank", "candidate", "ratio", "interval", "claim", "verdict"];

/// The ranking of `members`, the comparisons of `reference` with each candidate, with the
/// verdicts of Holm's step-down at the group's `family_alpha` over their p-values. The
/// ratio is reference / candidate, so the fastest candidate has the largest; a ratio that
/// could not be estimated ranks last. Empty without members.
#[must_use]
pub fn group_table(
    reference: &str,
    family_alpha: f64,
    members: &[&DiffRecord],
    paint: Paint,
) -> String {
    if members.is_empty() {
        return String::new();
    }
    let adjusted = holm_verdicts(members, family_alpha);
    let mut ranked: Vec<(&DiffRecord, Verdict)> = members.iter().copied().zip(adjusted).collect();
    ranked.sort_by(|(a, _), (b, _)| {
        let (a, b) = (a.result.ratio, b.result.ratio);
        match (a.is_finite(), b.is_finite()) {
            (true, true) => b.partial_cmp(&a).unwrap_or(Ordering::Equal),
            (x, y) => y.cmp(&x),
        }
    });
    let digits = column_digits(members.iter().copied());
    let mut rows: Vec<[String; 6]> = ranked
        .iter()
        .enumerate()
        .map(|(i, (r, verdict))| row(i + 1, r, *verdict, digits))
        .collect();
    align_points(&mut rows, 2);
    let widths = column_widths(HEADINGS, &rows);
    let line = |cells: [&str; 6], verdict: String| {
        let mut text = String::from("  ");
        for (i, cell) in cells[..5].iter().enumerate() {
            // Numbers right-aligned, so their points line up.
            if (0..4).contains(&i) && i != 1 {
                text.push_str(&format!("{cell:>w$}  ", w = widths[i]));
            } else {
                text.push_str(&format!("{cell:<w$}  ", w = widths[i]));
            }
        }
        text.push_str(&verdict);
        text.trim_end().to_owned() + "\n"
    };
    let m = members.len();
    let mut out = paint.bold(&format!(
        "group {reference}: ratio = {reference} / candidate, fastest candidate first"
    ));
    out.push_str(&format!(
        "\n  verdicts by Holm's step-down over the {m} claims' p-values: any wrong verdict in \
         the group at most {family_alpha}\n"
    ));
    out.push_str(&line(
        [
            HEADINGS[0],
            HEADINGS[1],
            HEADINGS[2],
            HEADINGS[3],
            HEADINGS[4],
            "",
        ],
        HEADINGS[5].to_owned(),
    ));
    for (row, (_, verdict)) in rows.iter().zip(&ranked) {
        let cells = [&*row[0], &*row[1], &*row[2], &*row[3], &*row[4], ""];
        out.push_str(&line(cells, paint.verdict(*verdict, &row[5])));
    }
    out
}

/// Each member's verdict after Holm's step-down at `family_alpha`: a claim Holm decides
/// takes the way its p-value decided it; one it does not is inconclusive. Each trial was
/// judged at family_alpha / m (Bonferroni), whose decisions Holm's include, so the step-down
/// can only decide more.
fn holm_verdicts(members: &[&DiffRecord], family_alpha: f64) -> Vec<Verdict> {
    let p_values: Vec<Option<f64>> = members.iter().map(|r| evidence(r).map(|p| p.p)).collect();
    let decided = holm(&p_values, family_alpha);
    members
        .iter()
        .zip(decided)
        .map(|(r, decided)| match (r.claim, evidence(r)) {
            (None, _) => r.result.verdict,
            (Some(_), Some(p)) if decided => p.verdict,
            (Some(_), _) => Verdict::Inconclusive,
        })
        .collect()
}

/// What the step-down weighs for a member: its anytime p-value. A verdict with none (decided
/// over rounds of processes, or on exact counts) was reached at the trial's own alpha, so
/// its alpha serves as its p-value: a wrong verdict comes at most that often, which is all
/// a p-value promises.
fn evidence(r: &DiffRecord) -> Option<AnytimeP> {
    r.result.p_value.or_else(|| {
        matches!(r.result.verdict, Verdict::Pass | Verdict::Refuted).then_some(AnytimeP {
            p: r.result.alpha,
            verdict: r.result.verdict,
        })
    })
}

/// A row's cells; the verdict's word says when the step-down decided what the trial left
/// undecided.
fn row(rank: usize, record: &DiffRecord, verdict: Verdict, digits: RatioDigits) -> [String; 6] {
    let [ratio, interval, claim, _] = judgement_cells(record, digits);
    let candidate = record.names.second.to_owned();
    let word = if verdict == record.result.verdict {
        verdict.word().to_owned()
    } else {
        format!(
            "{} (trial: {})",
            verdict.word(),
            record.result.verdict.word()
        )
    };
    [rank.to_string(), candidate, ratio, interval, claim, word]
}

#[cfg(test)]
mod tests {
    use super::super::figures::ratio_figure;
    use super::*;
    use crate::decide::AnytimeP;
    use crate::fixture::records::{record, BELOW};
    use crate::report::RoutineNames;

    fn candidate(name: &'static str, ratio: f64) -> DiffRecord {
        let mut r = record(&format!("sum/vs={name}"), ratio, Some(BELOW), 2_000);
        r.names = RoutineNames {
            first: "sum",
            second: name,
        };
        r
    }

    #[test]
    fn candidates_rank_fastest_first_with_the_shared_alpha() {
        let records = [
            candidate("slow", 0.125),
            candidate("fast", 0.5),
            candidate("middle", 0.25),
        ];
        let refs: Vec<&DiffRecord> = records.iter().collect();
        let table = group_table("sum", 0.05, &refs, Paint::new(false));
        let lines: Vec<&str> = table.lines().collect();
        assert_eq!(lines.len(), 6, "{table}");
        assert_eq!(
            lines[0],
            "group sum: ratio = sum / candidate, fastest candidate first"
        );
        assert!(
            lines[1].contains("Holm's step-down over the 3 claims"),
            "{table}"
        );
        let order: Vec<&str> = lines[3..]
            .iter()
            .map(|l| l.split_whitespace().nth(1).unwrap())
            .collect();
        assert_eq!(order, ["fast", "middle", "slow"], "{table}");
        assert!(lines[3].trim_start().starts_with("1  fast"), "{table}");
        let fast_ratio = ratio_figure(&records[1].result);
        assert!(lines[3].contains(&fast_ratio), "{table}");
    }

    #[test]
    fn the_verdicts_are_holms_over_the_group() {
        let with_p = |name, ratio, verdict, p: Option<f64>| {
            let mut r = candidate(name, ratio);
            r.result.verdict = verdict;
            r.result.p_value = p.map(|p| AnytimeP {
                p,
                verdict: Verdict::Pass,
            });
            r
        };
        // At 0.05 over three: 0.01 ≤ 0.05/3 (the trial passed at 0.05/3 already), 0.02 ≤
        // 0.05/2 (its trial was undecided at 0.05/3), then 0.2 > 0.05 stays undecided.
        let records = [
            with_p("fast", 0.5, Verdict::Pass, Some(0.01)),
            with_p("middle", 0.6, Verdict::Inconclusive, Some(0.02)),
            with_p("slow", 0.7, Verdict::Inconclusive, Some(0.2)),
        ];
        let refs: Vec<&DiffRecord> = records.iter().collect();
        assert_eq!(
            holm_verdicts(&refs, 0.05),
            [Verdict::Pass, Verdict::Pass, Verdict::Inconclusive]
        );
        let table = group_table("sum", 0.05, &refs, Paint::new(false));
        let line_of = |name: &str| {
            table
                .lines()
                .find(|l| l.split_whitespace().nth(1) == Some(name))
                .unwrap_or_else(|| panic!("no {name} in {table}"))
        };
        assert!(line_of("fast").ends_with("  pass"), "{table}");
        assert!(
            line_of("middle").ends_with("pass (trial: inconclusive)"),
            "{table}"
        );
        assert!(line_of("slow").ends_with("  inconclusive"), "{table}");
        // Without the earlier rejections the second one is not decided: at 0.05 over
        // three, 0.02 alone is above 0.05/3.
        let records = [
            with_p("middle", 0.6, Verdict::Inconclusive, Some(0.02)),
            with_p("slow", 0.7, Verdict::Inconclusive, Some(0.2)),
            with_p("none", 0.9, Verdict::Inconclusive, None),
        ];
        let refs: Vec<&DiffRecord> = records.iter().collect();
        assert_eq!(holm_verdicts(&refs, 0.05), [Verdict::Inconclusive; 3]);
    }

    #[test]
    fn a_verdict_without_a_p_value_keeps_its_place_in_the_step_down() {
        // Across processes a trial's verdict has no p-value; it was reached at the trial's
        // alpha, 0.05 / 3, which stands for it. It stays a pass, and as the smallest of the
        // three lets 0.02 pass at 0.05 / 2. Undecided, it is inconclusive and weighs as
        // nothing (the control).
        let member = |name, verdict, p: Option<f64>| {
            let mut r = candidate(name, 0.5);
            r.result.verdict = verdict;
            r.result.alpha = 0.05 / 3.0;
            r.result.p_value = p.map(|p| AnytimeP {
                p,
                verdict: Verdict::Pass,
            });
            r
        };
        let records = [
            member("rounds", Verdict::Pass, None),
            member("middle", Verdict::Inconclusive, Some(0.02)),
            member("slow", Verdict::Inconclusive, Some(0.2)),
        ];
        let refs: Vec<&DiffRecord> = records.iter().collect();
        assert_eq!(
            holm_verdicts(&refs, 0.05),
            [Verdict::Pass, Verdict::Pass, Verdict::Inconclusive]
        );
        let records = [
            member("rounds", Verdict::Inconclusive, None),
            member("middle", Verdict::Inconclusive, Some(0.02)),
            member("slow", Verdict::Inconclusive, Some(0.2)),
        ];
        let refs: Vec<&DiffRecord> = records.iter().collect();
        assert_eq!(holm_verdicts(&refs, 0.05), [Verdict::Inconclusive; 3]);
    }

    #[test]
    fn no_members_no_table() {
        assert_eq!(group_table("sum", 0.05, &[], Paint::new(false)), "");
    }
}
