//! The screen's steps under simulation: preempted duos are set aside as the machine's
//! noise before the sequential test sees them. That is right when the scheduler took the
//! core for another process, and wrong when the routine itself causes the switch (it wakes
//! a thread that then runs on its core): its slow calls are then the ones set aside. Short
//! duos on wall time carry only the duo's switch count, so the screen attributes the
//! set-aside duos by which routine was slow, as the fence does its outliers. Synthetic
//! latencies, fixed seeds, 2,000 runs a scenario.

use super::one_duo::MeasuredDuo;
use super::screen::DuoScreen;
use crate::decide::SequentialSettings;
use crate::decide::Verdict;
use crate::measure::ContextSwitches;
use crate::model::Claim;
use crate::stats::SplitMix64;

const RUNS: usize = 2_000;
const ALPHA: f64 = 0.05;

/// At most alpha within two binomial standard deviations.
fn at_most_alpha(count: usize) -> bool {
    count as f64 / RUNS as f64 <= ALPHA + 2.0 * (ALPHA * (1.0 - ALPHA) / RUNS as f64).sqrt()
}

/// What preempts the measuring thread.
#[derive(Clone, Copy)]
struct Preemption {
    /// Probability that a batch of the first routine takes its slow path, which costs one
    /// more batch and wakes a thread that preempts the measuring one.
    own_rate: f64,
    /// Probability that another process preempts a duo, adding five batches to one of its
    /// batches, either routine's alike.
    machine_rate: f64,
}

impl Preemption {
    /// The ratio of mean latencies: the slow path counts, the machine's theft does not
    /// (it hits both routines alike in expectation and is set aside by design).
    fn mean_ratio(self) -> f64 {
        1.0 + self.own_rate
    }
}

/// One duo of two 20 µs routines with 2% noise a batch.
fn duo(rng: &mut SplitMix64, p: Preemption) -> MeasuredDuo {
    let mut wall = [0.0; 4];
    let mut switched = false;
    for (slot, w) in wall.iter_mut().enumerate() {
        let first = slot == 0 || slot == 3;
        let mut work = 1.0;
        if first && rng.uniform() < p.own_rate {
            work += 1.0;
            switched = true;
        }
        *w = 20_000.0 * work * (0.02 * rng.normal()).exp();
    }
    if rng.uniform() < p.machine_rate {
        let slot = (rng.uniform() * 4.0) as usize % 4;
        wall[slot] += 5.0 * 20_000.0;
        switched = true;
    }
    MeasuredDuo {
        switches: Some(ContextSwitches {
            voluntary: 0,
            involuntary: u64::from(switched),
        }),
        ..MeasuredDuo::wall_only(wall)
    }
}

/// False passes of `ratio < mean ratio` (false: its boundary is the truth) in `RUNS` runs of
/// at most 2,000 duos; `attribute` off sets preempted duos aside whoever they hit.
fn false_passes(seed: u64, p: Preemption, attribute: bool) -> usize {
    let claim = Claim::Below {
        bound: p.mean_ratio(),
        inclusive: false,
    };
    let mut passed = 0;
    for run in 0..RUNS {
        let mut rng = SplitMix64::new(seed ^ (run as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let pilot: Vec<MeasuredDuo> = (0..500).map(|_| duo(&mut rng, p)).collect();
        let settings = SequentialSettings::new(ALPHA, Some(claim), 12);
        let mut screen = DuoScreen::new(settings, pilot);
        if !attribute {
            screen = screen.without_attribution();
        }
        let verdict = (0..2_000).find_map(|_| screen.push(duo(&mut rng, p)));
        passed += usize::from(verdict == Some(Verdict::Pass));
    }
    passed
}

#[test]
fn preemption_by_another_process_is_set_aside_without_bias() {
    let machine = Preemption {
        own_rate: 0.0,
        machine_rate: 0.02,
    };
    let passes = false_passes(900, machine, true);
    eprintln!("machine preemption: {passes} of {RUNS}");
    assert!(at_most_alpha(passes), "{passes} of {RUNS}");
}

#[test]
fn a_routine_whose_own_wake_ups_preempt_it_keeps_its_slow_calls() {
    // A slow path in 5% of the first routine's batches that preempts the measuring thread:
    // the set-aside duos all have the first routine slow, so it owns them and they count.
    // The negative control sets them aside whoever they hit, as machine noise: the estimate
    // then misses the slow path, and a claim on the mean ratio passes far above alpha.
    let own = Preemption {
        own_rate: 0.05,
        machine_rate: 0.0,
    };
    let attributed = false_passes(910, own, true);
    let control = false_passes(910, own, false);
    eprintln!("own wake-ups: attributed {attributed}, not attributed {control} of {RUNS}");
    assert!(
        at_most_alpha(attributed),
        "attributed: {attributed} of {RUNS}"
    );
    assert!(!at_most_alpha(control), "control: only {control} of {RUNS}");
}
