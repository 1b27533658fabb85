//! The table printed after all blocks: one line per comparison, to see a whole run at once.

use super::figures::{interval_with, ratio_digits};
use super::paint::Paint;
use crate::report::DiffRecord;
use crate::util::RatioDigits;

/// Column headings, in order.
const HEADINGS: [&str; 5] = ["name", "ratio", "interval", "claim", "verdict"];

/// Name, ratio, interval, claim and verdict of every comparison, in aligned columns; the
/// verdict is coloured when `paint` is on. Empty without records.
#[must_use]
pub fn summary_table(records: &[DiffRecord], paint: Paint) -> String {
    if records.is_empty() {
        return String::new();
    }
    let digits = column_digits(records.iter());
    let mut rows: Vec<[String; 5]> = records.iter().map(|r| row(r, digits)).collect();
    align_points(&mut rows, 1);
    let widths = column_widths(HEADINGS, &rows);
    let line = |cells: [&str; 5], verdict: String| {
        let mut text = String::from("  ");
        for (i, cell) in cells[..4].iter().enumerate() {
            // Ratios and intervals are numbers: right-aligned, so their points line up.
            if i == 1 || i == 2 {
                text.push_str(&format!("{cell:>w$}  ", w = widths[i]));
            } else {
                text.push_str(&format!("{cell:<w$}  ", w = widths[i]));
            }
        }
        text.push_str(&verdict);
        text.trim_end().to_owned() + "\n"
    };
    let mut out = paint.bold("summary") + "\n";
    out.push_str(&line(HEADINGS, HEADINGS[4].to_owned()));
    for (row, record) in rows.iter().zip(records) {
        let cells = [&*row[0], &*row[1], &*row[2], &*row[3], &*row[4]];
        out.push_str(&line(cells, paint.verdict(record.result.verdict, &row[4])));
    }
    out
}

/// The decimals of a table's ratio and interval columns: the most any of `records` needs
/// (each interval needs as many as tell its ends from the estimate), so that every row of
/// a column has one format.
pub(super) fn column_digits<'a>(records: impl Iterator<Item = &'a DiffRecord>) -> RatioDigits {
    records
        .map(|r| ratio_digits(&r.result))
        .max()
        .unwrap_or(RatioDigits::FEWEST)
}

/// Pads the numbers of `column` on the right so that, right-aligned, their decimal points
/// line up, a cell without a point (`–`) included.
pub(super) fn align_points<const N: usize>(rows: &mut [[String; N]], column: usize) {
    let decimals = |cell: &str| cell.split_once('.').map_or(0, |(_, d)| d.chars().count());
    let most = rows.iter().map(|r| decimals(&r[column])).max().unwrap_or(0);
    for row in rows {
        let cell = &mut row[column];
        let missing = most - decimals(cell);
        // A cell without a point (`–`) takes the point's place too.
        let pad = missing + usize::from(!cell.contains('.') && most > 0);
        cell.push_str(&" ".repeat(pad));
    }
}

/// The width of each column: its widest cell or heading, in characters.
pub(super) fn column_widths<const N: usize>(
    headings: [&str; N],
    rows: &[[String; N]],
) -> [usize; N] {
    let mut widths = headings.map(|h| h.chars().count());
    for row in rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    widths
}

fn row(record: &DiffRecord, digits: RatioDigits) -> [String; 5] {
    let [ratio, interval, claim, verdict] = judgement_cells(record, digits);
    [record.name.clone(), ratio, interval, claim, verdict]
}

/// A comparison's ratio and interval with the column's `digits`, its claim and verdict, as
/// the tables show them; a gated comparison shows its gate and the gate's outcome, as its
/// block does.
pub(super) fn judgement_cells(record: &DiffRecord, digits: RatioDigits) -> [String; 4] {
    let (claim, verdict) = record.judged();
    [
        digits.text(record.result.ratio),
        interval_with(&record.result, digits),
        claim,
        verdict.to_owned(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::records::{record, BAND, BELOW};
    use crate::report::terminal::figures::ratio_digits;

    #[test]
    fn one_aligned_line_per_comparison() {
        let records = [
            record("sorting::radix", 0.5, Some(BELOW), 2_000),
            record("same", 1.0, Some(BAND), 2_000),
            record("report_only/10", 2.0, None, 300),
        ];
        let table = summary_table(&records, Paint::new(false));
        let lines: Vec<&str> = table.lines().collect();
        assert_eq!(lines.len(), 5, "{table}");
        assert_eq!(lines[0], "summary");
        assert_eq!(
            lines[1],
            "  name             ratio          interval  claim                 verdict"
        );
        assert!(lines[2].starts_with("  sorting::radix  0.4"), "{table}");
        assert!(
            lines[2].contains("ratio < 0.8") && lines[2].ends_with("pass"),
            "{table}"
        );
        assert!(lines[3].contains("ratio in 0.97..=1.03"), "{table}");
        assert!(
            lines[4].contains("none") && lines[4].ends_with("reported"),
            "{table}"
        );
        // Columns line up: every claim starts at the same place.
        let claim_at: Vec<usize> = lines[2..]
            .iter()
            .map(|l| l.find("ratio ").or_else(|| l.find("none")).unwrap())
            .collect();
        assert!(claim_at.windows(2).all(|w| w[0] == w[1]), "{table}");
    }

    #[test]
    fn a_column_prints_every_ratio_with_the_decimals_its_narrowest_interval_needs() {
        let mut narrow = record("narrow", 1.0, Some(BELOW), 2_000);
        narrow.result.ratio = 0.333_93;
        narrow.result.interval = Some((0.333_83, 0.334_03));
        let wide = record("wide", 0.5, Some(BELOW), 2_000);
        // Negative control: alone, the wide interval needs four decimals and the narrow five.
        assert_eq!(
            [&wide, &narrow].map(|r| ratio_digits(&r.result).text(0.5)),
            ["0.5000", "0.50000"]
        );
        let table = summary_table(&[wide, narrow], Paint::new(false));
        let rows: Vec<&str> = table.lines().skip(2).collect();
        assert!(rows[0].contains("0.49968  [0.49532, 0.50407]"), "{table}");
        assert!(rows[1].contains("0.33393  [0.33383, 0.33403]"), "{table}");
        // One format a column: every number has five decimals, and the points line up.
        for row in &rows {
            for number in row.split(|c: char| !(c.is_ascii_digit() || c == '.')) {
                if let Some((_, decimals)) = number.split_once('.') {
                    if number.len() > 4 {
                        assert_eq!(decimals.len(), 5, "{number} in\n{table}");
                    }
                }
            }
        }
        let points: Vec<usize> = rows.iter().map(|l| l.find('.').unwrap()).collect();
        assert_eq!(points[0], points[1], "{table}");
    }

    #[test]
    fn a_gated_comparison_shows_its_gate_and_outcome() {
        use crate::decide::{GateDesign, GateOutcome, GateSummary, PairSpread, Verdict};
        let mut slowed = record("slowed", 3.0, Some(BELOW), 2_000);
        let design = GateDesign::new(0.5, 0.05, 0.05);
        slowed.result.verdict = Verdict::Refuted;
        slowed.result.process_pairs = Some(PairSpread {
            pairs: 7,
            log_ratios: vec![3f64.ln(); 7],
            between_sd: Some(0.001),
            within_se: Some(0.001),
            pairs_needed: None,
            round_secs: 0.06,
            duos: 750,
            duo_floor: 75,
            gate: Some(GateSummary {
                design,
                outcome: GateOutcome::Regressed,
                decided_by: None,
                threshold: design.threshold(),
                planned_rounds: None,
            }),
        });
        let table = summary_table(&[slowed], Paint::new(false));
        let row = table.lines().nth(2).unwrap();
        assert!(row.contains("max regression 50%"), "{table}");
        assert!(row.ends_with("regressed"), "{table}");
    }

    #[test]
    fn verdicts_are_coloured_after_padding() {
        let records = [record("a", 0.5, Some(BELOW), 2_000)];
        let table = summary_table(&records, Paint::new(true));
        assert!(table.contains("\x1b[32mpass\x1b[0m"), "{table:?}");
        assert!(summary_table(&[], Paint::new(true)).is_empty());
    }
}
