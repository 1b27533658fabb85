//! A `#[bench]` run that the machine slowed through most of its time, taken again.
//!
//! A host's busy stretches last from a tenth of a second to ten seconds and slow an
//! allocating routine by half or more (docs/DESIGN-MEASUREMENTS.md, "The machine's slow
//! stretches").
//! Samples taken in one are set aside when the rest of the run is faster
//! (`analysis::set_aside_slow_samples`), but a stretch over most of a run makes the slow pace
//! the run's own median: nothing stands out from it, and the whole run reads slow. Against
//! the pace of the trial's previous run, which its baseline file keeps, such a run shows; it
//! is taken again once the pace is back, and the run at the faster pace is kept and said.

use crate::measure::{run_linear, slower_than, wait_for_pace, LinearRun, LinearSettings};
use crate::measure::{MeasuredAgain, PaceProbe, PaceWait};
use crate::util::interrupted;
use std::time::{Duration, Instant};

/// [`run_linear`], taken again when the machine's median pace through it was more than 5%
/// slower than `settings.reference_pace_ns_per_step` (the trial's previous run): after
/// waiting, at most `max_time`, for the pace to come back. Without a reference, or with a
/// run at the reference's pace, this is [`run_linear`].
pub fn run_at_pace(mut time_batch: impl FnMut(u64) -> f64, settings: &LinearSettings) -> LinearRun {
    let Some(reference) = settings.reference_pace_ns_per_step else {
        return run_linear(time_batch, settings);
    };
    let wait = || {
        let probe = PaceProbe::calibrated();
        wait_for_pace(
            || probe.read_per_step(),
            reference,
            settings.max_time,
            interrupted,
        )
    };
    again_if_slowed(
        || run_linear(&mut time_batch, settings),
        wait,
        reference,
        interrupted,
    )
}

/// `sample()`, and once more after `wait()` when the first run's pace was slower than
/// `reference` and the wait ended with it back; the run at the faster pace is kept. A run
/// that fell short of its samples, or an interrupt (`stop()`), is not taken again.
fn again_if_slowed(
    mut sample: impl FnMut() -> LinearRun,
    wait: impl FnOnce() -> Option<PaceWait>,
    reference: f64,
    stop: impl Fn() -> bool,
) -> LinearRun {
    let start = Instant::now();
    let first = sample();
    let Some(change) = first
        .pace_ns_per_step()
        .and_then(|pace| slower_than(pace, reference))
    else {
        return first;
    };
    if first.shortfall.is_some() || stop() {
        return first;
    }
    let first_took = start.elapsed();
    // `None`: the pace was already back when the first run ended.
    let (waited, came_back) = wait().map_or((Duration::ZERO, true), |w| (w.waited, w.came_back));
    let said = |kept_first| MeasuredAgain {
        first_pace_change: change,
        first_took,
        waited,
        came_back,
        kept_first,
    };
    if !came_back || stop() {
        return LinearRun {
            measured_again: Some(said(true)),
            ..first
        };
    }
    let second = sample();
    let pace = |run: &LinearRun| run.pace_ns_per_step().unwrap_or(f64::INFINITY);
    let kept_first = second.shortfall.is_some() || pace(&second) >= pace(&first);
    let kept = if kept_first { first } else { second };
    LinearRun {
        measured_again: Some(said(kept_first)),
        ..kept
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::bench_runs::stretched;
    use crate::measure::{Shortfall, TimerCost};

    /// A run of 17 ns a call with the probe at 2.5 ns a step (`stretched`'s 2,500 ns over
    /// 1,000 steps), all of it `pace_factor` slower and the routine `factor` slower.
    fn paced(factor: f64, pace_factor: f64) -> LinearRun {
        let mut run = stretched(0..100, factor, pace_factor);
        run.pace_steps = 1_000;
        run
    }

    const REFERENCE: f64 = 2.5;
    const NEVER: fn() -> bool = || false;

    fn back_after(secs: f64) -> impl FnOnce() -> Option<PaceWait> {
        move || {
            Some(PaceWait {
                waited: Duration::from_secs_f64(secs),
                came_back: true,
            })
        }
    }

    #[test]
    fn a_run_at_the_previous_runs_pace_is_taken_once() {
        let mut taken = 0;
        let run = again_if_slowed(
            || {
                taken += 1;
                paced(1.0, 1.04)
            },
            || panic!("no wait for a run within 5% of the previous pace"),
            REFERENCE,
            NEVER,
        );
        assert_eq!(taken, 1);
        assert_eq!(run, paced(1.0, 1.04));
    }

    #[test]
    fn a_run_the_machine_slowed_throughout_is_taken_again_and_the_faster_paced_kept() {
        // A stretch over the whole first run: the routine 60% slower, the probe 30%.
        let mut runs = [paced(1.6, 1.3), paced(1.0, 1.0)].into_iter();
        let run = again_if_slowed(|| runs.next().unwrap(), back_after(0.2), REFERENCE, NEVER);
        let again = run.measured_again.expect("taken again");
        assert!((again.first_pace_change - 0.3).abs() < 1e-9, "{again:?}");
        assert!(again.came_back && !again.kept_first, "{again:?}");
        assert_eq!(again.waited, Duration::from_millis(200));
        assert_eq!(run.ns, paced(1.0, 1.0).ns);
        // The control: without the reference's pace to compare with, the slowed run stays.
        let mut runs = [paced(1.6, 1.3), paced(1.0, 1.0)].into_iter();
        let alone = again_if_slowed(|| runs.next().unwrap(), back_after(0.2), 3.25, NEVER);
        assert_eq!(alone.ns, paced(1.6, 1.3).ns);
        assert_eq!(alone.measured_again, None);
    }

    #[test]
    fn a_second_run_slower_still_or_short_leaves_the_first() {
        let mut runs = [paced(1.6, 1.3), paced(1.8, 1.4)].into_iter();
        let run = again_if_slowed(|| runs.next().unwrap(), back_after(0.0), REFERENCE, NEVER);
        assert!(run.measured_again.unwrap().kept_first);
        assert_eq!(run.ns, paced(1.6, 1.3).ns);
        let mut short = paced(1.0, 1.0);
        short.shortfall = Some(Shortfall::new(Duration::from_secs(1), 2e9, "10 samples"));
        let mut runs = [paced(1.6, 1.3), short].into_iter();
        let run = again_if_slowed(|| runs.next().unwrap(), back_after(0.0), REFERENCE, NEVER);
        assert!(run.measured_again.unwrap().kept_first);
        assert_eq!(run.shortfall, None);
    }

    #[test]
    fn a_machine_that_stays_slower_or_an_interrupt_takes_no_second_run() {
        let mut taken = 0;
        let stays = || {
            Some(PaceWait {
                waited: Duration::from_secs(5),
                came_back: false,
            })
        };
        let run = again_if_slowed(
            || {
                taken += 1;
                paced(1.6, 1.3)
            },
            stays,
            REFERENCE,
            NEVER,
        );
        assert_eq!(taken, 1);
        let again = run.measured_again.unwrap();
        assert!(!again.came_back && again.kept_first, "{again:?}");
        assert_eq!(again.time_besides(), Duration::from_secs(5));
        let mut taken = 0;
        let run = again_if_slowed(
            || {
                taken += 1;
                paced(1.6, 1.3)
            },
            || panic!("no wait after an interrupt"),
            REFERENCE,
            || true,
        );
        assert_eq!((taken, run.measured_again), (1, None));
    }

    #[test]
    fn without_a_previous_pace_the_run_is_sampled_once() {
        let settings = LinearSettings {
            warmup: Duration::from_millis(1),
            max_time: Duration::from_millis(20),
            samples: 20,
            timer: TimerCost {
                overhead_ns: 20.0,
                resolution_ns: 10.0,
            },
            past_budget_for_fewest: false,
            reference_pace_ns_per_step: None,
        };
        let mut calls = 0u64;
        let run = run_at_pace(
            |k| {
                calls += k;
                10.0 * k as f64
            },
            &settings,
        );
        assert_eq!(run.measured_again, None);
        assert!(run.iters.iter().sum::<u64>() <= calls);
        // A previous pace no machine reaches: the first run is slower than it, the wait
        // (at most `max_time`) never ends with it back, and no second run is taken.
        let unreachable = LinearSettings {
            reference_pace_ns_per_step: Some(1e-9),
            ..settings
        };
        let run = run_at_pace(|k| 10.0 * k as f64, &unreachable);
        let again = run.measured_again.expect("slower than any machine's pace");
        assert!(!again.came_back && again.kept_first, "{again:?}");
        assert!(again.waited >= Duration::from_millis(20), "{again:?}");
    }
}
