//! The charts of one `#[bench]`: the linear-sampling scatter with its fitted line, and the
//! distribution of the samples' per-iteration times.

use super::shared::{
    failed, figure_label, padded, quantity, relative_tick_step, render, ESTIMATE, FIRST, FONT,
    GREY, SIZE, X_LABEL_AREA, Y_LABEL_AREA,
};
use crate::analysis::BenchResult;
use crate::analysis::{robust_range, HISTOGRAM_BINS};
use plotters::prelude::*;

/// Each sample as a point, iterations against its time, with the slope through the origin
/// (red) and the ends of its interval (dashed). Points on the line mean time grew linearly
/// with iterations, as it should; points above it are samples slowed by something else.
/// The run holds at most a few thousand samples, so every one is drawn.
pub fn scatter_chart(r: &BenchResult) -> Result<String, String> {
    let iters: Vec<f64> = r.run.iters.iter().map(|&k| k as f64).collect();
    let max_x = iters.iter().copied().fold(1.0, f64::max) * 1.05;
    let max_y = r
        .run
        .ns
        .iter()
        .copied()
        .chain([r.slope.high * max_x])
        .filter(|y| y.is_finite())
        .fold(1.0, f64::max)
        * 1.05;
    let y_step = relative_tick_step(0.0, max_y, 10, false);
    render(SIZE, |root| {
        let mut chart = ChartBuilder::on(root)
            .margin(12)
            .x_label_area_size(X_LABEL_AREA)
            .y_label_area_size(Y_LABEL_AREA)
            .build_cartesian_2d(0.0..max_x, 0.0..max_y)
            .map_err(failed)?;
        chart
            .configure_mesh()
            .max_light_lines(1)
            .x_labels(6)
            .x_desc("iterations in the sample")
            .y_desc(format!("sample {}", quantity(r.measure)))
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_label_formatter(&|y| figure_label(r.measure, *y, y_step))
            .label_style((FONT, 13))
            .draw()
            .map_err(failed)?;
        let points = iters
            .iter()
            .zip(&r.run.ns)
            .map(|(&x, &y)| Circle::new((x, y), 3, FIRST.mix(0.6).filled()));
        chart.draw_series(points).map_err(failed)?;
        for bound in [r.slope.low, r.slope.high]
            .into_iter()
            .filter(|s| s.is_finite())
        {
            let dashes = (0..40).map(|i| f64::from(i) * max_x / 40.0);
            let style = ESTIMATE.mix(0.6).stroke_width(1);
            chart
                .draw_series(dashes.map(|x| {
                    let x2 = x + 0.5 * max_x / 40.0;
                    PathElement::new([(x, bound * x), (x2, bound * x2)], style)
                }))
                .map_err(failed)?;
        }
        if r.slope.point.is_finite() {
            chart
                .draw_series(LineSeries::new(
                    [(0.0, 0.0), (max_x, r.slope.point * max_x)],
                    ESTIMATE.stroke_width(2),
                ))
                .map_err(failed)?;
        }
        Ok(())
    })
}

/// A histogram of the samples' per-iteration times (time / iterations), each sample counted
/// once, over a robust range so that one interrupted sample cannot squash the rest into a
/// bin; samples beyond it are drawn in the edge bins. The slope (red) and the median (grey)
/// are marked.
pub fn distribution_chart(r: &BenchResult) -> Result<String, String> {
    let per_iter = r.sorted_sample_per_iteration_ns();
    let (lo, hi) = robust_range(&per_iter, 0.0).ok_or("no samples")?;
    let (lo, hi) = padded(&[lo, hi, r.slope.point], 0.05);
    let width = (hi - lo) / HISTOGRAM_BINS as f64;
    let mut counts = [0u32; HISTOGRAM_BINS];
    for x in &per_iter {
        let bin = ((x - lo) / width)
            .floor()
            .clamp(0.0, (HISTOGRAM_BINS - 1) as f64);
        counts[bin as usize] += 1;
    }
    let top = f64::from(counts.iter().copied().max().unwrap_or(1)) * 1.15;
    let x_step = relative_tick_step(lo, hi, 6, false);
    // Samples beyond the range shown, counted into the edge bins: marked on those bins.
    let below = per_iter.iter().filter(|&&x| x < lo).count();
    let above = per_iter.iter().filter(|&&x| x >= hi).count();
    render(SIZE, |root| {
        let mut chart = ChartBuilder::on(root)
            .margin(12)
            .x_label_area_size(X_LABEL_AREA)
            .y_label_area_size(Y_LABEL_AREA)
            .build_cartesian_2d(lo..hi, 0.0..top)
            .map_err(failed)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .max_light_lines(1)
            .x_labels(6)
            .x_desc(format!("{} per iteration in a sample", quantity(r.measure)))
            .y_desc("samples")
            .x_label_formatter(&|x| figure_label(r.measure, *x, x_step))
            .y_label_formatter(&|y| format!("{y:.0}"))
            .label_style((FONT, 13))
            .draw()
            .map_err(failed)?;
        let fill = FIRST.mix(0.6).filled();
        let bars = counts.iter().enumerate().map(|(i, &c)| {
            let x0 = lo + i as f64 * width;
            Rectangle::new([(x0, 0.0), (x0 + width, f64::from(c))], fill)
        });
        chart.draw_series(bars).map_err(failed)?;
        let edge_marks = [(below, 0, "◂"), (above, HISTOGRAM_BINS - 1, "▸")]
            .into_iter()
            .filter(|&(n, _, _)| n > 0)
            .map(|(n, bin, arrow)| {
                // Text runs rightwards from its point: the right edge's starts further in.
                let x = lo + (bin as f64 - if bin == 0 { -0.2 } else { 4.0 }) * width;
                let y = f64::from(counts[bin]) + 0.04 * top;
                let text = if bin == 0 {
                    format!("{arrow}{n} beyond")
                } else {
                    format!("{n} beyond{arrow}")
                };
                Text::new(text, (x, y), (FONT, 12).into_font().color(&GREY))
            });
        chart.draw_series(edge_marks).map_err(failed)?;
        for (x, colour) in [(r.median.point, GREY), (r.slope.point, ESTIMATE)] {
            if (lo..=hi).contains(&x) {
                chart
                    .draw_series([PathElement::new(
                        [(x, 0.0), (x, top)],
                        colour.stroke_width(2),
                    )])
                    .map_err(failed)?;
            }
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::bench_runs::{result, run};

    #[test]
    fn both_charts_draw_every_sample() {
        let r = result(run(2.0, 40, 1_000, Some((7_000, 3.0))), None);
        let scatter = scatter_chart(&r).unwrap();
        assert_eq!(scatter.matches("<circle").count(), 40);
        assert!(scatter.contains("<polyline"), "the fitted line");
        let histogram = distribution_chart(&r).unwrap();
        // One bar per bin, plus the white background.
        assert_eq!(histogram.matches("<rect").count(), HISTOGRAM_BINS + 1);
        assert!(histogram.contains("<text"));
        // The sample slowed threefold lies beyond the robust range: marked on its edge bin.
        assert!(histogram.contains("1 beyond▸"), "{histogram}");
        let clean = distribution_chart(&result(run(2.0, 40, 1_000, None), None)).unwrap();
        assert!(!clean.contains("beyond"));
    }
}
