//! The time budget of one trial, and what a trial says when its budget is too short.
//!
//! The promise: a trial ends within `max_time` plus one call of its routine (for a
//! comparison, one call of the routine that was running). Work is started only when its
//! expected length, from what the same work took before, still fits; only the very first
//! call, whose cost nobody knows yet, may overrun.

use crate::util::interrupted;
use std::fmt;
use std::time::{Duration, Instant};

/// The clock of one trial's budget.
#[derive(Clone, Copy, Debug)]
pub struct Deadline {
    start: Instant,
    max_time: Duration,
}

impl Deadline {
    /// Starts the clock now.
    #[must_use]
    pub fn start(max_time: Duration) -> Self {
        Self {
            start: Instant::now(),
            max_time,
        }
    }

    /// Time since the start.
    #[must_use]
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether work expected to last `next_ns` nanoseconds, started now, ends within the
    /// budget. After an interrupt nothing fits: the trial stops at its next step.
    #[must_use]
    pub fn fits(&self, next_ns: f64) -> bool {
        self.fits_after(self.elapsed(), next_ns) && !interrupted()
    }

    /// Whether `next_ns` more after `elapsed` stays within the budget.
    #[must_use]
    pub fn fits_after(&self, elapsed: Duration, next_ns: f64) -> bool {
        elapsed.as_nanos() as f64 + next_ns.max(0.0) <= self.max_time.as_nanos() as f64
    }
}

/// A budget too short for a meaningful result, and the budget that would do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shortfall {
    /// The budget given.
    pub max_time: Duration,
    /// About the least budget that gives the minimum measurement.
    pub needed: Duration,
    /// The minimum, in words: "8 pilot duos and 10 blocks", "10 samples".
    pub minimum: &'static str,
}

impl Shortfall {
    /// A shortfall of `max_time`, given that the minimum needs `needed_ns` in all, rounded up
    /// to two significant digits so that the advice is a budget one can type.
    #[must_use]
    pub fn new(max_time: Duration, needed_ns: f64, minimum: &'static str) -> Self {
        let needed_ns = needed_ns.max(max_time.as_nanos() as f64 + 1.0);
        let scale = 10f64.powf(needed_ns.log10().floor() - 1.0);
        let rounded = (needed_ns / scale).ceil() * scale;
        Self {
            max_time,
            needed: Duration::from_nanos(rounded.min(u64::MAX as f64) as u64),
            minimum,
        }
    }
}

impl fmt::Display for Shortfall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the time budget (max_time = {}) is too short for a meaningful result, which needs \
             {}: give it at least max_time = \"{}\"",
            typed(self.max_time),
            self.minimum,
            typed(self.needed)
        )
    }
}

/// A duration as one writes it in `max_time = "..."` or `--max-time`: `250ms`, `3.3s`.
fn typed(d: Duration) -> String {
    let ns = d.as_nanos() as f64;
    match ns {
        x if x >= 1e9 => format!("{}s", x / 1e9),
        x if x >= 1e6 => format!("{}ms", x / 1e6),
        x if x >= 1e3 => format!("{}us", x / 1e3),
        x => format!("{x}ns"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decide::SequentialSettings;
    use crate::decide::Verdict;
    use crate::measure::TimerCost;
    use crate::measure::{run_duos, DuoSettings, WarmupRule};

    fn duo_settings(warmup_ms: u64, max_time_ms: u64) -> DuoSettings {
        DuoSettings {
            warmup: WarmupRule::For(Duration::from_millis(warmup_ms)),
            max_time: Duration::from_millis(max_time_ms),
            timer: TimerCost {
                overhead_ns: 20.0,
                resolution_ns: 10.0,
            },
            sequential: SequentialSettings::new(0.05, None, 1),
            measure_on_to: None,
            metered: false,
            keep_preempted: false,
            pilot_time: None,
        }
    }

    fn sleep_ms(ms: u64) -> impl FnMut() {
        move || std::thread::sleep(Duration::from_millis(ms))
    }

    #[test]
    fn a_slow_comparison_stays_within_budget_plus_one_call_and_says_what_it_needs() {
        let start = Instant::now();
        let run = run_duos(sleep_ms(300), sleep_ms(300), &duo_settings(50, 100), None);
        let took = start.elapsed();
        // One call of 300 ms past the budget of 100 ms, with room for a busy machine.
        assert!(took < Duration::from_millis(100 + 300 + 150), "{took:?}");
        let shortfall = run.shortfall.expect("a shortfall");
        // 8 pilot duos and 142 more, each duo four calls of 300 ms: over 30 s.
        assert!(shortfall.needed > Duration::from_secs(30), "{shortfall}");
        assert!(run.first_ns.is_empty() && run.test.duo_means().is_empty());
        let result = crate::analysis::DiffResult::from_run(
            &run,
            TimerCost {
                overhead_ns: 20.0,
                resolution_ns: 10.0,
            },
        );
        assert_eq!(result.verdict, Verdict::Inconclusive);
    }

    #[test]
    fn a_comparison_that_cannot_reach_its_minimum_stops_early() {
        // Duos of 4 × 20 ms; 18 of them do not fit in 500 ms, which is found after the first.
        let start = Instant::now();
        let run = run_duos(sleep_ms(20), sleep_ms(20), &duo_settings(100, 500), None);
        let took = start.elapsed();
        assert!(took < Duration::from_millis(300), "{took:?}");
        assert!(run.shortfall.is_some());
    }

    #[test]
    fn a_budget_that_fits_the_minimum_measures_without_a_shortfall() {
        // Duos of 4 × 1 ms: the warmup asked for (880 ms) gives way once only twice the
        // 142 duos a decision needs after the pilot still fit (about 1.2 s), so the
        // minimum fits.
        let start = Instant::now();
        let run = run_duos(sleep_ms(1), sleep_ms(1), &duo_settings(880, 1_500), None);
        assert!(start.elapsed() < Duration::from_millis(1_500 + 1 + 100));
        assert_eq!(run.shortfall, None);
        // Blocks were measured; how many depends on how busy the machine is (the minimum of
        // 150 duos is planned for at the pace seen during the warmup).
        assert!(
            run.warmup_time < Duration::from_millis(860),
            "{:?}",
            run.warmup_time
        );
        assert!(!run.test.blocks().is_empty());
    }

    #[test]
    fn fits_counts_what_has_passed() {
        let d = Deadline::start(Duration::from_millis(100));
        assert!(d.fits_after(Duration::from_millis(40), 60e6));
        assert!(!d.fits_after(Duration::from_millis(40), 60.1e6));
        assert!(d.fits(0.0));
        assert!(!d.fits(200e6));
    }

    #[test]
    fn shortfall_rounds_up_to_a_budget_one_can_type() {
        let s = Shortfall::new(Duration::from_millis(100), 3.21e9, "10 samples");
        assert_eq!(s.needed, Duration::from_millis(3_300));
        assert_eq!(
            s.to_string(),
            "the time budget (max_time = 100ms) is too short for a meaningful result, which \
             needs 10 samples: give it at least max_time = \"3.3s\""
        );
        // Never advises less than it was given.
        let s = Shortfall::new(Duration::from_secs(1), 1.0, "x");
        assert!(s.needed > Duration::from_secs(1));
    }
}
