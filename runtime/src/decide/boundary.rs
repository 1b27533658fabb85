//! The interval a look of the sequential test judges with, from the block values' count,
//! mean and spread: Lai's t-mixture at every count. The simulations also measure Student's
//! t at a schedule of counts, alpha shared between the looks and a mixture (tests only):
//! it decides a 1% difference of 2 ms routines in 150 duos rather than 175, but its
//! interval misses the truth in 8–10% of runs under an AR(1) of 0.9 at 2 ms and 7–11%
//! under log-normal noise of 10% at 20 and 50 ms, scenarios the mixture covers
//! (`simulation/boundaries.rs`; docs/STATISTICS.md, step 8), so the mixture is what runs.
//!
//! Both hold for independent normal observations: the mixture at every count at once
//! (Ville's inequality), each scheduled look on its own share (a union bound over the
//! looks). At a look of the schedule the interval is the narrower of the two; between looks
//! and past the schedule, the mixture's. Whichever a look takes, every interval it can show
//! belongs to one of the events the union bound counts, so all of them cover at once with
//! probability at least 1 − alpha.

use crate::stats::{ConfidenceSequence, ScheduledLooks};

/// Units at which the alternative measured looks with Student's t: where decisions of a 1%
/// difference of 2 ms routines fall, and the 5 s budget's end at 2 ms (24 units of 25 duos).
#[cfg(test)]
pub const UNIT_LOOKS: &[usize] = &[4, 6, 8, 12, 16, 24];

/// How a test on units draws its interval (docs/STATISTICS.md, "Decision").
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Boundary {
    /// Lai's t-mixture alone, tightest at `target` units.
    Mixture {
        /// Units the mixture is tightest at.
        target: f64,
        /// Units a decision waits for.
        min_units: usize,
    },
    /// Student's t at the `looks`, which share `share` of alpha equally; the t-mixture,
    /// tightest at `target`, holds the rest at every count (none when `share` is 1). The
    /// alternative the simulations measure; no run uses it.
    #[cfg_attr(not(test), allow(dead_code))]
    Scheduled {
        /// Units looked at.
        looks: &'static [usize],
        /// The share of alpha the looks spend together.
        share: f64,
        /// Units the mixture is tightest at.
        target: f64,
    },
}

impl Boundary {
    /// Units the mixture is tightest at.
    #[must_use]
    pub fn target(self) -> f64 {
        match self {
            Boundary::Mixture { target, .. } | Boundary::Scheduled { target, .. } => target,
        }
    }

    /// Units a decision waits for: the first scheduled look's.
    #[must_use]
    pub fn min_units(self) -> usize {
        match self {
            Boundary::Mixture { min_units, .. } => min_units,
            Boundary::Scheduled { looks, .. } => looks[0],
        }
    }
}

/// One estimate's intervals at one error rate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Bound {
    mixture: Option<ConfidenceSequence>,
    looks: Option<ScheduledLooks>,
}

impl Bound {
    /// The intervals `boundary` draws at error rate `alpha`, the mixture tightest at
    /// `target` counts.
    pub(crate) fn new(boundary: Boundary, alpha: f64) -> Self {
        let target = boundary.target();
        match boundary {
            Boundary::Mixture { .. } => Self {
                mixture: Some(ConfidenceSequence::new(alpha, target)),
                looks: None,
            },
            Boundary::Scheduled { looks, share, .. } => Self {
                mixture: (share < 1.0)
                    .then(|| ConfidenceSequence::new(alpha * (1.0 - share), target)),
                looks: (share > 0.0).then(|| ScheduledLooks::new(alpha * share, looks)),
            },
        }
    }

    /// The interval after `n` observations with mean `mean` and squared deviations summing
    /// to `sum_sq_dev`: the narrower of the mixture's and, at a scheduled count, the look's;
    /// `None` while neither is bounded. `n` counts `observed` observations as fewer when
    /// they are lumpy or dependent: then no look is scheduled, since the same count could
    /// come back at later looks, which the union bound does not count.
    pub(crate) fn interval(
        &self,
        n: usize,
        observed: usize,
        mean: f64,
        sum_sq_dev: f64,
    ) -> Option<(f64, f64)> {
        let mixture = self.mixture.and_then(|m| m.half_width(n, sum_sq_dev));
        let look = self
            .looks
            .filter(|_| n == observed)
            .and_then(|l| l.half_width(n, sum_sq_dev));
        let half = match (mixture, look) {
            (Some(a), Some(b)) => a.min(b),
            (a, b) => a.or(b)?,
        };
        Some((mean - half, mean + half))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_look_takes_the_narrower_interval_and_other_counts_the_mixtures() {
        let boundary = Boundary::Scheduled {
            looks: UNIT_LOOKS,
            share: 0.8,
            target: 12.0,
        };
        let bound = Bound::new(boundary, 0.05);
        let mixture = ConfidenceSequence::new(0.05 * (1.0 - 0.8), 12.0);
        let looks = ScheduledLooks::new(0.05 * 0.8, UNIT_LOOKS);
        // Between looks: the mixture at its fifth of alpha.
        assert_eq!(
            bound.interval(7, 7, 0.0, 6.0),
            mixture.interval(7, 0.0, 6.0)
        );
        // At six units the look is the narrower.
        let (_, high) = bound.interval(6, 6, 0.0, 5.0).unwrap();
        assert_eq!(Some(high), looks.half_width(6, 5.0));
        assert!(high < mixture.half_width(6, 5.0).unwrap());
        // Six units counted of nine observed: the mixture's.
        assert_eq!(
            bound.interval(6, 9, 0.0, 5.0),
            mixture.interval(6, 0.0, 5.0)
        );
        // Without a share for the mixture, nothing between looks.
        let only = Bound::new(
            Boundary::Scheduled {
                looks: UNIT_LOOKS,
                share: 1.0,
                target: 12.0,
            },
            0.05,
        );
        assert_eq!(only.interval(7, 7, 0.0, 6.0), None);
        assert!(only.interval(8, 8, 0.0, 7.0).is_some());
    }
}
