//! Progress reports of a running comparison, at most every [`PROGRESS_EVERY`], to the
//! caller's observer if there is one.

use std::time::{Duration, Instant};

/// Least time between two progress reports.
pub const PROGRESS_EVERY: Duration = Duration::from_millis(100);

/// The observer, the start of the comparison and when the next report is due.
pub struct Progress<'a> {
    observe: Option<&'a mut dyn FnMut(&DuoProgress)>,
    /// When the comparison started.
    pub start: Instant,
    next_report: Instant,
}

impl<'a> Progress<'a> {
    /// Starts the clock of a comparison reported to `observe`.
    pub fn start(observe: Option<&'a mut dyn FnMut(&DuoProgress)>) -> Self {
        let start = Instant::now();
        Self {
            observe,
            start,
            next_report: start + PROGRESS_EVERY,
        }
    }

    /// Reports what `progress` says (given the time since the start) if a report is due at
    /// `now`; whether it reported. The progress is made only when it is reported.
    pub fn report(&mut self, now: Instant, progress: impl FnOnce(Duration) -> DuoProgress) -> bool {
        let Some(observe) = self.observe.as_mut().filter(|_| now >= self.next_report) else {
            return false;
        };
        self.next_report = now + PROGRESS_EVERY;
        observe(&progress(now.duration_since(self.start)));
        true
    }
}

/// What a running comparison is doing, for a progress display.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DuoProgress {
    /// Still warming up (`false`), or measuring.
    pub measuring: bool,
    /// Since the comparison started.
    pub elapsed: Duration,
    /// Pairs measured after warmup.
    pub pairs: usize,
    /// The current interval for the log ratio, once bounded.
    pub log_interval: Option<(f64, f64)>,
}
