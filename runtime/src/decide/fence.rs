//! Setting aside interrupted pairs.
//!
//! When the OS interrupts one half of a pair, that pair's log-difference is off by up to
//! ln 10 or more, far outside the spread of undisturbed pairs. The fence is fixed from pilot
//! pairs measured before the test starts, and a duo is set aside when either of its pairs
//! falls outside. Because the fence is fixed in advance, the duos it keeps are still
//! independent draws from one (truncated) distribution, which the confidence sequence needs;
//! a fence recomputed from the data being tested would not keep that property.

use crate::stats::{mad, median};

/// Robust standard deviations from the pilot median beyond which a pair is an outlier.
const FENCE_SIGMAS: f64 = 8.0;
/// Smallest robust scale the fence assumes, in log units (0.5%): very steady routines have a
/// tiny MAD, and a fence that tight would reject real, slow movement of the ratio.
const MIN_SCALE: f64 = 0.005;
/// Largest half-width, in log units (about ±22%). A pilot measured while the machine was
/// overloaded (time-slicing inflates whole batches) would otherwise give a fence so wide that
/// it lets every disturbed duo in later on.
const MAX_HALF_WIDTH: f64 = 0.2;
/// Converts a MAD into a standard deviation for normal data.
const MAD_TO_SD: f64 = 1.482_602_218_505_602;

/// The acceptance band for pair log-differences.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fence {
    /// Centre of the band: the pilot median.
    pub center: f64,
    /// Half the band's width.
    pub half_width: f64,
}

impl Fence {
    /// A fence around the pilot pairs' median, `FENCE_SIGMAS` robust standard deviations wide.
    /// With no pilot pairs the fence is open.
    #[must_use]
    pub fn from_pilot(pilot: &[f64]) -> Fence {
        if pilot.is_empty() {
            return Fence {
                center: 0.0,
                half_width: f64::INFINITY,
            };
        }
        let mut sorted = pilot.to_vec();
        sorted.sort_by(f64::total_cmp);
        let center = median(&sorted);
        let scale = (MAD_TO_SD * mad(&sorted)).max(MIN_SCALE);
        Fence {
            center,
            half_width: (FENCE_SIGMAS * scale).min(MAX_HALF_WIDTH),
        }
    }

    /// Whether a pair log-difference lies inside the fence.
    #[must_use]
    pub fn admits(&self, log_diff: f64) -> bool {
        (log_diff - self.center).abs() <= self.half_width
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tenfold_interruptions_fall_outside() {
        let pilot: Vec<f64> = (0..40).map(|i| 0.01 * ((i % 7) as f64 - 3.0)).collect();
        let fence = Fence::from_pilot(&pilot);
        assert!(fence.admits(0.03));
        assert!(!fence.admits(10f64.ln()));
        assert!(!fence.admits(-(10f64.ln())));
    }

    #[test]
    fn steady_pilots_get_the_minimum_width() {
        let fence = Fence::from_pilot(&[0.1; 16]);
        assert_eq!(fence.center, 0.1);
        assert!((fence.half_width - FENCE_SIGMAS * MIN_SCALE).abs() < 1e-15);
    }

    #[test]
    fn a_noisy_pilot_cannot_open_the_fence_wide() {
        let pilot: Vec<f64> = (0..40).map(|i| 0.5 * ((i % 5) as f64 - 2.0)).collect();
        assert_eq!(Fence::from_pilot(&pilot).half_width, MAX_HALF_WIDTH);
    }

    #[test]
    fn empty_pilot_admits_everything() {
        assert!(Fence::from_pilot(&[]).admits(1e9));
    }
}
