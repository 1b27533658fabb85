//! [`LatencyHistogram`]: the distribution of per-iteration times in bounded memory.
//!
//! A linear-sampling run executes millions of iterations; keeping one number per iteration
//! would grow without bound. Each timed batch instead records its per-iteration time once,
//! weighted by its iteration count, into an HDR histogram (`hdrhistogram`): three
//! significant digits over any range, in memory that depends only on the largest value
//! recorded (a few hundred kilobytes at most), never on how many were recorded.

use super::summary::Summary;
use hdrhistogram::Histogram;

/// Significant decimal digits kept: values are resolved to 0.1%.
const SIGNIFICANT_DIGITS: u8 = 3;
/// Values are recorded in picoseconds, so sub-nanosecond routines keep their digits.
const PS_PER_NS: f64 = 1_000.0;

/// Per-iteration times, in picoseconds inside, nanoseconds outside.
#[derive(Clone, Debug)]
pub struct LatencyHistogram {
    ps: Histogram<u64>,
}

impl Default for LatencyHistogram {
    fn default() -> Self {
        Self::new()
    }
}

impl LatencyHistogram {
    /// An empty histogram that grows its range as larger values arrive.
    #[must_use]
    pub fn new() -> Self {
        let mut ps = Histogram::new(SIGNIFICANT_DIGITS)
            .expect("3 significant digits is a valid histogram precision");
        ps.auto(true);
        Self { ps }
    }

    /// Records `iterations` iterations that took `ns_per_iter` each (a timed batch's mean).
    /// Negative or NaN times are recorded as 0, and times beyond the histogram's reach as its
    /// largest value, so that the iteration count stays right. Cost: O(1) amortised.
    pub fn record(&mut self, ns_per_iter: f64, iterations: u64) {
        // `as` saturates: NaN and negatives become 0, +∞ becomes u64::MAX.
        let ps = (ns_per_iter * PS_PER_NS).round() as u64;
        // `record_n` grows the range; only a value it cannot grow to is clamped.
        if self.ps.record_n(ps, iterations).is_err() {
            self.ps.saturating_record_n(ps, iterations);
        }
    }

    /// Iterations recorded.
    #[must_use]
    pub fn iterations(&self) -> u64 {
        self.ps.len()
    }

    /// Mean, spread and percentiles of the recorded per-iteration times, in nanoseconds;
    /// `None` before two iterations. Each value is exact to 0.1% (the histogram's
    /// resolution); the standard deviation is the histogram's, with the n denominator, which
    /// differs from n − 1 by less than that for the counts this is used with. Cost: O(range).
    pub fn summary(&self) -> Option<Summary> {
        let h = &self.ps;
        if h.len() < 2 {
            return None;
        }
        // The middle of the bucket a quantile falls in, in nanoseconds.
        let at = |q: f64| h.median_equivalent(h.value_at_quantile(q)) as f64 / PS_PER_NS;
        Some(Summary {
            n: usize::try_from(h.len()).unwrap_or(usize::MAX),
            mean: h.mean() / PS_PER_NS,
            sd: h.stdev() / PS_PER_NS,
            min: h.median_equivalent(h.min()) as f64 / PS_PER_NS,
            max: h.median_equivalent(h.max()) as f64 / PS_PER_NS,
            median: at(0.5),
            p5: at(0.05),
            p25: at(0.25),
            p75: at(0.75),
            p95: at(0.95),
            p99: at(0.99),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(got: f64, want: f64) -> bool {
        (got - want).abs() <= 1e-3 * want.abs()
    }

    #[test]
    fn weighted_records_give_weighted_percentiles() {
        let mut h = LatencyHistogram::new();
        // 90 iterations at 10 ns, 10 at 1 µs: the median is 10 ns, p95 is 1 µs.
        h.record(10.0, 90);
        h.record(1_000.0, 10);
        let s = h.summary().unwrap();
        assert_eq!((h.iterations(), s.n), (100, 100));
        assert!(close(s.median, 10.0) && close(s.p5, 10.0), "{s:?}");
        assert!(close(s.p95, 1_000.0) && close(s.max, 1_000.0), "{s:?}");
        assert!(close(s.mean, 109.0), "{s:?}");
    }

    #[test]
    fn sub_nanosecond_times_keep_three_digits() {
        let mut h = LatencyHistogram::new();
        h.record(0.271, 1_000_000);
        h.record(0.273, 1_000_000);
        let s = h.summary().unwrap();
        assert!(close(s.min, 0.271) && close(s.max, 0.273), "{s:?}");
    }

    #[test]
    fn memory_does_not_grow_with_the_count() {
        let mut h = LatencyHistogram::new();
        h.record(5.0, 1);
        h.record(5e9, 1);
        let len = h.ps.distinct_values();
        for i in 0..100_000u32 {
            h.record(5.0 + f64::from(i % 1000), 1_000);
        }
        assert_eq!(h.ps.distinct_values(), len);
        assert_eq!(h.iterations(), 2 + 100_000 * 1_000);
    }

    #[test]
    fn too_few_and_odd_values() {
        let mut h = LatencyHistogram::new();
        assert!(h.summary().is_none());
        h.record(-3.0, 1);
        h.record(f64::NAN, 1);
        let s = h.summary().unwrap();
        assert_eq!((s.n, s.max), (2, 0.0));
    }
}
