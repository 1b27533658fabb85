//! Instructions retired by the current thread, from the kernel's performance counters
//! (`perf_event_open`). Many virtual machines expose no hardware counter; then opening the
//! counter fails and [`InstructionCounter::open`] says why in one line.
//!
//! Written by hand (a `#[repr(C)]` prefix of `perf_event_attr` and one syscall) rather than
//! with the `perf-event` crate: one counter is all duobench needs, and `libc` is already a
//! dependency for the thread CPU clock.

/// An open counter of instructions retired in user space by this thread.
#[derive(Debug)]
pub struct InstructionCounter {
    #[cfg(target_os = "linux")]
    fd: std::os::fd::OwnedFd,
}

/// Why instructions cannot be counted here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unavailable(pub String);

impl std::fmt::Display for Unavailable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "instructions: not available here: {}", self.0)
    }
}

#[cfg(target_os = "linux")]
mod linux {
    /// The first 64 bytes of `struct perf_event_attr` (`PERF_ATTR_SIZE_VER0`), which the
    /// kernel accepts from any caller.
    #[repr(C)]
    #[derive(Default)]
    pub struct PerfEventAttr {
        pub kind: u32,
        pub size: u32,
        pub config: u64,
        pub sample_period: u64,
        pub sample_type: u64,
        pub read_format: u64,
        pub flags: u64,
        pub wakeup_events: u32,
        pub bp_type: u32,
        pub config1: u64,
    }

    pub const PERF_TYPE_HARDWARE: u32 = 0;
    pub const PERF_COUNT_HW_INSTRUCTIONS: u64 = 1;
    /// `exclude_kernel` and `exclude_hv`: user-space instructions only, which unprivileged
    /// processes may count under the default `perf_event_paranoid`.
    pub const EXCLUDE_KERNEL_AND_HV: u64 = (1 << 5) | (1 << 6);
}

impl InstructionCounter {
    /// Opens a counter for this thread, or says in one line why there is none.
    pub fn open() -> Result<Self, Unavailable> {
        #[cfg(target_os = "linux")]
        {
            use std::os::fd::{FromRawFd, OwnedFd};
            let attr = linux::PerfEventAttr {
                kind: linux::PERF_TYPE_HARDWARE,
                size: std::mem::size_of::<linux::PerfEventAttr>() as u32,
                config: linux::PERF_COUNT_HW_INSTRUCTIONS,
                flags: linux::EXCLUDE_KERNEL_AND_HV,
                ..linux::PerfEventAttr::default()
            };
            // SAFETY: `attr` is a valid, initialised perf_event_attr prefix whose `size`
            // says how long it is; pid 0 and cpu -1 mean this thread on any CPU, group -1 and
            // flags 0 ask for nothing else. The kernel only reads `attr`.
            let fd = unsafe {
                libc::syscall(
                    libc::SYS_perf_event_open,
                    &attr as *const linux::PerfEventAttr,
                    0,
                    -1,
                    -1,
                    0,
                )
            };
            if fd < 0 {
                return Err(Unavailable(why(std::io::Error::last_os_error())));
            }
            let fd = i32::try_from(fd).map_err(|_| Unavailable("bad descriptor".into()))?;
            // SAFETY: the syscall returned a fresh descriptor that nothing else owns.
            Ok(Self {
                fd: unsafe { OwnedFd::from_raw_fd(fd) },
            })
        }
        #[cfg(not(target_os = "linux"))]
        {
            Err(Unavailable(
                "hardware counters are read through Linux's perf_event_open only".into(),
            ))
        }
    }

    /// Instructions retired since the counter was opened.
    #[must_use]
    pub fn read(&self) -> u64 {
        #[cfg(target_os = "linux")]
        {
            use std::os::fd::AsRawFd;
            let mut count = 0u64;
            // SAFETY: reads 8 bytes into `count`, a valid u64; the descriptor is open.
            let n = unsafe { libc::read(self.fd.as_raw_fd(), (&mut count as *mut u64).cast(), 8) };
            if n == 8 {
                count
            } else {
                0
            }
        }
        #[cfg(not(target_os = "linux"))]
        {
            0
        }
    }
}

#[cfg(target_os = "linux")]
fn why(error: std::io::Error) -> String {
    match error.raw_os_error() {
        Some(libc::ENOENT | libc::EOPNOTSUPP | libc::ENODEV) => {
            "this CPU or virtual machine exposes no hardware instruction counter".into()
        }
        Some(libc::EACCES | libc::EPERM) => {
            "perf events are forbidden to this process (see /proc/sys/kernel/perf_event_paranoid)"
                .into()
        }
        Some(libc::ENOSYS) => "the kernel was built without perf events".into(),
        _ => format!("perf_event_open failed: {error}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Here (a VM without counters) this checks the refusal; where a counter exists, that it
    /// counts.
    #[test]
    fn counts_or_refuses_in_one_line() {
        match InstructionCounter::open() {
            Ok(counter) => {
                let before = counter.read();
                let mut x = 1u64;
                for i in 0..100_000u64 {
                    x = std::hint::black_box(x.wrapping_mul(i | 1));
                }
                assert!(counter.read() >= before + 100_000);
            }
            Err(why) => {
                let line = why.to_string();
                assert!(
                    line.starts_with("instructions: not available here: "),
                    "{line}"
                );
                assert!(!line.contains('\n'), "{line}");
            }
        }
    }
}
