//! What competed for the CPU while a trial ran, in the kernel's own accounting: how long the
//! measuring thread was ready to run but waited on a run queue (another task had its core),
//! and what share of the CPUs' time a hypervisor gave to other guests (steal). Read at the
//! trial's start and end, they judge the trial's own time, where a load average judges the
//! minute before (and still holds a build that ended before the run).
//!
//! Linux: `/proc/thread-self/schedstat` (its second field is the thread's run-queue wait, in
//! nanoseconds) and the `cpu` line of `/proc/stat` (steal and all time, in clock ticks).
//! Elsewhere, or where the kernel does not keep them, the readings are `None` and the
//! doctor says nothing about load.

/// The kernel's counters of waiting for a CPU, at one moment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ContentionReading {
    /// Nanoseconds the calling thread has spent ready to run but not running, so far.
    pub run_queue_wait_ns: Option<u64>,
    /// All CPUs' time so far, and the part a hypervisor stole, in clock ticks.
    pub cpu_ticks: Option<CpuTicks>,
}

/// The `cpu` line of `/proc/stat`: every CPU's time together, in clock ticks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CpuTicks {
    /// Time of every kind, user to steal.
    pub total: u64,
    /// Time a hypervisor ran something else while a CPU of this machine wanted to run.
    pub steal: u64,
}

impl ContentionReading {
    /// The counters now (a few microseconds: read them outside timed regions).
    #[must_use]
    pub fn now() -> Self {
        imp::read()
    }
}

/// The run-queue wait in the text of a `schedstat` file: its second field.
#[cfg(any(target_os = "linux", target_os = "android"))]
#[must_use]
pub fn parse_schedstat(text: &str) -> Option<u64> {
    text.split_whitespace().nth(1)?.parse().ok()
}

/// All time and steal time from the text of `/proc/stat`: the first line, `cpu` and then
/// user, nice, system, idle, iowait, irq, softirq and steal (guest time is inside user).
/// Kernels before steal was counted give fewer fields: `None`.
#[cfg(any(target_os = "linux", target_os = "android"))]
#[must_use]
pub fn parse_proc_stat(text: &str) -> Option<CpuTicks> {
    let mut fields = text.lines().next()?.split_whitespace();
    if fields.next()? != "cpu" {
        return None;
    }
    let ticks: Vec<u64> = fields
        .take(8)
        .map(|f| f.parse().ok())
        .collect::<Option<_>>()?;
    (ticks.len() == 8).then(|| CpuTicks {
        total: ticks.iter().sum(),
        steal: ticks[7],
    })
}

#[cfg(any(target_os = "linux", target_os = "android"))]
mod imp {
    use super::{parse_proc_stat, parse_schedstat, ContentionReading};
    use std::fs;

    pub fn read() -> ContentionReading {
        ContentionReading {
            run_queue_wait_ns: fs::read_to_string("/proc/thread-self/schedstat")
                .ok()
                .and_then(|text| parse_schedstat(&text)),
            cpu_ticks: fs::read_to_string("/proc/stat")
                .ok()
                .and_then(|text| parse_proc_stat(&text)),
        }
    }
}

#[cfg(not(any(target_os = "linux", target_os = "android")))]
mod imp {
    use super::ContentionReading;

    pub fn read() -> ContentionReading {
        ContentionReading::default()
    }
}

#[cfg(all(test, any(target_os = "linux", target_os = "android")))]
mod tests {
    use super::*;

    #[test]
    fn the_files_are_read_field_by_field() {
        assert_eq!(parse_schedstat("807900 123724 2\n"), Some(123_724));
        assert_eq!(parse_schedstat("807900"), None);
        assert_eq!(
            parse_proc_stat("cpu  30181 821 3553 51733 193 0 27 16 0 0\ncpu0 1 2 3\n"),
            Some(CpuTicks {
                total: 30181 + 821 + 3553 + 51733 + 193 + 27 + 16,
                steal: 16
            })
        );
        assert_eq!(parse_proc_stat("cpu  1 2 3 4 5 6 7\n"), None);
        assert_eq!(parse_proc_stat("intr 1 2 3 4 5 6 7 8 9\n"), None);
        assert_eq!(parse_proc_stat(""), None);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn threads_that_outnumber_the_cores_wait_for_them() {
        // Twice as many spinning threads as cores: each is ready all the time and runs about
        // half of it, so most of them wait for a core for a good share of their time.
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        let spin = std::time::Duration::from_millis(200);
        let shares: Vec<f64> = (0..2 * cores)
            .map(|_| {
                std::thread::spawn(move || {
                    let before = ContentionReading::now().run_queue_wait_ns;
                    let start = std::time::Instant::now();
                    while start.elapsed() < spin {
                        std::hint::black_box(0u64);
                    }
                    let waited = ContentionReading::now().run_queue_wait_ns;
                    let waited = waited.zip(before).map(|(a, b)| a.saturating_sub(b));
                    waited.expect("Linux keeps schedstat") as f64
                        / start.elapsed().as_nanos() as f64
                })
            })
            .collect::<Vec<_>>()
            .into_iter()
            .map(|t| t.join().unwrap())
            .collect();
        let waiting = shares.iter().filter(|&&s| s > 0.1).count();
        assert!(2 * waiting >= shares.len(), "{shares:?}");
        assert!(ContentionReading::now().cpu_ticks.is_some());
    }
}
