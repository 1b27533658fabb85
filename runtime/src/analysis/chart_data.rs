//! What the HTML report's charts need of a comparison, in memory that does not grow with the
//! length of the run: a shared-scale histogram of both routines' latencies, and a thinned
//! series of per-duo log-differences.

use crate::stats::{mad, median};

/// Most points kept of the per-duo series: a chart a few hundred pixels wide shows no more.
pub const MAX_SERIES_POINTS: usize = 1_000;
/// Bins of the latency histograms.
pub const HISTOGRAM_BINS: usize = 40;
/// A chart's range reaches this many robust standard deviations (1.4826 MAD) either side of
/// the median: wide enough for every ordinary value, narrow enough that interrupted batches
/// (up to 10x slower) cannot squash the rest into one bin. What falls outside is counted.
const SPREAD: f64 = 6.0;
/// Least half-width of a range in log units (±1%), for data with almost no spread.
const MIN_HALF_WIDTH: f64 = 0.01;

/// `median ± max(SPREAD robust standard deviations, min_half)` of ascending `sorted` data,
/// clipped to its minimum and maximum where those are nearer; `None` when empty. Cost: O(n).
#[must_use]
pub fn robust_range(sorted: &[f64], min_half: f64) -> Option<(f64, f64)> {
    let (&first, &last) = (sorted.first()?, sorted.last()?);
    let m = median(sorted);
    let half = (SPREAD * 1.4826 * mad(sorted)).max(min_half);
    Some(((m - half).max(first), (m + half).min(last)))
}

/// Both routines' per-iteration latencies, binned on one log-spaced scale so the two
/// distributions can be overlaid.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct LatencyBins {
    /// Bin edges in nanoseconds, ascending, one more than there are bins.
    pub edges_ns: Vec<f64>,
    /// Batches of the first routine in each bin.
    pub first: Vec<u64>,
    /// Batches of the second routine in each bin.
    pub second: Vec<u64>,
    /// Batches of either routine outside the range shown (interrupted ones, far from their
    /// routine's median).
    pub outside: u64,
}

impl LatencyBins {
    /// Bins `first` and `second` (per-iteration latencies in nanoseconds) into `bins`
    /// log-spaced bins spanning each routine's log latencies within six robust standard
    /// deviations (1.4826 MAD) of their median, clipped to the data. `None` when
    /// either is empty or holds a value that is not finite and positive. Cost: O(n log n)
    /// for the sorts, O(n) memory while binning, O(bins) kept.
    #[must_use]
    pub fn of(first: &[f64], second: &[f64], bins: usize) -> Option<LatencyBins> {
        let valid = |xs: &[f64]| !xs.is_empty() && xs.iter().all(|x| x.is_finite() && *x > 0.0);
        if !(valid(first) && valid(second)) || bins == 0 {
            return None;
        }
        let range = |xs: &[f64]| {
            let mut logs: Vec<f64> = xs.iter().map(|x| x.ln()).collect();
            logs.sort_by(f64::total_cmp);
            robust_range(&logs, MIN_HALF_WIDTH)
        };
        let ((lo_a, hi_a), (lo_b, hi_b)) = (range(first)?, range(second)?);
        let (mut log_lo, mut log_hi) = (lo_a.min(lo_b), hi_a.max(hi_b));
        if log_hi - log_lo < MIN_HALF_WIDTH {
            // Every batch took the same time: a narrow band around it.
            log_lo -= MIN_HALF_WIDTH;
            log_hi += MIN_HALF_WIDTH;
        }
        let step = (log_hi - log_lo) / bins as f64;
        let edges_ns: Vec<f64> = (0..=bins)
            .map(|i| (log_lo + step * i as f64).exp())
            .collect();
        let mut outside = 0;
        let mut count = |xs: &[f64]| {
            let mut counts = vec![0; bins];
            for log_x in xs.iter().map(|x| x.ln()) {
                // Compared in logs, as the range was found, so the extremes stay inside.
                if log_x < log_lo || log_x > log_hi {
                    outside += 1;
                    continue;
                }
                // The index is in [0, bins]; the top of the range goes in the last bin.
                let i = ((log_x - log_lo) / step) as usize;
                counts[i.min(bins - 1)] += 1;
            }
            counts
        };
        let first = count(first);
        let second = count(second);
        Some(LatencyBins {
            edges_ns,
            first,
            second,
            outside,
        })
    }
}

/// Every `stride`-th value of `series` (from the first), with `stride` the smallest that
/// keeps at most `max_points`. Thinning rather than averaging keeps each point's noise as
/// measured, so the chart shows the spread as well as the drift. Cost: O(max_points).
#[must_use]
pub fn thin(series: &[f64], max_points: usize) -> (Vec<f64>, usize) {
    let stride = series.len().div_ceil(max_points.max(1)).max(1);
    (series.iter().step_by(stride).copied().collect(), stride)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bins_share_one_log_scale_and_count_every_batch() {
        let first: Vec<f64> = (0..1000).map(|i| 100.0 + f64::from(i % 10)).collect();
        let second: Vec<f64> = (0..1000).map(|i| 300.0 + f64::from(i % 30)).collect();
        let b = LatencyBins::of(&first, &second, 20).unwrap();
        assert_eq!(b.edges_ns.len(), 21);
        assert!(b.edges_ns.windows(2).all(|w| w[0] < w[1]));
        // Log spacing: every bin is the same multiple of the one before.
        let r0 = b.edges_ns[1] / b.edges_ns[0];
        let r1 = b.edges_ns[20] / b.edges_ns[19];
        assert!((r0 - r1).abs() < 1e-9, "{r0} {r1}");
        let total: u64 = b.first.iter().chain(&b.second).sum::<u64>() + b.outside;
        assert_eq!(total, 2000);
        // The fast routine fills the low bins, the slow one the high bins.
        assert!(b.first[..5].iter().sum::<u64>() > 900, "{b:?}");
        assert!(b.second[15..].iter().sum::<u64>() > 900, "{b:?}");
        assert_eq!(b.first[15..].iter().sum::<u64>(), 0);
    }

    #[test]
    fn one_interrupt_is_counted_outside_not_drawn() {
        let mut first = vec![10.0; 999];
        first.push(10_000.0);
        let second = vec![12.0; 1000];
        let b = LatencyBins::of(&first, &second, 10).unwrap();
        assert!(b.edges_ns[10] < 100.0, "{:?}", b.edges_ns);
        assert_eq!(b.outside, 1);
    }

    #[test]
    fn identical_times_get_a_narrow_band() {
        let b = LatencyBins::of(&[5.0; 10], &[5.0; 10], 4).unwrap();
        assert!(b.edges_ns[0] < 5.0 && b.edges_ns[4] > 5.0);
        assert_eq!(b.first.iter().sum::<u64>(), 10);
    }

    #[test]
    fn bad_input_gives_no_bins() {
        assert!(LatencyBins::of(&[], &[1.0], 4).is_none());
        assert!(LatencyBins::of(&[1.0, f64::NAN], &[1.0], 4).is_none());
        assert!(LatencyBins::of(&[1.0, 0.0], &[1.0], 4).is_none());
        assert!(LatencyBins::of(&[1.0], &[1.0], 0).is_none());
    }

    #[test]
    fn robust_range_ignores_a_few_wild_values() {
        let mut xs: Vec<f64> = (0..100).map(|i| f64::from(i % 10)).collect();
        xs.extend([1e6, -1e6]);
        xs.sort_by(f64::total_cmp);
        // median 4.5, MAD 2.5: 4.5 ± 6·1.4826·2.5 ≈ [-17.7, 26.7].
        let (lo, hi) = robust_range(&xs, 0.01).unwrap();
        assert!(
            (lo + 17.739).abs() < 1e-3 && (hi - 26.739).abs() < 1e-3,
            "{lo} {hi}"
        );
        // Without wild values, the data's own ends are nearer.
        assert_eq!(robust_range(&[1.0, 2.0, 3.0], 0.01), Some((1.0, 3.0)));
        assert_eq!(robust_range(&[2.0, 2.0], 0.5), Some((2.0, 2.0)));
        assert_eq!(robust_range(&[], 0.5), None);
    }

    #[test]
    fn thinning_keeps_at_most_the_limit() {
        let series: Vec<f64> = (0..2500).map(f64::from).collect();
        let (kept, stride) = thin(&series, 1000);
        assert_eq!((kept.len(), stride), (834, 3));
        assert_eq!(&kept[..3], &[0.0, 3.0, 6.0]);
        let (kept, stride) = thin(&series[..10], 1000);
        assert_eq!((kept.len(), stride), (10, 1));
        assert_eq!(thin(&[], 10), (vec![], 1));
    }
}
