//! The sequential test: blocks of duos, an anytime-valid confidence sequence, and a stop as
//! soon as the claim is decided.
//!
//! Each duo — (first, second) then (second, first) — gives two pair log-differences whose
//! mean cancels the ordering effect. Consecutive duos are not independent (the machine's
//! state drifts), so the observations fed to the confidence sequence are means over blocks
//! of `duos_per_block` kept duos: batch means, whose variance allows for short-range
//! autocorrelation. The confidence sequence (Lai's t-mixture, see `stats::sequence`) holds at
//! every block count at once with probability 1 − alpha, so checking after every block and
//! stopping at the first decisive look keeps both error rates at most alpha.

use super::fence::Fence;
use super::verdict::{judge, log_margin, Verdict};
use crate::model::attrs::Claim;
use crate::stats::{ConfidenceSequence, RunningMoments};

/// Without a claim, a run stops once the log interval's half-width is at most this (±0.5%).
pub const DEFAULT_PRECISION: f64 = 0.005;

/// A decision waits until the interval's half-width is at most this fraction of the distance
/// between the estimate and the claim's nearest boundary.
pub const DECISION_PRECISION: f64 = 0.5;

/// Settings of the sequential test, resolved before measuring starts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SequentialSettings {
    /// Error rate: the interval is a (1 − alpha) confidence sequence.
    pub alpha: f64,
    /// What to decide; `None` stops once the interval is `precision` narrow.
    pub claim: Option<Claim>,
    /// Kept duos averaged into one observation.
    pub duos_per_block: usize,
    /// Blocks required before any decision.
    pub min_blocks: usize,
    /// Block count the confidence sequence is tightest at.
    pub target_blocks: f64,
    /// Without a claim: stop when the log interval's half-width is at most this.
    pub precision: f64,
}

impl SequentialSettings {
    /// Defaults for a claim (or none) and a block size.
    #[must_use]
    pub fn new(alpha: f64, claim: Option<Claim>, duos_per_block: usize) -> Self {
        Self {
            alpha,
            claim,
            duos_per_block: duos_per_block.max(1),
            min_blocks: 10,
            target_blocks: 64.0,
            precision: DEFAULT_PRECISION,
        }
    }
}

/// State of a running sequential test. Feed it duos; it says when to stop.
#[derive(Clone, Debug)]
pub struct Sequential {
    settings: SequentialSettings,
    fence: Fence,
    sequence: ConfidenceSequence,
    block_sum: f64,
    block_duos: usize,
    blocks: RunningMoments,
    block_means: Vec<f64>,
    duo_means: Vec<f64>,
    duos_set_aside: usize,
    decided: Option<Verdict>,
}

impl Sequential {
    /// Starts a test whose outlier fence comes from `pilot` pair log-differences.
    #[must_use]
    pub fn new(settings: SequentialSettings, pilot: &[f64]) -> Self {
        Self {
            settings,
            fence: Fence::from_pilot(pilot),
            sequence: ConfidenceSequence::new(settings.alpha, settings.target_blocks),
            block_sum: 0.0,
            block_duos: 0,
            blocks: RunningMoments::default(),
            block_means: Vec::new(),
            duo_means: Vec::new(),
            duos_set_aside: 0,
            decided: None,
        }
    }

    /// Adds one duo: `forward` = ln t(first) − ln t(second) from the (first, second) pair,
    /// `backward` the same difference from the (second, first) pair. Returns the verdict
    /// once the evidence is decisive; after that, further duos are ignored.
    pub fn push_duo(&mut self, forward: f64, backward: f64) -> Option<Verdict> {
        if self.decided.is_some() {
            return self.decided;
        }
        let duo_mean = 0.5 * (forward + backward);
        self.duo_means.push(duo_mean);
        if !(self.fence.admits(forward) && self.fence.admits(backward)) {
            self.duos_set_aside += 1;
            return None;
        }
        self.block_sum += duo_mean;
        self.block_duos += 1;
        if self.block_duos < self.settings.duos_per_block {
            return None;
        }
        let block_mean = self.block_sum / self.block_duos as f64;
        self.block_sum = 0.0;
        self.block_duos = 0;
        self.blocks.push(block_mean);
        self.block_means.push(block_mean);
        self.decided = self.look();
        self.decided
    }

    fn look(&self) -> Option<Verdict> {
        if self.blocks.n() < self.settings.min_blocks {
            return None;
        }
        let (low, high) = self.log_interval()?;
        match &self.settings.claim {
            // Stopping at the first decisive look favours extreme estimates: the interval
            // first clears the boundary when the estimate happens to be far from it. So a
            // decision also waits until the interval's half-width is at most half the distance
            // from the estimate to the claim's nearest boundary; the reported ratio is then
            // accurate, not just on the right side. Waiting longer cannot hurt validity: the
            // confidence sequence holds at every look.
            Some(claim) => judge(claim, low.exp(), high.exp()).filter(|_| {
                (high - low) / 2.0 <= DECISION_PRECISION * log_margin(claim, self.blocks.mean())
            }),
            None => ((high - low) / 2.0 <= self.settings.precision).then_some(Verdict::Reported),
        }
    }

    /// The current (1 − alpha) confidence-sequence interval for the mean log ratio, or `None`
    /// while it is still unbounded.
    #[must_use]
    pub fn log_interval(&self) -> Option<(f64, f64)> {
        self.sequence.interval(
            self.blocks.n(),
            self.blocks.mean(),
            self.blocks.sum_sq_dev(),
        )
    }

    /// The verdict reached so far, if any.
    #[must_use]
    pub fn decided(&self) -> Option<Verdict> {
        self.decided
    }

    /// The settings this test runs with.
    #[must_use]
    pub fn settings(&self) -> &SequentialSettings {
        &self.settings
    }

    /// Means of the completed blocks, in order.
    #[must_use]
    pub fn block_means(&self) -> &[f64] {
        &self.block_means
    }

    /// Every duo's mean log-difference, kept or not, in order.
    #[must_use]
    pub fn duo_means(&self) -> &[f64] {
        &self.duo_means
    }

    /// How many duos the fence set aside.
    #[must_use]
    pub fn duos_set_aside(&self) -> usize {
        self.duos_set_aside
    }

    /// The mean log ratio over completed blocks (`NaN` before the first block).
    #[must_use]
    pub fn log_estimate(&self) -> f64 {
        if self.blocks.n() == 0 {
            f64::NAN
        } else {
            self.blocks.mean()
        }
    }
}
