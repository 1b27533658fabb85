//! Power under dependence: how often a true claim passes within the budget when the
//! routines' relative speed wanders, switches or follows an AR(1) process, the scenarios the
//! coverage table shows the interval widening for. The error-rate tests show that false
//! claims rarely pass; these show that the safeguards behind that leave few true claims
//! undecided. The check is held to a floor a procedure twice as conservative misses: the
//! negative control judges the same runs at alpha 1e-4 (an interval about twice as wide)
//! and must fall below it.

use super::coverage::{ar1, switch, wander, Length};
use super::{simulate_at, Noise, Outcomes, Scenario};
use crate::model::Claim;

/// Runs per scenario.
const POWER_RUNS: usize = 400;

/// The share of runs in which a true claim must pass within the budget.
const POWER_FLOOR: f64 = 0.9;

/// The alpha of the negative control: an interval about twice as wide as at 0.05.
const CONSERVATIVE_ALPHA: f64 = 1e-4;

/// The share of `outcomes`' runs, of `POWER_RUNS`, that passed.
fn share_passed(outcomes: &Outcomes) -> f64 {
    outcomes.passed as f64 / POWER_RUNS as f64
}

/// The scenarios of the table: a routine length, a name, and the comparison, whose true
/// ratio is the difference its claim `ratio > 1` is judged at (near the edge of what the
/// budget affords under that noise, so that what the dependence costs shows).
fn scenarios() -> Vec<(Length, &'static str, Scenario)> {
    type Dependence = fn(Noise) -> Noise;
    // Each noise with the true ratio judged on short and on long routines.
    let rows: [(&str, Dependence, f64, f64); 4] = [
        ("iid", |base| base, 1.0006, 1.005),
        ("AR(1) phi 0.9", |base| ar1(base, 0.9), 1.003, 1.02),
        (
            "wander 0.6%, memory 25 duos",
            |base| wander(base, 0.006, 25.0),
            1.02,
            1.015,
        ),
        (
            "switch 2%, dwell 50 duos",
            |base| switch(base, 0.02, 50.0),
            1.03,
            1.02,
        ),
    ];
    let mut out = Vec::new();
    for length in [Length::Short, Length::Long] {
        for (name, dependence, short_ratio, long_ratio) in rows {
            let ratio = match length {
                Length::Short => short_ratio,
                Length::Long | Length::Ms20 | Length::Ms50 => long_ratio,
            };
            let scenario = Scenario {
                ratio,
                ..length.scenario(dependence(length.base()))
            };
            out.push((length, name, scenario));
        }
    }
    out
}

const TRUE_CLAIM: Claim = Claim::Above {
    bound: 1.0,
    inclusive: false,
};

#[test]
fn true_claims_pass_under_dependence_and_a_twice_as_wide_interval_would_not() {
    let mut wrong = Vec::new();
    eprintln!("| length | scenario | ratio | passed | refuted | passed at alpha 1e-4 |");
    eprintln!("|---|---|---|---|---|---|");
    for (i, (length, name, scenario)) in scenarios().into_iter().enumerate() {
        let seed = 0x5EED_0000 + i as u64;
        let at_alpha = simulate_at(seed, &scenario, TRUE_CLAIM, super::ALPHA, POWER_RUNS);
        let control = simulate_at(seed, &scenario, TRUE_CLAIM, CONSERVATIVE_ALPHA, POWER_RUNS);
        eprintln!(
            "| {length:?} | {name} | {} | {:.1}% | {:.1}% | {:.1}% |",
            scenario.ratio,
            100.0 * share_passed(&at_alpha),
            100.0 * at_alpha.refuted as f64 / POWER_RUNS as f64,
            100.0 * share_passed(&control),
        );
        if share_passed(&at_alpha) < POWER_FLOOR {
            wrong.push(format!(
                "{length:?} {name}: power {}",
                share_passed(&at_alpha)
            ));
        }
        if at_alpha.refuted > 0 {
            wrong.push(format!("{length:?} {name}: {} refuted", at_alpha.refuted));
        }
        if share_passed(&control) >= POWER_FLOOR {
            wrong.push(format!("{length:?} {name}: the control kept its power"));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}
