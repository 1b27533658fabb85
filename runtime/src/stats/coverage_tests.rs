//! Monte Carlo check of the confidence sequence's promise: over i.i.d. normal streams, the
//! fraction that *ever* exclude the true mean is at most α.

use super::{ConfidenceSequence, RunningMoments};

/// SplitMix64 (Steele, Lea and Flood 2014): a small, well-mixed, seedable generator.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform on (0, 1]: the top 53 bits, shifted off zero so its log is finite.
    fn uniform(&mut self) -> f64 {
        ((self.next_u64() >> 11) + 1) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Two independent standard normals (Box–Muller).
    fn normal_pair(&mut self) -> (f64, f64) {
        let r = (-2.0 * self.uniform().ln()).sqrt();
        let theta = 2.0 * std::f64::consts::PI * self.uniform();
        (r * theta.cos(), r * theta.sin())
    }
}

/// Fraction of `streams` normal streams of length `len` whose interval excludes the true
/// mean at some n in 2..=len.
fn miscoverage(cs: &ConfidenceSequence, streams: usize, len: usize, seed: u64) -> f64 {
    // A mean and scale far from 0 and 1, so nothing relies on standardised data.
    let (mu, sigma) = (3.7, 0.02);
    let mut rng = SplitMix64(seed);
    let mut misses = 0;
    for _ in 0..streams {
        let mut moments = RunningMoments::new();
        let mut missed = false;
        while moments.n() < len {
            let (z1, z2) = rng.normal_pair();
            for z in [z1, z2] {
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
