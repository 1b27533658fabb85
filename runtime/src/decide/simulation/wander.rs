//! A wander of the routines' relative speed: the first routine's speed relative to the second
//! follows an AR(1) process with a memory of tens of milliseconds, so block values are
//! positively correlated and an interval that treats them as independent is too narrow.
//! Each asserted case holds alpha on both one-sided claims whose boundary sits on the
//! truth, and its negative control — blocks assumed independent — breaks it on both sides.
//!
//! A memory as long as pilot and budget together leaves the run about one independent
//! stretch of the wander, which looks like a fixed difference: a known limit, not asserted.
//! The ignored [`wander_false_verdicts`] prints the false passes of each case, and
//! [`decision_times`] the median duos to a decision in the known-ratio scenarios, the cost
//! side of any change to the dependence safeguard; their figures are in docs/VALIDATION.md,
//! section "Simulated error rates and their negative controls".

use super::short;
use super::{
    above, assert_fooled_both_ways, at_most_alpha, band, below, simulate, Noise, Scenario, CLEAN,
    INDEPENDENT, INTERRUPTED, RUNS,
};
use crate::decide::sequential::Safeguards;
use crate::model::Claim;

/// Short batches (20 µs at 55 ns a call), 1 ms blocks, a 100 ms pilot and a 100 ms budget;
/// the first routine's speed relative to the second wanders with standard deviation `sd`
/// (log units) and memory `memory_ms`.
fn wander(sd: f64, memory_ms: f64) -> Scenario {
    let batches_per_ms = 50.0;
    short(Noise {
        wander_sd: sd,
        wander_memory: memory_ms * batches_per_ms,
        ..CLEAN
    })
}

/// The wander has mean 0 in the log, so the mean ratio is exp(sd²/2), a hair above 1: both
/// claims are false, each with its boundary on the truth.
fn false_claims(sd: f64) -> [Claim; 2] {
    [below(1.0), above(1.0 + sd * sd)]
}

/// Asserts that both false claims pass at most alpha of the time, and that with blocks
/// assumed independent `below(1.0)` is passed, and refuted (which is passing `above(1.0)`:
/// the interval lies wholly above 1), clearly more often than alpha.
fn check_wander(seed: u64, sd: f64, memory_ms: f64) {
    let scenario = wander(sd, memory_ms);
    for (j, claim) in false_claims(sd).into_iter().enumerate() {
        let passed = simulate(seed + j as u64, &scenario, claim).passed;
        assert!(
            at_most_alpha(passed),
            "sd {sd}, memory {memory_ms} ms: {passed} of {RUNS} passed {claim:?}"
        );
    }
    let control = Scenario {
        safeguards: INDEPENDENT,
        ..scenario
    };
    assert_fooled_both_ways(&simulate(seed, &control, below(1.0)));
}

#[test]
fn a_wander_of_0_05_percent_with_50_ms_memory_keeps_alpha() {
    // The case the dependence safeguard was built for: it holds only with the pilot's blocks
    // in the series the dependence is measured on.
    check_wander(30, 0.0005, 50.0);
}

#[test]
fn a_wander_of_0_1_percent_with_50_ms_memory_keeps_alpha() {
    check_wander(40, 0.001, 50.0);
}

/// The false-verdict table of the module docs: each case and claim with and without the
/// dependence safeguard. Cases come from `WANDER_CASES` ("sd:memory_ms,…"), by default the
/// two asserted ones and the known limit (sd 0.05%, 100 ms memory); seeds 30 + 10·case +
/// claim, as the asserted tests use.
#[test]
#[ignore = "measurement: prints a table"]
fn wander_false_verdicts() {
    let cases = std::env::var("WANDER_CASES").unwrap_or("0.0005:50,0.001:50,0.0005:100".into());
    for (i, case) in cases.split(',').enumerate() {
        let (sd, memory_ms) = case.split_once(':').expect("sd:memory_ms");
        let (sd, memory_ms): (f64, f64) = (sd.parse().expect("sd"), memory_ms.parse().expect("ms"));
        for (j, claim) in false_claims(sd).into_iter().enumerate() {
            let seed = 30 + 10 * i as u64 + j as u64;
            for safeguards in [Safeguards::ALL, INDEPENDENT] {
                let scenario = Scenario {
                    safeguards,
                    ..wander(sd, memory_ms)
                };
                let o = simulate(seed, &scenario, claim);
                println!(
                    "sd {sd}, {memory_ms} ms, {claim:?}, seed {seed}, dependence {}: \
                     passed {}, refuted {} of {RUNS}; median {} duos",
                    safeguards.dependence, o.passed, o.refuted, o.median_duos
                );
            }
        }
    }
}

/// Median duos to a decision in the known-ratio scenarios of `simulation/mod.rs` and in short
/// (500-duo pilot, blocks of 12) and long (8-duo pilot, one duo a block) routines.
#[test]
#[ignore = "measurement: prints a table"]
fn decision_times() {
    let drifting = Noise {
        sigma_drift: 0.8,
        ..CLEAN
    };
    let mut cases = Vec::new();
    for (n, noise) in [CLEAN, INTERRUPTED, drifting].into_iter().enumerate() {
        let name = ["clean", "interrupted", "drifting"][n];
        cases.push((name, 3, Scenario::new(1.10, noise), above(1.05)));
        cases.push((name, 4, Scenario::new(1.10, noise), below(1.0)));
        cases.push((name, 7, Scenario::new(1.0, noise), band(0.99, 1.01)));
        cases.push((name, 8, Scenario::new(1.05, noise), above(1.04)));
    }
    for (seed, ratio, claim) in [(12, 1.05, above(1.02)), (13, 1.0, below(1.02))] {
        let long = Scenario::long(ratio, CLEAN, 0.01, 400);
        let short = Scenario {
            pilot_duos: 500,
            duos_per_block: 12,
            ..Scenario::new(ratio, CLEAN)
        };
        cases.push(("long", seed, long, claim));
        cases.push(("short", seed, short, claim));
    }
    for (name, seed, scenario, claim) in cases {
        let o = simulate(seed, &scenario, claim);
        println!(
            "{name} {} {claim:?}, seed {seed}: passed {}, refuted {}, median {} duos",
            scenario.ratio, o.passed, o.refuted, o.median_duos
        );
    }
}
