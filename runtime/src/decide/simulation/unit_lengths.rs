//! The units' length and floors, measured: the coverage scenarios judged as the procedure
//! runs (a long routine's units of `UNIT_DUOS`), with blocks of one duo whose dependence
//! the run estimates (the design units replaced), and over units of other lengths, with or
//! without a dependence factor on top, the decision precision and other floors. It is a
//! measurement behind docs/VALIDATION.md ("Coverage of the printed interval"), not a check
//! (`units_against_today`, ignored).

use super::coverage::{coverage, noises, verdicts, Length};
use super::{above, Scenario};
use crate::decide::sequential::Safeguards;

/// The alternatives a table row can judge `scenario` with.
#[derive(Clone, Copy, Debug)]
struct Alternative {
    /// Duos a unit holds.
    unit_duos: usize,
    /// A dependence factor estimated over the units, on top.
    dependence: bool,
    /// The decision precision.
    decision_precision: bool,
    /// Units a decision waits for.
    min_units: usize,
    /// Units the confidence sequence is tightest at (0: half of what the budget holds).
    target_units: f64,
}

/// `scenario` judged over units as `alt` says.
fn by_units(scenario: Scenario, alt: Alternative) -> Scenario {
    let units = (scenario.max_duos / alt.unit_duos) as f64;
    Scenario {
        duos_per_block: alt.unit_duos,
        target_blocks: if alt.target_units > 0.0 {
            alt.target_units
        } else {
            (units / 2.0).max(4.0)
        },
        min_blocks: alt.min_units,
        safeguards: Safeguards {
            dependence: alt.dependence,
            units: false,
            decision_precision: alt.decision_precision,
            ..Safeguards::ALL
        },
        ..scenario
    }
}

/// One line: the miss rates, the boundary claims' false passes, and how a true claim 1%
/// from its boundary fared (passes of `runs`, median duos to them).
fn line(name: &str, seed: u64, scenario: Scenario, runs: usize) -> String {
    let c = coverage(seed, &scenario, runs);
    let clear = Scenario {
        ratio: 1.01,
        ..scenario
    };
    let (passed, _, duos) = verdicts(seed + 1, &clear, above(1.0), runs);
    let pct = |n: usize| 100.0 * n as f64 / runs as f64;
    format!(
        "| {name} | {:.1}% | {:.1}% | {:.1}% / {:.1}% | {:.0}% in {} duos |",
        pct(c.missed),
        pct(c.missed_decidable),
        pct(c.false_passes[0]),
        pct(c.false_passes[1]),
        pct(passed),
        duos.map_or("-".to_string(), |d| d.to_string())
    )
}

/// Prints, for each long-routine scenario, the procedure as it runs, blocks of one duo
/// with the run's dependence factor (`UNIT_BEFORE=1`), and units of the lengths in
/// `UNIT_DUOS` (comma-separated; default 10,25) over `UNIT_RUNS` runs (default 400), with a
/// factor on top (`UNIT_DEP=1`), without the decision precision (`UNIT_PRECISION=0`),
/// deciding from `UNIT_MIN` units (default 6), tightest at `UNIT_TARGET` units (default
/// half the budget's); `UNIT_ROWS` keeps the rows whose name contains it.
#[test]
#[ignore = "measurement: prints a table"]
fn units_against_today() {
    let env = |key: &str, default: &str| std::env::var(key).unwrap_or(default.to_string());
    let runs: usize = env("UNIT_RUNS", "400").parse().expect("UNIT_RUNS");
    let only = std::env::var("UNIT_ROWS").ok();
    let alt = |unit_duos| Alternative {
        unit_duos,
        dependence: env("UNIT_DEP", "0") == "1",
        decision_precision: env("UNIT_PRECISION", "1") == "1",
        min_units: env("UNIT_MIN", "6").parse().expect("UNIT_MIN"),
        target_units: env("UNIT_TARGET", "0").parse().expect("UNIT_TARGET"),
    };
    let units: Vec<usize> = env("UNIT_DUOS", "10,25")
        .split(',')
        .filter(|u| !u.is_empty())
        .map(|u| u.parse().expect("duos"))
        .collect();
    let length = Length::Long;
    eprintln!("{:?}", alt(0));
    eprintln!("| scenario | miss, any look | miss, decidable | false pass < / > | ratio 1.01, `ratio > 1` |\n|---|---|---|---|---|");
    for (i, (name, noise)) in noises(length).into_iter().enumerate() {
        if only.as_deref().is_some_and(|o| !name.contains(o)) {
            continue;
        }
        let runs_now = length.scenario(noise);
        let seed = 1_000 + i as u64;
        eprintln!(
            "{}",
            line(&format!("{name}, as it runs"), seed, runs_now, runs)
        );
        if env("UNIT_BEFORE", "0") == "1" {
            let before = Scenario {
                safeguards: Safeguards {
                    units: false,
                    ..Safeguards::ALL
                },
                ..runs_now
            };
            eprintln!(
                "{}",
                line(&format!("{name}, one duo a block"), seed, before, runs)
            );
        }
        for &u in &units {
            let scenario = by_units(runs_now, alt(u));
            eprintln!(
                "{}",
                line(&format!("{name}, units of {u}"), seed, scenario, runs)
            );
        }
    }
}
