//! The regression gate over rounds of process pairs: a decision between "no slower than
//! allowed" and "slower than allowed" whose two error rates are both set in advance.
//!
//! A gate at P (`--max-regression P`) has two errors. A **false alarm** fails unchanged code
//! (true ratio 1); a **miss** passes a regression. Neither can be held at every true ratio:
//! a regression of exactly P is a coin toss for any procedure. So the gate is designed, as
//! a test with an indifference zone is, against two named points: false alarms at most α on
//! unchanged code, misses at most β at the **named regression** (1 + P)², about twice the
//! gate (4.04% for a 2% gate). Between them either outcome is acceptable, and the decision
//! threshold sits between them (at ln(1 + P) when α = β).
//!
//! The unit is the round: each round's log ratio comes from a fresh pair of processes, so
//! rounds are independent and alike (the same procedure measures each), and the spread
//! between them holds every per-process nuisance (code and heap placement) along with the
//! duos' noise. Whatever a round chooses from its own data (clock, outlier basis) it
//! chooses by the same rule in every round, so the rounds stay identically distributed.
//!
//! **Stein's two-stage test** (Stein, 1945, "A two-sample test for a linear hypothesis whose
//! power is independent of the variance") decides the gate:
//!
//! 1. The first [`FIRST_STAGE`] rounds give the spread `s₀` of the rounds' log ratios.
//! 2. From `s₀` alone, the rounds in all: `N = max(n₀, ⌈s₀² (t₁₋α′ + t₁₋β′)² / δ²⌉)` with
//!    the t quantiles at n₀ − 1 degrees of freedom and δ = ln((1 + P)²).
//! 3. After N rounds the gate fails ("regressed") when their mean log ratio exceeds
//!    `k = δ · t₁₋α′ / (t₁₋α′ + t₁₋β′)`, and passes otherwise.
//!
//! For independent normal rounds, `(x̄_N − μ)·√N / s₀` has exactly Student's t distribution
//! with n₀ − 1 degrees of freedom whatever the spread (N depends on `s₀` only, which is
//! independent of every round's mean), so both error rates are exact: at most α′ at μ = 0
//! and β′ at μ = δ. The price of not knowing the spread is the rounds `N` asks for, not an
//! error rate.
//!
//! **Early stop.** A clear result should not wait for N rounds: from [`MIN_ROUNDS`] on,
//! Lai's t-mixture confidence sequence over the rounds (`stats::sequence`) at
//! a fifth of the smaller error rate decides as soon as it lies wholly on one side of `k`.
//! Stopping there is wrong only when the sequence misses the truth, at most that fifth; the
//! two-stage test runs at the remaining four fifths (α′ = 0.8α, β′ = 0.8β), so each error
//! rate is at most its whole by a union bound.
//!
//! **Inconclusive** is what remains when the time budget ends before N rounds: the report
//! says how many rounds the spread asks for.

use crate::stats::{t_quantile, ConfidenceSequence};

/// Rounds of the first stage: they set the spread the second stage plans with. More rounds
/// tighten the t quantiles of the plan (at α′ = β′ = 0.04: 2.19 at 6 rounds, 2.05 at 8,
/// 1.97 at 10) and lower the chance that a placement with two states hides in one of them,
/// at the cost of the shortest gate.
pub const FIRST_STAGE: usize = 8;

/// Rounds before the early stop may decide: a placement with two states, each in about half
/// the pairs, keeps five rounds in one state in one run of sixteen.
pub const MIN_ROUNDS: usize = 6;

/// The share of each error rate the early stop spends.
const EARLY_SHARE: f64 = 0.2;

/// Rounds the early stop's confidence sequence is tightest at.
const EARLY_TARGET: f64 = 16.0;

/// How a gate ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GateOutcome {
    /// No slower than allowed.
    Pass,
    /// Slower than allowed.
    Regressed,
    /// The budget ended before the rounds the spread asks for.
    Inconclusive,
}

impl GateOutcome {
    /// The outcome's word in every report.
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            GateOutcome::Pass => "pass",
            GateOutcome::Regressed => "regressed",
            GateOutcome::Inconclusive => "inconclusive",
        }
    }
}

/// Which rule decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecidedBy {
    /// The early stop's confidence sequence lay wholly on one side of the threshold.
    EarlyStop,
    /// The two-stage test, after the rounds its plan asked for.
    TwoStage,
}

/// A gate's design: what it tests and at which error rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GateDesign {
    /// The largest regression allowed, as a fraction (0.02 for 2%).
    pub max_regression: f64,
    /// The false-alarm rate on unchanged code.
    pub alpha: f64,
    /// The miss rate at the named regression.
    pub beta: f64,
}

impl GateDesign {
    /// A gate at `max_regression` with false-alarm rate `alpha` and miss rate `beta`.
    ///
    /// # Panics
    ///
    /// If `max_regression` is not positive and finite, or a rate is not in (0, 0.5).
    #[must_use]
    pub fn new(max_regression: f64, alpha: f64, beta: f64) -> Self {
        assert!(
            max_regression > 0.0 && max_regression.is_finite(),
            "gate: max regression {max_regression} must be positive"
        );
        for rate in [alpha, beta] {
            assert!(
                rate > 0.0 && rate < 0.5,
                "gate: error rate {rate} not in (0, 0.5)"
            );
        }
        Self {
            max_regression,
            alpha,
            beta,
        }
    }

    /// The named regression's ratio, (1 + P)², at which misses are at most `beta`.
    #[must_use]
    pub fn named_regression(&self) -> f64 {
        (1.0 + self.max_regression).powi(2)
    }

    /// δ: the named regression's log ratio.
    fn delta(&self) -> f64 {
        2.0 * self.max_regression.ln_1p()
    }

    /// The two-stage test's t quantiles (for α′ and β′) at the first stage's degrees of
    /// freedom.
    fn quantiles(&self) -> (f64, f64) {
        let df = (FIRST_STAGE - 1) as f64;
        let two_stage = 1.0 - EARLY_SHARE;
        (
            t_quantile(1.0 - two_stage * self.alpha, df),
            t_quantile(1.0 - two_stage * self.beta, df),
        )
    }

    /// The log ratio above which the gate fails: ln(1 + P) when `alpha` = `beta`, nearer
    /// the named regression when false alarms are held tighter than misses.
    #[must_use]
    pub fn threshold(&self) -> f64 {
        let (ta, tb) = self.quantiles();
        self.delta() * ta / (ta + tb)
    }

    /// Rounds in all that a first-stage spread `sd` (of the rounds' log ratios) asks for.
    #[must_use]
    pub fn rounds_for(&self, sd: f64) -> usize {
        let (ta, tb) = self.quantiles();
        let needed = (sd * (ta + tb) / self.delta()).powi(2).ceil();
        // A spread too wide for any budget: the cap says inconclusive long before this.
        FIRST_STAGE.max(needed.min(1e9) as usize)
    }

    fn early(&self) -> ConfidenceSequence {
        ConfidenceSequence::new(EARLY_SHARE * self.alpha.min(self.beta), EARLY_TARGET)
    }
}

/// The gate over the rounds seen so far.
#[derive(Clone, Debug)]
pub struct TwoStageTest {
    design: GateDesign,
    /// Each round's log ratio (new over old), in order.
    estimates: Vec<f64>,
    /// The first stage's standard deviation, once it is complete.
    first_stage_sd: Option<f64>,
    decided: Option<(GateOutcome, DecidedBy)>,
}

impl TwoStageTest {
    /// A gate designed as `design`, before any round.
    #[must_use]
    pub fn new(design: GateDesign) -> Self {
        Self {
            design,
            estimates: Vec::new(),
            first_stage_sd: None,
            decided: None,
        }
    }

    /// The design.
    #[must_use]
    pub fn design(&self) -> &GateDesign {
        &self.design
    }

    /// Adds one round's log ratio; `floor_met` says whether the rounds so far hold enough
    /// of the routines' calls for their mean (a routine's rare costs must have had a chance
    /// to show). Returns the outcome once decided; rounds after it are ignored.
    pub fn push(&mut self, log_ratio: f64, floor_met: bool) -> Option<GateOutcome> {
        if self.decided.is_some() || !log_ratio.is_finite() {
            return self.outcome();
        }
        self.estimates.push(log_ratio);
        let n = self.estimates.len();
        if n == FIRST_STAGE {
            self.first_stage_sd = Some(sd(&self.estimates));
        }
        if !floor_met {
            return None;
        }
        let k = self.design.threshold();
        if n >= MIN_ROUNDS {
            let (mean, ss) = mean_and_ss(&self.estimates);
            if let Some((low, high)) = self.design.early().interval(n, mean, ss) {
                if low > k {
                    self.decided = Some((GateOutcome::Regressed, DecidedBy::EarlyStop));
                } else if high <= k {
                    self.decided = Some((GateOutcome::Pass, DecidedBy::EarlyStop));
                }
            }
        }
        if self.decided.is_none() && self.planned().is_some_and(|planned| n >= planned) {
            let (mean, _) = mean_and_ss(&self.estimates);
            let outcome = if mean > k {
                GateOutcome::Regressed
            } else {
                GateOutcome::Pass
            };
            self.decided = Some((outcome, DecidedBy::TwoStage));
        }
        self.outcome()
    }

    /// The outcome, once decided.
    #[must_use]
    pub fn outcome(&self) -> Option<GateOutcome> {
        self.decided.map(|(outcome, _)| outcome)
    }

    /// Which rule decided, once decided.
    #[must_use]
    pub fn decided_by(&self) -> Option<DecidedBy> {
        self.decided.map(|(_, by)| by)
    }

    /// The rounds in all that the first stage's spread asks for (`None` before it ends).
    #[must_use]
    pub fn planned(&self) -> Option<usize> {
        self.first_stage_sd.map(|sd| self.design.rounds_for(sd))
    }
}

fn mean_and_ss(xs: &[f64]) -> (f64, f64) {
    let mean = xs.iter().sum::<f64>() / xs.len() as f64;
    (mean, xs.iter().map(|x| (x - mean).powi(2)).sum())
}

fn sd(xs: &[f64]) -> f64 {
    let (_, ss) = mean_and_ss(xs);
    (ss / (xs.len() - 1) as f64).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::SplitMix64;

    #[test]
    fn the_design_puts_the_threshold_between_unchanged_and_the_named_regression() {
        let gate = GateDesign::new(0.02, 0.05, 0.05);
        assert!((gate.threshold() - 1.02f64.ln()).abs() < 1e-12);
        assert!((gate.named_regression() - 1.0404).abs() < 1e-12);
        // Holding false alarms tighter moves the threshold towards the named regression.
        let strict = GateDesign::new(0.02, 0.001, 0.05);
        assert!(strict.threshold() > gate.threshold());
        assert!(strict.threshold() < strict.delta());
    }

    #[test]
    fn the_plan_grows_with_the_square_of_the_spread() {
        let gate = GateDesign::new(0.02, 0.05, 0.05);
        assert_eq!(gate.rounds_for(0.0), FIRST_STAGE);
        let at_5 = gate.rounds_for(0.05);
        let at_10 = gate.rounds_for(0.10);
        assert!(at_5 > FIRST_STAGE, "{at_5}");
        assert!(
            (at_10 as f64 / at_5 as f64 - 4.0).abs() < 0.2,
            "{at_5} {at_10}"
        );
    }

    #[test]
    fn a_quiet_unchanged_gate_passes_by_the_end_of_the_first_stage() {
        let mut gate = TwoStageTest::new(GateDesign::new(0.02, 0.05, 0.05));
        let mut rng = SplitMix64::new(1);
        let mut outcome = None;
        for _ in 0..FIRST_STAGE {
            outcome = gate.push(0.002 * rng.normal(), true);
        }
        assert_eq!(outcome, Some(GateOutcome::Pass));
        // Without the early stop (a spread the sequence cannot yet bound tightly), the
        // two-stage test decides at the end of the first stage.
        let mut gate = TwoStageTest::new(GateDesign::new(0.02, 0.05, 0.05));
        for x in [0.03, -0.02, 0.01, -0.03, 0.02, -0.01, 0.025, -0.025] {
            outcome = gate.push(x, true);
        }
        assert_eq!(outcome, Some(GateOutcome::Pass));
        assert_eq!(gate.decided_by(), Some(DecidedBy::TwoStage));
        assert_eq!(gate.planned(), Some(FIRST_STAGE));
    }

    #[test]
    fn a_large_regression_stops_early_and_the_floor_holds_the_decision() {
        let mut gate = TwoStageTest::new(GateDesign::new(0.02, 0.05, 0.05));
        let mut rng = SplitMix64::new(2);
        for _ in 0..MIN_ROUNDS {
            assert_eq!(gate.push(0.8 + 0.05 * rng.normal(), false), None);
        }
        assert_eq!(
            gate.push(0.8 + 0.05 * rng.normal(), true),
            Some(GateOutcome::Regressed)
        );
        assert_eq!(gate.decided_by(), Some(DecidedBy::EarlyStop));
    }

    #[test]
    fn a_wide_spread_asks_for_more_rounds_before_deciding() {
        let mut gate = TwoStageTest::new(GateDesign::new(0.02, 0.05, 0.05));
        let mut rng = SplitMix64::new(3);
        for _ in 0..FIRST_STAGE {
            assert_eq!(gate.push(0.05 * rng.normal(), true), None);
        }
        let planned = gate.planned().expect("a plan");
        assert!(planned > FIRST_STAGE, "{planned}");
        let mut n = FIRST_STAGE;
        while gate.outcome().is_none() {
            gate.push(0.05 * rng.normal(), true);
            n += 1;
        }
        assert!(n <= planned, "{n} > {planned}");
    }
}
