//! The baseline chart of one `#[bench]`: the saved run's per-iteration time and this run's,
//! each with its interval, one above the other on one time axis.

use super::charts::{
    failed, padded, relative_tick_step, render, time_label, ESTIMATE, FONT, GREY, SIZE,
    X_LABEL_AREA,
};
use crate::baseline::Compared;
use crate::stats::Estimate;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// The baseline's slope (grey) above this run's (red), each a point with its bootstrap
/// interval, with the noise threshold around the baseline shaded: a change is only called
/// when this run's interval lies wholly outside that band and the test agrees.
pub fn baseline_chart(compared: &Compared, now: &Estimate) -> Result<String, String> {
    let then = &compared.baseline_slope;
    let noise = compared.change.noise_threshold;
    let band = (then.point * (1.0 - noise), then.point * (1.0 + noise));
    let rows = [
        (format!("baseline `{}`", compared.baseline), then, GREY),
        ("this run".to_owned(), now, ESTIMATE),
    ];
    let xs: Vec<f64> = rows
        .iter()
        .flat_map(|(_, e, _)| [e.point, e.low, e.high])
        .chain([band.0, band.1])
        .filter(|x| x.is_finite())
        .collect();
    let (lo, hi) = padded(&xs, 0.1);
    let n = rows.len() as f64;
    let step = relative_tick_step(lo, hi, 6, false);
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
            .x_labels(6)
            .x_desc("time per iteration (slope)")
            .x_label_formatter(&|x| time_label(*x, step))
            .label_style((FONT, 13))
            .draw()
            .map_err(failed)?;
        if band.0.is_finite() && band.1.is_finite() {
            chart
                .draw_series([Rectangle::new(
                    [(band.0.max(lo), 0.0), (band.1.min(hi), n)],
                    GREY.mix(0.15).filled(),
                )])
                .map_err(failed)?;
        }
        for (i, (label, e, colour)) in rows.iter().enumerate() {
            let y = n - i as f64 - 0.5;
            let style = colour.stroke_width(3);
            if e.low.is_finite() && e.high.is_finite() {
                chart
                    .draw_series([
                        PathElement::new([(e.low, y), (e.high, y)], style),
                        PathElement::new([(e.low, y - 0.12), (e.low, y + 0.12)], style),
                        PathElement::new([(e.high, y - 0.12), (e.high, y + 0.12)], style),
                    ])
                    .map_err(failed)?;
            }
            if e.point.is_finite() {
                chart
                    .draw_series([Circle::new((e.point, y), 6, colour.filled())])
                    .map_err(failed)?;
            }
            // The label sits in the label area, right-aligned against the plot.
            let (px, py) = chart.backend_coord(&(lo, y));
            let text =
                TextStyle::from((FONT, 13).into_font()).pos(Pos::new(HPos::Right, VPos::Center));
            root.draw(&Text::new(label.as_str(), (px - 8, py), text))
                .map_err(failed)?;
        }
        Ok(())
    })
}
