//! The over-time chart: each duo's ratio in the order measured.

use super::shared::{
    claim_band, failed, padded, ratio_label, render, Area, CLAIM, ESTIMATE, FIRST, FONT, GREY,
    WIDE, X_LABEL_AREA, Y_LABEL_AREA,
};
use crate::analysis::robust_range;
use crate::analysis::DiffResult;
use crate::model::Claim;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// The band above the plot that holds the legend, in pixels: inside the plot a legend would
/// cover duos, and the crosses it explains sit at the plot's top edge.
const LEGEND_BAND: u32 = 24;

/// The chart's margin on every side.
const MARGIN: u32 = 12;

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
    let beyond = ratios.iter().filter(|y| !(lo..=hi).contains(*y)).count();
    render(WIDE, |root| {
        let plot = if beyond > 0 {
            let (band, plot) = root.split_vertically(LEGEND_BAND);
            draw_beyond_legend(&band, beyond)?;
            plot
        } else {
            root.clone()
        };
        let mut chart = ChartBuilder::on(&plot)
            .margin(MARGIN)
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
        chart
            .draw_series(
                outside
                    .into_iter()
                    .map(|p| Cross::new(p, 4, GREY.stroke_width(2))),
            )
            .map_err(failed)?;
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

/// The legend of the crosses, in `band` above the plot, from the plot's left edge.
fn draw_beyond_legend(band: &Area<'_>, beyond: usize) -> Result<(), String> {
    let x = (Y_LABEL_AREA + MARGIN) as i32;
    let y = LEGEND_BAND as i32 / 2;
    band.draw(&Cross::new((x + 6, y), 4, GREY.stroke_width(2)))
        .map_err(failed)?;
    let style = TextStyle::from((FONT, 13).into_font()).pos(Pos::new(HPos::Left, VPos::Center));
    band.draw(&Text::new(
        format!("{beyond} beyond the range, drawn at its edge"),
        (x + 18, y),
        style,
    ))
    .map_err(failed)
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

    /// The number after `name="` in an SVG element's text.
    fn attr(element: &str, name: &str) -> f64 {
        let start = element.find(&format!(" {name}=\"")).expect("the attribute") + name.len() + 3;
        let value = &element[start..];
        value[..value.find('"').unwrap()].parse().unwrap()
    }

    #[test]
    fn the_legend_sits_above_the_plot_and_covers_no_duo() {
        let mut r = result(0.5, None, 400);
        // Duos beyond the range at the end of the run: crosses along the plot's top edge at
        // its right, where a legend inside the plot (its upper right corner) would cover them.
        let n = r.duo_log_diffs.len();
        for d in &mut r.duo_log_diffs[n - 40..] {
            *d = 5.0;
        }
        let svg = drift_chart(&r, None).unwrap();
        let elements: Vec<&str> = svg.split('<').collect();
        // The plot's area: where its mesh lines run.
        let mesh: Vec<&str> = elements
            .iter()
            .copied()
            .filter(|e| e.starts_with("line opacity=\"0."))
            .collect();
        let coords = |names: [&str; 2]| -> Vec<f64> {
            mesh.iter()
                .flat_map(|e| names.map(|n| attr(e, n)))
                .collect()
        };
        let (xs, ys) = (coords(["x1", "x2"]), coords(["y1", "y2"]));
        let min = |v: &[f64]| v.iter().copied().fold(f64::INFINITY, f64::min);
        let max = |v: &[f64]| v.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let plot = (min(&xs), min(&ys), max(&xs), max(&ys));
        // The legend: its cross left of its text, 13 px type at about 0.6 em a character.
        let text = elements
            .iter()
            .find(|e| e.starts_with("text") && e.contains("beyond the range"))
            .expect("a legend");
        let (x, y) = (attr(text, "x"), attr(text, "y"));
        let chars = "40 beyond the range, drawn at its edge".len() as f64;
        let legend = (x - 20.0, y - 8.0, x + 0.6 * 13.0 * chars, y + 8.0);
        let overlap =
            legend.0 < plot.2 && plot.0 < legend.2 && legend.1 < plot.3 && plot.1 < legend.3;
        assert!(!overlap, "legend {legend:?} over the plot {plot:?}:\n{svg}");
        assert!(legend.1 >= 0.0, "the legend is off the canvas: {legend:?}");
        // And every duo is drawn inside the plot.
        for circle in elements.iter().filter(|e| e.starts_with("circle")) {
            let (cx, cy) = (attr(circle, "cx"), attr(circle, "cy"));
            assert!(
                (plot.0..=plot.2).contains(&cx) && (plot.1..=plot.3).contains(&cy),
                "{circle}"
            );
        }
    }
}
