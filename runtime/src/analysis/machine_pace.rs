//! The machine's pace beside a `#[bench]`'s samples (`measure::pace`, read after every
//! sample): which samples the machine slowed, and the samples as they would have been at
//! the run's median pace, for the doctor's checks.

use crate::stats::{tukey, Sample};

/// A pace this much above the run's median is slow, besides being beyond its inner fence:
/// a probe's own scatter on a steady machine stays within it.
const SLOW_PACE: f64 = 0.01;

/// For each sample, whether the machine ran slow around it: the pace read right before it
/// (after the sample before) or right after it is beyond the inner Tukey fence of the run's
/// paces and [`SLOW_PACE`] above their median. All `false` where no pace was read.
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
        .map(|&p| p > fence && p > median * (1.0 + SLOW_PACE))
        .collect();
    (0..slow.len())
        .map(|i| slow[i] || (i > 0 && slow[i - 1]))
        .collect()
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
}
