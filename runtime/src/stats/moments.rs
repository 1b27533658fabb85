//! [`RunningMoments`]: mean and spread of a stream, one observation at a time.

/// Count, mean and sum of squared deviations of a stream, updated in O(1) per observation
/// (Welford's algorithm), without storing the observations.
///
/// Welford's update stays accurate where the textbook `Σx² − n·x̄²` cancels away every
/// digit (observations far from zero relative to their spread).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RunningMoments {
    n: usize,
    mean: f64,
    m2: f64,
}

impl RunningMoments {
    /// An empty accumulator (the same as `default()`).
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds one observation. Method: `δ = x − x̄; x̄ += δ/n; M₂ += δ·(x − x̄)`. Cost: O(1).
    pub fn push(&mut self, x: f64) {
        self.n += 1;
        let delta = x - self.mean;
        self.mean += delta / self.n as f64;
        self.m2 += delta * (x - self.mean);
    }

    /// Number of observations pushed.
    #[must_use]
    pub fn n(&self) -> usize {
        self.n
    }

    /// Mean of the observations; NaN before the first.
    #[must_use]
    pub fn mean(&self) -> f64 {
        if self.n == 0 {
            f64::NAN
        } else {
            self.mean
        }
    }

    /// Sum of squared deviations from the mean, `Σ(xᵢ − x̄)²` (Welford's M₂); 0 before the
    /// second observation.
    #[must_use]
    pub fn sum_sq_dev(&self) -> f64 {
        self.m2
    }

    /// Sample variance with the n − 1 denominator; `None` before the second observation.
    #[must_use]
    pub fn variance(&self) -> Option<f64> {
        (self.n >= 2).then(|| self.m2 / (self.n - 1) as f64)
    }

    /// Sample standard deviation; `None` before the second observation.
    #[must_use]
    pub fn sd(&self) -> Option<f64> {
        self.variance().map(f64::sqrt)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::Sample;

    #[test]
    fn empty_and_single() {
        let mut m = RunningMoments::new();
        assert_eq!(m.n(), 0);
        assert!(m.mean().is_nan());
        assert_eq!(m.variance(), None);
        m.push(3.5);
        assert_eq!(
            (m.n(), m.mean(), m.sum_sq_dev(), m.sd()),
            (1, 3.5, 0.0, None)
        );
    }

    #[test]
    fn agrees_with_two_pass_sample() {
        let data: Vec<f64> = (0..1000).map(|i| 1e8 + f64::from(i % 13) * 0.25).collect();
        let mut m = RunningMoments::new();
        data.iter().for_each(|&x| m.push(x));
        let s = Sample::new(&data).unwrap();
        assert_eq!(m.n(), 1000);
        assert!((m.mean() - s.mean()).abs() <= 1e-15 * s.mean());
        assert!((m.sum_sq_dev() - s.sum_sq_dev()).abs() <= 1e-9 * s.sum_sq_dev());
        assert!((m.variance().unwrap() - s.variance()).abs() <= 1e-9 * s.variance());
    }
}
