//! The intervals a test on units can judge with, compared: Lai's t-mixture tuned for
//! twelve units (the design before), mixtures tuned for fewer, and Student's t at scheduled
//! looks with or without a share of alpha left to a mixture at every count. For each, every
//! scenario of the long routines' coverage tables (2 ms, and 20 ms and 50 ms with the
//! machine's memories in time), and the decision times of true claims. A measurement
//! behind docs/STATISTICS.md (step 8) and docs/DESIGN-MEASUREMENTS.md, not a check
//! (`boundaries_compared`, ignored).

use super::coverage::{coverage, noises, Coverage, Length};
use super::{above, simulate_at, Scenario, ALPHA, CLEAN};
use crate::decide::boundary::Boundary;
use crate::model::Claim;

/// One candidate from its spelling: `m:TARGET:MIN` (a mixture tightest at TARGET units,
/// deciding from MIN) or `s:SHARE:TARGET` (the looks of `looks` on SHARE of alpha, a mixture
/// tightest at TARGET on the rest).
fn candidate(spec: &str, looks: &'static [usize]) -> Boundary {
    let parts: Vec<&str> = spec.split(':').collect();
    let num = |i: usize| -> f64 { parts[i].parse().expect("a number") };
    match parts[0] {
        "m" => Boundary::Mixture {
            target: num(1),
            min_units: num(2) as usize,
        },
        "s" => Boundary::Scheduled {
            looks,
            share: num(1),
            target: num(2),
        },
        other => panic!("unknown candidate {other}"),
    }
}

/// `count` of `runs` as a percentage with one binomial standard error.
fn rate(count: usize, runs: usize) -> String {
    let p = count as f64 / runs as f64;
    let se = (p * (1.0 - p) / runs as f64).sqrt().max(0.5 / runs as f64);
    format!("{:.1} ± {:.1}%", 100.0 * p, 100.0 * se)
}

/// The median of sorted `duos` with the ranks one standard error either side
/// (n/2 ± √n/2), or "-".
fn median(duos: &[usize]) -> String {
    if duos.is_empty() {
        return "-".into();
    }
    let n = duos.len();
    let half = (n as f64).sqrt() / 2.0;
    let at = |r: f64| duos[(r.round() as usize).min(n - 1)];
    format!(
        "{} ({}–{})",
        at(n as f64 / 2.0),
        at(n as f64 / 2.0 - half),
        at(n as f64 / 2.0 + half)
    )
}

/// One true claim's runs under `boundary`: passes, refutations and the median duos.
fn decisions(scenario: Scenario, boundary: Boundary, claim: Claim, runs: usize) -> String {
    let scenario = Scenario {
        unit_boundary: boundary,
        ..scenario
    };
    let o = simulate_at(77, &scenario, claim, ALPHA, runs);
    format!(
        "passed {}, refuted {}, median duos {}",
        rate(o.passed, runs),
        rate(o.refuted, runs),
        median(&o.decided_at)
    )
}

/// The coverage table of `length` under `boundary`, one line a row, and the worst miss and
/// false pass over its rows.
fn table(length: Length, boundary: Boundary, runs: usize) -> (Vec<String>, Coverage, Coverage) {
    let mut lines = Vec::new();
    let (mut worst_miss, mut worst_pass) = (Coverage::default(), Coverage::default());
    for (i, (name, noise)) in noises(length).into_iter().enumerate() {
        let scenario = Scenario {
            unit_boundary: boundary,
            ..length.scenario(noise)
        };
        let c = coverage(900 + i as u64, &scenario, runs);
        lines.push(format!(
            "| {name} | {} | {} / {} | {} |",
            rate(c.missed, c.runs),
            rate(c.false_passes[0], c.runs),
            rate(c.false_passes[1], c.runs),
            c.median_decision_duos
                .map_or("-".to_string(), |d| d.to_string())
        ));
        if c.missed >= worst_miss.missed {
            worst_miss = c;
        }
        if c.worst_false_passes() >= worst_pass.worst_false_passes() {
            worst_pass = c;
        }
    }
    (lines, worst_miss, worst_pass)
}

/// Prints, for each candidate of `BOUNDARIES` (comma-separated spellings of [`candidate`];
/// by default the design before, mixtures tuned for six and four units, the looks alone,
/// and the looks on 0.8 or 0.9 of alpha), with looks at `LOOKS` units (default 4, 6, 8, 12,
/// 16, 24), over `BOUNDARY_RUNS` runs a row (default 400): the coverage tables of 2 ms,
/// 20 ms and 50 ms routines and the decision times of 0.5%, 1% and 2% at 2 ms, and of 10%
/// at 20 ms (5 s) and 50 ms (10 s).
#[test]
#[ignore = "measurement: prints a table"]
fn boundaries_compared() {
    let env = |key: &str, default: &str| std::env::var(key).unwrap_or(default.to_string());
    let runs: usize = env("BOUNDARY_RUNS", "400").parse().expect("BOUNDARY_RUNS");
    let looks: Vec<usize> = env("LOOKS", "4,6,8,12,16,24")
        .split(',')
        .map(|l| l.parse().expect("a count"))
        .collect();
    let looks: &'static [usize] = Box::leak(looks.into_boxed_slice());
    let specs = env("BOUNDARIES", "m:12:6,m:6:4,m:4:4,s:1:12,s:0.8:12,s:0.9:24");
    let tables = env("BOUNDARY_TABLES", "long,20,50");
    eprintln!("runs a row: {runs}; looks at {looks:?} units");
    for spec in specs.split(',') {
        let boundary = candidate(spec, looks);
        eprintln!("\n## {spec}: {boundary:?}\n");
        let long = |ratio: f64| Scenario::long(ratio, CLEAN, 0.013, 600);
        for (name, scenario, claim) in [
            ("2 ms, 1.005, ratio > 1", long(1.005), above(1.0)),
            ("2 ms, 1.01, ratio > 1", long(1.01), above(1.0)),
            ("2 ms, 1.02, ratio > 1", long(1.02), above(1.0)),
            (
                "20 ms, 1.10, ratio > 1.05, 5 s",
                Scenario::of_call(1.10, CLEAN, 0.013, 20.0, 5.0),
                above(1.05),
            ),
            (
                "50 ms, 1.10, ratio > 1.05, 10 s",
                Scenario::of_call(1.10, CLEAN, 0.013, 50.0, 10.0),
                above(1.05),
            ),
        ] {
            eprintln!("- {name}: {}", decisions(scenario, boundary, claim, runs));
        }
        for (key, length) in [
            ("long", Length::Long),
            ("20", Length::Ms20),
            ("50", Length::Ms50),
        ] {
            if !tables.split(',').any(|t| t == key) {
                continue;
            }
            let (lines, miss, pass) = table(length, boundary, runs);
            eprintln!("\n{length:?}:\n| scenario | miss, any look | false pass < / > | median duos |\n|---|---|---|---|");
            for line in lines {
                eprintln!("{line}");
            }
            eprintln!(
                "worst miss {}, worst false pass {}",
                rate(miss.missed, miss.runs),
                rate(pass.worst_false_passes(), pass.runs)
            );
        }
    }
}
