//! Robustness scenarios: amortized costs one routine owns, interrupts that hit both routines
//! alike, and a ratio that changes after the pilot (a wandering relative speed is in
//! `simulation/wander.rs`). Each asserts that false verdicts stay at alpha with every
//! safeguard on, and — the negative control — that switching off the safeguard the scenario
//! needs breaks that, so the check can fail.

use super::{
    above, at_most_alpha, below, simulate, well_above_alpha, Noise, Scenario, CLEAN, INTERRUPTED,
    OLD_FENCE, RUNS,
};
use crate::decide::sequential::Safeguards;

/// The first routine's every batch has a `rate` chance of extra work worth four of the
/// second's batches: typical batches are equal, mean latencies are not.
/// Blocks of 12 duos and a 500-duo pilot, as for a 55 ns routine (whose warmup gives
/// thousands).
fn amortized(rate: f64) -> Scenario {
    amortized_over(rate, CLEAN)
}

/// [`amortized`] with `noise` underneath the extra work.
pub(super) fn amortized_over(rate: f64, noise: Noise) -> Scenario {
    Scenario {
        pilot_duos: 500,
        duos_per_block: 12,
        ..Scenario::new(
            1.0,
            Noise {
                spike_rate: rate,
                spike_size: 4.0,
                ..noise
            },
        )
    }
}

#[test]
fn amortized_costs_count_in_the_ratio() {
    for (i, rate) in [0.2, 0.05, 0.02].into_iter().enumerate() {
        let scenario = amortized(rate);
        let truth = scenario.mean_ratio();
        // The claim's boundary sits on the mean-latency ratio: it is false, and must pass
        // at most alpha of the time.
        let claim = below(truth);
        let robust = simulate(10 + i as u64, &scenario, claim);
        assert!(
            at_most_alpha(robust.passed),
            "1 in {}: {} of {RUNS} passed `ratio < {truth}`",
            1.0 / rate,
            robust.passed
        );
        // A clearly false claim (halfway between typical and mean) is refuted, where the
        // 2,000-duo budget holds enough of the extra work to decide (rarer extra work needs
        // more time: its lumpiness caps the effective blocks).
        if i == 0 {
            let halfway = simulate(20, &scenario, below(0.5 * (1.0 + truth)));
            assert!(halfway.refuted >= RUNS * 3 / 4, "{}", halfway.refuted);
        }
        // Control: with the fence always applied, the verdict is about typical batches.
        let control = Scenario {
            safeguards: OLD_FENCE,
            ..scenario
        };
        let fooled = simulate(10 + i as u64, &control, claim).passed;
        assert!(well_above_alpha(fooled), "control passed only {fooled}");
    }
}

#[test]
fn interrupts_hitting_both_routines_alike_are_set_aside() {
    // Machine noise: 1% or 3% of all batches ten times slower, on either routine.
    for (i, rate) in [0.01, 0.03].into_iter().enumerate() {
        let noise = Noise {
            outlier_rate: rate,
            ..INTERRUPTED
        };
        let scenario = Scenario::new(1.05, noise);
        let seed = 40 + 10 * i as u64;
        let false_claim = simulate(seed, &scenario, below(1.05)).passed;
        assert!(at_most_alpha(false_claim), "{rate}: {false_claim}");
        let true_claim = simulate(seed + 1, &scenario, above(1.04));
        assert!(
            at_most_alpha(true_claim.refuted),
            "{rate}: {}",
            true_claim.refuted
        );
        // Set aside, not counted: the true claim is still decided, and early.
        assert!(
            true_claim.passed >= RUNS * 9 / 10,
            "{rate}: {}",
            true_claim.passed
        );
    }
}

#[test]
fn a_ratio_that_changes_after_the_pilot_is_followed() {
    // 1.0 during the pilot, 1.3 from the start of the test: `ratio < 1.15` is false, and
    // neither a pass nor running out of time (which `on_inconclusive = "pass"` would turn
    // into a pass) is acceptable.
    let scenario = Scenario {
        shifted_ratio: Some(1.3),
        ..Scenario::new(1.0, CLEAN)
    };
    let claim = below(1.15);
    let robust = simulate(50, &scenario, claim);
    assert!(
        at_most_alpha(RUNS - robust.refuted),
        "refuted only {} of {RUNS}",
        robust.refuted
    );
    let control = Scenario {
        safeguards: OLD_FENCE,
        ..scenario
    };
    let fooled = simulate(50, &control, claim);
    assert!(
        well_above_alpha(RUNS - fooled.refuted),
        "control refuted {}",
        fooled.refuted
    );
}

/// A long routine (one call per batch, one duo per block, an 8-duo pilot, 400 duos of
/// budget) whose every batch has a `rate` chance of extra work worth `size` batches.
fn long_amortized(rate: f64, size: f64) -> Scenario {
    let noise = Noise {
        spike_rate: rate,
        spike_size: size,
        ..CLEAN
    };
    Scenario::long(1.0, noise, 0.01, 400)
}

#[test]
fn amortized_costs_of_long_routines_are_not_missed() {
    // From a cost in every fifth call to one in fifty, the mean ratio about 2 (and 1.15).
    for (i, (rate, size)) in [(0.2, 5.0), (0.05, 3.0), (0.02, 50.0)]
        .into_iter()
        .enumerate()
    {
        let scenario = long_amortized(rate, size);
        let truth = scenario.mean_ratio();
        let seed = 40 + i as u64;
        let robust = simulate(seed, &scenario, below(truth));
        assert!(
            at_most_alpha(robust.passed),
            "1 in {}: {} of {RUNS} passed `ratio < {truth}`",
            1.0 / rate,
            robust.passed
        );
        // A clearly false claim is never passed, and when the cost comes in a third of the
        // duos it is refuted within ten units: such outliers make the mean barely lumpy, which
        // `lump_equivalent` counts (docs/VALIDATION.md, section "Amortized costs").
        if i == 0 {
            let false_claim = simulate(seed, &scenario, below(1.2));
            assert!(at_most_alpha(false_claim.passed), "{}", false_claim.passed);
            assert!(
                false_claim.refuted >= RUNS * 9 / 10 && false_claim.median_duos <= 250,
                "refuted {} in a median of {} duos",
                false_claim.refuted,
                false_claim.median_duos
            );
        }
    }
    // Control: deciding after ten duos misses a cost in one call of fifty most of the time.
    // Units go with the sample floor here (six of them are 150 duos), and with them the
    // dependence factor, which this scenario (no wander) does not need.
    let control = Scenario {
        safeguards: Safeguards {
            sample_floor: false,
            dependence: false,
            units: false,
            ..Safeguards::ALL
        },
        ..long_amortized(0.02, 50.0)
    };
    let fooled = simulate(42, &control, below(control.mean_ratio())).passed;
    assert!(well_above_alpha(fooled), "control passed only {fooled}");
}
