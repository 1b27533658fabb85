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
