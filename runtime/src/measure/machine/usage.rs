//! What the operating system counted for one trial: peak memory, the measuring thread's
//! context switches and its wait for a core, and the hypervisor's steal, as a before/after
//! difference of the readers in `os` and `contention`.

use super::contention::ContentionReading;
use super::os::{context_switches, peak_rss_kib};
use std::time::Instant;

/// Steal is counted in clock ticks (usually 10 ms): below this many ticks of all CPUs
/// together, one tick more or less moves the share by more than a percent, and no share is
/// given.
const FEWEST_TICKS: u64 = 100;

/// What the operating system counted for this trial: memory and scheduling.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
pub struct OsUsage {
    /// Growth of the process's peak resident set during the trial, in KiB (0 when the
    /// peak was reached before it).
    pub peak_rss_growth_kib: u64,
    /// Times the measuring thread gave up the CPU (waiting for I/O, a lock, a sleep).
    pub voluntary_switches: u64,
    /// Times the measuring thread was preempted (another process, an interrupt).
    pub involuntary_switches: u64,
    /// Wall time between the two readings (the trial's), in nanoseconds.
    pub wall_ns: u64,
    /// Nanoseconds the measuring thread was ready to run but waited for a core, because
    /// another thread had it; `None` where the kernel does not say (Linux's schedstat).
    pub run_queue_wait_ns: Option<u64>,
    /// Share of all CPUs' time that a hypervisor gave to something else while they wanted to
    /// run (Linux's steal time); `None` where not counted, or too short to count.
    pub steal_share: Option<f64>,
}

impl OsUsage {
    /// Share of the trial's time the measuring thread spent waiting for a core.
    #[must_use]
    pub fn run_queue_wait_share(&self) -> Option<f64> {
        let wait = self.run_queue_wait_ns?;
        (self.wall_ns > 0).then(|| wait as f64 / self.wall_ns as f64)
    }
}

/// A reading of [`OsUsage`]'s counters, to subtract from a later one.
#[derive(Clone, Copy, Debug)]
pub struct UsageReading {
    peak_rss_kib: u64,
    voluntary: u64,
    involuntary: u64,
    at: Instant,
    contention: ContentionReading,
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
            at: Instant::now(),
            contention: ContentionReading::now(),
        })
    }

    /// What changed since `earlier`.
    #[must_use]
    pub fn since(self, earlier: Self) -> OsUsage {
        OsUsage {
            peak_rss_growth_kib: self.peak_rss_kib.saturating_sub(earlier.peak_rss_kib),
            voluntary_switches: self.voluntary.saturating_sub(earlier.voluntary),
            involuntary_switches: self.involuntary.saturating_sub(earlier.involuntary),
            wall_ns: u64::try_from(self.at.duration_since(earlier.at).as_nanos())
                .unwrap_or(u64::MAX),
            run_queue_wait_ns: self
                .contention
                .run_queue_wait_ns
                .zip(earlier.contention.run_queue_wait_ns)
                .map(|(now, then)| now.saturating_sub(then)),
            steal_share: self
                .contention
                .cpu_ticks
                .zip(earlier.contention.cpu_ticks)
                .and_then(|(now, then)| {
                    let total = now.total.saturating_sub(then.total);
                    (total >= FEWEST_TICKS)
                        .then(|| now.steal.saturating_sub(then.steal) as f64 / total as f64)
                }),
        }
    }
}
