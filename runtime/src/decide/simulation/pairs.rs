//! Cross-version comparisons replicated over process pairs (`process_pairs`, `gate`): each
//! round's estimate is the ratio its pair of processes gives (a random offset per pair,
//! fixed for the pair's life) plus the noise of its duos, and a run has the rounds its
//! budget holds. A gate has two error rates, and a user meets every outcome: on unchanged
//! code, a trial that does not pass (regressed, or inconclusive under the default
//! `on_inconclusive = fail`) fails the job; at the named regression (1 + P)², a trial that
//! passes is a miss. Both must be at most 5% wherever the budget holds the rounds the
//! spread asks for; beyond that, inconclusive is the named limit. The negative controls
//! are the stop rule the gate replaces (the confidence sequence over rounds, judged at the
//! gate's boundary, with the budget of rounds it had) and one pair of processes for every
//! round.

use super::{at_most_alpha, well_above_alpha, ALPHA, RUNS};
use crate::decide::process_pairs::{Goal, ProcessPairs, MIN_PAIRS};
use crate::decide::two_stage::{GateDesign, GateOutcome};
use crate::decide::verdict::{judge, Verdict};
use crate::model::Claim;
use crate::stats::{ConfidenceSequence, SplitMix64};

/// The most rounds a gate gets: its default 60 s budget in rounds of about a third of a
/// second each (a forty-eighth of the ordinary 5 s budget, with their process starts and
/// analysis, on a loaded machine).
const MOST_ROUNDS: usize = 160;

/// The budget of rounds the replaced stop rule had (rounds of a twenty-fourth of the budget).
const OLD_MOST_ROUNDS: usize = 20;

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
}

impl Scenario {
    const fn new(offsets: Offsets, within: f64) -> Self {
        Scenario {
            offsets,
            within,
            heavy: false,
            respawn: true,
        }
    }

    /// The scenario in the words of the VALIDATION table.
    fn describe(&self) -> String {
        let percent_text = |x: f64| format!("{}%", 100.0 * x);
        let offsets = match self.offsets {
            Offsets::Normal(sd) => format!("normal, sd {}", percent_text(sd)),
            Offsets::TwoState { p, shift } => {
                format!(
                    "two states 0 and +{}, {} in each",
                    percent_text(shift),
                    percent_text(p)
                )
            }
        };
        let tails = if self.heavy { ", t(3) tails" } else { "" };
        format!(
            "{offsets}; round noise {}{tails}",
            percent_text(self.within)
        )
    }

    fn round_noise(&self, rng: &mut SplitMix64) -> f64 {
        if self.heavy {
            // t with 3 degrees of freedom, scaled to unit variance (its variance is 3).
            let chi2: f64 = (0..3).map(|_| rng.normal().powi(2)).sum();
            self.within * rng.normal() / (chi2 / 3.0).sqrt() / 3f64.sqrt()
        } else {
            self.within * rng.normal()
        }
    }

    /// `RUNS` streams of rounds whose mean log ratio over placements is `truth`, each as
    /// long as the budget allows; `decide` sees each stream and returns its outcome.
    fn runs<T>(
        &self,
        seed: u64,
        truth: f64,
        mut decide: impl FnMut(&mut dyn Iterator<Item = f64>) -> T,
    ) -> Vec<T> {
        let mut rng = SplitMix64::new(seed);
        let shift = truth - self.offsets.mean();
        (0..RUNS)
            .map(|_| {
                let fixed = self.offsets.draw(&mut rng);
                let mut rounds = std::iter::from_fn(|| {
                    let offset = if self.respawn {
                        self.offsets.draw(&mut rng)
                    } else {
                        fixed
                    };
                    Some(shift + offset + self.round_noise(&mut rng))
                });
                decide(&mut rounds)
            })
            .collect()
    }
}

/// The gate as coded: rounds into `ProcessPairs` until it decides or the budget ends.
fn gate_outcome(max_regression: f64, rounds: &mut dyn Iterator<Item = f64>) -> GateOutcome {
    let design = GateDesign::new(max_regression, ALPHA, ALPHA);
    let mut pairs = ProcessPairs::new(ALPHA, Goal::Gate(design));
    for x in rounds.take(MOST_ROUNDS) {
        if pairs.push(x, 100, None).is_some() {
            break;
        }
    }
    pairs
        .gate_summary()
        .map_or(GateOutcome::Inconclusive, |g| g.outcome)
}

/// The stop rule the gate replaces: Lai's t-mixture over rounds at alpha (tightest at 8
/// rounds), the claim `ratio <= 1 + P` judged from six rounds on, 20 rounds at most.
fn old_rule_outcome(max_regression: f64, rounds: &mut dyn Iterator<Item = f64>) -> GateOutcome {
    let claim = Claim::Below {
        bound: 1.0 + max_regression,
        inclusive: true,
    };
    let sequence = ConfidenceSequence::new(ALPHA, 8.0);
    let mut seen = Vec::new();
    for x in rounds.take(OLD_MOST_ROUNDS) {
        seen.push(x);
        let n = seen.len();
        let mean = seen.iter().sum::<f64>() / n as f64;
        let ss = seen.iter().map(|v| (v - mean).powi(2)).sum();
        let verdict = sequence
            .interval(n, mean, ss)
            .filter(|_| n >= MIN_PAIRS)
            .and_then(|(low, high)| judge(&claim, low.exp(), high.exp()));
        match verdict {
            Some(Verdict::Pass) => return GateOutcome::Pass,
            Some(Verdict::Refuted) => return GateOutcome::Regressed,
            _ => {}
        }
    }
    GateOutcome::Inconclusive
}

/// Of `outcomes`: how many failed the job (anything but a pass) and how many passed.
fn tally(outcomes: &[GateOutcome]) -> (usize, usize) {
    let passed = outcomes.iter().filter(|&&o| o == GateOutcome::Pass).count();
    (outcomes.len() - passed, passed)
}

/// The named regression's log ratio for a gate at `p`.
fn named(p: f64) -> f64 {
    2.0 * p.ln_1p()
}

/// The scenarios a gate's both error rates are asserted in: per-process spreads from 0 to
/// the widest whose plan the budget's rounds hold nearly always (5% at a 2% gate, 10% at
/// 5%: the plan grows with the square of the spread over the gate), two placement states,
/// heavy tails within rounds.
fn held_scenarios(max_regression: f64) -> Vec<Scenario> {
    let widest = if max_regression >= 0.05 { 0.10 } else { 0.05 };
    let mut all = Vec::new();
    for sd in [0.0, 0.01, 0.02, widest] {
        all.push(Scenario::new(Offsets::Normal(sd), 0.002));
    }
    all.push(Scenario {
        heavy: true,
        ..Scenario::new(Offsets::Normal(0.02), 0.01)
    });
    for shift in [0.03, 0.06] {
        all.push(Scenario::new(Offsets::TwoState { p: 0.5, shift }, 0.002));
    }
    all
}

#[test]
fn the_gate_holds_both_error_rates_where_the_budget_holds_its_rounds() {
    let mut table = Vec::new();
    for (g, max_regression) in [0.02, 0.05].into_iter().enumerate() {
        for (i, scenario) in held_scenarios(max_regression).into_iter().enumerate() {
            let seed = 700 + 20 * g as u64 + i as u64;
            let unchanged = scenario.runs(seed, 0.0, |r| gate_outcome(max_regression, r));
            let regressed = scenario.runs(seed + 10_000, named(max_regression), |r| {
                gate_outcome(max_regression, r)
            });
            let (failed, _) = tally(&unchanged);
            let (_, missed) = tally(&regressed);
            let inconclusive = unchanged
                .iter()
                .filter(|&&o| o == GateOutcome::Inconclusive)
                .count();
            table.push(format!(
                "| {}% | {} | {failed} ({inconclusive} inconclusive) | {missed} |",
                100.0 * max_regression,
                scenario.describe()
            ));
            assert!(
                at_most_alpha(failed) && at_most_alpha(missed),
                "{}",
                table.join("\n")
            );
        }
    }
    // The table of docs/VALIDATION.md (`cargo test --release -p duobench --lib
    // the_gate_holds -- --nocapture`): of RUNS runs each, unchanged code that failed and
    // named regressions that passed.
    eprintln!("{}", table.join("\n"));
}

#[test]
fn the_replaced_stop_rule_fails_unchanged_code_far_above_alpha() {
    // The negative control: the confidence sequence judged at the gate's own boundary, as
    // before, with per-process spreads this machine shows (2%) at a 2% gate: most runs end
    // inconclusive, each a failed job, where the gate decides.
    let scenario = Scenario::new(Offsets::Normal(0.02), 0.002);
    let old = scenario.runs(790, 0.0, |r| old_rule_outcome(0.02, r));
    let new = scenario.runs(790, 0.0, |r| gate_outcome(0.02, r));
    let (old_failed, _) = tally(&old);
    let (new_failed, _) = tally(&new);
    eprintln!("replaced stop rule: {old_failed} of {RUNS} failed; the gate: {new_failed}");
    assert!(
        well_above_alpha(old_failed) && at_most_alpha(new_failed),
        "old rule failed {old_failed}, gate {new_failed} of {RUNS}"
    );
}

#[test]
fn a_spread_wider_than_the_budget_holds_ends_inconclusive_not_wrong() {
    // The named limit: at 20% per process a 2% gate asks for about four hundred rounds, more
    // than the budget holds. The gate says so (inconclusive) rather than deciding wrongly.
    let scenario = Scenario::new(Offsets::Normal(0.20), 0.002);
    let unchanged = scenario.runs(795, 0.0, |r| gate_outcome(0.02, r));
    let regressed = scenario.runs(796, named(0.02), |r| gate_outcome(0.02, r));
    let count = |outcomes: &[GateOutcome], which| outcomes.iter().filter(|&&o| o == which).count();
    assert!(well_above_alpha(count(
        &unchanged,
        GateOutcome::Inconclusive
    )));
    assert!(at_most_alpha(count(&unchanged, GateOutcome::Regressed)));
    assert!(at_most_alpha(count(&regressed, GateOutcome::Pass)));
}

#[test]
fn one_pair_for_every_round_breaks_the_gate() {
    // The negative control of the unit: the offset of one pair of processes that lives for
    // the whole run. With offsets of 3% against 0.2% of noise per round, every round repeats
    // the pair's offset, and a 2% gate fails unchanged code whenever the pair was slow.
    let scenario = Scenario {
        respawn: false,
        ..Scenario::new(Offsets::Normal(0.03), 0.002)
    };
    let unchanged = scenario.runs(797, 0.0, |r| gate_outcome(0.02, r));
    let (failed, _) = tally(&unchanged);
    assert!(well_above_alpha(failed), "{failed} of {RUNS} failed");
}

#[test]
fn a_rare_placement_state_is_missed_while_unseen() {
    // The known limit (docs/STATISTICS.md): a state that one pair in four falls into, 8%
    // slower, stays unseen in all of the first eight rounds in one run of ten; a gate at 2%
    // on code whose mean over placements is 2% faster than the gate's threshold then
    // decides on the rounds it saw.
    let scenario = Scenario::new(
        Offsets::TwoState {
            p: 0.25,
            shift: 0.08,
        },
        0.002,
    );
    let mut sequence_missed = 0;
    let _ = scenario.runs(798, 0.0, |rounds| {
        let plain = ProcessPairs::new(ALPHA, Goal::Precision(0.0));
        let mut plain = plain;
        let mut missed = false;
        for x in rounds.take(MIN_PAIRS) {
            plain.push(x, 100, None);
        }
        if let Some((low, high)) = plain.log_interval() {
            missed = low > 0.0 || high < 0.0;
        }
        sequence_missed += usize::from(missed);
    });
    assert!(
        well_above_alpha(sequence_missed),
        "{sequence_missed} of {RUNS} six-round intervals excluded the mean"
    );
}

/// Whether the interval `(low, high)` (log) excludes the truth, 0.
fn excludes_truth(interval: Option<(f64, f64)>) -> bool {
    interval.is_some_and(|(low, high)| low > 0.0 || high < 0.0)
}

/// Stein's interval over `rounds` as the gate printed it before: x̄ ± t₁₋α/₂ · s₀ / √n at
/// the first stage's 7 degrees of freedom, s₀ the spread of the first eight rounds.
fn steins_interval(rounds: &[f64]) -> Option<(f64, f64)> {
    let first = rounds.get(..8)?;
    let mean_of = |xs: &[f64]| xs.iter().sum::<f64>() / xs.len() as f64;
    let m0 = mean_of(first);
    let s0 = (first.iter().map(|x| (x - m0).powi(2)).sum::<f64>() / 7.0).sqrt();
    let half = crate::stats::t_quantile(1.0 - ALPHA / 2.0, 7.0) * s0 / (rounds.len() as f64).sqrt();
    let mean = mean_of(rounds);
    Some((mean - half, mean + half))
}

#[test]
fn the_printed_interval_over_rounds_covers_with_a_gate() {
    // What a gated comparison prints beside its verdict is the confidence sequence over its
    // rounds, wherever the gate stopped: in every scenario the gate's error rates are held
    // in, it excludes the mean over placements in at most alpha of the runs of unchanged
    // code. The negative control is the interval it replaced, Stein's at the rounds the
    // gate stopped at, which misses above alpha where the spread between processes asks
    // the gate for more rounds than its first stage.
    let mut wrong = Vec::new();
    let mut stein_worst = 0;
    for max_regression in [0.02, 0.05] {
        for (i, scenario) in held_scenarios(max_regression).into_iter().enumerate() {
            let (mut printed, mut stein) = (0, 0);
            let _ = scenario.runs(900 + i as u64, 0.0, |rounds| {
                let design = GateDesign::new(max_regression, ALPHA, ALPHA);
                let mut pairs = ProcessPairs::new(ALPHA, Goal::Gate(design));
                let mut seen = Vec::new();
                for x in rounds.take(MOST_ROUNDS) {
                    seen.push(x);
                    if pairs.push(x, 100, None).is_some() {
                        break;
                    }
                }
                printed += usize::from(excludes_truth(pairs.log_interval()));
                stein += usize::from(excludes_truth(steins_interval(&seen)));
            });
            eprintln!(
                "{}% gate, {}: the printed interval missed {printed}, Stein's {stein} of {RUNS}",
                100.0 * max_regression,
                scenario.describe()
            );
            if !at_most_alpha(printed) {
                wrong.push(format!("{}: {printed}", scenario.describe()));
            }
            stein_worst = stein_worst.max(stein);
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
    assert!(
        !at_most_alpha(stein_worst),
        "Stein's interval missed only {stein_worst} of {RUNS}"
    );
}

/// The rounds a `#[bench_diff]` decided across processes gets in its default 5 s budget:
/// rounds of a forty-eighth of it.
const DIFF_ROUNDS: usize = 48;

/// A claim judged across processes as coded: rounds into `ProcessPairs` until it decides or
/// the budget's rounds end (`None`: inconclusive).
fn claim_outcome(claim: Claim, rounds: &mut dyn Iterator<Item = f64>) -> Option<Verdict> {
    let mut pairs = ProcessPairs::new(ALPHA, Goal::Claim(claim));
    rounds
        .take(DIFF_ROUNDS)
        .find_map(|x| pairs.push(x, 100, None))
}

/// Claims at their boundary (log truth beside each): one-sided both ways and a band's edge.
fn claims_at_their_boundary() -> [(Claim, f64); 3] {
    let (bound, inclusive) = (1.05, false);
    [
        (Claim::Below { bound, inclusive }, bound.ln()),
        (Claim::Above { bound, inclusive }, bound.ln()),
        (
            Claim::Within {
                low: 0.97,
                high: 1.03,
                high_inclusive: true,
            },
            1.03f64.ln(),
        ),
    ]
}

#[test]
fn claims_across_processes_pass_falsely_at_most_alpha() {
    // A `#[bench_diff]` run with `--across-processes`: one-sided claims and a band with the
    // mean over placements on a boundary pass in at most alpha of the runs, whatever the
    // spread between processes, its shape or the tails within rounds; a clear difference
    // passes in every run at the first look.
    let mut wrong = Vec::new();
    for (i, scenario) in held_scenarios(0.05).into_iter().enumerate() {
        for (j, (claim, truth)) in claims_at_their_boundary().into_iter().enumerate() {
            let seed = 1_000 + 10 * i as u64 + j as u64;
            let outcomes = scenario.runs(seed, truth, |r| claim_outcome(claim, r));
            let passed = outcomes
                .iter()
                .filter(|&&v| v == Some(Verdict::Pass))
                .count();
            eprintln!(
                "{}, {claim:?} on its boundary: {passed} of {RUNS} passed",
                scenario.describe()
            );
            if !at_most_alpha(passed) {
                wrong.push(format!("{}, {claim:?}: {passed}", scenario.describe()));
            }
        }
        let clear = Claim::Below {
            bound: 0.5,
            inclusive: false,
        };
        let mut looks = Vec::new();
        let outcomes = scenario.runs(1_100 + i as u64, 0.02f64.ln(), |rounds| {
            let mut pairs = ProcessPairs::new(ALPHA, Goal::Claim(clear));
            let verdict = rounds
                .take(DIFF_ROUNDS)
                .find_map(|x| pairs.push(x, 100, None));
            looks.push(pairs.len());
            verdict
        });
        assert!(outcomes.iter().all(|&v| v == Some(Verdict::Pass)));
        assert!(looks.iter().all(|&n| n == MIN_PAIRS), "{looks:?}");
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn claims_across_one_pair_of_processes_pass_falsely_far_above_alpha() {
    // The negative control: every round in the same pair of processes, as one process's
    // comparison is. Its offset, 3% against 0.2% of noise a round, is repeated by every
    // round, and a claim on its boundary passes whenever the pair happened to be fast.
    let scenario = Scenario {
        respawn: false,
        ..Scenario::new(Offsets::Normal(0.03), 0.002)
    };
    for (j, (claim, truth)) in claims_at_their_boundary().into_iter().enumerate() {
        let outcomes = scenario.runs(1_200 + j as u64, truth, |r| claim_outcome(claim, r));
        let passed = outcomes
            .iter()
            .filter(|&&v| v == Some(Verdict::Pass))
            .count();
        assert!(well_above_alpha(passed), "{claim:?}: {passed} of {RUNS}");
    }
}
