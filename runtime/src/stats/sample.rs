//! [`Sample`]: a slice of observations whose invariants every statistic may rely on.

use std::fmt;

/// A checked view of observations: at least two, all finite.
///
/// Every statistic in this module takes a `Sample`, so none of them has to handle an empty
/// slice, a single value or a NaN. Values may be negative (log latencies often are).
/// Magnitudes beyond about 1e300 would overflow the sums; latencies and their logs are far
/// from that.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample<'a> {
    data: &'a [f64],
}

/// Why a slice is not a [`Sample`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SampleError {
    /// Fewer than two observations: no spread can be estimated.
    TooFew {
        /// How many there were.
        n: usize,
    },
    /// An observation is NaN or infinite.
    NotFinite {
        /// Its position in the slice.
        index: usize,
        /// The value itself.
        value: f64,
    },
}

impl fmt::Display for SampleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SampleError::TooFew { n } => {
                write!(f, "a sample needs at least 2 observations, got {n}")
            }
            SampleError::NotFinite { index, value } => {
                write!(f, "observation {index} is {value}, not a finite number")
            }
        }
    }
}

impl std::error::Error for SampleError {}

impl<'a> Sample<'a> {
    /// Checks `data`: n ≥ 2 and every value finite. Cost: O(n).
    ///
    /// # Errors
    ///
    /// [`SampleError::TooFew`] for fewer than two values, else [`SampleError::NotFinite`]
    /// naming the first NaN or infinity.
    pub fn new(data: &'a [f64]) -> Result<Self, SampleError> {
        if data.len() < 2 {
            return Err(SampleError::TooFew { n: data.len() });
        }
        if let Some((index, &value)) = data.iter().enumerate().find(|(_, v)| !v.is_finite()) {
            return Err(SampleError::NotFinite { index, value });
        }
        Ok(Self { data })
    }

    /// The observations, in their original order.
    #[must_use]
    pub fn as_slice(&self) -> &'a [f64] {
        self.data
    }

    /// Number of observations (at least 2).
    #[must_use]
    pub fn len(&self) -> usize {
        self.data.len()
    }

    /// Arithmetic mean. Method: the plain mean, then one corrective pass
    /// (`mean + Σ(xᵢ − mean)/n`), which removes most of the rounding error of the first sum.
    /// Cost: O(n).
    #[must_use]
    pub fn mean(&self) -> f64 {
        let n = self.len() as f64;
        let rough = self.data.iter().sum::<f64>() / n;
        rough + self.data.iter().map(|x| x - rough).sum::<f64>() / n
    }

    /// Sum of squared deviations from the mean, `Σ(xᵢ − x̄)²`. Method: two passes, with the
    /// compensated form `Σd² − (Σd)²/n` that cancels what error remains in the mean.
    /// Cost: O(n).
    #[must_use]
    pub fn sum_sq_dev(&self) -> f64 {
        let mean = self.mean();
        let (sum, sum_sq) = self.data.iter().fold((0.0, 0.0), |(s, s2), x| {
            let d = x - mean;
            (s + d, s2 + d * d)
        });
        (sum_sq - sum * sum / self.len() as f64).max(0.0)
    }

    /// Sample variance with the n − 1 denominator. Cost: O(n).
    #[must_use]
    pub fn variance(&self) -> f64 {
        self.sum_sq_dev() / (self.len() - 1) as f64
    }

    /// Sample standard deviation, `√variance`. Cost: O(n).
    #[must_use]
    pub fn sd(&self) -> f64 {
        self.variance().sqrt()
    }

    /// The observations sorted ascending (a new vector; the sample keeps its order).
    /// Cost: O(n log n) time, O(n) memory.
    #[must_use]
    pub fn sorted(&self) -> Vec<f64> {
        let mut v = self.data.to_vec();
        v.sort_by(f64::total_cmp);
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_too_few_and_non_finite() {
        assert_eq!(Sample::new(&[]), Err(SampleError::TooFew { n: 0 }));
        assert_eq!(Sample::new(&[1.0]), Err(SampleError::TooFew { n: 1 }));
        let err = Sample::new(&[1.0, f64::NAN, 2.0]).unwrap_err();
        assert!(matches!(err, SampleError::NotFinite { index: 1, value } if value.is_nan()));
        assert_eq!(
            Sample::new(&[1.0, 2.0, f64::NEG_INFINITY]),
            Err(SampleError::NotFinite {
                index: 2,
                value: f64::NEG_INFINITY
            })
        );
        assert_eq!(
            SampleError::TooFew { n: 1 }.to_string(),
            "a sample needs at least 2 observations, got 1"
        );
        assert!(SampleError::NotFinite {
            index: 3,
            value: f64::NAN
        }
        .to_string()
        .contains("observation 3 is NaN"));
    }

    #[test]
    fn moments_of_a_small_sample() {
        let s = Sample::new(&[2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]).unwrap();
        assert_eq!(s.len(), 8);
        assert_eq!(s.mean(), 5.0);
        assert_eq!(s.sum_sq_dev(), 32.0);
        assert!((s.variance() - 32.0 / 7.0).abs() < 1e-15);
        assert_eq!(s.sorted(), vec![2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]);
    }

    #[test]
    fn spread_survives_a_large_offset() {
        // Naive Σx² − n·x̄² would lose every digit here.
        let data: Vec<f64> = (0..1000).map(|i| 1e9 + f64::from(i % 7)).collect();
        let s = Sample::new(&data).unwrap();
        let shifted: Vec<f64> = data.iter().map(|x| x - 1e9).collect();
        let reference = Sample::new(&shifted).unwrap();
        assert!((s.variance() - reference.variance()).abs() <= 1e-12 * reference.variance());
    }
}
