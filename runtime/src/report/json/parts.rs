//! Pieces both trial kinds of the `--json` document share: intervals, routine summaries,
//! and the rule that a value that is not finite is `null`.

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

/// A routine's summary as the schema names its fields.
pub(super) fn summary(s: &Summary) -> RoutineSummary {
    RoutineSummary {
        n: s.n,
        mean_ns: s.mean,
        sd_ns: s.sd,
        median_ns: s.median,
        min_ns: s.min,
        max_ns: s.max,
        percentiles_ns: Percentiles {
            p5: s.p5,
            p25: s.p25,
            p50: s.median,
            p75: s.p75,
            p95: s.p95,
            p99: s.p99,
        },
    }
}
