//! The long-run variance of a mean of dependent observations, by overlapping batch means.

/// Fewest observations the estimate uses; below it, [`long_run_factor`] is 1.
pub const MIN_LONG_RUN_SERIES: usize = 16;

/// How many times larger the variance of a mean of `xs` is than independence would make it:
/// the long-run variance over the variance of one observation, at least 1. It is 1 in
/// expectation for independent data and `(1 + ρ)/(1 − ρ)` for an AR(1) series; a wander
/// slower than the batches is seen in part, and in full once the series is long enough.
///
/// Method: overlapping batch means (Meketon and Schmeiser 1984) with batches of
/// b = ⌊n^(2/3)⌋ observations, which is consistent for the long-run variance under the
/// mixing conditions of a strong invariance principle (Flegal and Jones 2010): the batch
/// grows with the run, so any correlation length is eventually covered, and no test on the
/// factor decides whether it counts. The exponent 2/3 rather than the usual 1/2 trades
/// variance for bias: a wander whose memory is near the batch length is underestimated,
/// and a run of a few hundred blocks holds memories of tens of blocks (the simulated
/// wanders of `decide::simulation::long` keep alpha with 2/3 and not with 1/2). Factors
/// below 1 (negatively correlated data) count as 1, which only widens an interval.
/// Cost: O(n).
#[must_use]
pub fn long_run_factor(xs: &[f64]) -> f64 {
    let n = xs.len();
    if n < MIN_LONG_RUN_SERIES {
        return 1.0;
    }
    let mean = xs.iter().sum::<f64>() / n as f64;
    let variance = xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1) as f64;
    if variance <= 0.0 || !variance.is_finite() {
        return 1.0;
    }
    let b = batch_len(n);
    let mut window: f64 = xs[..b].iter().map(|x| x - mean).sum();
    let mut sum_sq = window * window;
    for i in b..n {
        window += xs[i] - xs[i - b];
        sum_sq += window * window;
    }
    // Σ over the n − b + 1 batches of (batch mean − mean)², scaled to the variance of a
    // single observation's share of the long run (the usual OBM normalisation).
    let batches = (n - b + 1) as f64;
    let long_run = n as f64 * sum_sq / (b as f64 * batches * (n - b) as f64);
    (long_run / variance).max(1.0)
}

/// The batch length for `n` observations: ⌊n^(2/3)⌋, at most n − 1.
fn batch_len(n: usize) -> usize {
    ((n as f64).powf(2.0 / 3.0).floor() as usize).clamp(1, n - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::SplitMix64;

    fn ar1(rng: &mut SplitMix64, rho: f64, n: usize) -> Vec<f64> {
        let mut x = 0.0;
        (0..n)
            .map(|_| {
                x = rho * x + (1.0 - rho * rho).sqrt() * rng.normal();
                x
            })
            .collect()
    }

    #[test]
    fn independent_series_have_a_factor_near_one() {
        let mut rng = SplitMix64::new(5);
        let mut factors: Vec<f64> = (0..200)
            .map(|_| long_run_factor(&ar1(&mut rng, 0.0, 2_000)))
            .collect();
        factors.sort_by(f64::total_cmp);
        let median = factors[100];
        assert!((1.0..1.15).contains(&median), "{median}");
        assert_eq!(long_run_factor(&[1.0; 40]), 1.0);
        assert_eq!(long_run_factor(&[1.0, 2.0, 3.0]), 1.0);
    }

    #[test]
    fn an_ar1_series_approaches_its_long_run_factor_as_it_grows() {
        // (1 + ρ)/(1 − ρ) = 9 for ρ = 0.8; the batch bias shrinks as b grows with n.
        let mut rng = SplitMix64::new(6);
        let mean_factor = |rng: &mut SplitMix64, n: usize| {
            (0..100)
                .map(|_| long_run_factor(&ar1(rng, 0.8, n)))
                .sum::<f64>()
                / 100.0
        };
        let short = mean_factor(&mut rng, 400);
        let long = mean_factor(&mut rng, 40_000);
        assert!((6.0..9.0).contains(&short), "{short}");
        assert!((8.3..9.7).contains(&long), "{long}");
        assert!(long > short);
    }

    #[test]
    fn a_two_state_switch_is_counted_not_tested_for() {
        // A relative speed that switches between two states with probability 1/50 per
        // observation: its long-run factor is (1 + 0.25·(1 + ρ)/(1 − ρ))/1.25 ≈ 10.6 with
        // ρ = 0.96, and batches of 10,000^(2/3) = 464 see most of it.
        let mut rng = SplitMix64::new(7);
        let mut state = 0.5;
        let switching: Vec<f64> = (0..10_000)
            .map(|_| {
                if rng.uniform() < 1.0 / 50.0 {
                    state = -state;
                }
                state + rng.normal()
            })
            .collect();
        let f = long_run_factor(&switching);
        assert!((6.0..13.0).contains(&f), "{f}");
    }
}
