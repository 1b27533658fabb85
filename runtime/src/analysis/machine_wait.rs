//! The measuring thread's wait for a core beside a `#[bench]`'s samples
//! (`measure::SampleWait`, read around every sample): which samples it disturbed, and the
//! run without them, or, when too few ran undisturbed, every sample scaled to its time on
//! the core, said.
//!
//! On a machine whose cores are all busy the scheduler gives the measuring thread a few
//! milliseconds and then runs something else for several: a sample longer than that holds
//! the wait, and a run of such samples measures the load, with a tight interval
//! (docs/VALIDATION.md, "A `#[bench]` on a busy machine"). A
//! comparison sets aside the duos the OS shows preempted; a `#[bench]` sets aside the
//! samples whose wait took more than [`MATERIAL_PREEMPTION`] of their time, by the same
//! rule. Those are the long samples: the short ones that fit between two preemptions are
//! the routine's own, and the slope through the origin needs no long samples to be the
//! routine's time per iteration.

use crate::measure::{LinearRun, SampleWait, Waiting};
use crate::measure::{MATERIAL_PREEMPTION, MIN_SAMPLES};

/// Whether the wait disturbed a sample: it took more than [`MATERIAL_PREEMPTION`] of the
/// sample's wall time, or, where only switches are counted, the scheduler took the core
/// away at all.
#[must_use]
pub fn disturbed(wait: &SampleWait) -> bool {
    match (wait.waited_ns, wait.involuntary) {
        (Some(waited), _) => waited as f64 > MATERIAL_PREEMPTION * wait.window_ns,
        (None, Some(switches)) => switches > 0,
        (None, None) => false,
    }
}

/// Share of the samples' wall time spent waiting for a core, over `waits`; `None` where
/// the wait was not read.
fn share_of(waits: &[&SampleWait]) -> Option<f64> {
    let window: f64 = waits.iter().map(|w| w.window_ns).sum();
    let waited: Option<u64> = waits.iter().map(|w| w.waited_ns).sum();
    waited.filter(|_| window > 0.0).map(|w| w as f64 / window)
}

/// `run` with the samples its thread's wait disturbed ([`disturbed`]) set aside, when at
/// least the fewest samples a run takes remain; otherwise every sample kept, each disturbed
/// one scaled by the share of its window the thread was on the core (the wait is spread
/// over a sample's timed and untimed parts as its time on the core is), and the run marked
/// as resting on disturbed samples. What was done is in [`LinearRun::waiting`]. A run
/// without per-sample readings (counted, or synthetic) is returned as it is.
#[must_use]
pub fn set_aside_waiting_samples(run: LinearRun) -> LinearRun {
    let n = run.ns.len();
    if run.waits.len() != n || run.iters.len() != n || n == 0 {
        return run;
    }
    let evidence = run.waits[0].evidence();
    let all: Vec<&SampleWait> = run.waits.iter().collect();
    let share = share_of(&all);
    let hit: Vec<bool> = run.waits.iter().map(disturbed).collect();
    let disturbed_count = hit.iter().filter(|&&h| h).count();
    let keep: Vec<usize> = (0..n).filter(|&i| !hit[i]).collect();
    let said = |set_aside, rests_on_disturbed, figure_share| Waiting {
        evidence,
        samples: n,
        share,
        disturbed: disturbed_count,
        set_aside,
        rests_on_disturbed,
        figure_share,
    };
    if disturbed_count == 0 {
        return LinearRun {
            waiting: Some(said(0, false, share)),
            ..run
        };
    }
    if keep.len() >= MIN_SAMPLES {
        let kept_waits: Vec<&SampleWait> = keep.iter().map(|&i| &run.waits[i]).collect();
        let figure_share = share_of(&kept_waits);
        let waiting = said(disturbed_count, false, figure_share);
        return LinearRun {
            waiting: Some(waiting),
            ..keep_samples(run, &keep)
        };
    }
    // Too few undisturbed: each disturbed sample at its share of time on the core. With
    // switches only, nothing says how long the thread was away, and the samples stay.
    let ns = run
        .ns
        .iter()
        .zip(&run.waits)
        .zip(&hit)
        .map(|((&t, w), &h)| match w.waited_ns {
            Some(waited) if h && w.window_ns > 0.0 => {
                t * (1.0 - (waited as f64 / w.window_ns).min(1.0))
            }
            _ => t,
        })
        .collect();
    // Scaled, the figure holds none of the wait by the estimate (switches only: unknown).
    let figure_share = share.map(|_| 0.0);
    LinearRun {
        ns,
        waiting: Some(said(0, true, figure_share)),
        ..run
    }
}

/// `run` with only the samples at `keep` (indices in order), every per-sample series
/// picked alike.
#[must_use]
pub fn keep_samples(run: LinearRun, keep: &[usize]) -> LinearRun {
    let n = run.ns.len();
    fn picked<T: Copy>(v: &[T], indices: &[usize]) -> Vec<T> {
        indices.iter().map(|&i| v[i]).collect()
    }
    // Series read only where the OS or the probe gives them are empty otherwise.
    fn picked_if<T: Copy>(v: &[T], n: usize, indices: &[usize]) -> Vec<T> {
        if v.len() == n {
            picked(v, indices)
        } else {
            v.to_vec()
        }
    }
    LinearRun {
        iters: picked(&run.iters, keep),
        ns: picked(&run.ns, keep),
        rss_kib: picked_if(&run.rss_kib, n, keep),
        pace_ns: picked_if(&run.pace_ns, n, keep),
        waits: picked_if(&run.waits, n, keep),
        ..run
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::bench_runs::{loaded, result, run};
    use crate::measure::WaitEvidence;

    fn slope(r: LinearRun) -> f64 {
        result(r, None).slope.point
    }

    #[test]
    fn samples_that_waited_are_set_aside_and_the_slope_is_the_routines() {
        // The longer half of the samples waited 80% of their time: left in, the slope reads
        // the wait (the control).
        let busy = loaded(|i| i >= 50, 0.8);
        assert!(slope(busy.clone()) > 17.0 * 3.0, "{}", slope(busy.clone()));
        let kept = set_aside_waiting_samples(busy);
        let waiting = kept.waiting.unwrap();
        assert_eq!((waiting.disturbed, waiting.set_aside), (50, 50));
        assert!(!waiting.rests_on_disturbed);
        assert_eq!(waiting.evidence, WaitEvidence::RunDelay);
        assert_eq!(kept.ns.len(), 50);
        assert_eq!(kept.waits.len(), 50);
        assert_eq!(waiting.figure_share, Some(0.0));
        assert!(waiting.share.unwrap() > 0.5, "{waiting:?}");
        assert!((slope(kept) / 17.0 - 1.0).abs() < 0.003);
    }

    #[test]
    fn a_run_with_too_few_undisturbed_samples_is_scaled_to_its_time_on_the_core_and_says_so() {
        // 95 of 100 waited 65%: five undisturbed are too few to rest on.
        let busy = loaded(|i| i % 20 != 0, 0.65);
        let scaled = set_aside_waiting_samples(busy);
        let waiting = scaled.waiting.unwrap();
        assert!(waiting.rests_on_disturbed, "{waiting:?}");
        assert_eq!((waiting.disturbed, waiting.set_aside), (95, 0));
        assert_eq!(scaled.ns.len(), 100);
        assert_eq!(waiting.figure_share, Some(0.0), "{waiting:?}");
        assert!((waiting.share.unwrap() - 0.65).abs() < 0.01, "{waiting:?}");
        assert!((slope(scaled) / 17.0 - 1.0).abs() < 0.003);
    }

    #[test]
    fn short_waits_a_quiet_machine_or_no_readings_leave_the_run_as_it_is() {
        // Every sample waited half a percent: under the material share, kept unscaled.
        let quiet = loaded(|_| true, 0.005);
        let kept = set_aside_waiting_samples(quiet.clone());
        assert_eq!(kept.ns, quiet.ns);
        let waiting = kept.waiting.unwrap();
        assert_eq!((waiting.disturbed, waiting.set_aside), (0, 0));
        // No readings (a counted run): nothing said.
        let unread = run(17.0, 100, 1_000, None);
        assert_eq!(set_aside_waiting_samples(unread.clone()), unread);
    }

    #[test]
    fn with_switches_only_a_switched_sample_is_disturbed_and_cannot_be_scaled() {
        let mut busy = loaded(|i| i % 20 != 0, 0.65);
        for w in &mut busy.waits {
            w.waited_ns = None;
        }
        let kept = set_aside_waiting_samples(busy.clone());
        let waiting = kept.waiting.unwrap();
        assert_eq!(waiting.evidence, WaitEvidence::Switches);
        assert!(waiting.rests_on_disturbed);
        assert_eq!(waiting.share, None);
        assert_eq!(kept.ns, busy.ns, "nothing says by how much to scale");
        // Nothing read at all: no sample is told apart.
        for w in &mut busy.waits {
            w.involuntary = None;
        }
        let kept = set_aside_waiting_samples(busy.clone());
        assert_eq!(kept.waiting.unwrap().evidence, WaitEvidence::None);
        assert_eq!(kept.ns, busy.ns);
    }
}
