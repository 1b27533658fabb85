//! The seeded bootstrap: confidence intervals by resampling the observed samples.
//!
//! Each resample draws n indices with replacement from a [`SplitMix64`] stream, and the
//! statistic is recomputed on the points at those indices; the interval is the percentile
//! interval of the resampled statistics. The seed and the resample count are fixed, so the
//! same data always give the same interval, and `scripts/reference_bench.py` can replay the
//! exact index stream to check the results.

use super::rng::SplitMix64;
use crate::stats::{median, quantile, Points};

/// Resamples used by duobench's reports: enough that the percentile endpoints move by well
/// under 1% of the interval's width from one seed to another.
pub const DEFAULT_RESAMPLES: usize = 10_000;
/// The fixed seed of duobench's reports.
pub const DEFAULT_SEED: u64 = 0x5EED_D00B_E7C4_0001;

/// How to resample: how many times, from which seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bootstrap {
    /// Number of resamples.
    pub resamples: usize,
    /// Seed of the index stream.
    pub seed: u64,
}

impl Default for Bootstrap {
    fn default() -> Self {
        Self {
            resamples: DEFAULT_RESAMPLES,
            seed: DEFAULT_SEED,
        }
    }
}

impl Bootstrap {
    /// Resamples n points `resamples` times and returns the `K` statistics of each resample,
    /// one vector per statistic. `statistics` gets the resample's indices (each in `0..n`).
    /// Cost: `resamples · (n + cost of statistics)` time, `K · resamples` floats.
    pub fn distribution<const K: usize>(
        &self,
        n: usize,
        mut statistics: impl FnMut(&[usize]) -> [f64; K],
    ) -> [Vec<f64>; K] {
        let mut rng = SplitMix64::new(self.seed);
        let mut out: [Vec<f64>; K] = std::array::from_fn(|_| Vec::with_capacity(self.resamples));
        let mut indices = vec![0; n];
        for _ in 0..self.resamples {
            draw(&mut rng, &mut indices);
            for (values, value) in out.iter_mut().zip(statistics(&indices)) {
                values.push(value);
            }
        }
        out
    }

    /// Resamples two independent samples (sizes `n_a`, `n_b`) together: for each resample,
    /// `n_a` indices for the first, then `n_b` for the second, from one stream.
    /// Cost: `resamples · (n_a + n_b + cost of statistic)`.
    pub fn two_sample(
        &self,
        n_a: usize,
        n_b: usize,
        mut statistic: impl FnMut(&[usize], &[usize]) -> f64,
    ) -> Vec<f64> {
        let mut rng = SplitMix64::new(self.seed);
        let (mut a, mut b) = (vec![0; n_a], vec![0; n_b]);
        (0..self.resamples)
            .map(|_| {
                draw(&mut rng, &mut a);
                draw(&mut rng, &mut b);
                statistic(&a, &b)
            })
            .collect()
    }
}

/// Fills `indices` with uniform draws from `0..indices.len()`.
fn draw(rng: &mut SplitMix64, indices: &mut [usize]) {
    let n = indices.len();
    for slot in indices.iter_mut() {
        *slot = index_below(rng, n);
    }
}

/// A uniform index in `0..n` from the next 64 bits: the high word of `bits · n` (Lemire's
/// multiply-shift; its bias, below n/2⁶⁴, is far too small to matter here).
///
/// # Panics
///
/// In debug builds, if `n` is zero.
#[must_use]
pub fn index_below(rng: &mut SplitMix64, n: usize) -> usize {
    debug_assert!(n > 0, "index_below(0)");
    // The product's high word is below n, so it fits back into usize.
    ((u128::from(rng.next_u64()) * n as u128) >> 64) as usize
}

/// The percentile interval at `level` of a bootstrap distribution: its `(1 − level)/2` and
/// `(1 + level)/2` quantiles by linear interpolation ([`quantile`]). Sorts `distribution`.
/// Cost: O(B log B).
///
/// # Panics
///
/// If `distribution` is empty or `level` is not strictly between 0 and 1.
#[must_use]
fn percentile_interval(distribution: &mut [f64], level: f64) -> (f64, f64) {
    assert!(
        level > 0.0 && level < 1.0,
        "percentile_interval: level = {level} must be in (0, 1)"
    );
    distribution.sort_by(f64::total_cmp);
    let tail = 0.5 * (1.0 - level);
    (
        quantile(distribution, tail),
        quantile(distribution, 1.0 - tail),
    )
}

/// A point estimate and its bootstrap interval.
#[must_use]
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct Estimate {
    /// The statistic on the observed data.
    pub point: f64,
    /// Lower end of the percentile interval.
    pub low: f64,
    /// Upper end of the percentile interval.
    pub high: f64,
}

/// The three per-iteration estimates of a linear-sampling run.
#[must_use]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LinearEstimates {
    /// Slope through the origin of time against iterations.
    pub slope: Estimate,
    /// Mean of the samples' per-iteration times.
    pub mean: Estimate,
    /// Median of the samples' per-iteration times.
    pub median: Estimate,
}

/// Slope, mean and median of `points` (iterations, time) with percentile intervals at
/// `level`, all three from the same resamples of whole points. Cost: `B · O(n)` time
/// (the median by selection), `3B` floats.
pub fn linear_estimates(points: Points<'_>, bootstrap: &Bootstrap, level: f64) -> LinearEstimates {
    let ratios = points.ratios();
    let mut scratch = Vec::with_capacity(ratios.len());
    let mut statistics = |indices: &[usize]| {
        scratch.clear();
        scratch.extend(indices.iter().map(|&i| ratios[i]));
        let mean = scratch.iter().sum::<f64>() / scratch.len() as f64;
        [
            points.slope_through_origin_at(indices),
            mean,
            median_unsorted(&mut scratch),
        ]
    };
    let all: Vec<usize> = (0..points.len()).collect();
    let [slope, mean, median] = statistics(&all);
    let [mut slopes, mut means, mut medians] = bootstrap.distribution(points.len(), statistics);
    let estimate = |point: f64, distribution: &mut [f64]| {
        let (low, high) = percentile_interval(distribution, level);
        Estimate { point, low, high }
    };
    LinearEstimates {
        slope: estimate(slope, &mut slopes),
        mean: estimate(mean, &mut means),
        median: estimate(median, &mut medians),
    }
}

/// The relative change of the through-origin slope from `old` to `new`,
/// `slope(new)/slope(old) − 1`, with a percentile interval at `level` from resampling both
/// runs independently (`old` first in each resample). Cost: `B · O(n_old + n_new)`.
pub fn slope_change(
    old: Points<'_>,
    new: Points<'_>,
    bootstrap: &Bootstrap,
    level: f64,
) -> Estimate {
    let point = new.slope_through_origin() / old.slope_through_origin() - 1.0;
    let mut changes = bootstrap.two_sample(old.len(), new.len(), |a, b| {
        new.slope_through_origin_at(b) / old.slope_through_origin_at(a) - 1.0
    });
    let (low, high) = percentile_interval(&mut changes, level);
    Estimate { point, low, high }
}

/// The median of unsorted values, reordering them: the same value as [`median`] of the
/// sorted data, found by selection. Cost: O(n).
fn median_unsorted(values: &mut [f64]) -> f64 {
    let (n, upper) = (values.len(), values.len() / 2);
    let (below, &mut mid, _) = values.select_nth_unstable_by(upper, f64::total_cmp);
    if n % 2 == 1 {
        return mid;
    }
    let lower = below.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    median(&[lower, mid])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_are_uniform_and_in_range() {
        let mut rng = SplitMix64::new(3);
        let mut counts = [0usize; 7];
        for _ in 0..70_000 {
            counts[index_below(&mut rng, 7)] += 1;
        }
        // Each count is Binomial(70 000, 1/7): sd ≈ 93, so ±500 is over 5 sd.
        assert!(
            counts.iter().all(|&c| c.abs_diff(10_000) < 500),
            "{counts:?}"
        );
    }

    #[test]
    fn same_seed_same_interval_other_seed_other_interval() {
        let x: Vec<f64> = (1..=30).map(f64::from).collect();
        let y: Vec<f64> = x.iter().map(|x| 10.0 * x + (x * 7.3).sin() * 4.0).collect();
        let p = Points::new(&x, &y).unwrap();
        let small = Bootstrap {
            resamples: 500,
            seed: 1,
        };
        let a = linear_estimates(p, &small, 0.95);
        assert_eq!(a, linear_estimates(p, &small, 0.95));
        let b = linear_estimates(p, &Bootstrap { seed: 2, ..small }, 0.95);
        assert_ne!(a.slope, b.slope);
        for e in [a.slope, a.mean, a.median] {
            assert!(e.low <= e.point && e.point <= e.high, "{e:?}");
        }
        assert!((a.slope.point - 10.0).abs() < 0.1);
    }

    #[test]
    fn doubling_every_time_is_a_change_of_one() {
        let x: Vec<f64> = (1..=20).map(f64::from).collect();
        let y: Vec<f64> = x.iter().map(|x| 5.0 * x + x.cos()).collect();
        let y2: Vec<f64> = y.iter().map(|y| 2.0 * y).collect();
        let old = Points::new(&x, &y).unwrap();
        let new = Points::new(&x, &y2).unwrap();
        let c = slope_change(old, new, &Bootstrap::default(), 0.95);
        assert!((c.point - 1.0).abs() < 1e-12);
        assert!(c.low < 1.0 + 1e-9 && c.high > 1.0 - 1e-9, "{c:?}");
        assert!(c.high - c.low < 0.1, "{c:?}");
    }

    #[test]
    fn selection_median_matches_the_sorted_median() {
        for data in [
            vec![3.0, 1.0, 2.0],
            vec![4.0, 1.0, 3.0, 2.0],
            vec![5.0, 5.0, 1.0, 9.0, 9.0, 0.5],
        ] {
            let mut sorted = data.clone();
            sorted.sort_by(f64::total_cmp);
            assert_eq!(median_unsorted(&mut data.clone()), median(&sorted));
        }
    }

    #[test]
    fn percentile_interval_of_a_uniform_grid() {
        let mut d: Vec<f64> = (0..=100).rev().map(f64::from).collect();
        assert_eq!(percentile_interval(&mut d, 0.5), (25.0, 75.0));
    }
}
