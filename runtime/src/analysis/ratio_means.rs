//! The two means a comparison's ratio is of: each routine's mean time per iteration over the
//! duos the estimate rests on, so that first / second is the reported ratio, and how many
//! measured duos they leave out and why.

use crate::decide::{Basis, BlockSums, Sequential};

/// Each routine's mean per iteration over the duos the ratio rests on: the completed blocks
/// of the sequential test, less the duos the fence set aside when the estimate leaves them
/// out (`Basis::Fenced`). `first / second` is the ratio of means the comparison reports.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct RatioMeans {
    /// The first routine's mean per iteration (nanoseconds of the clock that judged, or the
    /// count of the measure).
    pub first: f64,
    /// The second routine's mean per iteration, as `first`.
    pub second: f64,
    /// Duos the means are over (two batches of each routine per duo).
    pub duos: usize,
    /// Duos of the completed blocks the fence set aside, which the means leave out (0 when
    /// the estimate counts every duo).
    pub outliers_left_out: usize,
    /// Duos measured after the last completed block: in no block, so in no estimate.
    pub after_last_block: usize,
}

impl RatioMeans {
    /// The means behind `test`'s estimate, `None` before it has one (two blocks).
    #[must_use]
    pub(crate) fn of(test: &Sequential) -> Option<Self> {
        let basis = test.estimate()?.basis;
        let duos_per_block = test.settings().duos_per_block;
        // The blocks the ratio of means counts: as `stats::PairedSums`, those with both sums
        // positive.
        let used = || {
            test.blocks()
                .iter()
                .map(|b| on_basis(b, basis, duos_per_block))
                .filter(|&(first, second, _)| first > 0.0 && second > 0.0)
        };
        let (first, second, duos) =
            used().fold((0.0, 0.0, 0), |(a, b, n), (x, y, k)| (a + x, b + y, n + k));
        if duos == 0 {
            return None;
        }
        let in_blocks = duos_per_block * test.blocks().len();
        let fenced = basis == Basis::Fenced;
        let kept: usize = test.blocks().iter().map(|b| b.kept_duos).sum();
        // A duo's sums hold the per-iteration times of both batches of each routine.
        let batches = 2.0 * duos as f64;
        Some(RatioMeans {
            first: first / batches,
            second: second / batches,
            duos,
            outliers_left_out: if fenced { in_blocks - kept } else { 0 },
            after_last_block: test.duo_means().len().saturating_sub(in_blocks),
        })
    }

    /// Their ratio, first / second: the reported ratio of means.
    #[must_use]
    pub fn ratio(&self) -> f64 {
        self.first / self.second
    }
}

/// One block's summed times of the first and second routine on `basis`, and the duos they
/// hold: the kept duos' for a fenced estimate, every duo's otherwise.
pub(crate) fn on_basis(
    block: &BlockSums,
    basis: Basis,
    duos_per_block: usize,
) -> (f64, f64, usize) {
    match basis {
        Basis::Fenced => (block.kept_first, block.kept_second, block.kept_duos),
        Basis::Unfenced | Basis::Unsettled(_) => {
            (block.all_first, block.all_second, duos_per_block)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decide::{DuoTimes, SequentialSettings};

    /// A test at ratio 0.9 with 1% noise over `duos` duos, in two of every 25 of which one
    /// routine's batch is 5 times slower, each routine in turn (machine noise, set aside).
    fn test_of(duos: usize) -> Sequential {
        let mut rng = crate::stats::SplitMix64::new(3);
        let mut noisy = |ns: f64| ns * (0.01 * rng.normal()).exp();
        let mut duo = |(a, b): (f64, f64)| DuoTimes {
            first_forward: noisy(900.0 * a),
            second_forward: noisy(1_000.0 * b),
            second_backward: noisy(1_000.0),
            first_backward: noisy(900.0),
        };
        let pilot: Vec<DuoTimes> = (0..16).map(|_| duo((1.0, 1.0))).collect();
        let settings = SequentialSettings {
            precision: 0.0,
            ..SequentialSettings::new(0.05, None, 4)
        };
        let mut test = Sequential::new(settings, &pilot);
        for i in 0..duos {
            test.push_duo(&duo(match i % 25 {
                7 => (5.0, 1.0),
                19 => (1.0, 5.0),
                _ => (1.0, 1.0),
            }));
        }
        test
    }

    #[test]
    fn the_means_give_the_estimate_and_count_what_they_leave_out() {
        let test = test_of(402);
        let estimate = test.estimate().expect("an estimate");
        assert_eq!(estimate.basis, Basis::Fenced);
        let means = RatioMeans::of(&test).expect("means");
        let relative = (means.ratio() / estimate.log_ratio.exp() - 1.0).abs();
        assert!(relative < 1e-12, "{means:?} against {estimate:?}");
        // 100 blocks of 4 and 2 duos after them; the slow duos left out.
        assert_eq!(means.after_last_block, 2);
        assert_eq!(means.outliers_left_out, test.duos_set_aside());
        assert_eq!(means.duos + means.outliers_left_out, 400);
        assert!(means.outliers_left_out >= 30, "{means:?}");
        // Per iteration: the routines' own 900 and 1000 ns, not pulled up by the slow batches
        // (which raise an all-duo mean by 4%).
        assert!((means.first / 900.0 - 1.0).abs() < 0.01, "{means:?}");
        assert!((means.second / 1_000.0 - 1.0).abs() < 0.01, "{means:?}");
    }

    #[test]
    fn no_means_before_an_estimate() {
        assert_eq!(RatioMeans::of(&test_of(5)), None);
    }
}
