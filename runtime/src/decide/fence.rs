//! Setting aside interrupted pairs.
//!
//! When the OS interrupts one half of a pair, that pair's log-difference is off by up to
//! ln 10 or more, far outside the spread of undisturbed pairs. The fence is fixed from pilot
//! pairs measured before the test starts, and a duo is set aside when either of its pairs
//! falls outside. Its width stays fixed; its centre follows the data ([`FollowingFence`]):
//! a ratio that moves during the run is evidence about the routines, and a fence fixed
//! around the pilot's ratio would set aside nearly every duo after the move
//! (docs/DESIGN-MEASUREMENTS.md). The centre is the median of the most recent
//! pairs, set-aside ones included, so isolated outliers cannot drag it but a lasting move
//! takes it along within [`RECENT_PAIRS`] / 2 pairs. Whether set-aside duos may stay out of
//! the estimate at all is decided separately (`ownership`).

use super::duo_times::DuoTimes;
use crate::stats::{mad, median};
use std::collections::VecDeque;

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

/// Pairs whose median is the following fence's centre.
pub const RECENT_PAIRS: usize = 32;

/// A fence of fixed width whose centre is the median of the most recent pairs.
#[derive(Clone, Debug)]
pub struct FollowingFence {
    fence: Fence,
    recent: RecentWindow,
    follow: bool,
    /// Recent batch times of each routine, to tell which routine's batch was the slow one.
    recent_first: RecentWindow,
    recent_second: RecentWindow,
}

/// The most recent values, at most `RECENT_PAIRS`, in arrival order and sorted: the
/// median is asked for after every push, and keeping the sorted copy costs one insertion
/// and one removal where a selection over the window each time cost half of a simulated
/// run's time.
#[derive(Clone, Debug, Default)]
struct RecentWindow {
    order: VecDeque<f64>,
    sorted: Vec<f64>,
}

impl RecentWindow {
    /// A window holding the last `RECENT_PAIRS` of `values`.
    fn of(values: &[f64]) -> Self {
        let mut window = Self::default();
        for &x in &values[values.len().saturating_sub(RECENT_PAIRS)..] {
            window.push(x);
        }
        window
    }

    /// Adds `x`, dropping the oldest value once the window is full.
    fn push(&mut self, x: f64) {
        if self.order.len() == RECENT_PAIRS {
            if let Some(old) = self.order.pop_front() {
                let at = self.sorted.partition_point(|v| v.total_cmp(&old).is_lt());
                self.sorted.remove(at);
            }
        }
        self.order.push_back(x);
        let at = self.sorted.partition_point(|v| v.total_cmp(&x).is_lt());
        self.sorted.insert(at, x);
    }

    /// The median (the upper middle value for an even count: the difference is far below
    /// any fence's width). `NaN` for an empty window.
    fn median(&self) -> f64 {
        self.sorted
            .get(self.sorted.len() / 2)
            .copied()
            .unwrap_or(f64::NAN)
    }
}

impl FollowingFence {
    /// A fence from the pilot's pair log-differences; with `follow` off its centre stays at
    /// the pilot median (a fence without the safeguards, kept for the simulations' controls).
    #[must_use]
    pub fn new(pilot: &[f64], follow: bool) -> Self {
        Self {
            fence: Fence::from_pilot(pilot),
            recent: RecentWindow::of(pilot),
            follow,
            recent_first: RecentWindow::default(),
            recent_second: RecentWindow::default(),
        }
    }

    /// Seeds each routine's recent batch times with the pilot's, so that the first outliers
    /// of the test are told apart against a typical batch: with an empty history the first
    /// few medians are of one or two batches, which can put a routine's own first outliers
    /// on the other routine and make the split look like machine noise (the amortized-cost
    /// simulations of long routines fail without it).
    #[must_use]
    pub fn with_batch_history(mut self, pilot: &[DuoTimes]) -> Self {
        // Each duo adds two batch times per routine; only the last window's worth stay.
        for duo in &pilot[pilot.len().saturating_sub(RECENT_PAIRS.div_ceil(2))..] {
            self.remember_batches(duo);
        }
        self
    }

    /// Adds a duo's batch times to each routine's recent window.
    fn remember_batches(&mut self, duo: &DuoTimes) {
        for t in [duo.first_forward, duo.first_backward] {
            self.recent_first.push(t);
        }
        for t in [duo.second_forward, duo.second_backward] {
            self.recent_second.push(t);
        }
    }

    /// Which routine made one duo an outlier: `None` if both its pairs lie inside the fence,
    /// else `Some(true)` when the first routine's batch was the slow one, `Some(false)` when
    /// the second's was. Then moves the centre. Cost: O(`RECENT_PAIRS`).
    ///
    /// The slow batch is the one furthest above its own routine's recent median batch time:
    /// judged against the pair's centre instead, a routine whose own outliers fill half the
    /// recent pairs drags the centre up, and its ordinary pairs then look like the other
    /// routine's outliers. Before any history, the sign of the pairs' excess decides.
    pub fn outlier_side(&mut self, duo: &DuoTimes) -> Option<bool> {
        let diffs = duo.log_diffs();
        let outside = diffs.iter().any(|&d| !self.fence.admits(d));
        let first_median = self.recent_first.median();
        let second_median = self.recent_second.median();
        let first_slow = if first_median.is_nan() || second_median.is_nan() {
            diffs
                .iter()
                .filter(|&&d| !self.fence.admits(d))
                .map(|d| d - self.fence.center)
                .sum::<f64>()
                > 0.0
        } else {
            let rise = |t: f64, median: f64| (t / median).ln();
            let first = rise(duo.first_forward.max(duo.first_backward), first_median);
            let second = rise(duo.second_forward.max(duo.second_backward), second_median);
            first > second
        };
        self.remember_batches(duo);
        if self.follow {
            for d in diffs {
                self.recent.push(d);
            }
            self.fence.center = self.recent.median();
        }
        outside.then_some(first_slow)
    }

    /// Half the fence's width, in log units: a pair further than this from the centre is
    /// an outlier.
    #[must_use]
    pub fn half_width(&self) -> f64 {
        self.fence.half_width
    }

    /// The fence as it stands now.
    #[cfg(test)]
    #[must_use]
    pub fn fence(&self) -> Fence {
        self.fence
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn duo(ratio: f64) -> DuoTimes {
        DuoTimes {
            first_forward: ratio,
            second_forward: 1.0,
            second_backward: 1.0,
            first_backward: ratio,
        }
    }

    #[test]
    fn the_first_outliers_are_put_on_the_routine_whose_batch_rose() {
        // The first routine's own slow batch (six times its usual time) in the forward pair,
        // then in the backward pair. With empty histories the second duo's "median" of the
        // first routine is the spike itself, and the outlier was put on the second routine.
        let pilot: Vec<DuoTimes> = (0..8).map(|_| duo(1.0)).collect();
        let diffs: Vec<f64> = pilot.iter().flat_map(DuoTimes::log_diffs).collect();
        let spiked = [
            DuoTimes {
                first_forward: 6.0,
                ..duo(1.0)
            },
            DuoTimes {
                first_backward: 6.0,
                ..duo(1.0)
            },
        ];
        let mut seeded = FollowingFence::new(&diffs, true).with_batch_history(&pilot);
        assert_eq!(
            spiked.map(|d| seeded.outlier_side(&d)),
            [Some(true), Some(true)]
        );
        let mut empty = FollowingFence::new(&diffs, true);
        assert_eq!(
            spiked.map(|d| empty.outlier_side(&d)),
            [Some(true), Some(false)]
        );
    }

    #[test]
    fn the_centre_follows_a_lasting_move_and_says_who_was_slow() {
        let pilot = [0.0; 16];
        let mut fixed = FollowingFence::new(&pilot, false);
        let mut following = FollowingFence::new(&pilot, true);
        assert_eq!(following.outlier_side(&duo(1.0)), None);
        assert_eq!(following.outlier_side(&duo(0.5)), Some(false));
        // The ratio moves to 1.5 and stays: the following fence admits it after a while.
        let moved: Vec<Option<bool>> = (0..40).map(|_| following.outlier_side(&duo(1.5))).collect();
        assert_eq!(moved[0], Some(true));
        assert_eq!(moved[39], None);
        assert!((following.fence().center - 1.5f64.ln()).abs() < 1e-12);
        assert!((0..40).all(|_| fixed.outlier_side(&duo(1.5)).is_some()));
    }

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
