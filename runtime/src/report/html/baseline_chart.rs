//! The baseline chart of one `#[bench]`: the saved run's per-iteration time and this run's,
//! each with its interval, one above the other on one time axis.

use super::interval_rows::{interval_chart, IntervalAxis, IntervalRow};
use super::shared::{figure_label, padded, quantity, relative_tick_step, ESTIMATE, GREY};
use crate::model::Measure;
use crate::session::Compared;
use crate::stats::Estimate;
use plotters::prelude::*;

/// The baseline's slope (grey) above this run's (red), each a point with its bootstrap
/// interval, with the noise threshold around the baseline shaded: a change is only called
/// when this run's interval lies wholly outside that band and the test agrees.
pub fn baseline_chart(
    compared: &Compared,
    now: &Estimate,
    measure: Measure,
) -> Result<String, String> {
    let then = &compared.baseline_slope;
    let noise = compared.change.noise_threshold;
    let band = (then.point * (1.0 - noise), then.point * (1.0 + noise));
    let xs: Vec<f64> = [then, now]
        .iter()
        .flat_map(|e| [e.point, e.low, e.high])
        .chain([band.0, band.1])
        .filter(|x| x.is_finite())
        .collect();
    let (lo, hi) = padded(&xs, 0.1);
    let band = (band.0.is_finite() && band.1.is_finite())
        .then(|| ((band.0.max(lo), band.1.min(hi)), GREY.mix(0.15).filled()));
    let step = relative_tick_step(lo, hi, 6, false);
    let caption = format!("{} per iteration (slope)", quantity(measure));
    let axis = IntervalAxis {
        range: (lo, hi),
        caption: &caption,
        labels: Some(6),
        tick: &|x| figure_label(measure, x, step),
        band,
        dashed_at: None,
    };
    let row = |label, e: &Estimate, colour| IntervalRow {
        label,
        point: Some(e.point),
        interval: Some((e.low, e.high)),
        colour,
        width: 3,
        radius: 6,
    };
    let baseline = format!("baseline `{}`", compared.baseline);
    interval_chart(
        &axis,
        &[row(&baseline, then, GREY), row("this run", now, ESTIMATE)],
    )
}
