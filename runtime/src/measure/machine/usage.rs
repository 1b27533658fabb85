//! What the operating system counted for one trial: peak memory and the measuring thread's
//! context switches, as a before/after difference of the readers in `os`.

use super::os::{context_switches, peak_rss_kib};

/// What the operating system counted for this trial: memory and scheduling.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct OsUsage {
    /// Growth of the process's peak resident set during the trial, in KiB (0 when the
    /// peak was reached before it).
    pub peak_rss_growth_kib: u64,
    /// Times the measuring thread gave up the CPU (waiting for I/O, a lock, a sleep).
    pub voluntary_switches: u64,
    /// Times the measuring thread was preempted (another process, an interrupt).
    pub involuntary_switches: u64,
}

/// A reading of [`OsUsage`]'s counters, to subtract from a later one.
#[derive(Clone, Copy, Debug)]
pub struct UsageReading {
    peak_rss_kib: u64,
    voluntary: u64,
    involuntary: u64,
}

impl UsageReading {
    /// The counters now; `None` where the OS has no per-thread figures.
    #[must_use]
    pub fn now() -> Option<Self> {
        let switches = context_switches()?;
        Some(Self {
            peak_rss_kib: peak_rss_kib()?,
            voluntary: switches.voluntary,
            involuntary: switches.involuntary,
        })
    }

    /// What changed since `earlier`.
    #[must_use]
    pub fn since(self, earlier: Self) -> OsUsage {
        OsUsage {
            peak_rss_growth_kib: self.peak_rss_kib.saturating_sub(earlier.peak_rss_kib),
            voluntary_switches: self.voluntary.saturating_sub(earlier.voluntary),
            involuntary_switches: self.involuntary.saturating_sub(earlier.involuntary),
        }
    }
}
