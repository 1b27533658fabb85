//! The table printed for a group of candidates (`vs = [b, c, d]`): the candidates ranked,
//! fastest first, with their ratios to the annotated function, intervals and verdicts.

use super::paint::Paint;
use super::summary_table::{column_widths, judgement_cells};
use crate::report::DiffRecord;
use std::cmp::Ordering;

/// Column headings, in order.
const HEADINGS: [&str; 6] = ["rank", "candidate", "ratio", "interval", "claim", "verdict"];

/// The ranking of `members`, the comparisons of `reference` with each candidate, judged at
/// `alpha` each (the group's `family_alpha` shared among them). The ratio is
/// reference / candidate, so the fastest candidate has the largest; a ratio that could not
/// be estimated ranks last. Empty without members.
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
    let mut ranked: Vec<&DiffRecord> = members.to_vec();
    ranked.sort_by(|a, b| {
        let (a, b) = (a.result.ratio, b.result.ratio);
        match (a.is_finite(), b.is_finite()) {
            (true, true) => b.partial_cmp(&a).unwrap_or(Ordering::Equal),
            (x, y) => y.cmp(&x),
        }
    });
    let rows: Vec<[String; 6]> = ranked
        .iter()
        .enumerate()
        .map(|(i, r)| row(i + 1, r))
        .collect();
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
        "\n  each of the {m} claims judged at alpha {} / {m} (Bonferroni): any wrong verdict \
         in the group at most {}\n",
        family_alpha, family_alpha
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
    for (row, record) in rows.iter().zip(&ranked) {
        let cells = [&*row[0], &*row[1], &*row[2], &*row[3], &*row[4], ""];
        out.push_str(&line(cells, paint.verdict(record.result.verdict, &row[5])));
    }
    out
}

fn row(rank: usize, record: &DiffRecord) -> [String; 6] {
    let [ratio, interval, claim, verdict] = judgement_cells(record);
    let candidate = record.names.second.to_owned();
    [rank.to_string(), candidate, ratio, interval, claim, verdict]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::records::{record, BELOW};
    use crate::report::RoutineNames;
    use crate::util::ratio_text;

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
        assert!(lines[1].contains("alpha 0.05 / 3"), "{table}");
        let order: Vec<&str> = lines[3..]
            .iter()
            .map(|l| l.split_whitespace().nth(1).unwrap())
            .collect();
        assert_eq!(order, ["fast", "middle", "slow"], "{table}");
        assert!(lines[3].trim_start().starts_with("1  fast"), "{table}");
        let fast_ratio = ratio_text(records[1].result.ratio);
        assert!(lines[3].contains(&fast_ratio), "{table}");
    }

    #[test]
    fn no_members_no_table() {
        assert_eq!(group_table("sum", 0.05, &[], Paint::new(false)), "");
    }
}
