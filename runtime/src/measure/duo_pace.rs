//! The pace of a duo run, for its time budget: what one duo costs by wall clock, and what
//! the fewest duos of a meaningful comparison would cost (see `super::budget`).

use super::budget::Deadline;
use super::time_batch::TimeBatch;
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
pub const FEWEST: &str = "8 pilot duos and 10 blocks of duos (75 duos at least)";

/// Duos whose pace is remembered.
const RECENT: usize = 5;

/// How long duos take, by wall clock (bookkeeping and drops included), for the budget.
pub struct DuoPace {
    /// Wall time of one duo of one iteration per batch: the median of the latest
    /// [`RECENT`] duos, so that one duo stalled by the machine does not make the budget
    /// look spent.
    ns_per_iter: f64,
    /// The latest duos' wall time per iteration, oldest first.
    recent: Vec<f64>,
    /// The batch size those duos ran at.
    recent_iters: u64,
    /// Time the probing calls took.
    pub probe_time: Duration,
}

impl DuoPace {
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
        Self {
            ns_per_iter: 2.0 * (first + second),
            recent: Vec::with_capacity(RECENT + 1),
            recent_iters: 1,
            probe_time: deadline.elapsed(),
        }
    }

    /// Expected wall time of one duo at `iters` iterations per batch.
    pub fn duo_ns(&self, iters: u64) -> f64 {
        self.ns_per_iter * iters as f64
    }

    /// Records that a duo at `iters` took `took`.
    pub fn record(&mut self, iters: u64, took: Duration) {
        // A duo's fixed costs weigh less in larger batches: only the latest size's duos
        // predict the next ones.
        if self.recent_iters != iters {
            self.recent.clear();
            self.recent_iters = iters;
        }
        self.recent
            .push(took.as_nanos() as f64 / iters.max(1) as f64);
        if self.recent.len() > RECENT {
            self.recent.remove(0);
        }
        let mut sorted = self.recent.clone();
        sorted.sort_by(f64::total_cmp);
        self.ns_per_iter = sorted[sorted.len() / 2];
    }

    /// Expected wall time of the fewest duos a decision needs, `pilot_duos` of the pilot
    /// already measured: the rest of the pilot, then `blocks` blocks, and at least
    /// `floor` duos after the pilot.
    pub fn fewest_duos_ns(
        &self,
        iters: u64,
        pilot_duos: usize,
        blocks: usize,
        floor: usize,
    ) -> f64 {
        let duo_ns = self.duo_ns(iters);
        let block = duos_per_block(duo_ns);
        let duos = MIN_PILOT_DUOS.saturating_sub(pilot_duos) + (blocks * block).max(floor);
        duos as f64 * duo_ns
    }
}
