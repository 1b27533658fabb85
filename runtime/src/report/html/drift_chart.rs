//! The over-time chart: each duo's ratio in the order measured.

use super::shared::{
    claim_band, draw_legend, failed, padded, ratio_label, render, CLAIM, ESTIMATE, FIRST, FONT,
    GREY, WIDE, X_LABEL_AREA, Y_LABEL_AREA,
};
use crate::analysis::robust_range;
use crate::analysis::DiffResult;
use crate::model::Claim;
use plotters::prelude::*;

/// Each duo's ratio (the exp of its mean log-difference) in the order measured, with the
/// estimate (red line), its interval (dashed) and the claim's band. Duos beyond the
/// [`robust_range`] (interrupted ones) are drawn at the chart's edge as crosses, so they do
/// not flatten the rest and are not read as values.
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
            .x_label_area_size(X_LABEL_AREA)
            .y_label_area_size(Y_LABEL_AREA)
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
        let at = |i: usize| (i * r.duo_stride) as f64;
        let inside = ratios
            .iter()
            .enumerate()
            .filter(|(_, y)| (lo..=hi).contains(*y));
        let points = inside.map(|(i, &y)| Circle::new((at(i), y), 2, FIRST.mix(0.55).filled()));
        chart.draw_series(points).map_err(failed)?;
        let outside: Vec<(f64, f64)> = ratios
            .iter()
            .enumerate()
            .filter(|(_, y)| !(lo..=hi).contains(*y))
            .map(|(i, &y)| (at(i), y.clamp(lo, hi)))
            .collect();
        let marked_outside = !outside.is_empty();
        if marked_outside {
            let count = outside.len();
            chart
                .draw_series(
                    outside
                        .into_iter()
                        .map(|p| Cross::new(p, 4, GREY.stroke_width(2))),
                )
                .map_err(failed)?
                .label(format!("{count} beyond the range, drawn at its edge"))
                .legend(|(x, y)| Cross::new((x + 6, y), 4, GREY.stroke_width(2)));
        }
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
        if marked_outside {
            draw_legend(&mut chart)?;
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::drift_chart;
    use crate::fixture::records::result;

    #[test]
    fn duos_beyond_the_range_are_crosses_said_so_in_the_legend() {
        let mut r = result(0.5, None, 400);
        let plain = drift_chart(&r, None).unwrap();
        assert!(!plain.contains("beyond the range"), "no duo is beyond");
        let circles = plain.matches("<circle").count();
        r.duo_log_diffs[3] = 5.0;
        r.duo_log_diffs[7] = -5.0;
        let marked = drift_chart(&r, None).unwrap();
        assert!(
            marked.contains("2 beyond the range, drawn at its edge"),
            "{marked}"
        );
        assert_eq!(marked.matches("<circle").count(), circles - 2);
    }
}
