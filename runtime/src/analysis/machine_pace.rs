//! The machine's pace beside a `#[bench]`'s samples (`measure::machine::pace_probe`, read after every
//! sample): which samples the machine slowed, the run without them, and the samples as they
//! would have been at the run's median pace, for the doctor's checks.
//!
//! A host's busy stretches last from a tenth of a second to several seconds and slow an
//! allocating routine by half or more (docs/DESIGN-MEASUREMENTS.md, "The machine's slow
//! stretches"):
//! a run that met one for part of its time reads slower than one that did not, by however
//! much of it the stretch covered. Left in, those samples make the run-to-run spread; set
//! aside by the probe, which times other work and never looks at the samples' own times,
//! they leave every figure of the run to the samples the machine did not slow. A routine's
//! own slow calls (an amortized growth, a rare path) do not slow the probe and stay in.

use super::machine_wait::keep_samples;
use crate::measure::{LinearRun, MIN_SAMPLES};
use crate::stats::{tukey, Sample};

/// A pace this much above the run's median is slow, besides being beyond its inner fence:
/// a probe's own scatter on a steady machine stays within it.
const SLOW_PACE: f64 = 0.01;

/// A pace this much above the run's median is slow wherever it lies against the fence: a
/// busy stretch over a quarter of the run or more widens the fence past its own reads, and
/// the probe's scatter is a fraction of this.
const CLEARLY_SLOW_PACE: f64 = 0.05;

/// For each sample, whether the machine ran slow around it: the pace read right before it
/// (after the sample before) or right after it is [`SLOW_PACE`] above the run's median and
/// beyond the inner Tukey fence of the run's paces, or [`CLEARLY_SLOW_PACE`] above the
/// median. All `false` where no pace was read.
#[must_use]
pub fn slow_paced(pace_ns: &[f64]) -> Vec<bool> {
    let Ok(sample) = Sample::new(pace_ns) else {
        return vec![false; pace_ns.len()];
    };
    let fence = tukey(sample).fences.high_mild;
    let mut sorted = pace_ns.to_vec();
    sorted.sort_by(f64::total_cmp);
    let median = sorted[sorted.len() / 2];
    let slow: Vec<bool> = pace_ns
        .iter()
        .map(|&p| {
            p > median * (1.0 + SLOW_PACE) && (p > fence || p > median * (1.0 + CLEARLY_SLOW_PACE))
        })
        .collect();
    (0..slow.len())
        .map(|i| slow[i] || (i > 0 && slow[i - 1]))
        .collect()
}

/// `run` without the samples taken while the machine ran slow ([`slow_paced`], again on
/// what is left until none is), counted in [`LinearRun::set_aside_slow`]. Nothing is set
/// aside where that would leave fewer than half of the samples, or fewer than the fewest a
/// run takes: a machine slow for most of the run has no faster pace to be told from.
#[must_use]
pub fn set_aside_slow_samples(run: LinearRun) -> LinearRun {
    let n = run.ns.len();
    if run.pace_ns.len() != n || run.iters.len() != n {
        return run;
    }
    let mut keep: Vec<usize> = (0..n).collect();
    loop {
        let paces: Vec<f64> = keep.iter().map(|&i| run.pace_ns[i]).collect();
        let slow = slow_paced(&paces);
        if !slow.contains(&true) {
            break;
        }
        let kept: Vec<usize> = keep
            .iter()
            .zip(&slow)
            .filter(|(_, &s)| !s)
            .map(|(&i, _)| i)
            .collect();
        if 2 * kept.len() < n || kept.len() < MIN_SAMPLES {
            return run;
        }
        keep = kept;
    }
    if keep.len() == n {
        return run;
    }
    let set_aside_slow = run.set_aside_slow + (n - keep.len());
    LinearRun {
        set_aside_slow,
        ..keep_samples(run, &keep)
    }
}

/// Each sample's time at the run's median pace: scaled by the median pace over the mean of
/// the paces read right before and right after it. `None` where no pace was read for every
/// sample. Only a check that asks "is this the routine or the machine?" uses it: the
/// routine's own sensitivity to the machine's pace need not be the probe's.
#[must_use]
pub fn at_median_pace(ns: &[f64], pace_ns: &[f64]) -> Option<Vec<f64>> {
    if pace_ns.len() != ns.len()
        || ns.is_empty()
        || pace_ns.iter().any(|p| !(p.is_finite() && *p > 0.0))
    {
        return None;
    }
    let mut sorted = pace_ns.to_vec();
    sorted.sort_by(f64::total_cmp);
    let median = sorted[sorted.len() / 2];
    Some(
        ns.iter()
            .enumerate()
            .map(|(i, &t)| {
                let around = if i == 0 {
                    pace_ns[0]
                } else {
                    0.5 * (pace_ns[i - 1] + pace_ns[i])
                };
                t * median / around
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slow_pace_needs_to_stand_out_from_the_runs_paces() {
        // The probe's own scatter (±0.4%) is not a slow pace, though some reads lie beyond
        // the inner fence of so tight a set.
        let steady: Vec<f64> = (0..100).map(|i| 2_500.0 + f64::from(i % 7) * 1.5).collect();
        assert!(slow_paced(&steady).iter().all(|&s| !s));
        // One slow read marks the sample before it and the one after it.
        let mut one = vec![2_500.0; 10];
        one[4] = 2_700.0;
        let marked: Vec<usize> = (0..10).filter(|&i| slow_paced(&one)[i]).collect();
        assert_eq!(marked, [4, 5]);
        assert!(slow_paced(&[]).is_empty());
    }

    #[test]
    fn samples_at_the_median_pace_undo_what_the_probe_saw() {
        // The first half ran 20% slower, the probe too (read after each sample).
        let pace: Vec<f64> = (0..10)
            .map(|i| if i < 5 { 1_200.0 } else { 1_000.0 })
            .collect();
        let ns: Vec<f64> = (0..10).map(|i| if i < 5 { 120.0 } else { 100.0 }).collect();
        let at = at_median_pace(&ns, &pace).unwrap();
        // The median read is 1,200 (the upper middle of ten): the fast half is scaled up.
        assert!(
            (at[0] - 120.0).abs() < 1e-9 && (at[9] - 120.0).abs() < 1e-9,
            "{at:?}"
        );
        // Sample 5 sits between a slow read and a fast one.
        assert!((at[5] - 100.0 * 1_200.0 / 1_100.0).abs() < 1e-9, "{at:?}");
        assert_eq!(at_median_pace(&ns, &pace[..9]), None);
        assert_eq!(at_median_pace(&ns, &[0.0; 10]), None);
    }

    use crate::fixture::bench_runs::stretched;

    #[test]
    fn a_stretch_the_probe_saw_is_set_aside_and_the_slope_is_the_routines_again() {
        let slope = |run: LinearRun| crate::fixture::bench_runs::result(run, None).slope.point;
        // A host busy from sample 60 to 79: the routine 60% slower, the probe 25%.
        let busy = stretched(60..80, 1.6, 1.25);
        // Left in, the slope reads the stretch (the control: this is what set aside mends).
        assert!(slope(busy.clone()) > 17.0 * 1.1, "{}", slope(busy.clone()));
        let kept = set_aside_slow_samples(busy);
        // The 20 slowed samples and the one after the stretch, whose earlier read was slow.
        assert_eq!(kept.set_aside_slow, 21);
        assert_eq!(kept.ns.len(), 79);
        assert_eq!(kept.iters.len(), 79);
        assert_eq!(kept.pace_ns.len(), 79);
        assert!(
            (slope(kept.clone()) / 17.0 - 1.0).abs() < 0.003,
            "{}",
            slope(kept)
        );
    }

    #[test]
    fn the_routines_own_slow_samples_and_a_steady_machine_set_nothing_aside() {
        // The routine slow in 20 samples, the probe steady: the routine's, not the machine's.
        let own = stretched(60..80, 1.6, 1.0);
        let kept = set_aside_slow_samples(own.clone());
        assert_eq!(kept, own);
        // The probe's scatter alone.
        let mut steady = stretched(0..0, 1.0, 1.0);
        steady.pace_ns = (0..100).map(|i| 2_500.0 + f64::from(i % 7) * 1.5).collect();
        assert_eq!(set_aside_slow_samples(steady.clone()), steady);
        // No pace read (instructions, or a platform without the probe).
        let mut unread = stretched(0..0, 1.0, 1.0);
        unread.pace_ns.clear();
        assert_eq!(set_aside_slow_samples(unread.clone()), unread);
    }

    #[test]
    fn a_machine_slow_for_most_of_the_run_keeps_every_sample() {
        // Slow for 55 of 100: the faster pace is the exception, nothing to set aside by.
        let mostly = stretched(0..55, 1.6, 1.25);
        assert_eq!(set_aside_slow_samples(mostly.clone()), mostly);
        // Slow for 45: more than half stay, the 45 and the sample after them go.
        let under_half = stretched(0..45, 1.6, 1.25);
        assert_eq!(set_aside_slow_samples(under_half).set_aside_slow, 46);
    }
}
