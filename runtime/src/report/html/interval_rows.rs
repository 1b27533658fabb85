//! The labelled-interval chart both the ratio chart and the baseline chart draw: one row per
//! estimate (a point and its interval), labels in the left margin, over an optional shaded
//! band and an optional dashed reference line.

use super::shared::{failed, render, FONT, SIZE, X_LABEL_AREA};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// One row: a label, a point estimate and an interval (either may be missing or not
/// finite, and is then not drawn), in `colour` with lines `width` and a dot of `radius`.
pub struct IntervalRow<'a> {
    /// Shown left of the plot.
    pub label: &'a str,
    /// The point estimate.
    pub point: Option<f64>,
    /// The interval, low to high.
    pub interval: Option<(f64, f64)>,
    /// Colour of the dot and the interval.
    pub colour: RGBColor,
    /// Stroke width of the interval.
    pub width: u32,
    /// Radius of the dot.
    pub radius: i32,
}

/// The axis and background of an interval chart.
pub struct IntervalAxis<'a> {
    /// The x range drawn.
    pub range: (f64, f64),
    /// The x axis' caption.
    pub caption: &'a str,
    /// How many x labels to aim for; `None` leaves plotters' default.
    pub labels: Option<usize>,
    /// Formats an x value as a tick label.
    pub tick: &'a dyn Fn(f64) -> String,
    /// A band shaded across every row, already clipped to the range, with its style.
    pub band: Option<((f64, f64), ShapeStyle)>,
    /// A dashed vertical line at this x.
    pub dashed_at: Option<f64>,
}

/// Draws `rows` top to bottom over `axis` as an SVG.
pub fn interval_chart(axis: &IntervalAxis<'_>, rows: &[IntervalRow<'_>]) -> Result<String, String> {
    let (lo, hi) = axis.range;
    let n = rows.len() as f64;
    render(SIZE, |root| {
        let mut chart = ChartBuilder::on(root)
            .margin(12)
            .x_label_area_size(X_LABEL_AREA)
            .y_label_area_size(150)
            .build_cartesian_2d(lo..hi, 0.0..n)
            .map_err(failed)?;
        let mut mesh = chart.configure_mesh();
        mesh.disable_y_mesh().max_light_lines(1).y_labels(0);
        if let Some(labels) = axis.labels {
            mesh.x_labels(labels);
        }
        mesh.x_desc(axis.caption)
            .x_label_formatter(&|x| (axis.tick)(*x))
            .label_style((FONT, 13))
            .draw()
            .map_err(failed)?;
        if let Some(((from, to), style)) = axis.band {
            chart
                .draw_series([Rectangle::new([(from, 0.0), (to, n)], style)])
                .map_err(failed)?;
        }
        if let Some(x) = axis.dashed_at {
            let dashes = (0..).map(|i| f64::from(i) * 0.1).take_while(|y| *y < n);
            chart
                .draw_series(dashes.map(|y| PathElement::new([(x, y), (x, y + 0.05)], BLACK)))
                .map_err(failed)?;
        }
        for (i, row) in rows.iter().enumerate() {
            let y = n - i as f64 - 0.5;
            if let Some((a, b)) = row.interval.filter(|(a, b)| a.is_finite() && b.is_finite()) {
                let style = row.colour.stroke_width(row.width);
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
                    .draw_series([Circle::new((p, y), row.radius, row.colour.filled())])
                    .map_err(failed)?;
            }
            // The label sits in the label area, right-aligned against the plot.
            let (px, py) = chart.backend_coord(&(lo, y));
            let text =
                TextStyle::from((FONT, 13).into_font()).pos(Pos::new(HPos::Right, VPos::Center));
            root.draw(&Text::new(row.label, (px - 8, py), text))
                .map_err(failed)?;
        }
        Ok(())
    })
}
