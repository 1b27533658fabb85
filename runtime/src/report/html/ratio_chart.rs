//! The estimate chart: the ratio's point estimates and intervals, one row each, against the
//! claim's band.

use super::interval_rows::{interval_chart, IntervalAxis, IntervalRow};
use super::shared::{claim_band, padded, ratio_label, CLAIM, ESTIMATE, GREY};
use crate::analysis::DiffResult;
use crate::model::Claim;
use plotters::prelude::*;

/// The ratio's estimates and intervals, one row each, over the claim's band (green) and a
/// dashed line at 1 (no difference). The first row is the one the verdict uses; a counted
/// result has that row alone (no duos, no one-look tests beside it).
pub fn ratio_chart(r: &DiffResult, claim: Option<&Claim>) -> Result<String, String> {
    if let Some(counted) = &r.counted {
        let label = if counted.unmoved() {
            "counts (exact)"
        } else {
            "counts, t over repeats"
        };
        let row = IntervalRow {
            label,
            point: Some(r.ratio),
            interval: r.interval,
            colour: ESTIMATE,
            width: 3,
            radius: 5,
        };
        return chart(
            &[row],
            claim,
            "ratio = instructions per call, first / second",
        );
    }
    let rows = [
        IntervalRow {
            label: "verdict (confidence sequence)",
            point: Some(r.ratio),
            interval: r.interval,
            colour: ESTIMATE,
            width: 3,
            radius: 5,
        },
        IntervalRow {
            label: "median of duos",
            point: Some(r.median_ratio),
            interval: None,
            colour: GREY,
            width: 2,
            radius: 5,
        },
        IntervalRow {
            label: "Student t, one look",
            point: r.student.map(|t| t.estimate.exp()),
            interval: r.student.map(|t| (t.ci_low.exp(), t.ci_high.exp())),
            colour: GREY,
            width: 2,
            radius: 5,
        },
        IntervalRow {
            label: "Welch, unpaired",
            point: r.welch.map(|w| w.estimate.exp()),
            interval: r.welch.map(|w| (w.ci_low.exp(), w.ci_high.exp())),
            colour: GREY,
            width: 2,
            radius: 5,
        },
    ];
    chart(&rows, claim, "ratio = latency(first) / latency(second)")
}

/// `rows` over the claim's band and a dashed line at 1, the x axis captioned `caption`.
fn chart(rows: &[IntervalRow<'_>], claim: Option<&Claim>, caption: &str) -> Result<String, String> {
    let mut xs = vec![1.0];
    for row in rows {
        xs.extend(row.point);
        xs.extend(row.interval.iter().flat_map(|&(a, b)| [a, b]));
    }
    if let Some(claim) = claim {
        xs.extend(match *claim {
            Claim::Below { bound, .. } | Claim::Above { bound, .. } => vec![bound],
            Claim::Within { low, high, .. } => vec![low, high],
        });
    }
    xs.retain(|x| x.is_finite());
    let (lo, hi) = padded(&xs, 0.08);
    let axis = IntervalAxis {
        range: (lo, hi),
        caption,
        labels: None,
        tick: &|x| ratio_label(x, hi - lo),
        band: claim
            .and_then(|c| claim_band(c, lo, hi))
            .map(|band| (band, CLAIM.mix(0.18).filled())),
        dashed_at: Some(1.0),
    };
    interval_chart(&axis, rows)
}
