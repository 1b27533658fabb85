//! Error rates of the verdict procedure, checked by simulation: synthetic log-normal
//! latencies, fixed seeds, no clock. Each scenario runs 2,000 simulated comparisons through
//! the same `Sequential` the duo loop uses, with early stopping after every block.
//!
//! The noise model follows the bench_diff documentation: each batch's latency is its base
//! cost times a log-normal noise factor, times a multiplicative factor that drifts smoothly
//! in time (shared by both routines of a pair), plus an ordering effect that makes whichever
//! routine runs first in a pair slower. Optionally 1% of batches are inflated tenfold (an
//! interrupt, on either routine), and the noise level itself drifts. For the robustness
//! scenarios (`simulation/robust.rs`, `simulation/wander.rs`) the first routine may also own extra
//! costs in some batches (amortized work), its speed relative to the second may wander (an
//! AR(1) process with a memory of many batches), and the ratio may change after the pilot.
//!
//! The scenarios, one file each beside the shared generator here:
//! - `controls`: one negative control per safeguard, each switched off alone;
//! - `coverage`: how often the printed interval misses the true ratio;
//! - `robust`: costs one routine owns, interrupts on both, a ratio that changes;
//! - `wander`: a relative speed that wanders with a memory of many batches;
//! - `grid`: the wander over a grid of sizes and memories;
//! - `long`: long routines (units of 25 duos), claims on the truth;
//! - `mixed`: noise that mixes the other scenarios' kinds;
//! - `pairs`: cross-version comparisons over rounds of process pairs;
//! - `power`: how often true claims pass under dependence, with a control;
//! - `rare`: rare slow calls one routine owns, within the scope a run can see and beyond it;
//! - `replay`: real duo streams replayed through the sequential test;
//! - `unit_lengths`: units of other lengths and floors against the procedure as it runs (a
//!   measurement, ignored);
//! - `boundaries`: the intervals a test on units can judge with, compared on every
//!   scenario of the coverage tables and on decision times (a measurement, ignored).

mod boundaries;
mod controls;
mod coverage;
mod grid;
mod long;
mod mixed;
mod pairs;
mod power;
mod rare;
mod replay;
mod robust;
mod unit_lengths;
mod wander;

use crate::decide::boundary::Boundary;
use crate::decide::duo_times::DuoTimes;
use crate::decide::sequential::{
    min_decision_duos, unit_duos, Safeguards, Sequential, SequentialSettings, MIN_DECISION_DUOS,
    TARGET_BLOCKS, UNIT_BOUNDARY, UNIT_DUOS,
};
use crate::decide::verdict::Verdict;
use crate::model::Claim;
use crate::stats::SplitMix64 as Rng;

pub const RUNS: usize = 2_000;
pub const ALPHA: f64 = 0.05;

/// What the simulated machine and routines do.
#[derive(Clone, Copy)]
pub struct Noise {
    /// Standard deviation of one batch's log latency.
    pub sigma: f64,
    /// Probability that a batch (of either routine) is inflated tenfold.
    pub outlier_rate: f64,
    /// Amplitude of the slow drift of the noise level (0 = constant).
    pub sigma_drift: f64,
    /// Probability that a batch of the first routine includes its amortized extra work.
    pub spike_rate: f64,
    /// That extra work, in units of the second routine's batch time.
    pub spike_size: f64,
    /// Standard deviation of the wander of the first routine's relative speed (log units).
    pub wander_sd: f64,
    /// Memory of the wander, in batches (its AR(1) coefficient is exp(−1/memory)).
    pub wander_memory: f64,
    /// Size (log units) of a two-state switch of the first routine's relative speed: it
    /// sits at ±half of this, switching state with probability `1 / switch_dwell` a batch.
    pub switch_size: f64,
    /// Mean dwell of the switch in one state, in batches.
    pub switch_dwell: f64,
    /// Probability that a batch's noise is five times its usual spread (a heavy tail on
    /// both routines, with every moment finite).
    pub wide_noise_rate: f64,
    /// The wide noise falls on the first routine's batches only: a heavy tail it owns.
    pub wide_noise_first_only: bool,
}

pub const CLEAN: Noise = Noise {
    sigma: 0.02,
    outlier_rate: 0.0,
    sigma_drift: 0.0,
    spike_rate: 0.0,
    spike_size: 0.0,
    wander_sd: 0.0,
    wander_memory: 1.0,
    switch_size: 0.0,
    switch_dwell: 1.0,
    wide_noise_rate: 0.0,
    wide_noise_first_only: false,
};
/// The negative control of the dependence safeguards: blocks of the requested length
/// assumed independent (no factor, and no units long enough to be).
pub const INDEPENDENT: Safeguards = Safeguards {
    dependence: false,
    units: false,
    ..Safeguards::ALL
};

/// The negative control of the fence's safeguards: a fixed centre, and every outlier set
/// aside whoever owns it.
pub const OLD_FENCE: Safeguards = Safeguards {
    follow: false,
    ownership: false,
    ..Safeguards::ALL
};

pub const INTERRUPTED: Noise = Noise {
    outlier_rate: 0.01,
    ..CLEAN
};
const DRIFTING: Noise = Noise {
    sigma_drift: 0.8,
    ..CLEAN
};

/// One simulated comparison's setting.
#[derive(Clone, Copy)]
pub struct Scenario {
    /// True ratio of the routines' typical latencies (before amortized costs).
    pub ratio: f64,
    pub noise: Noise,
    /// Ratio from the end of the pilot on (a regime shift), if it changes.
    pub shifted_ratio: Option<f64>,
    pub pilot_duos: usize,
    pub duos_per_block: usize,
    /// The time budget of one simulated run, in duos after the pilot.
    pub max_duos: usize,
    pub safeguards: Safeguards,
    /// Blocks the confidence sequence is tightest at.
    pub target_blocks: f64,
    /// Effective blocks a decision waits for.
    pub min_blocks: usize,
    /// How the interval is drawn on units.
    pub unit_boundary: Boundary,
    /// Duos a unit holds, on units.
    pub unit_duos: usize,
    /// Duos a decision waits for (the sample floor).
    pub min_duos: usize,
}

impl Scenario {
    /// The default simulation: 8 pilot duos, blocks of 4, at most 2,000 duos.
    pub const fn new(ratio: f64, noise: Noise) -> Scenario {
        Scenario {
            ratio,
            noise,
            shifted_ratio: None,
            pilot_duos: 8,
            duos_per_block: 4,
            max_duos: 2_000,
            safeguards: Safeguards::ALL,
            target_blocks: TARGET_BLOCKS,
            min_blocks: 10,
            unit_boundary: UNIT_BOUNDARY,
            unit_duos: UNIT_DUOS,
            min_duos: MIN_DECISION_DUOS,
        }
    }

    /// A routine whose calls last `call_ms` (one call a batch, one duo a block, four calls
    /// a duo) with an 8-duo pilot, `sigma` noise per batch and the duos a budget of
    /// `budget_s` holds after a warmup of the pilot: units and sample floor as the duo loop
    /// sets them for duos that long.
    pub fn of_call(ratio: f64, noise: Noise, sigma: f64, call_ms: f64, budget_s: f64) -> Scenario {
        let duo_ns = 4e6 * call_ms;
        let duos = (budget_s * 1e9 / duo_ns) as usize;
        Scenario {
            unit_duos: unit_duos(duo_ns),
            min_duos: min_decision_duos(duo_ns),
            ..Scenario::long(ratio, noise, sigma, duos.saturating_sub(8))
        }
    }

    /// The settings a comparison of this scenario judges `claim` at `alpha` with.
    pub fn settings(&self, alpha: f64, claim: Option<Claim>) -> SequentialSettings {
        SequentialSettings {
            safeguards: self.safeguards,
            target_blocks: self.target_blocks,
            min_blocks: self.min_blocks,
            unit_boundary: self.unit_boundary,
            unit_duos: self.unit_duos,
            min_duos: self.min_duos,
            ..SequentialSettings::new(alpha, claim, self.duos_per_block)
        }
    }

    /// A long routine (one call a batch, so one duo a block) with an 8-duo pilot, `sigma`
    /// noise per batch and a budget of `max_duos`.
    pub const fn long(ratio: f64, noise: Noise, sigma: f64, max_duos: usize) -> Scenario {
        Scenario {
            duos_per_block: 1,
            max_duos,
            ..Scenario::new(ratio, Noise { sigma, ..noise })
        }
    }

    /// The ratio of mean latencies during the test: amortized work included, and the
    /// ordering effect (1% on whichever routine runs first, so 0.5% on average) on the base;
    /// a switch spends half its time in each state, so it scales the base by cosh(size/2).
    pub fn mean_ratio(&self) -> f64 {
        let base = self.shifted_ratio.unwrap_or(self.ratio) * (self.noise.switch_size / 2.0).cosh();
        base + self.noise.spike_rate * self.noise.spike_size / 1.005
    }
}

/// Short batches (20 µs at 55 ns a call, 0.2% noise), 1 ms blocks, a 100 ms pilot and a
/// 100 ms budget, at ratio 1 under `noise`.
pub fn short(noise: Noise) -> Scenario {
    Scenario {
        pilot_duos: 1_250,
        duos_per_block: 12,
        max_duos: 1_250,
        ..Scenario::new(
            1.0,
            Noise {
                sigma: 0.002,
                ..noise
            },
        )
    }
}

/// A synthetic machine running two routines whose true ratio is `ratio`.
pub struct Machine {
    rng: Rng,
    pub ratio: f64,
    noise: Noise,
    phase: f64,
    clock: f64,
    wander: f64,
    switch: f64,
}

impl Machine {
    pub fn new(seed: u64, ratio: f64, noise: Noise) -> Machine {
        let mut rng = Rng::new(seed);
        let phase = std::f64::consts::TAU * rng.uniform();
        let wander = noise.wander_sd * rng.normal();
        // Drawn only when there is a switch, so that other scenarios' streams stay as they were.
        let switch = if noise.switch_size > 0.0 && rng.uniform() < 0.5 {
            -0.5 * noise.switch_size
        } else {
            0.5 * noise.switch_size
        };
        Machine {
            rng,
            ratio,
            noise,
            phase,
            clock: 0.0,
            wander,
            switch,
        }
    }

    /// One batch; `level` and `drift` (the noise level and the machine's speed) change
    /// slowly, so they are computed once per duo.
    fn batch(
        &mut self,
        first_routine: bool,
        runs_first_in_pair: bool,
        level: f64,
        drift: f64,
    ) -> f64 {
        self.clock += 1.0;
        let n = self.noise;
        let order = if runs_first_in_pair { 1.01 } else { 1.0 };
        let interrupt = if self.rng.uniform() < n.outlier_rate {
            10.0
        } else {
            1.0
        };
        if n.wander_sd > 0.0 {
            let rho = (-1.0 / n.wander_memory).exp();
            self.wander =
                rho * self.wander + (1.0 - rho * rho).sqrt() * n.wander_sd * self.rng.normal();
        }
        if n.switch_size > 0.0 && self.rng.uniform() < 1.0 / n.switch_dwell {
            self.switch = -self.switch;
        }
        // No draw for the second routine's batches under a one-sided tail, and none at all
        // without a tail, so that other scenarios' streams stay as they were.
        let tailed = n.wide_noise_rate > 0.0 && (first_routine || !n.wide_noise_first_only);
        let spread = if tailed && self.rng.uniform() < n.wide_noise_rate {
            5.0 * level
        } else {
            level
        };
        let work = if first_routine {
            let spike = if n.spike_rate > 0.0 && self.rng.uniform() < n.spike_rate {
                n.spike_size
            } else {
                0.0
            };
            self.ratio * order * (self.wander + self.switch).exp() + spike
        } else {
            order
        };
        work * drift * interrupt * (spread * self.rng.normal()).exp()
    }

    /// One duo's four batch times.
    pub fn duo(&mut self) -> DuoTimes {
        let slow = (self.clock / 500.0 + self.phase).sin();
        let level = self.noise.sigma * (1.0 + self.noise.sigma_drift * slow).max(0.05);
        let drift = (0.3 * (self.clock / 3_000.0 + self.phase).sin()).exp();
        DuoTimes {
            first_forward: self.batch(true, true, level, drift),
            second_forward: self.batch(false, false, level, drift),
            second_backward: self.batch(false, true, level, drift),
            first_backward: self.batch(true, false, level, drift),
        }
    }
}

/// What simulated comparisons of one scenario and claim ended in.
pub struct Outcomes {
    pub passed: usize,
    pub refuted: usize,
    /// Median duos measured before a decision, over the decided runs.
    pub median_duos: usize,
    /// Duos measured before each decision, in increasing order.
    pub decided_at: Vec<usize>,
}

/// Runs `RUNS` simulated comparisons of `scenario` judging `claim` at `ALPHA`.
pub fn simulate(seed: u64, scenario: &Scenario, claim: Claim) -> Outcomes {
    simulate_at(seed, scenario, claim, ALPHA, RUNS)
}

/// Runs `runs` simulated comparisons of `scenario` judging `claim` at `alpha`.
pub fn simulate_at(
    seed: u64,
    scenario: &Scenario,
    claim: Claim,
    alpha: f64,
    runs: usize,
) -> Outcomes {
    let (mut passed, mut refuted) = (0, 0);
    let mut duos_to_decision = Vec::new();
    for run in 0..runs {
        let seed = seed ^ (run as u64).wrapping_mul(0xA076_1D64_78BD_642F);
        let mut machine = Machine::new(seed, scenario.ratio, scenario.noise);
        let pilot: Vec<DuoTimes> = (0..scenario.pilot_duos).map(|_| machine.duo()).collect();
        machine.ratio = scenario.shifted_ratio.unwrap_or(scenario.ratio);
        let mut test = Sequential::new(scenario.settings(alpha, Some(claim)), &pilot);
        let verdict = (1..=scenario.max_duos).find_map(|i| {
            let duo = machine.duo();
            test.push_duo(&duo).map(|v| (v, i))
        });
        match verdict {
            Some((Verdict::Pass, i)) => {
                passed += 1;
                duos_to_decision.push(i);
            }
            Some((Verdict::Refuted, i)) => {
                refuted += 1;
                duos_to_decision.push(i);
            }
            _ => {}
        }
    }
    duos_to_decision.sort_unstable();
    Outcomes {
        passed,
        refuted,
        median_duos: duos_to_decision
            .get(duos_to_decision.len() / 2)
            .copied()
            .unwrap_or(usize::MAX),
        decided_at: duos_to_decision,
    }
}

/// At most `ALPHA` within two binomial standard deviations over `RUNS` runs.
pub fn at_most_alpha(count: usize) -> bool {
    let rate = count as f64 / RUNS as f64;
    rate <= ALPHA + 2.0 * (ALPHA * (1.0 - ALPHA) / RUNS as f64).sqrt()
}

/// Clearly above alpha: what a negative control must show.
pub fn well_above_alpha(count: usize) -> bool {
    count as f64 / RUNS as f64 > 2.0 * ALPHA
}

/// A negative control under a wander must both pass and refute an A/A claim on the truth
/// well above alpha: without its safeguard, the interval sits wholly on either side.
pub fn assert_fooled_both_ways(control: &Outcomes) {
    assert!(
        well_above_alpha(control.passed) && well_above_alpha(control.refuted),
        "control: passed {}, refuted {}",
        control.passed,
        control.refuted
    );
}

pub const fn below(bound: f64) -> Claim {
    Claim::Below {
        bound,
        inclusive: false,
    }
}

pub const fn above(bound: f64) -> Claim {
    Claim::Above {
        bound,
        inclusive: false,
    }
}

pub const fn band(low: f64, high: f64) -> Claim {
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
            let scenario = Scenario::new(ratio, noise);
            let passed = simulate(seed + 100 * n as u64 + i as u64, &scenario, claim).passed;
            assert!(
                at_most_alpha(passed),
                "false claim {claim:?} at ratio {ratio} passed {passed} of {RUNS} (noise {n})"
            );
        }
        for (i, &(ratio, claim)) in true_claims.iter().enumerate() {
            let scenario = Scenario::new(ratio, noise);
            let refuted = simulate(seed + 50 + 100 * n as u64 + i as u64, &scenario, claim).refuted;
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

/// How often a fixed-sample t-interval over the blocks, looked at after every block as the
/// sequential test looks, passes `claim`: the negative control of the error-rate tests.
pub fn naive_looks_pass(seed: u64, scenario: &Scenario, claim: Claim) -> usize {
    let mut passed = 0;
    for run in 0..RUNS {
        let mut machine = Machine::new(seed ^ run as u64, scenario.ratio, scenario.noise);
        let mut blocks = Vec::new();
        let mut open = (0.0, 0.0);
        for i in 1..=scenario.max_duos {
            let duo = machine.duo();
            open = (open.0 + duo.first_ns(), open.1 + duo.second_ns());
            if i % scenario.duos_per_block != 0 {
                continue;
            }
            blocks.push((open.0 / open.1).ln());
            open = (0.0, 0.0);
            let Ok(sample) = crate::stats::Sample::new(&blocks) else {
                continue;
            };
            let t = crate::stats::student_t(sample, 0.0, 1.0 - ALPHA);
            match crate::decide::verdict::judge(&claim, t.ci_low.exp(), t.ci_high.exp()) {
                Some(Verdict::Pass) => {
                    passed += 1;
                    break;
                }
                Some(_) => break,
                None => {}
            }
        }
    }
    passed
}

#[test]
fn a_fixed_sample_interval_looked_at_after_every_block_breaks_alpha() {
    // The negative control of the error-rate tests above: the same machine and the same
    // check, with the interval the confidence sequence replaces.
    let passed = naive_looks_pass(5, &Scenario::new(1.0, CLEAN), below(1.0));
    assert!(well_above_alpha(passed), "{passed} of {RUNS}");
}

#[test]
fn claims_at_and_beyond_their_boundary_keep_error_rates_at_alpha() {
    // The ordering effect adds 0.5% to both routines' mean, so a claim's boundary sits on the
    // truth at exactly the typical ratio. `ratio in 0.97..=1.03` is inclusive: at 1.03 it is
    // true, so it is a true claim here; just beyond the band (1.031) it is false.
    check_error_rates(
        2,
        &[
            (1.05, below(1.05)),
            (1.06, below(1.05)),
            (0.8, above(0.8)),
            (1.031, band(0.97, 1.03)),
            (0.96, band(0.97, 1.03)),
        ],
        &[
            (1.05, above(1.04)),
            (1.05, band(1.0, 1.05)),
            (0.97, band(0.97, 1.03)),
            (1.03, band(0.97, 1.03)),
            (0.8, below(0.81)),
        ],
    );
}

#[test]
fn clear_differences_are_decided_correctly_and_early() {
    for noise in [CLEAN, INTERRUPTED, DRIFTING] {
        let scenario = Scenario::new(1.10, noise);
        for (seed, claim, right) in [(3, above(1.05), true), (4, below(1.0), false)] {
            let o = simulate(seed, &scenario, claim);
            let (correct, wrong) = if right {
                (o.passed, o.refuted)
            } else {
                (o.refuted, o.passed)
            };
            assert!(
                correct >= RUNS * 99 / 100 && wrong == 0,
                "{correct} {wrong}"
            );
            // Early: the median run decides as soon as the units' floor lets it, within 40
            // blocks of the 500 the budget allows.
            assert!(
                o.median_duos <= 6 * UNIT_DUOS,
                "median {} duos",
                o.median_duos
            );
        }
    }
}

#[test]
fn interrupted_duos_are_set_aside_and_counted() {
    let mut machine = Machine::new(9, 1.0, INTERRUPTED);
    let pilot: Vec<DuoTimes> = (0..8).map(|_| machine.duo()).collect();
    // No claim and no precision target: the run never stops early.
    let settings = SequentialSettings {
        precision: 0.0,
        ..SequentialSettings::new(ALPHA, None, 4)
    };
    let mut test = Sequential::new(settings, &pilot);
    for _ in 0..5_000 {
        assert_eq!(test.push_duo(&machine.duo()), None);
    }
    let duos = test.duo_means().len();
    // Each duo has 4 batches, each interrupted with probability 1%.
    let expected = duos as f64 * (1.0 - 0.99f64.powi(4));
    let set_aside = test.duos_set_aside() as f64;
    assert!(
        set_aside > 0.5 * expected && set_aside < 1.5 * expected,
        "{set_aside} vs {expected}"
    );
    // They hit both routines alike, so the verdict rests on the kept duos.
    let split = test.spike_split();
    assert!(split.first > 0 && split.second > 0, "{split:?}");
    assert_eq!(
        test.estimate().map(|e| e.basis),
        Some(crate::decide::sequential::Basis::Fenced)
    );
}
