//! The machine's pace, read beside a measurement: a fixed piece of arithmetic, timed.
//!
//! A virtual machine's core runs the same work at different speeds from one stretch of time
//! to the next, with no gap and nothing else running (docs/DESIGN-MEASUREMENTS.md, sections
//! "Interrupts, preemption and the machine's stalls" and "The machine's slow stretches"),
//! and a stretch can outlast a spin on the clock made after the measurement. A short probe
//! timed next to every `#[bench]` sample says at what pace the machine ran then, so that
//! samples that were slow because the machine was can be told from samples that were slow
//! by themselves (`analysis::severe_outliers`, `analysis::machine_pace`).
//!
//! The probe's work is [`lanes`], eight independent chains that keep the core's execution
//! units busy: it slows when the clock does and also when another thread shares the core
//! (a host's hyperthread sibling running another guest), which stretches an allocating
//! routine's time by half or more. A single serial chain ([`chain`]) waits on its own
//! latency and hardly feels that sharing (under 2% where the routine took 60% longer).

use std::hint::black_box;
use std::time::{Duration, Instant};

/// Work in one timed piece of a probe, in nanoseconds: long against a clock read, short
/// against the stalls of a virtual machine's host (tens of microseconds), so that most
/// pieces hold none.
const PIECE_NS: f64 = 2_500.0;
/// Pieces per probe; the fastest counts, which sets aside a stall in one of them and keeps
/// a slower pace that lasts through all of them.
const PIECES: usize = 4;

/// A serial chain of `steps` dependent operations: its time is the core's pace, which
/// neither the compiler nor the processor can shorten.
#[must_use]
pub fn chain(mut x: u64, steps: u64) -> u64 {
    let k = black_box(0x9E37_79B9_7F4A_7C15_u64);
    for _ in 0..black_box(steps) {
        x = x.rotate_left(7) ^ k;
    }
    x
}

/// Eight independent chains of a multiply, a rotation and an xor, `steps` steps each: as
/// many operations in flight as the core can issue, so that its time is the pace of the
/// core's execution units, shared or not.
#[must_use]
pub fn lanes(seed: u64, steps: u64) -> u64 {
    let k = black_box(0x9E37_79B9_7F4A_7C15_u64);
    let mut lanes = [1, 2, 3, 4, 5, 6, 7, 8].map(|lane: u64| lane ^ seed);
    for _ in 0..black_box(steps) {
        for x in &mut lanes {
            *x = x.wrapping_mul(k).rotate_left(13) ^ k;
        }
    }
    lanes.iter().fold(0, |a, b| a ^ b)
}

/// Steps of [`chain`] that take about `ns` nanoseconds on this machine now (timed once over
/// 1,000 steps; at least 16, so that a clock read stays small against them).
#[must_use]
pub fn steps_taking(ns: f64) -> u64 {
    steps_of(ns, |steps| chain(1, steps))
}

/// Steps of `work` that take about `ns` nanoseconds now, as [`steps_taking`].
fn steps_of(ns: f64, work: impl Fn(u64) -> u64) -> u64 {
    const TRIAL_STEPS: u64 = 1_000;
    let start = Instant::now();
    black_box(work(TRIAL_STEPS));
    let per_step = start.elapsed().as_nanos().max(1) as f64 / TRIAL_STEPS as f64;
    ((ns / per_step) as u64).clamp(16, 1_000_000)
}

/// How far above a reference the machine's pace must read to be slower than it: a fraction
/// of what a busy stretch of the host costs the probe (a quarter or more), several times the
/// scatter of a run's median read.
pub const SLOWER_PACE: f64 = 0.05;

/// Between two reads while waiting for the machine's pace: the probe's 10 µs stays a
/// thousandth of the time.
const BETWEEN_READS: Duration = Duration::from_millis(10);

/// How long a wait for the machine's pace took.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PaceWait {
    /// Time spent waiting.
    pub waited: Duration,
    /// Whether the pace came back within [`SLOWER_PACE`] of the reference before the cap.
    pub came_back: bool,
}

/// How much slower `pace` is than `reference` (`pace / reference − 1`), when it is more
/// than [`SLOWER_PACE`] slower; `None` otherwise, or where either is not a pace.
#[must_use]
pub fn slower_than(pace: f64, reference: f64) -> Option<f64> {
    let valid = |p: f64| p.is_finite() && p > 0.0;
    (valid(pace) && valid(reference) && pace > reference * (1.0 + SLOWER_PACE))
        .then(|| pace / reference - 1.0)
}

/// Waits while `per_step()` (the probe's time per step now) reads more than [`SLOWER_PACE`]
/// above `reference`, reading it every 10 ms, for at most `cap` or until `stop()`. `None`
/// when the first read is already within it: nothing was waited for.
pub fn wait_for_pace(
    mut per_step: impl FnMut() -> f64,
    reference: f64,
    cap: Duration,
    stop: impl Fn() -> bool,
) -> Option<PaceWait> {
    // A read that is not a number is no reason to wait.
    let back = |pace: f64| pace.is_nan() || pace <= reference * (1.0 + SLOWER_PACE);
    if !(reference.is_finite() && reference > 0.0) || back(per_step()) {
        return None;
    }
    let start = Instant::now();
    loop {
        if start.elapsed() >= cap || stop() {
            return Some(PaceWait {
                waited: start.elapsed(),
                came_back: false,
            });
        }
        std::thread::sleep(BETWEEN_READS);
        if back(per_step()) {
            return Some(PaceWait {
                waited: start.elapsed(),
                came_back: true,
            });
        }
    }
}

/// A calibrated probe of the machine's pace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PaceProbe {
    steps: u64,
}

impl PaceProbe {
    /// A probe whose pieces take about 2.5 µs on this machine now.
    #[must_use]
    pub fn calibrated() -> Self {
        Self {
            steps: steps_of(PIECE_NS, |steps| lanes(1, steps)),
        }
    }

    /// Steps of [`lanes`] in one piece: a reading divided by them is the machine's time per
    /// step, comparable between runs whose probes were calibrated apart.
    #[must_use]
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// [`PaceProbe::read`] per step of [`lanes`], in nanoseconds: comparable between probes
    /// calibrated apart (other processes, other runs).
    #[must_use]
    pub fn read_per_step(&self) -> f64 {
        self.read() / self.steps as f64
    }

    /// The fastest of the probe's pieces, in nanoseconds: how long this machine takes for
    /// the same work right now (about 10 µs of running in all).
    #[must_use]
    pub fn read(&self) -> f64 {
        (0..PIECES)
            .map(|i| {
                let start = Instant::now();
                black_box(lanes(i as u64, self.steps));
                start.elapsed().as_nanos() as f64
            })
            .fold(f64::INFINITY, f64::min)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_probe_reads_a_few_microseconds_and_twice_the_work_reads_longer() {
        let probe = PaceProbe::calibrated();
        let once = probe.read();
        // Wide bounds: a busy machine slows the probe, a fast one shortens it.
        assert!((100.0..1e6).contains(&once), "{once} ns");
        let twice = PaceProbe {
            steps: 2 * probe.steps,
        };
        // The fastest of many reads, so that one stall cannot decide.
        let fastest = |p: &PaceProbe| (0..20).map(|_| p.read()).fold(f64::INFINITY, f64::min);
        assert!(fastest(&twice) > 1.3 * fastest(&probe));
    }

    #[test]
    fn the_chain_depends_on_every_step() {
        assert_ne!(chain(1, 10), chain(1, 11));
        assert_eq!(chain(1, 0), 1);
    }

    #[test]
    fn a_run_waits_while_the_pace_is_slow_and_not_past_its_cap() {
        let never = || false;
        // Already at the reference: no wait.
        assert_eq!(
            wait_for_pace(|| 1.02, 1.0, Duration::from_secs(1), never),
            None
        );
        // Slow twice, then back.
        let mut reads = [1.3, 1.3, 1.01].into_iter();
        let wait = wait_for_pace(|| reads.next().unwrap(), 1.0, Duration::from_secs(5), never)
            .expect("it waited");
        assert!(wait.came_back);
        assert!(wait.waited >= Duration::from_millis(20), "{wait:?}");
        // Never back: the cap ends it, and says so.
        let cap = Duration::from_millis(40);
        let wait = wait_for_pace(|| 1.3, 1.0, cap, never).unwrap();
        assert!(!wait.came_back && wait.waited >= cap, "{wait:?}");
        // An interrupt ends it at once; a reference that is not a pace is not waited for.
        let wait = wait_for_pace(|| 1.3, 1.0, Duration::from_secs(60), || true).unwrap();
        assert!(!wait.came_back && wait.waited < Duration::from_secs(1));
        assert_eq!(
            wait_for_pace(|| 1.3, 0.0, Duration::from_secs(1), never),
            None
        );
    }

    #[test]
    fn slower_is_more_than_five_percent_above_the_reference() {
        assert_eq!(slower_than(1.05, 1.0), None);
        let moved = slower_than(1.3, 1.0).expect("30% slower");
        assert!((moved - 0.3).abs() < 1e-12, "{moved}");
        // Faster is not slower, and what is not a pace compares with nothing.
        assert_eq!(slower_than(0.5, 1.0), None);
        for bad in [0.0, -1.0, f64::NAN, f64::INFINITY] {
            assert_eq!(slower_than(bad, 1.0), None, "{bad}");
            assert_eq!(slower_than(1.3, bad), None, "{bad}");
        }
    }

    #[test]
    fn every_lane_and_every_step_counts() {
        assert_ne!(lanes(1, 10), lanes(1, 11));
        assert_ne!(lanes(1, 10), lanes(2, 10));
        assert_eq!(
            lanes(0, 0),
            [1u64, 2, 3, 4, 5, 6, 7, 8].iter().fold(0, |a, b| a ^ b)
        );
    }
}
