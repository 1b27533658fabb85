//! Whether a `#[bench]`'s severe outliers are what the machine's own stalls explain: the same
//! rule as for the duos a comparison sets aside (`machine_noise`), over linear sampling's
//! samples.
//!
//! A stall of s in a sample of k iterations raises its per-iteration time by s / k; past the
//! outer high Tukey fence, the sample is a severe outlier. Short samples are pushed out by
//! short stalls, even with nothing else running (docs/VALIDATION.md, section "The doctor on
//! the examples"). Only a share clearly above what the stalls explain says "noise".

use super::machine_noise::{batch_slowed, judge_count, SetAside, StallExplanation, FEWEST_DUOS};
use super::machine_pace::slow_paced;
use crate::analysis::BenchResult;
use crate::measure::MachineStalls;

/// A share of severe outliers up to this needs no explaining.
pub const SEVERE_BASE_SHARE: f64 = 0.10;

/// Severe high outliers not taken while the machine ran slow ([`slow_paced`]), and samples
/// classified. Low ones are left out: nothing slows a sample down into one, and the samples
/// of a faster stretch of the machine already widen the slope's bootstrap interval, which
/// the doctor judges too.
#[must_use]
pub fn severe_count(r: &BenchResult) -> (usize, usize) {
    (
        r.outliers
            .high_severe
            .saturating_sub(severe_at_slow_pace(r)),
        r.outliers.n,
    )
}

/// Severe high outliers taken while the machine ran slow.
#[must_use]
pub fn severe_at_slow_pace(r: &BenchResult) -> usize {
    let fence = r.outliers.fences.high_severe;
    let slow = slow_paced(&r.run.pace_ns);
    r.run
        .ns
        .iter()
        .zip(&r.run.iters)
        .zip(&slow)
        .filter(|((&ns, &k), &slow)| slow && ns / k as f64 > fence)
        .count()
}

/// Whether the share of severe outliers is large enough that the machine's stall rate is
/// wanted.
#[must_use]
pub fn severe_needs_explaining(r: &BenchResult) -> bool {
    let (severe, n) = severe_count(r);
    n >= FEWEST_DUOS && severe as f64 > SEVERE_BASE_SHARE * n as f64
}

/// The share of this `#[bench]`'s samples that `stalls` should push past the outer high
/// fence; `None` for measures that stalls do not change, or without a usable median.
#[must_use]
pub fn severe_stall_explanation(
    r: &BenchResult,
    stalls: &MachineStalls,
) -> Option<StallExplanation> {
    if !r.measure.is_time() {
        return None;
    }
    let median = r.median.point;
    if !(median.is_finite() && median > 0.0) || r.run.iters.is_empty() {
        return None;
    }
    // How far a typical sample's per-iteration time is from the fence.
    let headroom = (r.outliers.fences.high_severe - median).max(0.0);
    let hit = |k: f64| batch_slowed(stalls, median * k, headroom / median);
    let shares: Vec<f64> = r.run.iters.iter().map(|&k| hit(k as f64)).collect();
    let shortest = r.run.iters.iter().copied().min()? as f64;
    Some(StallExplanation {
        expected_share: shares.iter().sum::<f64>() / shares.len() as f64,
        per_second: stalls.per_second_above(headroom * shortest),
        typical_ns: stalls.typical_above(headroom * shortest),
    })
}

/// The rule of `machine_noise::judge_count` for severe outliers, with `stalls` in place of
/// the ones the result carries when given.
#[must_use]
pub fn judge_severe_with(r: &BenchResult, stalls: Option<&MachineStalls>) -> SetAside {
    if !severe_needs_explaining(r) {
        return SetAside::Few;
    }
    let stalls = stalls.or(r.machine_stalls.as_ref());
    let (severe, n) = severe_count(r);
    judge_count(
        severe,
        n,
        stalls.and_then(|s| severe_stall_explanation(r, s)),
    )
}

/// [`judge_severe_with`] on the stalls the result carries.
#[must_use]
pub fn judge_severe(r: &BenchResult) -> SetAside {
    judge_severe_with(r, None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::bench_runs::{result, run};
    use crate::fixture::stalls::stalls;
    use crate::measure::by_name;

    /// 100 samples of 1,000·i iterations at 10 ns (10–1,000 µs), `severe` of them made
    /// severe high outliers.
    fn noisy(severe: usize) -> BenchResult {
        let mut r = result(run(10.0, 100, 1_000, None), None);
        r.outliers.high_severe = severe;
        r
    }

    #[test]
    fn short_samples_are_pushed_out_by_stalls_long_ones_are_not() {
        let r = noisy(13);
        let headroom = r.outliers.fences.high_severe - r.median.point;
        assert!(headroom > 0.0, "{headroom}");
        // 2,500 stalls a second of 5 µs: enough to push out a sample of up to 5 µs / headroom
        // iterations; the expected share is the mean over the samples of 1 − exp(−rate·T).
        let e = severe_stall_explanation(&r, &stalls(50, 5_000)).unwrap();
        let by_hand: f64 = (1..=100u64)
            .map(|i| {
                let k = (1_000 * i) as f64;
                if 5_000.0 > headroom * k {
                    1.0 - (-2_500.0 * r.median.point * k / 1e9).exp()
                } else {
                    0.0
                }
            })
            .sum::<f64>()
            / 100.0;
        assert!(
            (e.expected_share - by_hand).abs() < 1e-12,
            "{e:?} {by_hand}"
        );
        assert!(e.expected_share > 0.05, "{e:?}");
        // Stalls shorter than any sample's headroom explain nothing.
        let tiny = severe_stall_explanation(&r, &stalls(50, 5)).unwrap();
        assert_eq!(tiny.expected_share, 0.0);
    }

    #[test]
    fn severe_outliers_the_stalls_explain_are_not_noise() {
        let r = noisy(13);
        assert!(severe_needs_explaining(&r));
        assert!(matches!(
            judge_severe_with(&r, Some(&stalls(50, 5_000))),
            SetAside::Explained(_)
        ));
        // Negative controls: no stall rate, a machine that does not stall, and a share far
        // above what the stalls explain.
        assert_eq!(judge_severe(&r), SetAside::Unexplained(None));
        assert!(matches!(
            judge_severe_with(&r, Some(&stalls(0, 0))),
            SetAside::Unexplained(Some(_))
        ));
        assert!(matches!(
            judge_severe_with(&noisy(60), Some(&stalls(50, 5_000))),
            SetAside::Unexplained(Some(_))
        ));
        assert_eq!(judge_severe(&noisy(10)), SetAside::Few);
    }

    #[test]
    fn slower_stretches_push_out_short_samples_too() {
        // Stretches of 200 µs running 10% slower, one in ten, and no gap: samples shorter
        // than a stretch can run entirely inside one, longer ones average it away.
        let r = noisy(13);
        let slowed = MachineStalls {
            chunks_ns: (0..40_000)
                .map(|i| if (i / 400) % 10 == 0 { 550 } else { 500 })
                .collect(),
            ..stalls(0, 0)
        };
        let e = severe_stall_explanation(&r, &slowed).unwrap();
        assert!(e.expected_share > 0.0, "{e:?}");
        let short = slowed.windows_slowed(10_000.0, 0.04).unwrap();
        let long = slowed.windows_slowed(1_000_000.0, 0.04).unwrap();
        assert!(short > 0.05 && long == 0.0, "{short} {long}");
        // Negative control: the clock-only view of the same machine explains nothing.
        let clock_only = severe_stall_explanation(&r, &stalls(0, 0)).unwrap();
        assert_eq!(clock_only.expected_share, 0.0);
    }

    #[test]
    fn samples_taken_while_the_machine_ran_slow_are_the_machines() {
        // 100 samples at 10 ns; samples 60..75 ran 30% slower, and so did the probe read
        // after each of them (2,600 ns against 2,500).
        let mut r = noisy(0);
        let mut pace = vec![2_500.0; 100];
        for (ns, pace) in r.run.ns.iter_mut().zip(&mut pace).take(75).skip(60) {
            *ns *= 1.3;
            *pace = 2_600.0;
        }
        r.run.pace_ns = pace;
        let fences = r.outliers.fences;
        r.outliers.high_severe = r
            .run
            .ns
            .iter()
            .zip(&r.run.iters)
            .filter(|(&ns, &k)| ns / k as f64 > fences.high_severe)
            .count();
        assert_eq!(r.outliers.high_severe, 15);
        assert_eq!(severe_at_slow_pace(&r), 15);
        assert_eq!(severe_count(&r), (0, 100));
        assert_eq!(judge_severe(&r), SetAside::Few);
        // Negative control: the same samples with a steady pace are the routine's, and
        // unexplained without a stall rate.
        r.run.pace_ns = vec![2_500.0; 100];
        assert_eq!(severe_count(&r), (15, 100));
        assert_eq!(judge_severe(&r), SetAside::Unexplained(None));
    }

    #[test]
    fn stalls_do_not_explain_counts_of_allocations() {
        let mut r = noisy(13);
        r.measure = by_name::allocations;
        assert_eq!(
            judge_severe_with(&r, Some(&stalls(50, 5_000))),
            SetAside::Unexplained(None)
        );
    }
}
