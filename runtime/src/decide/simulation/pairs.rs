//! Cross-version comparisons replicated over process pairs (`process_pairs`): each round's
//! estimate is the ratio its pair of processes gives (a random offset per pair, fixed for
//! the pair's life) plus the noise of its duos. The error rates must hold whatever the
//! offsets' size and shape, at every look; the negative control keeps one pair for every
//! round (no respawn), as a single long-lived pair of servers does, and must break them.

use super::{at_most_alpha, below, well_above_alpha, RUNS};
use crate::decide::process_pairs::{ProcessPairs, MIN_PAIRS};
use crate::model::Claim;
use crate::stats::SplitMix64;

/// The most rounds a run gets (a 5 s budget of rounds of about a fifth of a second).
const MOST_ROUNDS: usize = 24;

/// How the placement of a pair of processes moves the ratio.
#[derive(Clone, Copy, Debug)]
enum Offsets {
    /// Normal, with this log sd.
    Normal(f64),
    /// Two states: with probability `p`, the ratio is off by `shift` (log), else by 0.
    TwoState { p: f64, shift: f64 },
}

impl Offsets {
    fn draw(self, rng: &mut SplitMix64) -> f64 {
        match self {
            Offsets::Normal(sd) => sd * rng.normal(),
            Offsets::TwoState { p, shift } => {
                if rng.uniform() < p {
                    shift
                } else {
                    0.0
                }
            }
        }
    }

    /// The offsets' mean: the ratio the code has on average over placements is shifted by it.
    fn mean(self) -> f64 {
        match self {
            Offsets::Normal(_) => 0.0,
            Offsets::TwoState { p, shift } => p * shift,
        }
    }
}

/// One scenario: offsets between pairs, a round's own noise (log sd of its estimate, with
/// Student-t tails of 3 degrees of freedom when `heavy`), and whether pairs are respawned.
#[derive(Clone, Copy, Debug)]
struct Scenario {
    offsets: Offsets,
    within: f64,
    heavy: bool,
    respawn: bool,
    /// A wander of relative speed across rounds: log sd and memory in rounds (0: none).
    wander: (f64, f64),
}

impl Scenario {
    fn round_noise(&self, rng: &mut SplitMix64) -> f64 {
        if self.heavy {
            // t with 3 degrees of freedom, scaled to unit variance (its variance is 3).
            let chi2: f64 = (0..3).map(|_| rng.normal().powi(2)).sum();
            self.within * rng.normal() / (chi2 / 3.0).sqrt() / 3f64.sqrt()
        } else {
            self.within * rng.normal()
        }
    }
}

/// Outcomes of `RUNS` runs: claims passed, and runs whose interval excluded the truth at
/// some look.
struct Outcome {
    passed: usize,
    excluded: usize,
}

fn simulate(seed: u64, scenario: Scenario, claim_at_truth: fn(f64) -> Option<Claim>) -> Outcome {
    let mut rng = SplitMix64::new(seed);
    let truth = scenario.offsets.mean();
    let (mut passed, mut excluded) = (0, 0);
    for _ in 0..RUNS {
        let mut pairs = ProcessPairs::new(0.05, claim_at_truth(truth.exp()), 0.0);
        let mut plain = ProcessPairs::new(0.05, None, 0.0);
        let fixed = scenario.offsets.draw(&mut rng);
        let mut missed = false;
        let (wander_sd, memory) = scenario.wander;
        let rho = if memory > 0.0 {
            (-1.0 / memory).exp()
        } else {
            0.0
        };
        let mut wander = wander_sd * rng.normal();
        for _ in 0..MOST_ROUNDS {
            if wander_sd > 0.0 {
                wander = rho * wander + (1.0 - rho * rho).sqrt() * wander_sd * rng.normal();
            }
            let offset = if scenario.respawn {
                scenario.offsets.draw(&mut rng)
            } else {
                fixed
            };
            let x = offset + wander + scenario.round_noise(&mut rng);
            if pairs.decided().is_none() {
                pairs.push(x, 100, Some(scenario.within));
            }
            plain.push(x, 100, Some(scenario.within));
            missed |= plain.len() >= MIN_PAIRS
                && plain
                    .log_interval()
                    .is_some_and(|(lo, hi)| truth < lo || truth > hi);
        }
        passed += usize::from(pairs.decided() == Some(crate::decide::verdict::Verdict::Pass));
        excluded += usize::from(missed);
    }
    Outcome { passed, excluded }
}

/// A claim whose boundary is the truth, so that passing it is false.
fn below_truth(truth: f64) -> Option<Claim> {
    Some(below(truth))
}

fn scenarios(respawn: bool) -> Vec<Scenario> {
    let mut all = Vec::new();
    for offsets in [
        Offsets::Normal(0.0),
        Offsets::Normal(0.01),
        Offsets::Normal(0.05),
        Offsets::TwoState {
            p: 0.5,
            shift: 0.04,
        },
    ] {
        for (within, heavy) in [(0.002, false), (0.02, false), (0.01, true)] {
            all.push(Scenario {
                offsets,
                within,
                heavy,
                respawn,
                wander: (0.0, 0.0),
            });
        }
    }
    all
}

#[test]
fn respawned_pairs_keep_alpha_whatever_the_offsets() {
    for (i, scenario) in scenarios(true).into_iter().enumerate() {
        let outcome = simulate(700 + i as u64, scenario, below_truth);
        assert!(
            at_most_alpha(outcome.passed) && at_most_alpha(outcome.excluded),
            "{scenario:?}: {} of {RUNS} false passes, {} intervals excluded the truth",
            outcome.passed,
            outcome.excluded
        );
    }
}

#[test]
fn one_pair_for_every_round_breaks_alpha() {
    // The negative control: the offset of a pair that lives for the whole run. With offsets
    // of 1% against 0.2% of noise per round, the interval describes the pair.
    let scenario = Scenario {
        offsets: Offsets::Normal(0.01),
        within: 0.002,
        heavy: false,
        respawn: false,
        wander: (0.0, 0.0),
    };
    let outcome = simulate(790, scenario, below_truth);
    assert!(
        well_above_alpha(outcome.passed) && well_above_alpha(outcome.excluded),
        "{} false passes, {} exclusions",
        outcome.passed,
        outcome.excluded
    );
}

#[test]
fn a_rare_placement_state_is_missed_while_unseen() {
    // The known limit (docs/STATISTICS.md): a state that one pair in four falls into, 8%
    // slower, stays unseen in all of the first six rounds in one run of six, and the interval
    // of those rounds excludes the mean over placements.
    let scenario = Scenario {
        offsets: Offsets::TwoState {
            p: 0.25,
            shift: 0.08,
        },
        within: 0.002,
        heavy: false,
        respawn: true,
        wander: (0.0, 0.0),
    };
    let outcome = simulate(795, scenario, below_truth);
    assert!(
        well_above_alpha(outcome.excluded),
        "{} exclusions, {} false passes",
        outcome.excluded,
        outcome.passed
    );
}

#[test]
fn a_wander_across_rounds_keeps_alpha_while_shorter_than_a_round_or_two() {
    // The host's relative speed of the two versions wanders from round to round (1%, a memory
    // of one round, as a host phase of a fraction of a second would): neighbouring rounds
    // are correlated, which the mixture does not model; it must still hold alpha.
    let scenario = Scenario {
        offsets: Offsets::Normal(0.01),
        within: 0.002,
        heavy: false,
        respawn: true,
        wander: (0.01, 1.0),
    };
    let outcome = simulate(800, scenario, below_truth);
    assert!(
        at_most_alpha(outcome.passed) && at_most_alpha(outcome.excluded),
        "{} false passes, {} exclusions",
        outcome.passed,
        outcome.excluded
    );
    // The control: a wander with a memory as long as the run is a fixed offset for it, as
    // one long-lived pair is, and breaks alpha.
    let control = Scenario {
        wander: (0.01, 100.0),
        ..scenario
    };
    let outcome = simulate(801, control, below_truth);
    assert!(
        !at_most_alpha(outcome.excluded),
        "the control excluded the truth in only {} runs",
        outcome.excluded
    );
}
