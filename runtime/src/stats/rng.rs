//! A small seeded random number generator for resampling and simulation: SplitMix64
//! (Steele, Lea and Flood 2014), with Box–Muller normals. Deterministic for a given seed on
//! every platform, which is what fixtures and seeded bootstraps need.

/// SplitMix64: 64 bits of state, well mixed, seedable.
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
    /// The second value of the last Box–Muller pair, for the next [`normal`](Self::normal).
    #[cfg(test)]
    spare_normal: Option<f64>,
}

impl SplitMix64 {
    /// A generator starting from `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Self {
            state: seed,
            #[cfg(test)]
            spare_normal: None,
        }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform on (0, 1], for the simulations: the top 53 bits, shifted off zero so that its
    /// log is finite.
    #[cfg(test)]
    pub fn uniform(&mut self) -> f64 {
        ((self.next_u64() >> 11) + 1) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// A standard normal (Box–Muller; the second value of each pair is kept for the next
    /// call).
    #[cfg(test)]
    pub fn normal(&mut self) -> f64 {
        if let Some(z) = self.spare_normal.take() {
            return z;
        }
        let r = (-2.0 * self.uniform().ln()).sqrt();
        let theta = std::f64::consts::TAU * self.uniform();
        self.spare_normal = Some(r * theta.sin());
        r * theta.cos()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_reference_sequence() {
        // First outputs of SplitMix64 seeded with 0 (Vigna's reference implementation).
        let mut rng = SplitMix64::new(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn normals_have_unit_variance() {
        let mut rng = SplitMix64::new(7);
        let n = 100_000;
        let (mut sum, mut sum_sq) = (0.0, 0.0);
        for _ in 0..n {
            let z = rng.normal();
            sum += z;
            sum_sq += z * z;
        }
        let mean = sum / n as f64;
        assert!(mean.abs() < 0.02, "{mean}");
        assert!((sum_sq / n as f64 - 1.0).abs() < 0.02);
    }
}
