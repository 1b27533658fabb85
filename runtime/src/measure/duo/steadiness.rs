//! When the warmup may end: both routines' rates are steady, and the pilot holds what the
//! sequential test needs of it.
//!
//! A routine warms up as its caches, branch predictors, allocator and the CPU's clock settle:
//! its time per call falls, quickly or over tens of milliseconds. The rule looks at the
//! pilot (the duos at the final batch sizes) split by time into quarters and compares each
//! routine's median time in the latest quarter with the second: a change that has not
//! ended shows there at any time scale shorter than the pilot, so a warmup that lasts T
//! ends at about 2T (the second quarter must be past it), and a steady routine at the
//! pilot floor.

use super::one_duo::{MeasuredDuo, FIRST_SLOTS, LONG_BATCH_NS, SECOND_SLOTS};
use crate::decide::dependence_pilot_duos;
use crate::stats::median;
use std::time::Duration;

/// The rates are steady once each routine's median time in the latest quarter of the pilot
/// is within this (relative) of its median in the second quarter.
pub const STABLE_SPREAD: f64 = 0.01;

/// Duos each compared group holds at least; a pilot whose quarters hold fewer compares its
/// last duos with those before (long batches: 8 duos, 64 ms at 2 ms a call).
const GROUP: usize = 4;

/// Duos a default warmup's pilot holds before it may end on steadiness, unless its batches
/// are long: the pilot's blocks open the series the sequential test measures dependence on,
/// and for short routines (twelve duos a block) they are most of it. With fewer than 150
/// duos or 40 blocks the test cannot measure the dependence and judges on units of 25 duos
/// instead, which do not cover the slowest wanders the measured factor covers (memories of
/// 50 duos: `decide::simulation::coverage`, a short routine's pilot of 125 duos). For a
/// short routine this is about 40 ms; for batches of 100 µs and up it is more than the cap,
/// and the warmup keeps its cap. Where 40 blocks hold more duos (blocks of 13 duos and up,
/// duos under 80 µs), the floor is those ([`pilot_floor`]): a pilot that ended on
/// steadiness at 500 duos of 80 µs would hold 38 blocks and put the comparison on units,
/// where a warmup that happened to last a little longer would not.
pub const PILOT_FLOOR_DUOS: usize = 500;

/// The duos a default warmup's pilot holds before it may end on steadiness, in blocks of
/// `duos_per_block`: [`PILOT_FLOOR_DUOS`], and at least the pilot that measures the
/// dependence (`decide::dependence_pilot_duos`).
#[must_use]
pub fn pilot_floor(duos_per_block: usize) -> usize {
    PILOT_FLOOR_DUOS.max(dependence_pilot_duos(duos_per_block))
}

/// One pilot duo as the rule sees it: when it ended and each routine's time in it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pace {
    /// When the duo ended, in nanoseconds from the start of the warmup.
    pub end_ns: f64,
    /// The first and the second routine's time in the duo (both its batches), in
    /// nanoseconds.
    pub routine_ns: [f64; 2],
}

impl Pace {
    /// The pace of `duo`, which ended `end_ns` into the warmup: on CPU time where it was
    /// read (on a busy machine, wall times vary with preemption and would keep a settled
    /// routine warming up until the cap).
    #[must_use]
    pub fn of(duo: &MeasuredDuo, end_ns: f64) -> Self {
        let times = duo.times(true);
        Self {
            end_ns,
            routine_ns: [FIRST_SLOTS, SECOND_SLOTS].map(|[a, b]| times[a] + times[b]),
        }
    }
}

/// How the warmup ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WarmupRule {
    /// Once both routines' rates are [`steady`] and the pilot holds [`PILOT_FLOOR_DUOS`]
    /// (or its batches are long), at most this long: the default.
    UntilSteady(Duration),
    /// This long, as asked for; long batches may end it once steady.
    For(Duration),
}

impl WarmupRule {
    /// The longest the warmup may take.
    #[must_use]
    pub fn longest(self) -> Duration {
        match self {
            WarmupRule::UntilSteady(cap) | WarmupRule::For(cap) => cap,
        }
    }

    /// Whether a warmup `elapsed` long, with `pilot` measured at the final sizes (in order)
    /// and batches `long` (every one at least [`LONG_BATCH_NS`]), may end; a default
    /// warmup's pilot holds `floor` duos first ([`pilot_floor`]).
    #[must_use]
    pub fn warm(self, elapsed: Duration, pilot: &[Pace], long: bool, floor: usize) -> bool {
        if elapsed >= self.longest() {
            return true;
        }
        let floor_met = long
            || match self {
                WarmupRule::UntilSteady(_) => pilot.len() >= floor,
                WarmupRule::For(_) => false,
            };
        // A long pilot is judged every few duos: the rule reads the whole pilot, and short
        // duos come faster than it would be worth reading it.
        let due = long || pilot.len().is_multiple_of(2 * GROUP);
        floor_met && due && steady(pilot)
    }
}

/// Whether every batch of `duo` is long (see [`LONG_BATCH_NS`]).
#[must_use]
pub fn long_batches(duo: &MeasuredDuo) -> bool {
    duo.fastest_batch_ns() >= LONG_BATCH_NS
}

/// Whether both routines' rates are steady over `pilot` (in order of measurement): each
/// routine's median time in the latest quarter of the pilot's span is within
/// [`STABLE_SPREAD`] of its median in the second quarter; where a quarter holds fewer than
/// four duos, the last four against the four before. Fewer than eight duos are never steady.
#[must_use]
pub fn steady(pilot: &[Pace]) -> bool {
    let n = pilot.len();
    if n < 2 * GROUP {
        return false;
    }
    let (start, end) = (pilot[0].end_ns, pilot[n - 1].end_ns);
    let at = |share: f64| start + share * (end - start);
    let between = |from: f64, to: f64| -> Vec<Pace> {
        pilot
            .iter()
            .filter(|p| p.end_ns > from && p.end_ns <= to)
            .copied()
            .collect()
    };
    let (mut older, mut newer) = (between(at(0.25), at(0.5)), between(at(0.75), end));
    if older.len() < GROUP || newer.len() < GROUP {
        older = pilot[n - 2 * GROUP..n - GROUP].to_vec();
        newer = pilot[n - GROUP..].to_vec();
    }
    (0..2).all(|side| {
        let median_of = |group: &[Pace]| {
            let mut times: Vec<f64> = group.iter().map(|p| p.routine_ns[side]).collect();
            times.sort_by(f64::total_cmp);
            median(&times)
        };
        (median_of(&newer) / median_of(&older) - 1.0).abs() <= STABLE_SPREAD
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::SplitMix64;

    /// A short routine's duo: four 20 µs batches.
    const SHORT_DUO_NS: f64 = 80_000.0;

    const CAP: Duration = Duration::from_millis(200);

    /// Feeds the rule one duo at a time, as the warmup loop does, with the first routine's
    /// time per batch `first_ns(t)` at `t` nanoseconds into the warmup, the second's a steady
    /// 20 µs, and `noise` (log sd) on each batch; returns when the warmup ends.
    fn warmup_ends(
        rule: WarmupRule,
        duo_ns: f64,
        noise: f64,
        first_ns: impl Fn(f64) -> f64,
    ) -> f64 {
        let mut rng = SplitMix64::new(3);
        let mut batch = |ns: f64| ns * (noise * rng.normal()).exp();
        let mut pilot = Vec::new();
        let mut now = 0.0;
        loop {
            let first = first_ns(now);
            let second = duo_ns / 4.0;
            now += duo_ns;
            let duo =
                MeasuredDuo::wall_only([batch(first), batch(second), batch(second), batch(first)]);
            pilot.push(Pace::of(&duo, now));
            let elapsed = Duration::from_nanos(now as u64);
            if rule.warm(elapsed, &pilot, long_batches(&duo), pilot_floor(1)) {
                return now;
            }
        }
    }

    fn ms(ns: f64) -> f64 {
        ns / 1e6
    }

    #[test]
    fn a_routine_that_speeds_up_over_its_first_100_ms_is_still_warmed() {
        // Half as slow again at the start, steady from 100 ms on: linearly, and exponentially
        // with a time constant of 25 ms; and one tenth slower, linearly.
        let linear =
            |excess: f64| move |t: f64| 20_000.0 * (1.0 + excess * (1.0 - t / 1e8).max(0.0));
        let exponential = |t: f64| 20_000.0 * (1.0 + 0.5 * (-t / 2.5e7).exp());
        for (name, end) in [
            (
                "linear 50%",
                warmup_ends(
                    WarmupRule::UntilSteady(CAP),
                    SHORT_DUO_NS,
                    0.002,
                    linear(0.5),
                ),
            ),
            (
                "linear 10%",
                warmup_ends(
                    WarmupRule::UntilSteady(CAP),
                    SHORT_DUO_NS,
                    0.002,
                    linear(0.1),
                ),
            ),
            (
                "exponential",
                warmup_ends(
                    WarmupRule::UntilSteady(CAP),
                    SHORT_DUO_NS,
                    0.002,
                    exponential,
                ),
            ),
        ] {
            assert!(ms(end) >= 100.0, "{name}: ended at {:.1} ms", ms(end));
        }
        // A warmup of 30 ms ends well before the cap, and after it.
        let quick = warmup_ends(WarmupRule::UntilSteady(CAP), SHORT_DUO_NS, 0.002, |t| {
            20_000.0 * (1.0 + 0.5 * (1.0 - t / 3e7).max(0.0))
        });
        assert!((30.0..150.0).contains(&ms(quick)), "{:.1} ms", ms(quick));
    }

    #[test]
    fn a_steady_routine_is_not_held_for_the_cap() {
        // At 0.2% and at 2% noise a batch, the warmup ends once the pilot holds its floor.
        for noise in [0.002, 0.02] {
            let end = warmup_ends(WarmupRule::UntilSteady(CAP), SHORT_DUO_NS, noise, |_| {
                20_000.0
            });
            // Judged every eight duos: the first look past the floor.
            let floor = PILOT_FLOOR_DUOS.next_multiple_of(8) as f64 * SHORT_DUO_NS;
            assert_eq!(end, floor, "noise {noise}: {:.1} ms", ms(end));
        }
        // A long routine (2 ms a batch) as soon as eight duos agree.
        let end = warmup_ends(WarmupRule::UntilSteady(CAP), 8e6, 0.002, |_| 2e6);
        assert_eq!(end, 8.0 * 8e6);
    }

    #[test]
    fn a_steady_pilot_of_short_duos_holds_the_blocks_that_measure_the_dependence() {
        // Duos of 80 µs sit in blocks of 13: a pilot that ended at the 500-duo floor would
        // hold 38 blocks, too few to measure the dependence, and put the comparison on
        // units where a warmup a little longer would not. The floor holds 40 blocks.
        let floor = pilot_floor(13);
        assert_eq!(floor, 520);
        let mut rng = SplitMix64::new(4);
        let mut pilot = Vec::new();
        let ended = loop {
            let t = (pilot.len() + 1) as f64 * SHORT_DUO_NS;
            let batch = |rng: &mut SplitMix64| 20_000.0 * (0.002 * rng.normal()).exp();
            let ns = [(); 4].map(|()| batch(&mut rng));
            pilot.push(Pace::of(&MeasuredDuo::wall_only(ns), t));
            let elapsed = Duration::from_nanos(t as u64);
            if WarmupRule::UntilSteady(CAP).warm(elapsed, &pilot, false, floor) {
                break pilot.len();
            }
        };
        assert!(ended / 13 >= 40, "{ended} duos");
        // Negative control: the floor alone ends it with 38 blocks.
        let before = (1..=pilot.len())
            .find(|&n| {
                let elapsed = Duration::from_nanos((n as f64 * SHORT_DUO_NS) as u64);
                WarmupRule::UntilSteady(CAP).warm(elapsed, &pilot[..n], false, PILOT_FLOOR_DUOS)
            })
            .expect("steady");
        assert!(before / 13 < 40, "{before} duos");
    }

    #[test]
    fn a_warmup_asked_for_lasts_its_time_unless_batches_are_long() {
        let asked = WarmupRule::For(Duration::from_millis(100));
        let end = warmup_ends(asked, SHORT_DUO_NS, 0.002, |_| 20_000.0);
        assert!((100.0..100.1).contains(&ms(end)), "{:.2} ms", ms(end));
        let long = warmup_ends(asked, 8e6, 0.002, |_| 2e6);
        assert_eq!(long, 8.0 * 8e6);
        // A short cap ends a default warmup before its floor.
        let short_cap = WarmupRule::UntilSteady(Duration::from_millis(10));
        let end = warmup_ends(short_cap, SHORT_DUO_NS, 0.002, |_| 20_000.0);
        assert!((10.0..10.1).contains(&ms(end)), "{:.2} ms", ms(end));
    }

    #[test]
    fn long_steady_pilots_are_steady_and_drifting_ones_are_not() {
        let pace =
            |i: usize, ns: [f64; 4]| Pace::of(&MeasuredDuo::wall_only(ns), (i + 1) as f64 * 8e6);
        let steady_pilot: Vec<Pace> = (0..8).map(|i| pace(i, [2e6 + i as f64; 4])).collect();
        assert!(steady(&steady_pilot));
        assert!(!steady(&steady_pilot[..7]));
        let warming: Vec<Pace> = (0..8)
            .map(|i| pace(i, [2.2e6 - 2e4 * i as f64; 4]))
            .collect();
        assert!(!steady(&warming));
        // One routine warming while the other is steady is not steady either.
        let one_side: Vec<Pace> = (0..8)
            .map(|i| {
                pace(
                    i,
                    [2.2e6 - 2e4 * i as f64, 2e6, 2e6, 2.2e6 - 2e4 * i as f64],
                )
            })
            .collect();
        assert!(!steady(&one_side));
    }

    #[test]
    fn the_pace_is_read_on_cpu_time_where_it_was_measured() {
        // Preemption inflates the wall time of the newest duos; their CPU time is steady.
        let busy: Vec<Pace> = (0..8)
            .map(|i| {
                let wall = if i < 4 { 2e6 } else { 3e6 };
                let duo = MeasuredDuo {
                    cpu_ns: Some([2e6; 4]),
                    ..MeasuredDuo::wall_only([wall; 4])
                };
                Pace::of(&duo, (i + 1) as f64 * 8e6)
            })
            .collect();
        assert!(steady(&busy));
        assert_eq!(busy[7].routine_ns, [4e6, 4e6]);
    }
}
