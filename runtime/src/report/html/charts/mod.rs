//! The report's charts, drawn with plotters as inline SVG: a comparison's latency
//! distributions (`latency_chart`), ratio estimates (`ratio_chart`) and ratio over time
//! (`drift_chart`); a `#[bench]`'s scatter and distribution (`bench_charts`) and its
//! baseline comparison (`baseline_chart`); the labelled-interval chart two of them draw
//! (`interval_rows`) and what they all share (`shared`).

mod baseline_chart;
mod bench_charts;
mod drift_chart;
mod interval_rows;
mod latency_chart;
mod ratio_chart;
mod shared;

pub(crate) use baseline_chart::baseline_chart;
pub(crate) use bench_charts::{distribution_chart, scatter_chart};
pub(crate) use drift_chart::drift_chart;
pub(crate) use latency_chart::latency_chart;
pub(crate) use ratio_chart::ratio_chart;
