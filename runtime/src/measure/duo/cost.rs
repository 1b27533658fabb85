//! What a duo costs, for the run's time budget: one duo by wall clock, and what
//! the fewest duos of a meaningful comparison would cost (see `crate::measure::Deadline`).

use super::one_duo::{MeasuredDuo, Sizes};
use crate::decide::{min_decision_duos, Sequential};
use crate::measure::Deadline;
use crate::measure::TimeBatch;
use std::time::Duration;

/// Pilot pairs measured at the final batch size before the test starts; they fix the
/// outlier fence.
pub(super) const MIN_PILOT_DUOS: usize = 8;
/// A block of duos should span about this long, so block means average out short-range
/// dependence between consecutive duos.
const BLOCK_TARGET_NS: f64 = 1_000_000.0;
/// Upper bound on duos per block, so that slow routines still give enough blocks.
const MAX_DUOS_PER_BLOCK: f64 = 64.0;

/// Duos per block: a block of duos should span about [`BLOCK_TARGET_NS`].
pub(super) fn duos_per_block(duo_ns: f64) -> usize {
    (BLOCK_TARGET_NS / duo_ns.max(1.0))
        .ceil()
        .clamp(1.0, MAX_DUOS_PER_BLOCK) as usize
}

/// The minimum of a comparison, in words (see [`MIN_PILOT_DUOS`] and the sequential test's
/// `min_blocks`).
pub const FEWEST: &str =
    "8 pilot duos and 10 blocks of duos, or 6 units of 25 duos or of 200 ms (and 75 duos, or 2 s of them, at least)";

/// Duos whose pace is remembered.
const RECENT: usize = 5;

/// How long duos take, by wall clock (bookkeeping and drops included), for the budget.
pub struct DuoCost {
    /// Wall time of one call of each routine (first, second), for weighing batch sizes
    /// against each other: from the probes, then from the latest duo.
    call_ns: [f64; 2],
    /// Wall time of one duo at `recent_iters`: the median of the latest [`RECENT`] duos,
    /// so that one duo stalled by the machine does not make the budget look spent.
    duo_ns_at_recent: f64,
    /// The fastest of those duos: what the machine allows when it lets the run be.
    best_duo_ns_at_recent: f64,
    /// The latest duos' wall time, oldest first.
    recent: Vec<f64>,
    /// The batch sizes those duos ran at.
    recent_iters: Sizes,
    /// Time the probing calls took.
    pub probe_time: Duration,
}

impl DuoCost {
    /// Calls each routine once, unless the budget is over after the first.
    pub fn probe(
        first_routine: &mut impl TimeBatch,
        second_routine: &mut impl TimeBatch,
        deadline: &Deadline,
    ) -> Self {
        let first = first_routine.time_batch(1);
        let second = if deadline.fits(0.0) {
            second_routine.time_batch(1)
        } else {
            // Unknown; as slow as the first is the likelier guess than free.
            first
        };
        let call_ns = [first, second].map(|ns| ns.max(1.0));
        Self {
            call_ns,
            duo_ns_at_recent: 2.0 * (call_ns[0] + call_ns[1]),
            best_duo_ns_at_recent: 2.0 * (call_ns[0] + call_ns[1]),
            recent: Vec::with_capacity(RECENT + 1),
            recent_iters: [1, 1],
            probe_time: deadline.elapsed(),
        }
    }

    /// What a duo at `iters` costs against one at the recent sizes, by the routines' calls.
    fn weight(&self, iters: Sizes) -> f64 {
        iters[0] as f64 * self.call_ns[0] + iters[1] as f64 * self.call_ns[1]
    }

    /// Expected wall time of one duo at `iters` iterations per batch.
    pub fn duo_ns(&self, iters: Sizes) -> f64 {
        self.duo_ns_at_recent * self.weight(iters) / self.weight(self.recent_iters)
    }

    /// Records that a duo that measured `timings` took `took`.
    pub fn record(&mut self, timings: &MeasuredDuo, took: Duration) {
        let iters = timings.iters;
        let per_iter = timings.per_iter_ns();
        if per_iter.iter().all(|ns| ns.is_finite() && *ns > 0.0) {
            self.call_ns = per_iter;
        }
        // A duo's fixed costs weigh less in larger batches: only the latest sizes' duos
        // predict the next ones.
        if self.recent_iters != iters {
            self.recent.clear();
            self.recent_iters = iters;
        }
        self.recent.push(took.as_nanos() as f64);
        if self.recent.len() > RECENT {
            self.recent.remove(0);
        }
        let mut sorted = self.recent.clone();
        sorted.sort_by(f64::total_cmp);
        self.duo_ns_at_recent = sorted[sorted.len() / 2];
        self.best_duo_ns_at_recent = sorted[0];
    }

    /// Expected wall time of the fewest duos a decision needs, `pilot_duos` of the pilot
    /// already measured: the rest of a pilot of `min_pilot`, then `blocks` blocks, and at least
    /// `floor` duos after the pilot; with a floor, also the units a decision waits for after
    /// a pilot too short to measure the dependence (`Sequential::decision_floor`).
    pub fn fewest_duos_ns(
        &self,
        iters: Sizes,
        (pilot_duos, min_pilot): (usize, usize),
        blocks: usize,
        floor: usize,
    ) -> f64 {
        Self::fewest_at(self.duo_ns(iters), (pilot_duos, min_pilot), blocks, floor)
    }

    /// [`DuoCost::fewest_duos_ns`] at the pace of the fastest recent duo: whether the
    /// minimum can fit at all. A busy machine slows a few duos many times over now and
    /// then; at their median pace a comparison would give up in its first second, with
    /// most of its budget left, on a minimum that fits once the machine lets it run.
    pub fn fewest_duos_ns_at_best(
        &self,
        iters: Sizes,
        (pilot_duos, min_pilot): (usize, usize),
        blocks: usize,
        floor: usize,
    ) -> f64 {
        let best = self.best_duo_ns_at_recent * self.weight(iters) / self.weight(self.recent_iters);
        Self::fewest_at(best, (pilot_duos, min_pilot), blocks, floor)
    }

    fn fewest_at(
        duo_ns: f64,
        (pilot_duos, min_pilot): (usize, usize),
        blocks: usize,
        floor: usize,
    ) -> f64 {
        let block = duos_per_block(duo_ns);
        let pilot = min_pilot.max(pilot_duos);
        // The caller's floor counts duos; the test's own is shorter where 75 duos would
        // span more than its time floor (calls of about 6.5 ms and up), and a budget judged
        // on the count would give up on routines of 20 ms that the test decides in 5 s.
        let floor = if floor > 0 {
            floor
                .min(min_decision_duos(duo_ns))
                .max(Sequential::decision_floor(duo_ns, pilot, block))
        } else {
            0
        };
        let duos = (pilot - pilot_duos) + (blocks * block).max(floor);
        duos as f64 * duo_ns
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pace(call_ns: [f64; 2]) -> DuoCost {
        DuoCost {
            call_ns,
            duo_ns_at_recent: 2.0 * (call_ns[0] + call_ns[1]),
            best_duo_ns_at_recent: 2.0 * (call_ns[0] + call_ns[1]),
            recent: Vec::new(),
            recent_iters: [1, 1],
            probe_time: Duration::ZERO,
        }
    }

    fn timings(iters: Sizes, per_iter: [f64; 2]) -> MeasuredDuo {
        let [a, b] = [0, 1].map(|side| per_iter[side] * iters[side] as f64);
        MeasuredDuo {
            iters,
            ..MeasuredDuo::wall_only([a, b, b, a])
        }
    }

    #[test]
    fn a_duo_costs_each_routines_batches() {
        let mut cost = pace([35.0, 185_000.0]);
        // Before any duo: the probed calls.
        assert_eq!(cost.duo_ns([1, 1]), 2.0 * 185_035.0);
        // Five thousand short calls weigh as much as one long one.
        let expected = 2.0 * (5_000.0 * 35.0 + 185_000.0);
        assert!((cost.duo_ns([5_000, 1]) / expected - 1.0).abs() < 1e-12);
        // A recorded duo sets the pace at its sizes and the calls' weights.
        let t = timings([5_000, 1], [40.0, 200_000.0]);
        cost.record(&t, Duration::from_micros(820));
        assert!((cost.duo_ns([5_000, 1]) - 820_000.0).abs() < 1e-6);
        let doubled = cost.duo_ns([10_000, 2]);
        assert!((doubled - 1_640_000.0).abs() < 1e-3, "{doubled}");
    }

    #[test]
    fn the_fewest_duos_hold_the_units_a_decision_waits_for() {
        // One duo a block: after the 8-duo pilot, six units of 25 duos; a 200-duo pilot
        // measures the dependence, topped up to 504 duos by the run's first 304, then ten
        // blocks of twelve; without a floor, the blocks.
        let duo_ns = 8e6;
        assert_eq!(
            DuoCost::fewest_at(duo_ns, (0, MIN_PILOT_DUOS), 10, 75),
            (8.0 + 150.0) * duo_ns
        );
        assert_eq!(
            DuoCost::fewest_at(duo_ns, (200, MIN_PILOT_DUOS), 10, 75),
            (304.0 + 120.0) * duo_ns
        );
        assert_eq!(
            DuoCost::fewest_at(duo_ns, (8, MIN_PILOT_DUOS), 10, 0),
            10.0 * duo_ns
        );
    }

    #[test]
    fn the_fewest_duos_of_a_long_routine_span_the_time_floor_not_75_duos() {
        // Duos of 70 ms (calls of about 17 ms): the floor is the 29 duos that span 2 s, so
        // the fewest fit the default 5 s budget; counted as 75 duos they would not (5.8 s).
        let duo_ns = 7e7;
        let fewest = DuoCost::fewest_at(duo_ns, (0, MIN_PILOT_DUOS), 10, 75);
        assert_eq!(fewest, (8.0 + 29.0) * duo_ns);
        assert!(fewest < 5e9, "{fewest}");
        // Duos of 8 ms keep the 75-duo floor (and the units above it).
        assert_eq!(
            DuoCost::fewest_at(8e6, (0, MIN_PILOT_DUOS), 10, 75),
            (8.0 + 150.0) * 8e6
        );
    }

    #[test]
    fn equal_sizes_scale_with_the_count() {
        let mut cost = pace([100.0, 100.0]);
        let t = timings([200, 200], [100.0, 100.0]);
        for took in [90, 80, 1_000, 80] {
            cost.record(&t, Duration::from_micros(took));
        }
        // The median of the recent duos: one stalled duo does not count.
        assert!((cost.duo_ns([200, 200]) - 90_000.0).abs() < 1e-6);
        assert!((cost.duo_ns([400, 400]) - 180_000.0).abs() < 1e-6);
    }
}
