//! Monte Carlo check of the confidence sequence's promise: over i.i.d. normal streams, the
//! fraction that *ever* exclude the true mean is at most α.

use crate::stats::{ConfidenceSequence, RunningMoments, SplitMix64};

/// Fraction of `streams` normal streams of length `len` whose interval excludes the true
/// mean at some n in 2..=len.
fn miscoverage(cs: &ConfidenceSequence, streams: usize, len: usize, seed: u64) -> f64 {
    // A mean and scale far from 0 and 1, so nothing relies on standardised data.
    let (mu, sigma) = (3.7, 0.02);
    let mut rng = SplitMix64::new(seed);
    let mut misses = 0;
    for _ in 0..streams {
        let mut moments = RunningMoments::new();
        let mut missed = false;
        while moments.n() < len {
            for z in [rng.normal(), rng.normal()] {
                moments.push(mu + sigma * z);
                if let Some((lo, hi)) = cs.interval_of(&moments) {
                    missed |= !(lo <= mu && mu <= hi);
                }
            }
        }
        misses += usize::from(missed);
    }
    misses as f64 / streams as f64
}

#[test]
fn ever_excludes_the_mean_at_most_alpha_of_the_time() {
    const STREAMS: usize = 2000;
    let alpha: f64 = 0.05;
    let cs = ConfidenceSequence::new(alpha, 100.0);
    let rate = miscoverage(&cs, STREAMS, 500, 20_261_122);
    let allowance = alpha + 2.0 * (alpha * (1.0 - alpha) / STREAMS as f64).sqrt();
    // Seen with --nocapture; the report quotes it.
    eprintln!("confidence sequence: {rate:.4} of {STREAMS} streams ever missed (alpha {alpha})");
    assert!(rate <= allowance, "miscoverage {rate} > {allowance}");
    // Ville's bound is not wildly loose either: a sequence that never misses would be too
    // wide to be useful.
    assert!(rate > 0.002, "miscoverage {rate} suspiciously low");
}
