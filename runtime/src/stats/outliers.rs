//! Tukey's fences: which observations lie unusually far from the middle half of a sample.
//!
//! duobench classifies the per-iteration times of a `#[bench]`'s samples this way, as
//! Criterion.rs does, and reports the counts. Nothing is dropped: an interrupt that slowed
//! one sample is part of what the machine did, and the estimates are chosen to cope with it
//! (the median, and a slope dominated by the long samples).

use super::sample::Sample;
use super::summary::quantile;

/// Inner fences lie this many interquartile ranges outside the quartiles.
pub const MILD_IQR: f64 = 1.5;
/// Outer fences lie this many interquartile ranges outside the quartiles.
pub const SEVERE_IQR: f64 = 3.0;

/// The four fences, ascending.
#[must_use]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TukeyFences {
    /// `q1 − 3·IQR`: below it an observation is a severe low outlier.
    pub low_severe: f64,
    /// `q1 − 1.5·IQR`: below it an observation is at least a mild low outlier.
    pub low_mild: f64,
    /// `q3 + 1.5·IQR`: above it an observation is at least a mild high outlier.
    pub high_mild: f64,
    /// `q3 + 3·IQR`: above it an observation is a severe high outlier.
    pub high_severe: f64,
}

/// How many observations fall beyond each fence.
#[must_use]
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct Outliers {
    /// The fences used.
    pub fences: TukeyFences,
    /// Observations classified (all of them).
    pub n: usize,
    /// Below the outer low fence.
    pub low_severe: usize,
    /// Between the outer and the inner low fence.
    pub low_mild: usize,
    /// Between the inner and the outer high fence.
    pub high_mild: usize,
    /// Above the outer high fence.
    pub high_severe: usize,
}

impl Outliers {
    /// All outliers, mild and severe, on both sides.
    #[must_use]
    pub fn total(&self) -> usize {
        self.low_severe + self.low_mild + self.high_mild + self.high_severe
    }
}

/// Classifies every observation of `sample` by Tukey's fences around its quartiles.
///
/// Method: quartiles `q1`, `q3` by linear interpolation ([`quantile`], numpy's default),
/// `IQR = q3 − q1`; an observation strictly below `q1 − 3·IQR` is a severe low outlier,
/// else strictly below `q1 − 1.5·IQR` a mild one, and symmetrically above `q3`.
/// Cost: O(n log n) (one sort).
pub fn tukey(sample: Sample<'_>) -> Outliers {
    let sorted = sample.sorted();
    let (q1, q3) = (quantile(&sorted, 0.25), quantile(&sorted, 0.75));
    let iqr = q3 - q1;
    let fences = TukeyFences {
        low_severe: q1 - SEVERE_IQR * iqr,
        low_mild: q1 - MILD_IQR * iqr,
        high_mild: q3 + MILD_IQR * iqr,
        high_severe: q3 + SEVERE_IQR * iqr,
    };
    let mut out = Outliers {
        fences,
        n: sample.len(),
        low_severe: 0,
        low_mild: 0,
        high_mild: 0,
        high_severe: 0,
    };
    for &x in sample.as_slice() {
        if x < fences.low_severe {
            out.low_severe += 1;
        } else if x < fences.low_mild {
            out.low_mild += 1;
        } else if x > fences.high_severe {
            out.high_severe += 1;
        } else if x > fences.high_mild {
            out.high_mild += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_band_is_counted() {
        // Sorted: −100, −20, 1..=20, 40, 100 (n = 24). q1 = 4.75, q3 = 16.25, IQR = 11.5;
        // fences −29.75, −12.5, 33.5, 50.75: one value in each outer band.
        let mut data: Vec<f64> = (1..=20).map(f64::from).collect();
        data.extend([40.0, -100.0, 100.0, -20.0]);
        let o = tukey(Sample::new(&data).unwrap());
        assert_eq!(
            o.fences,
            TukeyFences {
                low_severe: 4.75 - 34.5,
                low_mild: 4.75 - 17.25,
                high_mild: 16.25 + 17.25,
                high_severe: 16.25 + 34.5,
            }
        );
        assert_eq!(
            (o.low_severe, o.low_mild, o.high_mild, o.high_severe),
            (1, 1, 1, 1)
        );
        assert_eq!((o.total(), o.n), (4, 24));
    }

    #[test]
    fn fences_of_a_known_sample() {
        let data: Vec<f64> = (1..=20).map(f64::from).collect();
        let o = tukey(Sample::new(&data).unwrap());
        assert_eq!(
            o.fences,
            TukeyFences {
                low_severe: 5.75 - 28.5,
                low_mild: 5.75 - 14.25,
                high_mild: 15.25 + 14.25,
                high_severe: 15.25 + 28.5,
            }
        );
        assert_eq!(o.total(), 0);
    }

    #[test]
    fn a_value_on_a_fence_is_not_beyond_it() {
        // q1 = q3 = 1: every fence is at 1, and only values strictly beyond count.
        let o = tukey(Sample::new(&[1.0, 1.0, 1.0, 1.0, 1.0, 2.0, 0.0]).unwrap());
        assert_eq!((o.low_severe, o.high_severe, o.total()), (1, 1, 2));
    }
}
