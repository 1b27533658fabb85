//! Pieces both trial kinds of the `--json` document share: intervals, routine summaries,
//! and the rule that a value that is not finite is `null`.

use crate::model::Measure;
use crate::stats::Summary;
use serde::Serialize;

#[derive(Serialize)]
pub(super) struct Interval {
    low: f64,
    high: f64,
}

#[derive(Serialize)]
pub(super) struct RoutineSummary {
    n: usize,
    mean_ns: f64,
    sd_ns: f64,
    median_ns: f64,
    min_ns: f64,
    max_ns: f64,
    percentiles_ns: Percentiles,
}

#[derive(Serialize)]
struct Percentiles {
    p5: f64,
    p25: f64,
    p50: f64,
    p75: f64,
    p95: f64,
    p99: f64,
}

/// JSON has no NaN or infinity: a value that is not finite is `null`.
pub(super) fn finite(x: f64) -> Option<f64> {
    x.is_finite().then_some(x)
}

/// An interval with both ends finite, or `null`.
pub(super) fn interval(low: f64, high: f64) -> Option<Interval> {
    (low.is_finite() && high.is_finite()).then_some(Interval { low, high })
}

/// A routine's summary as the schema names its fields, in `measure`'s unit.
pub(super) fn summary(s: &Summary, measure: Measure) -> RoutineSummary {
    let u = |x: f64| in_unit(measure, x);
    RoutineSummary {
        n: s.n,
        mean_ns: u(s.mean),
        sd_ns: u(s.sd),
        median_ns: u(s.median),
        min_ns: u(s.min),
        max_ns: u(s.max),
        percentiles_ns: Percentiles {
            p5: u(s.p5),
            p25: u(s.p25),
            p50: u(s.median),
            p75: u(s.p75),
            p95: u(s.p95),
            p99: u(s.p99),
        },
    }
}

/// A per-iteration figure in the unit the document states for `measure` (`unit`): as
/// measured for the built-in measures, scaled by a measurement's own formatter otherwise.
pub(super) fn in_unit(measure: Measure, x: f64) -> f64 {
    measure.def().in_unit(x)
}
