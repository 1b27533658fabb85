//! What the charts share: size, colours, the canvas, the claim's band, axis labels and the
//! legend.

use crate::model::Claim;
use crate::model::Measure;
use crate::util::{format_ns, time_unit};
use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;
use std::fmt::Debug;

/// Size of the two side-by-side charts, in SVG pixels (the page scales them down on narrow
/// screens).
pub(super) const SIZE: (u32, u32) = (620, 280);
/// Size of the drift chart, which spans both: a series over time wants width.
pub(super) const WIDE: (u32, u32) = (1256, 280);
/// The first routine blue, the second orange, the claim green, the estimate red: the
/// default colours of matplotlib, familiar from plots people already read.
pub(super) const FIRST: RGBColor = RGBColor(31, 119, 180);
pub(super) const SECOND: RGBColor = RGBColor(255, 127, 14);
pub(super) const CLAIM: RGBColor = RGBColor(44, 160, 44);
pub(super) const ESTIMATE: RGBColor = RGBColor(214, 39, 40);
pub(super) const GREY: RGBColor = RGBColor(100, 100, 100);
pub(super) const FONT: &str = "sans-serif";
/// Room below the x axis for tick labels (13 px) and, under them, the axis title: less and
/// plotters draws the title over the labels.
pub(super) const X_LABEL_AREA: u32 = 48;
/// Room left of the y axis for tick labels up to seven characters and the rotated title.
pub(super) const Y_LABEL_AREA: u32 = 72;

/// Plotters reports drawing errors as backend-specific types; the page shows them as text.
pub(super) fn failed(e: impl Debug) -> String {
    format!("{e:?}")
}

/// What every chart draws on.
pub(super) type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;

/// The SVG text of a white canvas of `size` pixels on which `draw` drew.
pub(super) fn render(
    size: (u32, u32),
    draw: impl FnOnce(&Area<'_>) -> Result<(), String>,
) -> Result<String, String> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        root.fill(&WHITE).map_err(failed)?;
        draw(&root)?;
        root.present().map_err(failed)?;
    }
    Ok(svg)
}

/// The part of `[lo, hi]` where the claim holds, if any of it is.
#[must_use]
pub fn claim_band(claim: &Claim, lo: f64, hi: f64) -> Option<(f64, f64)> {
    let (from, to) = match *claim {
        Claim::Below { bound, .. } => (lo, bound),
        Claim::Above { bound, .. } => (bound, hi),
        Claim::Within { low, high, .. } => (low, high),
    };
    let (from, to) = (from.max(lo), to.min(hi));
    (from < to).then_some((from, to))
}

/// A ratio on an axis spanning `span`, with enough decimals that neighbouring labels differ
/// (an axis of ratios near 1 may span only 0.2%).
#[must_use]
pub(super) fn ratio_label(x: f64, span: f64) -> String {
    let decimals = if span > 0.0 {
        (2.0 - span.log10().floor()).clamp(2.0, 6.0) as usize
    } else {
        4
    };
    format!("{x:.decimals$}")
}

/// A time on an axis whose ticks are at least `step` apart relative to their value (0.01:
/// 1%), with enough digits that neighbouring ticks differ: `format_ns`'s three significant
/// digits print `1.09 µs` five times on an axis from 1.085 to 1.095 µs.
#[must_use]
pub(super) fn time_label(ns: f64, relative_step: f64) -> String {
    let three = format_ns(ns);
    let needed = if relative_step > 0.0 {
        // Significant digits that resolve the step: 1% needs 3, 0.1% needs 4.
        (1.0 - relative_step.log10()).ceil().clamp(3.0, 9.0) as i32
    } else {
        3
    };
    if needed <= 3 || !ns.is_finite() {
        return three;
    }
    // The unit `format_ns` chose, so that a label never changes unit for more digits.
    let (scale, unit) = time_unit(ns, 3);
    let magnitude = (ns / scale).abs().log10().floor() as i32;
    let decimals = (needed - 1 - magnitude).max(0) as usize;
    format!("{:.decimals$} {unit}", ns / scale)
}

/// A figure of `measure` on an axis, as [`time_label`] labels a time: the built-in clocks'
/// nanoseconds in time units, anything else in its own unit with the digits the ticks'
/// spacing needs.
#[must_use]
pub(super) fn figure_label(measure: Measure, x: f64, relative_step: f64) -> String {
    if is_clock(measure) {
        return time_label(x, relative_step);
    }
    let digits = if relative_step > 0.0 {
        (1.0 - relative_step.log10()).ceil().clamp(3.0, 9.0) as usize
    } else {
        3
    };
    measure.def().format(x, digits)
}

/// What an axis of `measure`'s figures is of: `time` for the built-in clocks, else the
/// measure's name (`allocations`, `HalfSeconds`).
#[must_use]
pub(super) fn quantity(measure: Measure) -> &'static str {
    if is_clock(measure) {
        "time"
    } else {
        measure.name()
    }
}

/// Whether `measure`'s figures are nanoseconds (wall and CPU time).
fn is_clock(measure: Measure) -> bool {
    measure.unit() == "ns"
}

/// Mesh lines and tick labels of a chart with `labels` ticks over `[lo, hi]` are at least
/// this far apart, relative to the values (for [`time_label`]); `log` when the axis is of
/// log values. Plotters picks round steps no finer than `span / labels`; half that is a
/// safe floor.
#[must_use]
pub(super) fn relative_tick_step(lo: f64, hi: f64, labels: usize, log: bool) -> f64 {
    let step = (hi - lo) / labels.max(1) as f64 / 2.0;
    if log {
        step.exp_m1()
    } else {
        let largest = lo.abs().max(hi.abs());
        if largest > 0.0 {
            step / largest
        } else {
            0.0
        }
    }
}

/// The chart's legend, in the upper right corner on a translucent white box.
pub(super) fn draw_legend<'a, 'b>(
    chart: &mut ChartContext<'a, SVGBackend<'b>, Cartesian2d<RangedCoordf64, RangedCoordf64>>,
) -> Result<(), String>
where
    'b: 'a,
{
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.3))
        .label_font((FONT, 13))
        .draw()
        .map_err(failed)
}

/// `[min, max]` of `xs` widened by `pad` of its width on each side (a unit-wide band around
/// a single value).
#[must_use]
pub(super) fn padded(xs: &[f64], pad: f64) -> (f64, f64) {
    let lo = xs.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = xs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if !(lo.is_finite() && hi.is_finite()) {
        return (0.0, 2.0);
    }
    let width = if hi > lo {
        hi - lo
    } else {
        lo.abs().max(1.0) * 0.1
    };
    (lo - pad * width, hi + pad * width)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_band_is_where_the_claim_holds_within_the_axis() {
        let below = Claim::Below {
            bound: 0.8,
            inclusive: false,
        };
        assert_eq!(claim_band(&below, 0.5, 1.2), Some((0.5, 0.8)));
        let above = Claim::Above {
            bound: 1.5,
            inclusive: true,
        };
        assert_eq!(claim_band(&above, 0.5, 1.2), None);
        assert_eq!(claim_band(&above, 1.0, 3.0), Some((1.5, 3.0)));
        let band = Claim::Within {
            low: 0.97,
            high: 1.03,
            high_inclusive: true,
        };
        assert_eq!(claim_band(&band, 0.99, 1.2), Some((0.99, 1.03)));
    }

    #[test]
    fn ratio_labels_resolve_their_axis() {
        assert_eq!(ratio_label(1.0, 0.6), "1.000");
        assert_eq!(ratio_label(1.0004, 0.02), "1.0004");
        assert_eq!(ratio_label(2.5, 3.0), "2.50");
        assert_eq!(ratio_label(1.0, 0.0), "1.0000");
    }

    #[test]
    fn time_labels_of_neighbouring_ticks_differ() {
        assert_eq!(time_label(1_090.0, 0.2), "1.09 µs");
        assert_eq!(time_label(1_091.0, 0.001), "1.091 µs");
        assert_eq!(time_label(57.06, 0.0005), "57.060 ns");
        assert_eq!(time_label(2.5e9, 0.0), "2.50 s");
        // An axis from 1.085 to 1.095 µs, in log values, ticked as plotters would.
        let (lo, hi) = (1_085f64.ln(), 1_095f64.ln());
        let step = relative_tick_step(lo, hi, 6, true);
        let labels: Vec<String> = (0..=6)
            .map(|i| time_label((lo + (hi - lo) * f64::from(i) / 6.0).exp(), step))
            .collect();
        let mut unique = labels.clone();
        unique.dedup();
        assert_eq!(unique, labels);
    }

    #[test]
    fn padding_widens_and_survives_degenerate_input() {
        assert_eq!(padded(&[1.0, 2.0], 0.1), (0.9, 2.1));
        let (lo, hi) = padded(&[1.0], 0.5);
        assert!(lo < 1.0 && hi > 1.0);
        assert_eq!(padded(&[], 0.1), (0.0, 2.0));
    }
}
