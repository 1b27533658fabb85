//! The over-time chart: each duo's ratio in the order measured.

use super::charts::{
    claim_band, failed, padded, ratio_label, render, CLAIM, ESTIMATE, FIRST, FONT, WIDE,
};
use crate::analysis::chart_data::robust_range;
use crate::analysis::diff_result::DiffResult;
use crate::model::attrs::Claim;
use plotters::prelude::*;

/// Each duo's ratio (the exp of its mean log-difference) in the order measured, with the
/// estimate (red line), its interval (dashed) and the claim's band. Duos beyond the
/// [`robust_range`] (interrupted ones) are drawn at the chart's edge, so they do not flatten
/// the rest.
pub fn drift_chart(r: &DiffResult, claim: Option<&Claim>) -> Result<String, String> {
    let ratios: Vec<f64> = r.duo_log_diffs.iter().map(|d| d.exp()).collect();
    let mut sorted = r.duo_log_diffs.clone();
    sorted.sort_by(f64::total_cmp);
    let mut ys: Vec<f64> = robust_range(&sorted, 0.001)
        .map(|(lo, hi)| vec![lo.exp(), hi.exp()])
        .unwrap_or_default();
    ys.push(r.ratio);
    ys.extend(r.interval.iter().flat_map(|&(a, b)| [a, b]));
    ys.retain(|y| y.is_finite());
    let (lo, hi) = padded(&ys, 0.1);
    let last = (ratios.len().max(1) * r.duo_stride) as f64;
    render(WIDE, |root| {
        let mut chart = ChartBuilder::on(root)
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(52)
            .build_cartesian_2d(0.0..last, lo..hi)
            .map_err(failed)?;
        chart
            .configure_mesh()
            .max_light_lines(1)
            .x_desc(if r.duo_stride > 1 {
                format!("duo (every {}th shown)", r.duo_stride)
            } else {
                "duo".to_owned()
            })
            .y_desc("ratio in the duo")
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_label_formatter(&|y| ratio_label(*y, hi - lo))
            .label_style((FONT, 13))
            .draw()
            .map_err(failed)?;
        if let Some((from, to)) = claim.and_then(|c| claim_band(c, lo, hi)) {
            chart
                .draw_series([Rectangle::new(
                    [(0.0, from), (last, to)],
                    CLAIM.mix(0.15).filled(),
                )])
                .map_err(failed)?;
        }
        let points = ratios.iter().enumerate().map(|(i, &y)| {
            let x = (i * r.duo_stride) as f64;
            Circle::new((x, y.clamp(lo, hi)), 2, FIRST.mix(0.55).filled())
        });
        chart.draw_series(points).map_err(failed)?;
        if let Some((a, b)) = r.interval {
            for bound in [a, b].into_iter().filter(|y| (lo..=hi).contains(y)) {
                let dashes = (0..40).map(|i| f64::from(i) * last / 40.0);
                let style = ESTIMATE.mix(0.8).stroke_width(1);
                chart
                    .draw_series(dashes.map(|x| {
                        PathElement::new([(x, bound), (x + 0.5 * last / 40.0, bound)], style)
                    }))
                    .map_err(failed)?;
            }
        }
        if r.ratio.is_finite() {
            chart
                .draw_series(LineSeries::new(
                    [(0.0, r.ratio), (last, r.ratio)],
                    ESTIMATE.stroke_width(2),
                ))
                .map_err(failed)?;
        }
        Ok(())
    })
}
