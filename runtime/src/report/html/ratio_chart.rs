//! The estimate chart: the ratio's point estimates and intervals, one row each, against the
//! claim's band.

use super::charts::{
    claim_band, failed, padded, ratio_label, render, CLAIM, ESTIMATE, FONT, GREY, SIZE,
    X_LABEL_AREA,
};
use crate::analysis::diff_result::DiffResult;
use crate::descriptor::Claim;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// One row of the interval chart: a label, a point estimate and an interval, each optional.
struct Row {
    label: &'static str,
    point: Option<f64>,
    interval: Option<(f64, f64)>,
}

/// The ratio's estimates and intervals, one row each, over the claim's band (green) and a
/// dashed line at 1 (no difference). The first row is the one the verdict uses.
pub fn ratio_chart(r: &DiffResult, claim: Option<&Claim>) -> Result<String, String> {
    let rows = [
        Row {
            label: "verdict (anytime-valid)",
            point: Some(r.ratio),
            interval: r.interval,
        },
        Row {
            label: "median of duos",
            point: Some(r.median_ratio),
            interval: None,
        },
        Row {
            label: "Student t, one look",
            point: r.student.map(|t| t.mean.exp()),
            interval: r.student.map(|t| (t.ci_low.exp(), t.ci_high.exp())),
        },
        Row {
            label: "Welch, unpaired",
            point: r.welch.map(|w| w.diff.exp()),
            interval: r.welch.map(|w| (w.ci_low.exp(), w.ci_high.exp())),
        },
    ];
    let mut xs = vec![1.0];
    for row in &rows {
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
    let n = rows.len() as f64;
    render(SIZE, |root| {
        let mut chart = ChartBuilder::on(root)
            .margin(12)
            .x_label_area_size(X_LABEL_AREA)
            .y_label_area_size(150)
            .build_cartesian_2d(lo..hi, 0.0..n)
            .map_err(failed)?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .max_light_lines(1)
            .y_labels(0)
            .x_desc("ratio = latency(first) / latency(second)")
            .x_label_formatter(&|x| ratio_label(*x, hi - lo))
            .label_style((FONT, 13))
            .draw()
            .map_err(failed)?;
        if let Some((from, to)) = claim.and_then(|c| claim_band(c, lo, hi)) {
            let band = CLAIM.mix(0.18).filled();
            chart
                .draw_series([Rectangle::new([(from, 0.0), (to, n)], band)])
                .map_err(failed)?;
        }
        let dashes = (0..).map(|i| f64::from(i) * 0.1).take_while(|y| *y < n);
        chart
            .draw_series(dashes.map(|y| PathElement::new([(1.0, y), (1.0, y + 0.05)], BLACK)))
            .map_err(failed)?;
        for (i, row) in rows.iter().enumerate() {
            let y = n - i as f64 - 0.5;
            let colour = if i == 0 { ESTIMATE } else { GREY };
            if let Some((a, b)) = row.interval.filter(|(a, b)| a.is_finite() && b.is_finite()) {
                let style = colour.stroke_width(if i == 0 { 3 } else { 2 });
                chart
                    .draw_series([
                        PathElement::new([(a, y), (b, y)], style),
                        PathElement::new([(a, y - 0.12), (a, y + 0.12)], style),
                        PathElement::new([(b, y - 0.12), (b, y + 0.12)], style),
                    ])
                    .map_err(failed)?;
            }
            if let Some(p) = row.point.filter(|p| p.is_finite()) {
                chart
                    .draw_series([Circle::new((p, y), 5, colour.filled())])
                    .map_err(failed)?;
            }
            // The label sits in the label area, right-aligned against the plot.
            let (px, py) = chart.backend_coord(&(lo, y));
            let style =
                TextStyle::from((FONT, 13).into_font()).pos(Pos::new(HPos::Right, VPos::Center));
            root.draw(&Text::new(row.label, (px - 8, py), style))
                .map_err(failed)?;
        }
        Ok(())
    })
}
