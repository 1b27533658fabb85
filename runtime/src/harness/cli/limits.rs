//! The documented ranges of settings, checked where values enter (command line, environment)
//! so that the statistics never receive a value they cannot handle.

use crate::harness::TrialSpec;
use crate::session::{Overrides, Settings};
use std::time::Duration;

/// Smallest `alpha`: the bootstrap and Student/Welch quantiles need `1 − alpha` to differ
/// from 1 in floating point by a wide margin (`1 − 1e-17` *is* 1), and with 10,000
/// resamples a percentile interval cannot resolve tails much below this anyway.
pub const MIN_ALPHA: f64 = 1e-6;
/// Largest `alpha`: a confidence level under 50% is not a confidence level anyone means.
pub const MAX_ALPHA: f64 = 0.5;

/// Checks an error rate against [`MIN_ALPHA`]`..=`[`MAX_ALPHA`].
///
/// # Errors
///
/// A message saying the range.
pub fn check_alpha(alpha: f64) -> Result<f64, String> {
    if (MIN_ALPHA..=MAX_ALPHA).contains(&alpha) {
        Ok(alpha)
    } else {
        Err(format!(
            "expected an error rate from {MIN_ALPHA:e} to {MAX_ALPHA} such as 0.05, got {alpha}"
        ))
    }
}

/// Checks that the warmup leaves time to measure: a warmup as long as the budget would
/// spend all of it warming up, and no verdict could ever be reached.
///
/// # Errors
///
/// A message naming both values.
pub fn check_warmup(warmup: Duration, max_time: Duration) -> Result<(), String> {
    if warmup < max_time {
        Ok(())
    } else {
        Err(format!(
            "the warmup ({warmup:?}) must be shorter than the time budget ({max_time:?}), which \
             it is part of"
        ))
    }
}

/// Checks the resolved warmup and budget of every trial in `specs` (those the run will
/// start) before anything runs.
///
/// # Errors
///
/// The first trial whose warmup is not shorter than its budget, with its definition.
pub fn check_trial_budgets(specs: &[&TrialSpec], overrides: &Overrides) -> Result<(), String> {
    for spec in specs {
        let settings = Settings::resolve(&spec.descriptor.options, overrides.clone());
        check_warmup(settings.warmup, settings.max_time).map_err(|e| {
            let d = spec.descriptor;
            format!("{} ({}:{}): {e}", spec.name(), d.file, d.line)
        })?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::BenchResult;
    use crate::analysis::{compare_runs, RunSamples};
    use crate::fixture::bench_runs::{run, TIMER};

    #[test]
    fn alpha_outside_the_range_is_refused() {
        for bad in [0.0, 1e-17, 9.9e-7, 0.51, 1.0, f64::NAN, f64::INFINITY] {
            assert!(check_alpha(bad).is_err(), "{bad}");
        }
        assert_eq!(check_alpha(0.05), Ok(0.05));
    }

    #[test]
    fn the_statistics_handle_both_ends_of_the_alpha_range() {
        for alpha in [MIN_ALPHA, MAX_ALPHA] {
            let result =
                BenchResult::from_run(run(10.0, 20, 100, None), TIMER, 1.0 - alpha, None).unwrap();
            assert!(result.slope.low <= result.slope.point);
            assert!(result.slope.point <= result.slope.high);
            let (old, new) = (run(10.0, 20, 100, None), run(12.0, 20, 100, None));
            let old_samples = RunSamples {
                iters: &old.iters,
                ns: &old.ns,
                machine: crate::analysis::RunMachine::default(),
            };
            let new_samples = RunSamples {
                iters: &new.iters,
                ns: &new.ns,
                machine: crate::analysis::RunMachine::default(),
            };
            let change = compare_runs(
                old_samples,
                new_samples,
                0.02,
                alpha,
                crate::stats::DEFAULT_RESAMPLES,
            )
            .unwrap();
            assert!(change.relative.low <= change.relative.high, "{change:?}");
        }
    }

    #[test]
    fn warmup_must_be_shorter_than_the_budget() {
        let ms = Duration::from_millis;
        assert!(check_warmup(ms(100), ms(101)).is_ok());
        let e = check_warmup(ms(100), ms(100)).unwrap_err();
        assert!(e.contains("warmup"), "{e}");
    }
}
