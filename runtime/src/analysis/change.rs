//! Change against a baseline: how much the per-iteration time moved since a saved run, how
//! sure we are, and a plain verdict.
//!
//! The rule is Criterion.rs's: a change is real when the test says the two runs differ
//! (p < alpha) and its whole confidence interval lies beyond the noise threshold; a
//! significant change whose interval reaches into the threshold is "within noise".

use super::bench_result::{bootstrap, iterations_as_f64};
use crate::stats::{slope_change, welch, Estimate, Points, PointsError, Sample};

/// Default noise threshold: changes within ±2% are not called improvements or regressions.
pub const DEFAULT_NOISE_THRESHOLD: f64 = 0.02;

/// The plain verdict on a change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChangeVerdict {
    /// Faster, beyond the noise threshold.
    Improved,
    /// Slower, beyond the noise threshold.
    Regressed,
    /// The runs differ significantly, but not by more than the noise threshold.
    WithinNoise,
    /// No significant difference.
    NoChange,
}

impl ChangeVerdict {
    /// The verdict as printed.
    #[must_use]
    pub fn words(self) -> &'static str {
        match self {
            ChangeVerdict::Improved => "improved",
            ChangeVerdict::Regressed => "regressed",
            ChangeVerdict::WithinNoise => "no change (within the noise threshold)",
            ChangeVerdict::NoChange => "no change",
        }
    }
}

/// A run compared with its baseline.
#[must_use]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Change {
    /// Relative change of the per-iteration slope, `new/old − 1` (+1.0 is twice as slow),
    /// with its two-sample bootstrap interval.
    pub relative: Estimate,
    /// Two-sided p-value of Welch's t-test on the samples' per-iteration times; NaN when
    /// both runs are constant.
    pub p_value: f64,
    /// The threshold used.
    pub noise_threshold: f64,
    /// The significance level used.
    pub alpha: f64,
    /// The verdict.
    pub verdict: ChangeVerdict,
}

/// One run's samples: iterations and net nanoseconds of each.
#[derive(Clone, Copy, Debug)]
pub struct RunSamples<'a> {
    /// Iterations of each sample.
    pub iters: &'a [u64],
    /// Net time of each sample, in nanoseconds.
    pub ns: &'a [f64],
}

/// Compares `new` with `old`: the slope change with a (1 − alpha) interval, Welch's p, and
/// the verdict against `noise_threshold` (a fraction, 0.02 for 2%). Cost: two-sample
/// bootstrap of `resamples` resamples, `B · O(n_old + n_new)`.
///
/// # Errors
///
/// If either run's samples are not valid points (fewer than two, or not finite).
pub fn compare_runs(
    old: RunSamples<'_>,
    new: RunSamples<'_>,
    noise_threshold: f64,
    alpha: f64,
    resamples: usize,
) -> Result<Change, PointsError> {
    let (old_x, new_x) = (iterations_as_f64(old.iters), iterations_as_f64(new.iters));
    let old = Points::new(&old_x, old.ns)?;
    let new = Points::new(&new_x, new.ns)?;
    let relative = slope_change(old, new, &bootstrap(resamples), 1.0 - alpha);
    let (old_ratios, new_ratios) = (old.ratios(), new.ratios());
    let p_value = match (Sample::new(&new_ratios), Sample::new(&old_ratios)) {
        (Ok(a), Ok(b)) => welch(a, b, 1.0 - alpha).p_two_sided,
        _ => f64::NAN,
    };
    Ok(Change {
        relative,
        p_value,
        noise_threshold,
        alpha,
        verdict: verdict(&relative, p_value, noise_threshold, alpha),
    })
}

/// Criterion's rule; a NaN p-value (nothing varies) is not significant.
fn verdict(relative: &Estimate, p_value: f64, noise: f64, alpha: f64) -> ChangeVerdict {
    if p_value.is_nan() || p_value >= alpha {
        ChangeVerdict::NoChange
    } else if relative.low > noise {
        ChangeVerdict::Regressed
    } else if relative.high < -noise {
        ChangeVerdict::Improved
    } else {
        ChangeVerdict::WithinNoise
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::DEFAULT_RESAMPLES;

    /// Samples of d, 2d, … iterations at `per_iter` ns with a small deterministic wobble.
    fn samples(per_iter: f64, phase: f64) -> (Vec<u64>, Vec<f64>) {
        let iters: Vec<u64> = (1..=50).map(|i| 100 * i).collect();
        let ns = iters
            .iter()
            .map(|&k| per_iter * k as f64 * (1.0 + 0.01 * (k as f64 + phase).sin()))
            .collect();
        (iters, ns)
    }

    fn compare(old: f64, new: f64) -> Change {
        let (oi, on) = samples(old, 0.0);
        let (ni, nn) = samples(new, 1.3);
        let old = RunSamples {
            iters: &oi,
            ns: &on,
        };
        let new = RunSamples {
            iters: &ni,
            ns: &nn,
        };
        compare_runs(old, new, DEFAULT_NOISE_THRESHOLD, 0.05, DEFAULT_RESAMPLES).unwrap()
    }

    #[test]
    fn twice_the_time_is_a_regression_of_about_100_percent() {
        let c = compare(10.0, 20.0);
        assert_eq!(c.verdict, ChangeVerdict::Regressed);
        assert!((c.relative.point - 1.0).abs() < 0.01, "{c:?}");
        assert!(c.relative.low < c.relative.point && c.relative.point < c.relative.high);
        assert!(c.p_value < 1e-10);
        assert_eq!(compare(20.0, 10.0).verdict, ChangeVerdict::Improved);
    }

    #[test]
    fn small_or_no_differences_are_no_change() {
        // The same speed, and 0.5% slower, under 1% noise: possibly significant, never
        // beyond the 2% threshold.
        for new in [10.0, 10.05] {
            let c = compare(10.0, new);
            assert!(
                matches!(
                    c.verdict,
                    ChangeVerdict::NoChange | ChangeVerdict::WithinNoise
                ),
                "{c:?}"
            );
        }
    }

    #[test]
    fn verdict_rule() {
        let e = |low, high| Estimate {
            point: 0.5 * (low + high),
            low,
            high,
        };
        assert_eq!(
            verdict(&e(0.03, 0.05), 0.01, 0.02, 0.05),
            ChangeVerdict::Regressed
        );
        assert_eq!(
            verdict(&e(0.01, 0.05), 0.01, 0.02, 0.05),
            ChangeVerdict::WithinNoise
        );
        assert_eq!(
            verdict(&e(-0.05, -0.03), 0.01, 0.02, 0.05),
            ChangeVerdict::Improved
        );
        assert_eq!(
            verdict(&e(0.03, 0.05), 0.2, 0.02, 0.05),
            ChangeVerdict::NoChange
        );
        assert_eq!(
            verdict(&e(0.03, 0.05), f64::NAN, 0.02, 0.05),
            ChangeVerdict::NoChange
        );
    }

    #[test]
    fn invalid_samples_are_an_error() {
        let old = RunSamples {
            iters: &[1],
            ns: &[1.0],
        };
        let new = RunSamples {
            iters: &[1, 2],
            ns: &[1.0, 2.0],
        };
        assert!(compare_runs(old, new, 0.02, 0.05, DEFAULT_RESAMPLES).is_err());
    }
}
