//! [`weighted_summary`]: the distribution of per-iteration times over every iteration of a
//! linear-sampling run, each sample's per-iteration time counted once per iteration it
//! timed.
//!
//! The samples are already in memory (a run keeps every one, at most a few thousand), so the
//! distribution is computed exactly from them, sorted, rather than binned into a histogram.

use super::sample::Sample;
use super::summary::Summary;

/// Mean, spread and percentiles of `values[i]` counted `weights[i]` times each; `None` when
/// the weights add up to fewer than two. The percentile `q` is the smallest value whose
/// cumulative weight reaches `q` of the total (no interpolation: each is one of `values`),
/// and the standard deviation uses the `W − 1` denominator of `W` counted values.
/// Cost: O(n log n) time, O(n) memory, in the number of values, whatever their weights.
///
/// # Panics
///
/// If `values` and `weights` differ in length.
pub fn weighted_summary(values: Sample<'_>, weights: &[u64]) -> Option<Summary> {
    assert_eq!(
        values.len(),
        weights.len(),
        "weighted_summary: one weight per value"
    );
    let mut pairs: Vec<(f64, u64)> = values
        .as_slice()
        .iter()
        .copied()
        .zip(weights.iter().copied())
        .collect();
    pairs.sort_by(|a, b| a.0.total_cmp(&b.0));
    let total: u64 = weights.iter().sum();
    if total < 2 {
        return None;
    }
    let count = total as f64;
    let mean = pairs.iter().map(|&(v, w)| v * w as f64).sum::<f64>() / count;
    let squares: f64 = pairs
        .iter()
        .map(|&(v, w)| w as f64 * (v - mean).powi(2))
        .sum();
    let at = |q: f64| {
        // The rank, counted from 1, of the q-th of `total` ordered values.
        let rank = ((q * count).ceil() as u64).clamp(1, total);
        let mut cumulative = 0;
        pairs
            .iter()
            .find(|&&(_, w)| {
                cumulative += w;
                cumulative >= rank
            })
            .map_or(pairs[pairs.len() - 1].0, |&(v, _)| v)
    };
    Some(Summary {
        n: usize::try_from(total).unwrap_or(usize::MAX),
        mean,
        sd: (squares / (count - 1.0)).sqrt(),
        min: at(0.0),
        max: at(1.0),
        median: at(0.5),
        p5: at(0.05),
        p25: at(0.25),
        p75: at(0.75),
        p95: at(0.95),
        p99: at(0.99),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(values: &[f64], weights: &[u64]) -> Option<Summary> {
        weighted_summary(Sample::new(values).unwrap(), weights)
    }

    #[test]
    fn weights_count_each_value_that_many_times() {
        // 90 iterations at 10 ns, 10 at 1 µs: the median is 10 ns, p95 is 1 µs.
        let s = summary(&[1_000.0, 10.0], &[10, 90]).unwrap();
        assert_eq!(s.n, 100);
        assert_eq!(
            (s.min, s.p5, s.median, s.p95, s.max),
            (10.0, 10.0, 10.0, 1_000.0, 1_000.0)
        );
        assert!((s.mean - 109.0).abs() < 1e-12, "{s:?}");
        // Σw(v − 109)² = 90·99² + 10·891², over 99.
        let sd = ((90.0 * 99.0f64.powi(2) + 10.0 * 891.0f64.powi(2)) / 99.0).sqrt();
        assert!((s.sd - sd).abs() < 1e-12 * sd, "{s:?}");
    }

    #[test]
    fn unit_weights_give_the_lower_order_statistics() {
        let values = [4.0, 1.0, 3.0, 2.0];
        let s = summary(&values, &[1; 4]).unwrap();
        assert_eq!(
            (s.min, s.p25, s.median, s.p75, s.max),
            (1.0, 1.0, 2.0, 3.0, 4.0)
        );
        let plain = Summary::of(Sample::new(&values).unwrap());
        assert_eq!((s.mean, s.sd), (plain.mean, plain.sd));
    }

    #[test]
    fn fewer_than_two_counted_is_none() {
        assert_eq!(summary(&[1.0, 2.0], &[1, 0]), None);
        assert_eq!(summary(&[1.0, 2.0], &[0, 0]), None);
        assert!(summary(&[1.0, 2.0], &[0, 2]).is_some());
    }
}
