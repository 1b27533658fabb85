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

/// The calling thread's run-queue wait, read again and again from one open file: a read
/// is one `pread` of a few dozen bytes (about a microsecond), cheap enough to take around
/// every `#[bench]` sample. Made on the thread it reads (`/proc/thread-self` names the
/// thread that opens it).
#[derive(Debug)]
pub struct RunDelay {
    file: Option<std::fs::File>,
}

impl RunDelay {
    /// The reader of the calling thread's wait; one that reads `None` where the kernel does
    /// not keep it (or off Linux).
    #[must_use]
    pub fn of_this_thread() -> Self {
        Self {
            file: imp::open_schedstat(),
        }
    }

    /// Nanoseconds the thread has waited for a core so far.
    pub fn wait_ns(&mut self) -> Option<u64> {
        imp::read_open(self.file.as_mut()?)
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
    use std::os::unix::fs::FileExt;

    pub fn open_schedstat() -> Option<fs::File> {
        let mut file = fs::File::open("/proc/thread-self/schedstat").ok()?;
        // A kernel without the counter gives a file that does not parse: no reader.
        read_open(&mut file).map(|_| file)
    }

    pub fn read_open(file: &mut fs::File) -> Option<u64> {
        // Three numbers of at most 20 digits: the file is read whole from its start each
        // time (the kernel regenerates it at offset 0).
        let mut buf = [0u8; 96];
        let n = file.read_at(&mut buf, 0).ok()?;
        parse_schedstat(std::str::from_utf8(&buf[..n]).ok()?)
    }

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

    pub fn open_schedstat() -> Option<std::fs::File> {
        None
    }

    pub fn read_open(_: &mut std::fs::File) -> Option<u64> {
        None
    }

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

    #[cfg(target_os = "linux")]
    #[test]
    fn the_open_reader_follows_its_thread_as_a_fresh_read_does() {
        // Three spinning threads a core: the reader, kept open on its thread, counts the
        // same wait as reading the file afresh, and more of it as the thread waits.
        use crate::fixture::busy::{spin_for, spinners};
        let spin = std::time::Duration::from_millis(150);
        let busy = spinners(3, spin);
        let mut reader = RunDelay::of_this_thread();
        let before = reader.wait_ns().expect("Linux keeps schedstat");
        spin_for(spin);
        let open = reader.wait_ns().unwrap();
        let fresh = ContentionReading::now().run_queue_wait_ns.unwrap();
        for t in busy {
            t.join().unwrap();
        }
        assert!(
            open > before,
            "{before} then {open}: no wait beside the spinners"
        );
        assert!(fresh >= open, "fresh {fresh} < open {open}");
    }
}
