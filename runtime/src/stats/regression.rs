//! Least-squares lines through linear-sampling data: sample `i` ran `xᵢ` iterations and
//! took `yᵢ` nanoseconds.
//!
//! The per-iteration time is the slope of the line through the origin (a batch of zero
//! iterations costs nothing once the clock's overhead is subtracted), as in Criterion.rs. The
//! ordinary fit with an intercept is kept beside it: its intercept is whatever fixed cost per
//! batch the timer subtraction left over, which should be close to zero.

use std::fmt;

/// Checked `(iterations, time)` points: at least two, all finite, every `x > 0`.
///
/// `x > 0` keeps the through-origin slope defined on every subset of the points (a bootstrap
/// resample may repeat one point n times).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Points<'a> {
    x: &'a [f64],
    y: &'a [f64],
}

/// Why two slices are not [`Points`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PointsError {
    /// `x` and `y` differ in length.
    LengthMismatch {
        /// Length of `x`.
        x: usize,
        /// Length of `y`.
        y: usize,
    },
    /// Fewer than two points.
    TooFew {
        /// How many there were.
        n: usize,
    },
    /// A coordinate is not finite, or an `x` is not above zero.
    Invalid {
        /// The point's position.
        index: usize,
    },
}

impl fmt::Display for PointsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PointsError::LengthMismatch { x, y } => {
                write!(f, "{x} iteration counts but {y} times")
            }
            PointsError::TooFew { n } => write!(f, "a fit needs at least 2 points, got {n}"),
            PointsError::Invalid { index } => write!(
                f,
                "point {index} is not finite or has no iterations (x must be above zero)"
            ),
        }
    }
}

impl std::error::Error for PointsError {}

impl<'a> Points<'a> {
    /// Checks the points. Cost: O(n).
    ///
    /// # Errors
    ///
    /// See [`PointsError`].
    pub fn new(x: &'a [f64], y: &'a [f64]) -> Result<Self, PointsError> {
        if x.len() != y.len() {
            return Err(PointsError::LengthMismatch {
                x: x.len(),
                y: y.len(),
            });
        }
        if x.len() < 2 {
            return Err(PointsError::TooFew { n: x.len() });
        }
        let bad = |(_, (&xi, &yi)): &(usize, (&f64, &f64))| {
            !(xi.is_finite() && yi.is_finite() && xi > 0.0)
        };
        if let Some((index, _)) = x.iter().zip(y).enumerate().find(bad) {
            return Err(PointsError::Invalid { index });
        }
        Ok(Self { x, y })
    }

    /// Number of points (at least 2).
    #[must_use]
    pub fn len(&self) -> usize {
        self.x.len()
    }

    /// `yᵢ / xᵢ` for every point: the per-iteration time of each sample. Cost: O(n).
    #[must_use]
    pub fn ratios(&self) -> Vec<f64> {
        self.x.iter().zip(self.y).map(|(x, y)| y / x).collect()
    }

    /// Slope of the least-squares line through the origin, `Σxy / Σx²`. Cost: O(n).
    #[must_use]
    pub fn slope_through_origin(&self) -> f64 {
        origin_slope(self.x.iter().copied().zip(self.y.iter().copied()))
    }

    /// [`Points::slope_through_origin`] of the points at `indices` (repeats allowed), for
    /// resampling without copying. Cost: O(len(indices)).
    ///
    /// # Panics
    ///
    /// If an index is out of range.
    #[must_use]
    pub fn slope_through_origin_at(&self, indices: &[usize]) -> f64 {
        origin_slope(indices.iter().map(|&i| (self.x[i], self.y[i])))
    }

    /// The ordinary least-squares line `y = intercept + slope·x`, or `None` when every `x`
    /// is the same (flat sampling), where the two are not separable. Method: centred sums
    /// `Sxx = Σ(x − x̄)²`, `Sxy = Σ(x − x̄)(y − ȳ)`, `slope = Sxy/Sxx`, `r² = Sxy²/(Sxx·Syy)`
    /// (1 when every `y` lies on the line). Cost: O(n).
    #[must_use]
    pub fn least_squares(&self) -> Option<Line> {
        let n = self.len() as f64;
        let x_mean = self.x.iter().sum::<f64>() / n;
        let y_mean = self.y.iter().sum::<f64>() / n;
        let (mut sxx, mut sxy, mut syy) = (0.0, 0.0, 0.0);
        for (x, y) in self.x.iter().zip(self.y) {
            let (dx, dy) = (x - x_mean, y - y_mean);
            sxx += dx * dx;
            sxy += dx * dy;
            syy += dy * dy;
        }
        if sxx <= 0.0 {
            return None;
        }
        let slope = sxy / sxx;
        let r_squared = if syy > 0.0 {
            (sxy * sxy / (sxx * syy)).min(1.0)
        } else {
            1.0
        };
        Some(Line {
            intercept: y_mean - slope * x_mean,
            slope,
            r_squared,
        })
    }
}

/// `Σxy / Σx²` over `points`; the caller guarantees some `x > 0`.
fn origin_slope(points: impl Iterator<Item = (f64, f64)>) -> f64 {
    let (sxy, sxx) = points.fold((0.0, 0.0), |(sxy, sxx), (x, y)| (sxy + x * y, sxx + x * x));
    sxy / sxx
}

/// A least-squares line with an intercept.
#[must_use]
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct Line {
    /// Value at `x = 0`.
    pub intercept: f64,
    /// Change in `y` per unit of `x`.
    pub slope: f64,
    /// Coefficient of determination, in `[0, 1]`.
    pub r_squared: f64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_lines_are_recovered() {
        let x = [1.0, 2.0, 3.0, 4.0];
        let y = [12.0, 22.0, 32.0, 42.0];
        let p = Points::new(&x, &y).unwrap();
        let line = p.least_squares().unwrap();
        assert!((line.slope - 10.0).abs() < 1e-12);
        assert!((line.intercept - 2.0).abs() < 1e-12);
        assert_eq!(line.r_squared, 1.0);
        // Through the origin: Σxy/Σx² = (12 + 44 + 96 + 168)/30.
        assert_eq!(p.slope_through_origin(), 320.0 / 30.0);
        assert_eq!(p.ratios(), vec![12.0, 11.0, 32.0 / 3.0, 10.5]);
    }

    #[test]
    fn index_subsets_match_copies() {
        let x = [1.0, 2.0, 3.0, 4.0, 5.0];
        let y = [3.0, 5.5, 9.0, 11.0, 16.0];
        let p = Points::new(&x, &y).unwrap();
        let idx = [4, 0, 0, 2, 4];
        let xs: Vec<f64> = idx.iter().map(|&i| x[i]).collect();
        let ys: Vec<f64> = idx.iter().map(|&i| y[i]).collect();
        let copy = Points::new(&xs, &ys).unwrap();
        assert_eq!(p.slope_through_origin_at(&idx), copy.slope_through_origin());
    }

    #[test]
    fn flat_x_has_no_intercept_fit() {
        let p = Points::new(&[5.0, 5.0, 5.0], &[10.0, 11.0, 12.0]).unwrap();
        assert_eq!(p.least_squares(), None);
        assert_eq!(p.slope_through_origin(), 165.0 / 75.0);
    }

    #[test]
    fn bad_points_are_refused() {
        assert_eq!(
            Points::new(&[1.0], &[1.0, 2.0]),
            Err(PointsError::LengthMismatch { x: 1, y: 2 })
        );
        assert_eq!(
            Points::new(&[1.0], &[1.0]),
            Err(PointsError::TooFew { n: 1 })
        );
        assert_eq!(
            Points::new(&[1.0, 0.0], &[1.0, 2.0]),
            Err(PointsError::Invalid { index: 1 })
        );
        assert_eq!(
            Points::new(&[1.0, 2.0], &[f64::NAN, 2.0]),
            Err(PointsError::Invalid { index: 0 })
        );
        assert!(PointsError::Invalid { index: 3 }
            .to_string()
            .starts_with("point 3"));
    }
}
