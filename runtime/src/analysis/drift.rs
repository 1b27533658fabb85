//! Does the ratio drift? The first and the second half of a run, compared.
//!
//! A ratio that moves during the run (a routine that keeps getting slower, a cache that
//! fills) is a property of the routines, not noise: the verdict is then about the average
//! over the run, and the report says so.

use crate::stats::ratio_of_means;

/// Standard errors between the halves beyond which the ratio is said to drift. Large,
/// because this is a warning looked at once per run, not a test with an error rate to keep.
const DRIFT_Z: f64 = 4.0;
/// Smallest difference between the halves worth a warning, in log units (0.5%).
const MIN_DRIFT: f64 = 0.005;
/// Fewest blocks per half.
const MIN_HALF_BLOCKS: usize = 10;

/// The ratio of means in each half of a run whose halves disagree.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Drift {
    /// Ratio over the first half of the blocks.
    pub first_half: f64,
    /// Ratio over the second half.
    pub second_half: f64,
}

/// Compares the two halves of `blocks` (paired sums, first routine then second), whose
/// block values are `dependence` times as variable in their means as independence would
/// make them. `None` when the halves agree or are too short to tell. Cost: O(n).
#[must_use]
pub fn drift(blocks: &[(f64, f64)], dependence: f64) -> Option<Drift> {
    if blocks.len() < 2 * MIN_HALF_BLOCKS {
        return None;
    }
    let (early, late) = blocks.split_at(blocks.len() / 2);
    let early = ratio_of_means(early)?;
    let late = ratio_of_means(late)?;
    let variance_of_mean = |n: usize, ss: f64| ss / (n as f64 * (n as f64 - 1.0));
    let se = (dependence.max(1.0)
        * (variance_of_mean(early.n, early.sum_sq_dev)
            + variance_of_mean(late.n, late.sum_sq_dev)))
    .sqrt();
    let difference = (late.log_ratio - early.log_ratio).abs();
    (difference > MIN_DRIFT && difference > DRIFT_Z * se).then(|| Drift {
        first_half: early.log_ratio.exp(),
        second_half: late.log_ratio.exp(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::SplitMix64;

    fn blocks(ratio_at: impl Fn(usize) -> f64) -> Vec<(f64, f64)> {
        let mut rng = SplitMix64::new(3);
        (0..60)
            .map(|i| (ratio_at(i) * (0.002 * rng.normal()).exp(), 1.0))
            .collect()
    }

    #[test]
    fn a_steady_ratio_does_not_drift_and_a_rising_one_does() {
        assert_eq!(drift(&blocks(|_| 1.2), 1.0), None);
        let rising = drift(&blocks(|i| 1.0 + 0.01 * i as f64), 1.0).expect("drifts");
        assert!(
            rising.first_half < 1.2 && rising.second_half > 1.3,
            "{rising:?}"
        );
        assert_eq!(drift(&blocks(|i| 1.0 + 0.01 * i as f64)[..15], 1.0), None);
    }
}
