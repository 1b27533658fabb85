//! What the OS says about the measuring thread: its context switches and its CPU time.
//!
//! A timed batch cannot see who else used the core; the kernel can. `getrusage(RUSAGE_THREAD)`
//! counts the thread's involuntary context switches (the scheduler took the core away: time
//! stolen by another process shows up in wall time) and voluntary ones (the thread itself
//! slept, waited on I/O or a lock). `CLOCK_THREAD_CPUTIME_ID` advances only while the thread
//! runs, in nanoseconds. Both are Linux system calls (a few hundred nanoseconds each, see
//! `read_costs_are_small` below and `measure/duo/one_duo.rs` for where they are read);
//! elsewhere the readers return `None` and measurement falls back to wall time alone.

/// Context switches of the calling thread since it started.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ContextSwitches {
    /// The thread gave up the core itself: it slept, waited on I/O, a lock or a channel.
    pub voluntary: u64,
    /// The scheduler took the core away: the thread was preempted.
    pub involuntary: u64,
}

impl ContextSwitches {
    /// Switches between `earlier` and `self` (both read on the same thread).
    #[must_use]
    pub fn since(self, earlier: ContextSwitches) -> ContextSwitches {
        ContextSwitches {
            voluntary: self.voluntary.saturating_sub(earlier.voluntary),
            involuntary: self.involuntary.saturating_sub(earlier.involuntary),
        }
    }
}

/// CPU time the calling thread has used, in nanoseconds; `None` where the OS has no
/// per-thread CPU clock this crate reads (anything but Linux and Android).
#[must_use]
pub fn thread_cpu_time_ns() -> Option<u64> {
    imp::thread_cpu_time_ns()
}

/// Context switches of the calling thread so far; `None` where the OS does not count them
/// per thread (anything but Linux and Android).
#[must_use]
pub fn context_switches() -> Option<ContextSwitches> {
    imp::context_switches()
}

/// The process's peak resident set so far, in KiB; `None` where the OS does not report it.
#[must_use]
pub fn peak_rss_kib() -> Option<u64> {
    imp::peak_rss_kib()
}

/// The process's resident set now, in KiB; `None` where the OS does not report it. Reads
/// `/proc/self/statm` on Linux (a few microseconds: call it outside timed regions).
#[must_use]
pub fn resident_kib() -> Option<u64> {
    imp::resident_kib()
}

#[cfg(any(target_os = "linux", target_os = "android"))]
mod imp {
    use super::ContextSwitches;

    pub fn resident_kib() -> Option<u64> {
        let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
        let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
        // SAFETY: sysconf only reads a system constant.
        let page_size = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
        Some(pages * u64::try_from(page_size).ok()? / 1024)
    }

    pub fn thread_cpu_time_ns() -> Option<u64> {
        let mut ts = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `ts` is a valid, writable timespec for the duration of the call.
        let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
        if rc != 0 {
            return None;
        }
        let secs = u64::try_from(ts.tv_sec).ok()?;
        let nanos = u64::try_from(ts.tv_nsec).ok()?;
        Some(secs * 1_000_000_000 + nanos)
    }

    pub fn context_switches() -> Option<ContextSwitches> {
        let usage = rusage(libc::RUSAGE_THREAD)?;
        Some(ContextSwitches {
            voluntary: u64::try_from(usage.ru_nvcsw).ok()?,
            involuntary: u64::try_from(usage.ru_nivcsw).ok()?,
        })
    }

    pub fn peak_rss_kib() -> Option<u64> {
        // Linux reports ru_maxrss in KiB.
        u64::try_from(rusage(libc::RUSAGE_SELF)?.ru_maxrss).ok()
    }

    fn rusage(who: libc::c_int) -> Option<libc::rusage> {
        // SAFETY: an all-zero `rusage` is a valid value of this plain C struct.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: `usage` is a valid, writable rusage for the duration of the call.
        let rc = unsafe { libc::getrusage(who, &mut usage) };
        (rc == 0).then_some(usage)
    }
}

#[cfg(not(any(target_os = "linux", target_os = "android")))]
mod imp {
    use super::ContextSwitches;

    pub fn resident_kib() -> Option<u64> {
        None
    }

    pub fn thread_cpu_time_ns() -> Option<u64> {
        None
    }

    pub fn context_switches() -> Option<ContextSwitches> {
        None
    }

    pub fn peak_rss_kib() -> Option<u64> {
        None
    }
}

#[cfg(all(test, any(target_os = "linux", target_os = "android")))]
mod tests {
    use super::*;
    use std::hint::black_box;
    use std::time::{Duration, Instant};

    #[test]
    fn a_sleeping_thread_shows_voluntary_switches() {
        std::thread::spawn(|| {
            let before = context_switches().expect("Linux counts switches per thread");
            for _ in 0..5 {
                std::thread::sleep(Duration::from_millis(1));
            }
            let after = context_switches().unwrap().since(before);
            assert!(after.voluntary >= 5, "{after:?}");
        })
        .join()
        .unwrap();
    }

    #[test]
    fn cpu_time_grows_with_spinning_not_with_sleeping() {
        std::thread::spawn(|| {
            let t0 = thread_cpu_time_ns().expect("Linux has a thread CPU clock");
            std::thread::sleep(Duration::from_millis(30));
            let t1 = thread_cpu_time_ns().unwrap();
            // Sleeping costs microseconds of CPU.
            assert!(t1 - t0 < 5_000_000, "slept {} ns", t1 - t0);
            // Spinning gains 20 ms of CPU time, however busy the machine (the deadline only
            // stops a clock that does not move).
            let deadline = Instant::now() + Duration::from_secs(20);
            let mut x = 1u64;
            while thread_cpu_time_ns().unwrap() - t1 < 20_000_000 {
                assert!(
                    Instant::now() < deadline,
                    "CPU time did not grow while spinning"
                );
                for _ in 0..1_000 {
                    x = black_box(x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1));
                }
            }
        })
        .join()
        .unwrap();
    }

    #[test]
    fn the_resident_set_follows_memory_that_is_touched() {
        let before = resident_kib().expect("Linux reports the resident set");
        let held = std::hint::black_box(vec![1u8; 64 << 20]);
        let after = resident_kib().unwrap();
        // 64 MiB touched; other test threads may free some memory meanwhile.
        assert!(
            after >= before + 32 * 1024,
            "{before} KiB, then {after} KiB"
        );
        drop(held);
    }

    #[test]
    fn read_costs_are_small() {
        // The duo loop reads these outside timed batches; the budget it assumes is a few
        // microseconds per read at most.
        let reads = 2_000u32;
        let start = Instant::now();
        for _ in 0..reads {
            black_box(context_switches());
        }
        let switches = start.elapsed() / reads;
        let start = Instant::now();
        for _ in 0..reads {
            black_box(thread_cpu_time_ns());
        }
        let cpu = start.elapsed() / reads;
        assert!(switches < Duration::from_micros(20), "{switches:?}");
        assert!(cpu < Duration::from_micros(20), "{cpu:?}");
    }
}
