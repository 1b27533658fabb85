//! Descriptive statistics: [`Summary`], and the order-statistic helpers [`quantile`],
//! [`median`] and [`mad`] that other modules reuse on slices they have already sorted.

use super::sample::Sample;

/// Descriptive statistics of one sample.
///
/// Percentiles interpolate linearly between order statistics (R's type 7, numpy's default
/// `"linear"` method); see `quantile`.
#[must_use]
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct Summary {
    /// Number of observations.
    pub n: usize,
    /// Arithmetic mean.
    pub mean: f64,
    /// Standard deviation with the n − 1 denominator.
    pub sd: f64,
    /// Smallest observation.
    pub min: f64,
    /// Largest observation.
    pub max: f64,
    /// 50th percentile.
    pub median: f64,
    /// 5th percentile.
    pub p5: f64,
    /// 25th percentile (first quartile).
    pub p25: f64,
    /// 75th percentile (third quartile).
    pub p75: f64,
    /// 95th percentile.
    pub p95: f64,
    /// 99th percentile.
    pub p99: f64,
}

impl Summary {
    /// Summarises `sample`. Method: two-pass mean and variance (see [`Sample::mean`]), one
    /// sort for the order statistics. Cost: O(n log n) time, O(n) memory.
    pub(crate) fn of(sample: Sample<'_>) -> Summary {
        let sorted = sample.sorted();
        let q = |p: f64| quantile(&sorted, p);
        Summary {
            n: sample.len(),
            mean: sample.mean(),
            sd: sample.sd(),
            min: sorted[0],
            max: sorted[sorted.len() - 1],
            median: q(0.5),
            p5: q(0.05),
            p25: q(0.25),
            p75: q(0.75),
            p95: q(0.95),
            p99: q(0.99),
        }
    }

    /// The interquartile range, `p75 − p25`.
    #[must_use]
    pub fn iqr(&self) -> f64 {
        self.p75 - self.p25
    }
}

/// The `q` quantile of ascending `sorted` data, by linear interpolation between order
/// statistics: with `h = (n − 1)·q`, it is `x[⌊h⌋] + (h − ⌊h⌋)·(x[⌊h⌋+1] − x[⌊h⌋])` (R's
/// type 7, numpy's `"linear"`). `q = 0` gives the minimum and `q = 1` the maximum.
/// Cost: O(1).
///
/// # Panics
///
/// If `sorted` is empty or `q` is outside `[0, 1]`. Unsorted input is a bug caught only by
/// a debug assertion (checking it would cost O(n)).
#[must_use]
pub fn quantile(sorted: &[f64], q: f64) -> f64 {
    assert!(!sorted.is_empty(), "quantile of an empty slice");
    assert!(
        (0.0..=1.0).contains(&q),
        "quantile: q = {q} is outside [0, 1]"
    );
    debug_assert!(
        sorted.windows(2).all(|w| w[0] <= w[1]),
        "quantile: data not sorted"
    );
    let h = (sorted.len() - 1) as f64 * q;
    // h is in [0, n − 1], so the cast neither truncates nor wraps.
    let lo = h.floor() as usize;
    let frac = h - h.floor();
    match sorted.get(lo + 1) {
        Some(&above) if frac > 0.0 => lerp(sorted[lo], above, frac),
        _ => sorted[lo],
    }
}

/// `a + t·(b − a)`, computed from the nearer end so the result stays within `[a, b]` and is
/// monotone in `t` (numpy does the same).
fn lerp(a: f64, b: f64, t: f64) -> f64 {
    if t < 0.5 {
        a + t * (b - a)
    } else {
        b - (1.0 - t) * (b - a)
    }
}

/// The median of ascending `sorted` data: [`quantile`] at ½, so the mean of the two middle
/// values when n is even. Cost: O(1).
///
/// # Panics
///
/// If `sorted` is empty.
#[must_use]
pub fn median(sorted: &[f64]) -> f64 {
    quantile(sorted, 0.5)
}

/// The raw median absolute deviation of ascending `sorted` data: `median(|xᵢ − median(x)|)`,
/// unscaled (multiply by 1.4826 for a normal-consistent estimate of the standard deviation).
///
/// Method: the deviations of a sorted slice from its median are two sorted runs (the lower
/// half descending, the upper half ascending), merged in one pass. Cost: O(n) time and
/// memory.
///
/// # Panics
///
/// If `sorted` is empty.
#[must_use]
pub fn mad(sorted: &[f64]) -> f64 {
    let m = median(sorted);
    let split = sorted.partition_point(|&x| x < m);
    let mut below = sorted[..split].iter().rev().map(|x| m - x).peekable();
    let mut above = sorted[split..].iter().map(|x| x - m).peekable();
    let mut deviations = Vec::with_capacity(sorted.len());
    loop {
        let next = match (below.peek(), above.peek()) {
            (Some(&b), Some(&a)) if b <= a => below.next(),
            (Some(_), Some(_)) | (None, Some(_)) => above.next(),
            (Some(_), None) => below.next(),
            (None, None) => break,
        };
        deviations.extend(next);
    }
    median(&deviations)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantile_endpoints_and_interpolation() {
        let x = [1.0, 2.0, 4.0, 8.0];
        assert_eq!(quantile(&x, 0.0), 1.0);
        assert_eq!(quantile(&x, 1.0), 8.0);
        // h = 3·0.5 = 1.5: halfway between 2 and 4.
        assert_eq!(quantile(&x, 0.5), 3.0);
        // h = 3·0.9 = 2.7: 4 + 0.7·4.
        assert!((quantile(&x, 0.9) - 6.8).abs() < 1e-15);
        assert_eq!(quantile(&[5.0], 0.3), 5.0);
        assert_eq!(median(&[1.0, 2.0, 3.0]), 2.0);
    }

    #[test]
    #[should_panic(expected = "outside [0, 1]")]
    fn quantile_rejects_q_above_one() {
        let _ = quantile(&[1.0, 2.0], 1.5);
    }

    #[test]
    #[should_panic(expected = "empty")]
    fn quantile_rejects_empty() {
        let _ = quantile(&[], 0.5);
    }

    #[test]
    fn mad_matches_the_definition() {
        let x = [1.0, 1.0, 2.0, 2.0, 4.0, 6.0, 9.0];
        // median 2; |x − 2| = 1 1 0 0 2 4 7, sorted 0 0 1 1 2 4 7: median 1.
        assert_eq!(mad(&x), 1.0);
        let even = [-3.0, -1.0, 0.0, 10.0];
        // median −0.5; deviations 2.5 0.5 0.5 10.5: median 1.5.
        assert_eq!(mad(&even), 1.5);
        assert_eq!(mad(&[7.0, 7.0, 7.0]), 0.0);
    }

    #[test]
    fn summary_of_one_to_hundred_one() {
        let data: Vec<f64> = (1..=101).map(f64::from).collect();
        let s = Summary::of(Sample::new(&data).unwrap());
        assert_eq!(
            (s.n, s.min, s.max, s.median, s.mean),
            (101, 1.0, 101.0, 51.0, 51.0)
        );
        assert_eq!(
            (s.p5, s.p25, s.p75, s.p95, s.p99),
            (6.0, 26.0, 76.0, 96.0, 100.0)
        );
        assert_eq!(s.iqr(), 50.0);
    }
}
