//! Replication across process pairs: the interval of a cross-version comparison.
//!
//! Two processes of one executable differ in where their code, heap and stack sit, and that
//! alone can change a routine's speed by several percent for as long as the processes live
//! (Mytkowicz et al., "Producing wrong data without doing anything obviously wrong", 2009;
//! Curtsinger and Berger, "Stabilizer", 2013). Inside one pair of serving processes that
//! offset is constant, so no number of duos can see it, and an interval built from duos
//! alone describes the pair, not the code.
//!
//! So a comparison across versions runs in rounds, each with a fresh pair of processes
//! (fresh placements), each round equally long, and treats each round's estimate of the log
//! ratio as one observation. The spread between rounds holds both the duo-to-duo noise and
//! the pair-to-pair offsets; the confidence sequence over rounds (Lai's t-mixture,
//! `stats::sequential::sequence`, as for blocks within a process) covers the ratio the code has on
//! average over placements, at every look. Its assumption is that rounds are independent
//! and alike: each starts new processes, in a random order, with a random environment
//! size, so no placement is systematic to one side.

use super::sequential::MIN_DECISION_DUOS;
use super::verdict::{judge, log_margin, Verdict};
use crate::model::Claim;
use crate::stats::ConfidenceSequence;

/// Rounds the confidence sequence over rounds is tightest at.
pub const TARGET_PAIRS: f64 = 8.0;

/// Rounds a decision waits for. The interval is bounded from five rounds on (at alpha 0.05),
/// but a placement effect with two states, each in about half the pairs, keeps five rounds
/// in one state in one run of sixteen, and an interval from them misses the other state
/// (`simulation::pairs` holds alpha from six rounds on; docs/VALIDATION.md has its table).
pub const MIN_PAIRS: usize = 6;

/// Most rounds [`ProcessPairs::pairs_needed`] looks for.
const MOST_PAIRS: usize = 1_000;

/// The rounds of one cross-version comparison so far, and what they decide.
#[derive(Clone, Debug)]
pub struct ProcessPairs {
    claim: Option<Claim>,
    precision: f64,
    sequence: ConfidenceSequence,
    /// Each round's estimate of ln(latency(new) / latency(old)).
    estimates: Vec<f64>,
    /// Each round's own standard error of its estimate, where it had one.
    within_se: Vec<f64>,
    /// Duos measured over all rounds.
    duos: usize,
    decided: Option<Verdict>,
}

/// What the rounds found, for reports.
#[derive(Clone, Debug, PartialEq)]
pub struct PairSpread {
    /// Rounds measured, each with its own pair of processes.
    pub pairs: usize,
    /// Each round's log ratio, in order.
    pub log_ratios: Vec<f64>,
    /// Standard deviation of the rounds' log ratios (`None` before two rounds).
    pub between_sd: Option<f64>,
    /// The typical standard error a round's duos gave its own estimate (root mean square):
    /// what the spread between rounds would be if placement did not matter.
    pub within_se: Option<f64>,
    /// When undecided: rounds in all that the spread seen so far would need for the claim
    /// (or the precision) at the current estimate; `None` when decided or out of reach.
    pub pairs_needed: Option<usize>,
    /// How long each round ran, warmup included.
    pub round_secs: f64,
}

impl PairSpread {
    /// Whether the processes' placement, not the duos, set most of the spread: the spread
    /// between rounds is more than twice what their duos explain.
    #[must_use]
    pub fn placement_dominates(&self) -> bool {
        matches!((self.between_sd, self.within_se), (Some(b), Some(w)) if b > 2.0 * w)
    }
}

impl ProcessPairs {
    /// Rounds at error rate `alpha`, judging `claim`, or without one stopping once the log
    /// interval's half-width is at most `precision`.
    #[must_use]
    pub fn new(alpha: f64, claim: Option<Claim>, precision: f64) -> Self {
        Self {
            claim,
            precision,
            sequence: ConfidenceSequence::new(alpha, TARGET_PAIRS),
            estimates: Vec::new(),
            within_se: Vec::new(),
            duos: 0,
            decided: None,
        }
    }

    /// Adds one round's log ratio from `duos` duos (and its own standard error, if known);
    /// returns the verdict once decided. Rounds after a verdict are ignored.
    pub fn push(&mut self, log_ratio: f64, duos: usize, within_se: Option<f64>) -> Option<Verdict> {
        if self.decided.is_some() || !log_ratio.is_finite() {
            return self.decided;
        }
        self.estimates.push(log_ratio);
        self.duos += duos;
        self.within_se.extend(within_se.filter(|s| s.is_finite()));
        // A routine's own rare costs count in its mean only once the rounds together hold
        // them: the same floor as within one process.
        if self.len() < MIN_PAIRS || self.duos < MIN_DECISION_DUOS {
            return None;
        }
        let (low, high) = self.log_interval()?;
        self.decided = match &self.claim {
            Some(claim) => judge(claim, low.exp(), high.exp()),
            None => ((high - low) / 2.0 <= self.precision).then_some(Verdict::Reported),
        };
        self.decided
    }

    /// The verdict, if reached.
    #[must_use]
    pub fn decided(&self) -> Option<Verdict> {
        self.decided
    }

    /// Rounds so far.
    #[must_use]
    pub fn len(&self) -> usize {
        self.estimates.len()
    }

    /// Whether no round has been added.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.estimates.is_empty()
    }

    /// The mean of the rounds' log ratios (`NaN` before any).
    #[must_use]
    pub fn log_ratio(&self) -> f64 {
        self.estimates.iter().sum::<f64>() / self.estimates.len() as f64
    }

    fn sum_sq_dev(&self) -> f64 {
        let mean = self.log_ratio();
        self.estimates.iter().map(|x| (x - mean) * (x - mean)).sum()
    }

    /// The (1 − alpha) interval for the log ratio, once bounded (five rounds at the least
    /// at alpha 0.05).
    #[must_use]
    pub fn log_interval(&self) -> Option<(f64, f64)> {
        self.sequence
            .interval(self.len(), self.log_ratio(), self.sum_sq_dev())
    }

    /// Rounds in all that the spread between rounds seen so far needs before the interval
    /// is narrow enough to decide at the current estimate: for a claim, to exclude its
    /// nearest boundary; without one, to reach the precision.
    #[must_use]
    pub fn pairs_needed(&self) -> Option<usize> {
        if self.decided.is_some() || self.len() < 2 {
            return None;
        }
        let sd = (self.sum_sq_dev() / (self.len() - 1) as f64).sqrt();
        let goal = match &self.claim {
            Some(claim) => log_margin(claim, self.log_ratio()),
            None => self.precision,
        };
        (self.len().max(MIN_PAIRS)..=MOST_PAIRS).find(|&n| {
            self.sequence
                .half_width(n, sd * sd * (n - 1) as f64)
                .is_some_and(|h| h < goal)
        })
    }

    /// The rounds' spread for reports, each round `round_secs` long.
    #[must_use]
    pub fn spread(&self, round_secs: f64) -> PairSpread {
        let n = self.len();
        let within_se = (!self.within_se.is_empty()).then(|| {
            (self.within_se.iter().map(|s| s * s).sum::<f64>() / self.within_se.len() as f64).sqrt()
        });
        PairSpread {
            pairs: n,
            log_ratios: self.estimates.clone(),
            between_sd: (n >= 2).then(|| (self.sum_sq_dev() / (n - 1) as f64).sqrt()),
            within_se,
            pairs_needed: self.pairs_needed(),
            round_secs,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::SplitMix64;

    fn below(bound: f64) -> Option<Claim> {
        Some(Claim::Below {
            bound,
            inclusive: true,
        })
    }

    #[test]
    fn five_rounds_bound_the_interval_and_a_clear_claim_decides() {
        let mut pairs = ProcessPairs::new(0.05, below(1.025), 0.005);
        let mut rng = SplitMix64::new(3);
        let mut verdict = None;
        for round in 0..40 {
            verdict = pairs.push(1.05f64.ln() + 0.005 * rng.normal(), 100, Some(0.002));
            if round < 4 {
                assert_eq!(pairs.log_interval(), None, "round {round}");
            }
            if round < MIN_PAIRS - 1 {
                assert_eq!(verdict, None, "round {round}");
            }
            if verdict.is_some() {
                break;
            }
        }
        assert_eq!(verdict, Some(Verdict::Refuted));
        assert!(pairs.len() <= 8, "{}", pairs.len());
        let spread = pairs.spread(0.2);
        assert!(spread.placement_dominates(), "{spread:?}");
        assert_eq!(spread.pairs_needed, None);
    }

    #[test]
    fn an_undecided_run_says_how_many_pairs_would_decide_it() {
        let mut pairs = ProcessPairs::new(0.05, below(1.02), 0.005);
        for x in [0.01, -0.01, 0.02, 0.0, -0.02, 0.01] {
            assert_eq!(pairs.push(x, 100, None), None);
        }
        let needed = pairs.pairs_needed().expect("a finite count");
        assert!(needed > pairs.len(), "{needed}");
        // Adding rounds with the same spread decides at about that count.
        let mut more = pairs.clone();
        let cycle = [0.01, -0.01, 0.02, 0.0, -0.02, 0.01];
        let decided_at = (0..MOST_PAIRS)
            .find(|i| more.push(cycle[i % cycle.len()], 100, None).is_some())
            .map(|i| pairs.len() + i + 1)
            .expect("decided");
        assert!(
            decided_at.abs_diff(needed) <= needed / 3 + 2,
            "{decided_at} vs {needed}"
        );
    }
}
