//! Error rates of the verdict procedure, checked by simulation: synthetic log-normal
//! latencies, fixed seeds, no clock. Each scenario runs 2,000 simulated comparisons through
//! the same `Sequential` the duo loop uses, with early stopping after every block.
//!
//! The noise model follows the bench_diff documentation: each batch's latency is its base
//! cost times a log-normal noise factor, times a multiplicative factor that drifts smoothly
//! in time (shared by both routines of a pair), plus an ordering effect that makes whichever
//! routine runs first in a pair slower. Optionally 1% of batches are inflated tenfold (an
//! interrupt), and the noise level itself drifts.

use super::sequential::{Sequential, SequentialSettings};
use crate::decide::verdict::Verdict;
use crate::model::attrs::Claim;
use crate::stats::SplitMix64 as Rng;

const RUNS: usize = 2_000;
const ALPHA: f64 = 0.05;
const DUOS_PER_BLOCK: usize = 4;
/// The time budget of one simulated run, in duos.
const MAX_DUOS: usize = 2_000;
const PILOT_DUOS: usize = 8;

#[derive(Clone, Copy)]
struct Noise {
    /// Standard deviation of one batch's log latency.
    sigma: f64,
    /// Probability that a batch is inflated tenfold.
    outlier_rate: f64,
    /// Amplitude of the slow drift of the noise level (0 = constant).
    sigma_drift: f64,
}

const CLEAN: Noise = Noise {
    sigma: 0.02,
    outlier_rate: 0.0,
    sigma_drift: 0.0,
};
const INTERRUPTED: Noise = Noise {
    outlier_rate: 0.01,
    ..CLEAN
};
const DRIFTING: Noise = Noise {
    sigma_drift: 0.8,
    ..CLEAN
};

/// A synthetic machine running two routines whose true ratio is `ratio`.
struct Machine {
    rng: Rng,
    ratio: f64,
    noise: Noise,
    phase: f64,
    clock: f64,
}

impl Machine {
    fn batch(&mut self, base: f64, runs_first_in_pair: bool) -> f64 {
        self.clock += 1.0;
        let slow = (self.clock / 500.0 + self.phase).sin();
        let level = self.noise.sigma * (1.0 + self.noise.sigma_drift * slow).max(0.05);
        let drift = (0.3 * (self.clock / 3_000.0 + self.phase).sin()).exp();
        let order = if runs_first_in_pair { 1.01 } else { 1.0 };
        let interrupt = if self.rng.uniform() < self.noise.outlier_rate {
            10.0
        } else {
            1.0
        };
        base * drift * order * interrupt * (level * self.rng.normal()).exp()
    }

    /// One duo's two pair log-differences, ln t(first) − ln t(second).
    fn duo(&mut self) -> [f64; 2] {
        let f1 = self.batch(self.ratio, true);
        let s1 = self.batch(1.0, false);
        let s2 = self.batch(1.0, true);
        let f2 = self.batch(self.ratio, false);
        [f1.ln() - s1.ln(), f2.ln() - s2.ln()]
    }
}

/// Runs `RUNS` simulated comparisons and returns how many passed and were refuted.
fn simulate(seed: u64, ratio: f64, noise: Noise, claim: Claim) -> (usize, usize) {
    let mut passed = 0;
    let mut refuted = 0;
    for run in 0..RUNS {
        let mut rng = Rng::new(seed ^ (run as u64).wrapping_mul(0xA076_1D64_78BD_642F));
        let phase = std::f64::consts::TAU * rng.uniform();
        let mut machine = Machine {
            rng,
            ratio,
            noise,
            phase,
            clock: 0.0,
        };
        let pilot: Vec<f64> = (0..PILOT_DUOS).flat_map(|_| machine.duo()).collect();
        let settings = SequentialSettings::new(ALPHA, Some(claim), DUOS_PER_BLOCK);
        let mut test = Sequential::new(settings, &pilot);
        let verdict = (0..MAX_DUOS).find_map(|_| {
            let [forward, backward] = machine.duo();
            test.push_duo(forward, backward)
        });
        match verdict {
            Some(Verdict::Pass) => passed += 1,
            Some(Verdict::Refuted) => refuted += 1,
            _ => {}
        }
    }
    (passed, refuted)
}

/// At most `ALPHA` within two binomial standard deviations over `RUNS` runs.
fn at_most_alpha(count: usize) -> bool {
    let rate = count as f64 / RUNS as f64;
    rate <= ALPHA + 2.0 * (ALPHA * (1.0 - ALPHA) / RUNS as f64).sqrt()
}

const fn below(bound: f64) -> Claim {
    Claim::Below {
        bound,
        inclusive: false,
    }
}

const fn above(bound: f64) -> Claim {
    Claim::Above {
        bound,
        inclusive: false,
    }
}

const fn band(low: f64, high: f64) -> Claim {
    Claim::Within {
        low,
        high,
        high_inclusive: true,
    }
}

/// For each noise model: a false claim passes, and a true one is refuted, at most alpha of
/// the time. `false_claims` hold (ratio, claim) with the claim false at that ratio;
/// `true_claims` with it true.
fn check_error_rates(seed: u64, false_claims: &[(f64, Claim)], true_claims: &[(f64, Claim)]) {
    for (n, noise) in [CLEAN, INTERRUPTED, DRIFTING].into_iter().enumerate() {
        for (i, &(ratio, claim)) in false_claims.iter().enumerate() {
            let (passed, _) = simulate(seed + 100 * n as u64 + i as u64, ratio, noise, claim);
            assert!(
                at_most_alpha(passed),
                "false claim {claim:?} at ratio {ratio} passed {passed} of {RUNS} (noise {n})"
            );
        }
        for (i, &(ratio, claim)) in true_claims.iter().enumerate() {
            let (_, refuted) = simulate(seed + 50 + 100 * n as u64 + i as u64, ratio, noise, claim);
            assert!(
                at_most_alpha(refuted),
                "true claim {claim:?} at ratio {ratio} was refuted {refuted} of {RUNS} (noise {n})"
            );
        }
    }
}

#[test]
fn a_a_comparisons_keep_both_error_rates_at_alpha() {
    check_error_rates(
        1,
        &[(1.0, below(1.0)), (1.0, above(1.0))],
        &[
            (1.0, band(0.99, 1.01)),
            (1.0, below(1.01)),
            (1.0, above(0.99)),
        ],
    );
}

#[test]
fn claims_at_and_beyond_their_boundary_keep_error_rates_at_alpha() {
    check_error_rates(
        2,
        &[
            (1.05, below(1.05)),
            (1.06, below(1.05)),
            (0.8, above(0.8)),
            (1.03, band(0.97, 1.03)),
            (0.96, band(0.97, 1.03)),
        ],
        &[
            (1.05, above(1.04)),
            (1.05, band(1.0, 1.05)),
            (0.97, band(0.97, 1.03)),
            (0.8, below(0.81)),
        ],
    );
}

#[test]
fn clear_differences_are_decided_correctly_and_early() {
    for noise in [CLEAN, INTERRUPTED, DRIFTING] {
        let (passed, refuted) = simulate(3, 1.10, noise, above(1.05));
        assert!(
            passed >= RUNS * 99 / 100 && refuted == 0,
            "{passed} {refuted}"
        );
        let (passed, refuted) = simulate(4, 1.10, noise, below(1.0));
        assert!(
            refuted >= RUNS * 99 / 100 && passed == 0,
            "{passed} {refuted}"
        );
    }
}

#[test]
fn interrupted_duos_are_set_aside_and_counted() {
    let mut machine = Machine {
        rng: Rng::new(9),
        ratio: 1.0,
        noise: INTERRUPTED,
        phase: 0.0,
        clock: 0.0,
    };
    let pilot: Vec<f64> = (0..PILOT_DUOS).flat_map(|_| machine.duo()).collect();
    // No claim and no precision target: the run never stops early.
    let settings = SequentialSettings {
        precision: 0.0,
        ..SequentialSettings::new(ALPHA, None, DUOS_PER_BLOCK)
    };
    let mut test = Sequential::new(settings, &pilot);
    for _ in 0..5_000 {
        let [f, b] = machine.duo();
        assert_eq!(test.push_duo(f, b), None);
    }
    let duos = test.duo_means().len();
    // Each duo has 4 batches, each interrupted with probability 1%.
    let expected = duos as f64 * (1.0 - 0.99f64.powi(4));
    let set_aside = test.duos_set_aside() as f64;
    assert!(
        set_aside > 0.5 * expected && set_aside < 1.5 * expected,
        "{set_aside} vs {expected}"
    );
}
