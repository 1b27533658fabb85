//! What the operating system can tell about the running thread, beyond wall time.

/// CPU time this thread has used, in nanoseconds (`CLOCK_THREAD_CPUTIME_ID`); `None` where
/// the platform has no such clock. Time the thread spends descheduled (another process
/// running, an interrupt) is not counted, unlike wall time.
#[must_use]
pub fn thread_cpu_time_ns() -> Option<u64> {
    #[cfg(unix)]
    {
        let mut ts = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `ts` is a valid, writable timespec for the duration of the call, and
        // CLOCK_THREAD_CPUTIME_ID needs no other argument.
        let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
        if rc != 0 {
            return None;
        }
        let secs = u64::try_from(ts.tv_sec).ok()?;
        let nanos = u64::try_from(ts.tv_nsec).ok()?;
        Some(secs * 1_000_000_000 + nanos)
    }
    #[cfg(not(unix))]
    {
        None
    }
}

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
    /// The counters now; `None` where `getrusage` has no per-thread figures.
    #[must_use]
    pub fn now() -> Option<Self> {
        #[cfg(target_os = "linux")]
        {
            let process = rusage(libc::RUSAGE_SELF)?;
            let thread = rusage(libc::RUSAGE_THREAD)?;
            Some(Self {
                peak_rss_kib: u64::try_from(process.ru_maxrss).ok()?,
                voluntary: u64::try_from(thread.ru_nvcsw).ok()?,
                involuntary: u64::try_from(thread.ru_nivcsw).ok()?,
            })
        }
        #[cfg(not(target_os = "linux"))]
        {
            None
        }
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

#[cfg(target_os = "linux")]
fn rusage(who: libc::c_int) -> Option<libc::rusage> {
    // SAFETY: an all-zero rusage is a valid value of this plain C struct.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `usage` is valid and writable for the duration of the call.
    let rc = unsafe { libc::getrusage(who, &mut usage) };
    (rc == 0).then_some(usage)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thread_cpu_time_grows_with_work_and_not_with_sleep() {
        let Some(start) = thread_cpu_time_ns() else {
            return; // No such clock on this platform: nothing to check.
        };
        let mut x = 1u64;
        for i in 0..5_000_000u64 {
            x = std::hint::black_box(x.wrapping_mul(i | 1));
        }
        let after_work = thread_cpu_time_ns().expect("the clock worked once");
        std::thread::sleep(std::time::Duration::from_millis(50));
        let after_sleep = thread_cpu_time_ns().expect("the clock worked once");
        assert!(after_work > start, "{start} {after_work}");
        // 50 ms asleep costs far less than 50 ms of CPU.
        assert!(
            after_sleep - after_work < 20_000_000,
            "{after_work} {after_sleep}"
        );
    }
}
