//! The analysis after a `#[bench]`'s samples counts inside its `max_time`. Its cost is the
//! bootstrap's: each resample draws every sample again, once for the run's own estimates
//! and, with a baseline, once for the saved run's slope and once for both runs in the
//! change. A short pilot of that bootstrap, timed before sampling, gives the cost of one
//! resample on this machine now; the sampling leaves time for the analysis at its fewest
//! resamples, and the analysis then takes as many resamples as the time left allows, up to
//! the reports' full count.

use super::budget::Deadline;
use crate::stats::DEFAULT_RESAMPLES;
use std::time::Duration;

/// Resamples timed by the pilot: enough to time, a small share of the full analysis.
pub const PILOT_RESAMPLES: usize = 50;
/// Passes of the bootstrap over as many points as the run has: its own estimates, and with
/// a baseline of as many samples, the saved slope (one) and the change (both runs: two).
const PASSES: f64 = 4.0;
/// Fewest resamples at the usual error rates: the percentile endpoints then move by a few
/// percent of the interval's width from one seed to another.
const FEWEST_RESAMPLES: usize = 1_000;
/// Resamples beyond each end of a percentile interval, at the fewest: fewer leave the end
/// to one or two draws.
const TAIL_RESAMPLES: f64 = 20.0;
/// The most of the budget the sampling gives up for the analysis: a budget so short that
/// the fewest resamples need more overruns by the rest, rather than measuring nothing.
const MOST_RESERVED_SHARE: f64 = 0.25;

/// What the analysis of one `#[bench]` may spend, from the pilot timed before sampling.
#[derive(Clone, Copy, Debug)]
pub struct AnalysisBudget {
    deadline: Deadline,
    /// One resample of one pass, in seconds.
    per_resample_secs: f64,
    fewest: usize,
}

impl AnalysisBudget {
    /// Starts `deadline` (the trial's `max_time`) and times `pilot`, which runs the
    /// analysis's bootstrap with [`PILOT_RESAMPLES`] resamples over as many points as the
    /// run may take; `alpha` sets the fewest resamples (see [`fewest_resamples`]).
    #[must_use]
    pub fn start(max_time: Duration, alpha: f64, pilot: impl FnOnce(usize)) -> Self {
        let deadline = Deadline::start(max_time);
        pilot(PILOT_RESAMPLES);
        Self {
            deadline,
            per_resample_secs: deadline.elapsed().as_secs_f64() / PILOT_RESAMPLES as f64,
            fewest: fewest_resamples(alpha),
        }
    }

    /// The budget the sampling may use, warmup included: `max_time` less the pilot and the
    /// analysis at its fewest resamples (at most a quarter of `max_time`).
    #[must_use]
    pub fn sampling_time(&self, max_time: Duration) -> Duration {
        let reserve = (self.per_resample_secs * PASSES * self.fewest as f64)
            .min(MOST_RESERVED_SHARE * max_time.as_secs_f64());
        max_time
            .saturating_sub(self.deadline.elapsed())
            .saturating_sub(Duration::from_secs_f64(reserve))
    }

    /// Resamples the analysis takes now, in the time the budget has left.
    #[must_use]
    pub fn resamples(&self, max_time: Duration) -> usize {
        let left = max_time.saturating_sub(self.deadline.elapsed());
        resamples_within(left.as_secs_f64(), self.per_resample_secs, self.fewest)
    }
}

/// Fewest resamples at error rate `alpha`: [`FEWEST_RESAMPLES`], or more where
/// [`TAIL_RESAMPLES`] beyond each end need it, never above the reports' full count.
#[must_use]
pub fn fewest_resamples(alpha: f64) -> usize {
    let tails = (2.0 * TAIL_RESAMPLES / alpha.max(f64::MIN_POSITIVE)).ceil();
    (tails.min(DEFAULT_RESAMPLES as f64) as usize).clamp(FEWEST_RESAMPLES, DEFAULT_RESAMPLES)
}

/// Resamples whose [`PASSES`] fit `left_secs` at `per_resample_secs` each, from `fewest`
/// to the reports' full count.
#[must_use]
fn resamples_within(left_secs: f64, per_resample_secs: f64, fewest: usize) -> usize {
    let fit = left_secs / (PASSES * per_resample_secs.max(f64::MIN_POSITIVE));
    (fit.min(DEFAULT_RESAMPLES as f64) as usize).clamp(fewest, DEFAULT_RESAMPLES)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fewest_resamples_resolve_the_tails_of_the_error_rate() {
        assert_eq!(fewest_resamples(0.05), 1_000);
        assert_eq!(fewest_resamples(0.01), 4_000);
        assert_eq!(fewest_resamples(1e-6), DEFAULT_RESAMPLES);
        assert_eq!(fewest_resamples(0.5), 1_000);
    }

    #[test]
    fn the_analysis_takes_what_fits_between_the_fewest_and_the_full_count() {
        // 5,000 samples at 10 ns a point: 50 µs a resample, 200 µs for the four passes.
        let per = 50e-6;
        assert_eq!(resamples_within(0.1, per, 1_000), 1_000);
        assert_eq!(resamples_within(0.4, per, 1_000), 2_000);
        assert_eq!(resamples_within(10.0, per, 1_000), DEFAULT_RESAMPLES);
        // Nothing left, or a pilot too fast to time: the fewest, or the full count.
        assert_eq!(resamples_within(0.0, per, 1_000), 1_000);
        assert_eq!(resamples_within(0.1, 0.0, 1_000), DEFAULT_RESAMPLES);
    }

    #[test]
    fn the_sampling_leaves_the_fewest_resamples_time_and_no_more_than_a_quarter() {
        let second = Duration::from_secs(1);
        let started = AnalysisBudget::start(second, 0.05, |_| {});
        // 0.1 ms a resample: 0.4 s for the fewest's four passes, over a quarter of 1 s.
        let dear = AnalysisBudget {
            per_resample_secs: 1e-4,
            ..started
        };
        let sampling = dear.sampling_time(second);
        assert!(sampling <= Duration::from_millis(750), "{sampling:?}");
        assert!(sampling >= Duration::from_millis(700), "{sampling:?}");
        // 10 µs: 40 ms for the fewest.
        let cheap = AnalysisBudget {
            per_resample_secs: 1e-5,
            ..started
        };
        let sampling = cheap.sampling_time(second);
        assert!(sampling <= Duration::from_millis(960), "{sampling:?}");
        assert!(sampling >= Duration::from_millis(910), "{sampling:?}");
    }
}
