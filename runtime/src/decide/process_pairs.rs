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
//! the pair-to-pair offsets. Rounds are independent and alike: each starts new processes,
//! in a random order, with a random environment size, so no placement is systematic to one
//! side. A gate (`--max-regression`) is decided over them by `gate` (both of its error
//! rates held); a comparison without one reports the confidence sequence over rounds
//! (Lai's t-mixture, `stats::sequence`), which covers the ratio the code has on
//! average over placements at every look. A `#[bench_diff]` claim decided across processes
//! (`--across-processes`) is judged on that sequence from [`MIN_PAIRS`] rounds on: it
//! passes or is refuted wrongly only when the sequence misses, at most alpha at any look.

use super::sequential::{min_decision_duos, MIN_DECISION_DUOS};
use super::two_stage::{DecidedBy, GateDesign, GateOutcome, TwoStageTest};
use super::verdict::{judge, log_margin, Verdict};
use crate::model::Claim;
use crate::stats::ConfidenceSequence;

/// Rounds the report-only confidence sequence over rounds is tightest at.
pub const TARGET_PAIRS: f64 = 8.0;

/// Rounds a report-only comparison waits for before it may stop at its precision (see
/// [`super::two_stage::MIN_ROUNDS`]).
pub const MIN_PAIRS: usize = super::two_stage::MIN_ROUNDS;

/// Most rounds [`ProcessPairs::pairs_needed`] looks for.
const MOST_PAIRS: usize = 1_000;

/// What the rounds are for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Goal {
    /// A regression gate (`--max-regression`), decided by [`TwoStageTest`].
    Gate(GateDesign),
    /// No claim: stop once the log interval's half-width is at most this.
    Precision(f64),
    /// A `#[bench_diff]` claim, judged on the confidence sequence over rounds.
    Claim(Claim),
}

/// The rounds of one cross-version comparison so far, and what they decide.
#[derive(Clone, Debug)]
pub struct ProcessPairs {
    goal: Goal,
    gate: Option<TwoStageTest>,
    sequence: ConfidenceSequence,
    /// Each round's estimate of ln(latency(new) / latency(old)).
    estimates: Vec<f64>,
    /// Each round's own standard error of its estimate, where it had one.
    within_se: Vec<f64>,
    /// Duos measured over all rounds.
    duos: usize,
    /// Duos in all a decision waits for: [`MIN_DECISION_DUOS`], or the sample floor's
    /// time of the shortest duos seen (`hold_floor_for_duos_of`).
    floor: Option<usize>,
    decided: Option<Verdict>,
    /// The half-width of the log interval a claim's rounds measure on to after its verdict
    /// (`cargo bench`), as a comparison without a claim would; `None` stops at the verdict.
    measure_on: Option<f64>,
    /// Rounds, and the log interval, at which the verdict was reached.
    decided_at: Option<(usize, Option<(f64, f64)>)>,
}

/// What a gate decided and how it was designed, for reports.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GateSummary {
    /// The design: the gate, its false-alarm rate and its miss rate.
    pub design: GateDesign,
    /// `pass`, `regressed` or `inconclusive`.
    pub outcome: GateOutcome,
    /// Which rule decided (`None` when inconclusive).
    pub decided_by: Option<DecidedBy>,
    /// The ratio above which the gate fails.
    pub threshold: f64,
    /// Rounds in all that the first stage's spread asked for (`None` before it ended).
    pub planned_rounds: Option<usize>,
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
    /// When undecided: rounds in all that the spread seen so far would need for the gate
    /// (or the precision); `None` when decided or out of reach.
    pub pairs_needed: Option<usize>,
    /// The seconds a further round would take, its process starts included.
    pub round_secs: f64,
    /// Duos the rounds' estimates rest on, all rounds together.
    pub duos: usize,
    /// Duos in all a decision waits for (the sample floor, as within one process).
    pub duo_floor: usize,
    /// The gate, when the rounds judged one.
    pub gate: Option<GateSummary>,
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
    /// Rounds at error rate `alpha` (of the reported interval) towards `goal`.
    #[must_use]
    pub fn new(alpha: f64, goal: Goal) -> Self {
        Self {
            goal,
            gate: match goal {
                Goal::Gate(design) => Some(TwoStageTest::new(design)),
                Goal::Precision(_) | Goal::Claim(_) => None,
            },
            sequence: ConfidenceSequence::new(alpha, TARGET_PAIRS),
            estimates: Vec::new(),
            within_se: Vec::new(),
            duos: 0,
            floor: None,
            decided: None,
            measure_on: None,
            decided_at: None,
        }
    }

    /// The same rounds, a claim's measured on after its verdict until the log interval's
    /// half-width is at most `precision` (or the budget ends), the verdict kept as it was
    /// reached: the confidence sequence covers at every look at once, so the later interval
    /// is as valid as the one that decided. A gate stops at its verdict all the same.
    #[must_use]
    pub fn measuring_on(self, precision: f64) -> Self {
        Self {
            measure_on: matches!(self.goal, Goal::Claim(_)).then_some(precision),
            ..self
        }
    }

    /// Holds the duo floor to what it is within one process for duos of `duo_ns`: 75 of
    /// them, or as many as span the sample floor's time when that is fewer (long routines).
    /// Over rounds whose duos ran for different times the floor is the largest they give,
    /// so that a round slowed by the machine does not lower it.
    pub fn hold_floor_for_duos_of(&mut self, duo_ns: f64) {
        if duo_ns.is_finite() && duo_ns > 0.0 {
            let floor = min_decision_duos(duo_ns);
            self.floor = Some(self.floor.map_or(floor, |f| f.max(floor)));
        }
    }

    /// Adds one round's log ratio from `duos` duos (and its own standard error, if known);
    /// returns the verdict once decided (a gate's `regressed` is `Refuted`). Rounds after a
    /// verdict are ignored, unless the rounds measure on (`measuring_on`): then they count
    /// in the estimate and interval, and the verdict stays the one reached.
    pub fn push(&mut self, log_ratio: f64, duos: usize, within_se: Option<f64>) -> Option<Verdict> {
        let measuring_on = self.measure_on.is_some() && !self.done();
        if (self.decided.is_some() && !measuring_on) || !log_ratio.is_finite() {
            return self.decided;
        }
        self.estimates.push(log_ratio);
        self.duos += duos;
        self.within_se.extend(within_se.filter(|s| s.is_finite()));
        if self.decided.is_some() {
            return self.decided;
        }
        // A routine's own rare costs count in its mean only once the rounds together hold
        // them: the same floor as within one process.
        let floor_met = self.duos >= self.floor.unwrap_or(MIN_DECISION_DUOS);
        self.decided = match (&mut self.gate, self.goal) {
            (Some(gate), _) => gate
                .push(log_ratio, floor_met)
                .map(|outcome| match outcome {
                    GateOutcome::Pass => Verdict::Pass,
                    GateOutcome::Regressed => Verdict::Refuted,
                    GateOutcome::Inconclusive => Verdict::Inconclusive,
                }),
            (None, Goal::Precision(precision)) => {
                let bounded = self.len() >= MIN_PAIRS && floor_met;
                self.log_interval()
                    .filter(|_| bounded)
                    .and_then(|(low, high)| {
                        ((high - low) / 2.0 <= precision).then_some(Verdict::Reported)
                    })
            }
            (None, Goal::Claim(claim)) => {
                let bounded = self.len() >= MIN_PAIRS && floor_met;
                self.log_interval()
                    .filter(|_| bounded)
                    .and_then(|(low, high)| judge(&claim, low.exp(), high.exp()))
            }
            (None, Goal::Gate(_)) => unreachable!("a gate's test exists from the start"),
        };
        if self.decided.is_some() {
            self.decided_at = Some((self.len(), self.log_interval()));
        }
        self.decided
    }

    /// The verdict, if reached.
    #[must_use]
    pub fn decided(&self) -> Option<Verdict> {
        self.decided
    }

    /// Whether the rounds are over: the verdict reached and, when they measure on after it,
    /// the interval as narrow as asked.
    #[must_use]
    pub fn done(&self) -> bool {
        match (self.decided, self.measure_on) {
            (None, _) => false,
            (Some(_), None) => true,
            (Some(_), Some(precision)) => self
                .log_interval()
                .is_some_and(|(low, high)| (high - low) / 2.0 <= precision),
        }
    }

    /// When rounds were measured on after the verdict: the rounds it was reached after, and
    /// the log interval that decided it.
    #[must_use]
    pub fn decided_before(&self) -> Option<(usize, Option<(f64, f64)>)> {
        self.decided_at.filter(|&(rounds, _)| rounds < self.len())
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

    /// The (1 − alpha) interval for the log ratio, once bounded: the confidence sequence
    /// over the rounds, with a gate as without one. A gate decides by its own tests
    /// (`gate`); Stein's interval at the rounds a gate stopped at rides on where it stopped,
    /// and missed the truth in up to 6.7% of simulated runs where the sequence misses in at
    /// most 1.8% (`simulation/pairs.rs`, `the_printed_interval_over_rounds_covers_with_a_gate`).
    #[must_use]
    pub fn log_interval(&self) -> Option<(f64, f64)> {
        self.sequence
            .interval(self.len(), self.log_ratio(), self.sum_sq_dev())
    }

    /// Rounds in all that the spread seen so far asks for before the goal can be reached: a
    /// gate's plan (from the first stage's spread, or from the spread so far before it
    /// ends); without a gate, the rounds at which the interval reaches the precision.
    #[must_use]
    pub fn pairs_needed(&self) -> Option<usize> {
        if self.decided.is_some() || self.len() < 2 {
            return None;
        }
        let sd = (self.sum_sq_dev() / (self.len() - 1) as f64).sqrt();
        match self.goal {
            Goal::Gate(design) => Some(
                self.gate
                    .as_ref()
                    .and_then(TwoStageTest::planned)
                    .unwrap_or_else(|| design.rounds_for(sd)),
            ),
            Goal::Precision(precision) => self.rounds_to_half_width(sd, precision),
            // The estimate as it stands, its distance to the nearest boundary as the
            // half-width that would decide.
            Goal::Claim(claim) => {
                let margin = log_margin(&claim, self.log_ratio());
                (margin > 0.0)
                    .then(|| self.rounds_to_half_width(sd, margin))
                    .flatten()
            }
        }
    }

    /// The first count of rounds, from [`MIN_PAIRS`] and the rounds that reach the duo floor
    /// on, at which a spread of `sd` between rounds gives the sequence a half-width below
    /// `half_width`.
    fn rounds_to_half_width(&self, sd: f64, half_width: f64) -> Option<usize> {
        let first = self.len().max(MIN_PAIRS).max(self.rounds_to_floor());
        (first..=MOST_PAIRS).find(|&n| {
            self.sequence
                .half_width(n, sd * sd * (n - 1) as f64)
                .is_some_and(|h| h < half_width)
        })
    }

    /// Rounds in all that hold the duo floor at the duos a round has held so far (long
    /// routines' rounds hold few).
    fn rounds_to_floor(&self) -> usize {
        let floor = self.floor.unwrap_or(MIN_DECISION_DUOS);
        if self.duos == 0 {
            return 0;
        }
        (floor * self.len()).div_ceil(self.duos)
    }

    /// The gate's summary, when the rounds judge one.
    #[must_use]
    pub fn gate_summary(&self) -> Option<GateSummary> {
        let gate = self.gate.as_ref()?;
        let design = *gate.design();
        Some(GateSummary {
            design,
            outcome: gate.outcome().unwrap_or(GateOutcome::Inconclusive),
            decided_by: gate.decided_by(),
            threshold: design.threshold().exp(),
            planned_rounds: gate.planned(),
        })
    }

    /// The rounds' spread for reports, a further round taking `round_secs`.
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
            duos: self.duos,
            duo_floor: self.floor.unwrap_or(MIN_DECISION_DUOS),
            gate: self.gate_summary(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::SplitMix64;

    fn gate(max_regression: f64) -> Goal {
        Goal::Gate(GateDesign::new(max_regression, 0.05, 0.05))
    }

    #[test]
    fn a_clear_regression_is_refuted_and_reported_as_the_gate_decided() {
        let mut pairs = ProcessPairs::new(0.05, gate(0.025));
        let mut rng = SplitMix64::new(3);
        let mut verdict = None;
        for round in 0..40 {
            verdict = pairs.push(1.08f64.ln() + 0.005 * rng.normal(), 100, Some(0.002));
            if round < MIN_PAIRS - 1 {
                assert_eq!(verdict, None, "round {round}");
            }
            if verdict.is_some() {
                break;
            }
        }
        assert_eq!(verdict, Some(Verdict::Refuted));
        assert!(
            pairs.len() <= super::super::two_stage::FIRST_STAGE,
            "{}",
            pairs.len()
        );
        let spread = pairs.spread(0.2);
        assert!(spread.placement_dominates(), "{spread:?}");
        assert_eq!(spread.pairs_needed, None);
        let summary = spread.gate.expect("a gate");
        assert_eq!(summary.outcome, GateOutcome::Regressed);
        assert!((summary.threshold - 1.025).abs() < 1e-9);
    }

    #[test]
    fn an_undecided_gate_says_how_many_rounds_would_decide_it() {
        let mut pairs = ProcessPairs::new(0.05, gate(0.02));
        let cycle = [0.05, -0.05, 0.1, 0.0, -0.1, 0.05, -0.02, 0.03];
        for x in cycle {
            assert_eq!(pairs.push(x, 100, None), None);
        }
        let needed = pairs.pairs_needed().expect("a plan");
        assert!(needed > pairs.len(), "{needed}");
        let mut more = pairs.clone();
        let decided_at = (0..MOST_PAIRS)
            .find(|i| more.push(cycle[i % cycle.len()], 100, None).is_some())
            .map(|i| pairs.len() + i + 1)
            .expect("decided");
        assert_eq!(decided_at, needed);
        assert_eq!(
            pairs.spread(0.1).gate.map(|g| g.outcome),
            Some(GateOutcome::Inconclusive)
        );
    }

    #[test]
    fn without_a_gate_the_rounds_stop_at_their_precision() {
        let mut pairs = ProcessPairs::new(0.05, Goal::Precision(0.01));
        let mut rng = SplitMix64::new(4);
        let decided = (0..MOST_PAIRS).find_map(|_| pairs.push(0.002 * rng.normal(), 100, None));
        assert_eq!(decided, Some(Verdict::Reported));
        let (low, high) = pairs.log_interval().expect("bounded");
        assert!((high - low) / 2.0 <= 0.01);
        assert!(pairs.spread(0.1).gate.is_none());
    }

    #[test]
    fn a_claims_rounds_measured_on_keep_the_verdict_and_narrow_to_the_precision() {
        // Rounds 10% apart with a 1% spread, claimed `ratio > 1.05`: the claim passes at the
        // sixth round with an interval wider than ±0.5%. Measured on, later rounds narrow it
        // to that precision and the verdict stays; the rounds before it are reported. The
        // control stops at the verdict and ignores what comes after; a gate stops at its
        // verdict even when asked to measure on.
        let claim = Claim::Above {
            bound: 1.05,
            inclusive: false,
        };
        let rounds = |pairs: &mut ProcessPairs, n: usize| {
            let mut rng = SplitMix64::new(7);
            for _ in 0..n {
                pairs.push(1.10f64.ln() + 0.01 * rng.normal(), 100, None);
                if pairs.done() {
                    break;
                }
            }
        };
        let mut on = ProcessPairs::new(0.05, Goal::Claim(claim)).measuring_on(0.005);
        rounds(&mut on, MOST_PAIRS);
        assert_eq!(on.decided(), Some(Verdict::Pass));
        assert!(on.done());
        let (low, high) = on.log_interval().expect("bounded");
        assert!((high - low) / 2.0 <= 0.005, "{low} {high}");
        let (taken, deciding) = on.decided_before().expect("measured on after the verdict");
        assert_eq!(taken, MIN_PAIRS);
        let (early_low, early_high) = deciding.expect("the deciding interval");
        assert!(early_high - early_low > 2.0 * 0.005);
        assert!(on.len() > taken);
        let mut stopped = ProcessPairs::new(0.05, Goal::Claim(claim));
        rounds(&mut stopped, MOST_PAIRS);
        assert_eq!(stopped.len(), MIN_PAIRS);
        assert!(stopped.done());
        assert_eq!(stopped.decided_before(), None);
        assert_eq!(stopped.push(0.0, 100, None), Some(Verdict::Pass));
        assert_eq!(stopped.len(), MIN_PAIRS);
        let mut gated = ProcessPairs::new(0.05, gate(0.02)).measuring_on(0.005);
        let mut rng = SplitMix64::new(8);
        let verdict =
            (0..MOST_PAIRS).find_map(|_| gated.push(0.2 + 0.01 * rng.normal(), 100, None));
        assert_eq!(verdict, Some(Verdict::Refuted));
        assert!(gated.done());
        let len = gated.len();
        gated.push(0.0, 100, None);
        assert_eq!(gated.len(), len);
    }

    #[test]
    fn long_routines_rounds_wait_for_the_floors_time_and_short_ones_for_its_duos() {
        // Rounds of 5 duos, each round's estimate far inside `ratio > 1.05`. Duos of 190 ms
        // (a 20 ms routine's): the floor is 2 s of them, 11 duos, and the claim passes at the
        // sixth round. A round whose duos ran shorter raises the floor; duos of 2 ms keep it
        // at 75 duos (15 rounds), as rounds of unknown duos do (the control).
        let claim = Claim::Above {
            bound: 1.05,
            inclusive: false,
        };
        let decided_at = |duo_ns: &[f64]| {
            let mut pairs = ProcessPairs::new(0.05, Goal::Claim(claim));
            let mut rng = SplitMix64::new(5);
            (1..=MOST_PAIRS).find(|&round| {
                if let Some(&ns) = duo_ns.get(round - 1).or(duo_ns.last()) {
                    pairs.hold_floor_for_duos_of(ns);
                }
                let x = 1.10f64.ln() + 0.002 * rng.normal();
                pairs.push(x, 5, None) == Some(Verdict::Pass)
            })
        };
        assert_eq!(decided_at(&[190e6]), Some(MIN_PAIRS));
        // Duos of 60 ms span the 2 s floor in 34 of them: seven rounds.
        assert_eq!(decided_at(&[190e6, 190e6, 60e6, 190e6]), Some(7));
        assert_eq!(decided_at(&[2e6]), Some(MIN_DECISION_DUOS / 5));
        assert_eq!(decided_at(&[]), Some(MIN_DECISION_DUOS / 5));
    }

    #[test]
    fn rounds_needed_count_the_rounds_that_reach_the_duo_floor() {
        // Six rounds of 5 duos, their estimates far inside the claim: what holds the verdict
        // is the 75-duo floor, 15 rounds at this pace, and that is what is asked for; with
        // the floor met (rounds of 100 duos, the control) six rounds would do.
        let claim = Claim::Above {
            bound: 1.05,
            inclusive: false,
        };
        let needed = |duos: usize| {
            let mut pairs = ProcessPairs::new(0.05, Goal::Claim(claim));
            let mut rng = SplitMix64::new(6);
            for _ in 0..5 {
                assert_eq!(
                    pairs.push(1.10f64.ln() + 0.002 * rng.normal(), duos, None),
                    None
                );
            }
            pairs.pairs_needed()
        };
        assert_eq!(needed(5), Some(MIN_DECISION_DUOS / 5));
        assert_eq!(needed(100), Some(MIN_PAIRS));
    }
}
