//! The table printed after all blocks: one line per comparison, to see a whole run at once.

use super::diff_block::gate_name;
use super::figures::{interval_text, ratio_figure};
use super::paint::Paint;
use crate::report::DiffRecord;

/// Column headings, in order.
const HEADINGS: [&str; 5] = ["name", "ratio", "interval", "claim", "verdict"];

/// Name, ratio, interval, claim and verdict of every comparison, in aligned columns; the
/// verdict is coloured when `paint` is on. Empty without records.
#[must_use]
pub fn summary_table(records: &[DiffRecord], paint: Paint) -> String {
    if records.is_empty() {
        return String::new();
    }
    let mut rows: Vec<[String; 5]> = records.iter().map(row).collect();
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

/// Pads the numbers of `column` on the right so that, right-aligned, their decimal points
/// line up: ratios carry as many decimals as their intervals need, which differ by row.
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

fn row(record: &DiffRecord) -> [String; 5] {
    let [ratio, interval, claim, verdict] = judgement_cells(record);
    [record.name.clone(), ratio, interval, claim, verdict]
}

/// A comparison's ratio, interval, claim and verdict, as the tables show them; a gated
/// comparison shows its gate and the gate's outcome, as its block does.
pub(super) fn judgement_cells(record: &DiffRecord) -> [String; 4] {
    let gate = record
        .result
        .process_pairs
        .as_ref()
        .and_then(|p| p.gate.as_ref());
    let (claim, verdict) = match gate {
        Some(g) => (gate_name(g), g.outcome.word().to_owned()),
        None => (record.claim_text(), record.result.verdict.word().to_owned()),
    };
    [
        ratio_figure(&record.result),
        interval_text(&record.result),
        claim,
        verdict,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::records::{record, BAND, BELOW};

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
    fn the_points_of_ratios_with_different_decimals_line_up() {
        let mut narrow = record("narrow", 1.0, Some(BELOW), 2_000);
        narrow.result.ratio = 0.333_93;
        narrow.result.interval = Some((0.333_83, 0.334_03));
        let records = [record("wide", 0.5, Some(BELOW), 2_000), narrow];
        let table = summary_table(&records, Paint::new(false));
        let points: Vec<usize> = table
            .lines()
            .skip(2)
            .map(|l| l.find('.').unwrap())
            .collect();
        assert_eq!(points[0], points[1], "{table}");
        assert!(table.contains("0.33393  [0.33383, 0.33403]"), "{table}");
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
