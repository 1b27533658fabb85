//! The latency chart of a comparison: both routines' latency distributions overlaid.

use super::shared::{
    draw_legend, failed, figure_label, quantity, relative_tick_step, render, FIRST, FONT, SECOND,
    SIZE, X_LABEL_AREA, Y_LABEL_AREA,
};
use crate::analysis::LatencyBins;
use crate::model::Measure;
use crate::report::RoutineNames;
use plotters::prelude::*;

/// Both routines' histograms on one log-scaled latency axis, each bar the share of that
/// routine's batches, drawn half-transparent so overlaps show. The axis is linear in log
/// latency, labelled in time units: plotters' own log axis labels only powers-of-ten
/// neighbours, and most latency ranges span less than a decade.
pub fn latency_chart(
    bins: &LatencyBins,
    names: RoutineNames<'_>,
    measure: Measure,
) -> Result<String, String> {
    let share = |counts: &[u64]| -> Vec<f64> {
        let total = counts.iter().sum::<u64>().max(1) as f64;
        counts.iter().map(|&c| 100.0 * c as f64 / total).collect()
    };
    let (first, second) = (share(&bins.first), share(&bins.second));
    // Headroom above the tallest bar keeps the legend clear of the bars; a share stops at
    // 100%, and where the bars leave no room for the legend it is left out (the caption
    // under the chart names the colours too).
    let tallest = first.iter().chain(&second).copied().fold(1.0, f64::max);
    let top = (tallest * 1.4).min(100.0);
    let legend = tallest * 1.4 <= 100.0;
    let edges: Vec<f64> = bins.edges_ns.iter().map(|e| e.ln()).collect();
    let (lo, hi) = (edges[0], edges[edges.len() - 1]);
    let step = relative_tick_step(lo, hi, 6, true);
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
            .x_desc(if quantity(measure) == "time" {
                "per-iteration latency of a batch (log scale)".to_owned()
            } else {
                format!("per-iteration {} of a batch (log scale)", quantity(measure))
            })
            .y_desc("% of batches")
            .x_label_formatter(&|log_ns| figure_label(measure, log_ns.exp(), step))
            .y_label_formatter(&|p| format!("{p:.0}"))
            .label_style((FONT, 13))
            .draw()
            .map_err(failed)?;
        for (shares, colour, name) in [
            (&first, FIRST, names.first),
            (&second, SECOND, names.second),
        ] {
            let fill = colour.mix(0.45).filled();
            let bars = shares
                .iter()
                .enumerate()
                .map(|(i, &s)| Rectangle::new([(edges[i], 0.0), (edges[i + 1], s)], fill));
            chart
                .draw_series(bars)
                .map_err(failed)?
                .label(name)
                .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], fill));
        }
        if legend {
            draw_legend(&mut chart)?;
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rendered latency chart: no tick label twice, and a share axis that stops at 100%.
    #[test]
    fn the_latency_chart_has_distinct_ticks_and_stops_at_100_percent() {
        let edges_ns: Vec<f64> = (0..=20).map(|i| 1_085.0 + 0.5 * f64::from(i)).collect();
        let mut first = vec![0u64; 20];
        first[10] = 1_000;
        let bins = LatencyBins {
            edges_ns,
            first: first.clone(),
            second: first,
            outside: 0,
        };
        let names = RoutineNames {
            first: "a",
            second: "b",
        };
        let svg = latency_chart(&bins, names, crate::measure::by_name::wall).unwrap();
        let texts: Vec<&str> = svg
            .split("<text")
            .skip(1)
            .filter_map(|t| {
                t.split_once('>')
                    .and_then(|(_, rest)| rest.split_once("</text>"))
            })
            .map(|(text, _)| text.trim())
            .collect();
        let ticks: Vec<&str> = texts
            .iter()
            .copied()
            .filter(|t| t.ends_with("µs"))
            .collect();
        assert!(ticks.len() >= 3, "{texts:?}");
        let mut unique = ticks.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), ticks.len(), "repeated tick labels: {ticks:?}");
        let shares: Vec<f64> = texts.iter().filter_map(|t| t.parse().ok()).collect();
        assert!(shares.iter().all(|&p| p <= 100.0), "{shares:?}");
        assert!(shares.contains(&100.0), "{shares:?}");
    }
}
