//! Both serving processes on one CPU for the trial.
//!
//! Left to the scheduler, the two children of a cross-version comparison often run on
//! different CPUs, and on a shared virtual machine two CPUs do not run at the same speed,
//! nor does their difference stay put: each version then sees its own CPU's slow phases,
//! which pairing cannot cancel, and the duos' ratios wander together. On one CPU the
//! dependence between blocks disappears and short comparisons decide at once
//! (docs/DESIGN-MEASUREMENTS.md). The CPU is the comparing
//! thread's, and the budget check waits for two duos at the final batch size: children
//! pinned at their start to a fixed CPU made every batch wait for that CPU under load, the
//! pilot duos looked slow, and short comparisons gave up.

/// Pins processes to the CPU this thread runs on; dropping it gives them back the CPUs this
/// process may use.
#[derive(Debug)]
pub(super) struct CoLocated {
    #[cfg(target_os = "linux")]
    pids: Vec<libc::pid_t>,
    #[cfg(target_os = "linux")]
    allowed: libc::cpu_set_t,
}

impl CoLocated {
    /// Pins `pids` to the CPU this thread is on now. `None` where that cannot be done (not
    /// Linux, or the kernel refuses): the comparison then runs as the scheduler places it.
    #[cfg(target_os = "linux")]
    pub(super) fn pin(pids: &[u32]) -> Option<CoLocated> {
        // SAFETY: cpu_set_t is plain data; the calls read or write only the sets passed.
        unsafe {
            let mut allowed: libc::cpu_set_t = std::mem::zeroed();
            if libc::sched_getaffinity(0, std::mem::size_of_val(&allowed), &mut allowed) != 0 {
                return None;
            }
            let cpu = usize::try_from(libc::sched_getcpu()).ok()?;
            let mut one: libc::cpu_set_t = std::mem::zeroed();
            libc::CPU_SET(cpu, &mut one);
            let pids: Vec<libc::pid_t> = pids
                .iter()
                .filter_map(|&pid| libc::pid_t::try_from(pid).ok())
                .collect();
            let pinned = CoLocated { pids, allowed };
            for &pid in &pinned.pids {
                if libc::sched_setaffinity(pid, std::mem::size_of_val(&one), &one) != 0 {
                    // Dropping `pinned` frees the ones already pinned.
                    return None;
                }
            }
            Some(pinned)
        }
    }

    /// Not on this OS.
    #[cfg(not(target_os = "linux"))]
    pub(super) fn pin(_pids: &[u32]) -> Option<CoLocated> {
        None
    }
}

impl Drop for CoLocated {
    fn drop(&mut self) {
        #[cfg(target_os = "linux")]
        for &pid in &self.pids {
            // SAFETY: as above. A child that is gone already makes this fail harmlessly.
            unsafe {
                libc::sched_setaffinity(pid, std::mem::size_of_val(&self.allowed), &self.allowed);
            }
        }
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;
    use std::process::{Command, Stdio};

    /// The CPUs process `pid` may run on, as the kernel lists them.
    fn allowed_list(pid: u32) -> String {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
        status
            .lines()
            .find_map(|l| l.strip_prefix("Cpus_allowed_list:"))
            .unwrap()
            .trim()
            .to_owned()
    }

    #[test]
    fn children_are_pinned_to_one_cpu_and_given_back_their_cpus() {
        let mut children: Vec<_> = (0..2)
            .map(|_| {
                Command::new("sleep")
                    .arg("30")
                    .stdin(Stdio::null())
                    .spawn()
                    .unwrap()
            })
            .collect();
        let pids: Vec<u32> = children.iter().map(std::process::Child::id).collect();
        let before = allowed_list(pids[0]);
        let pinned = CoLocated::pin(&pids).expect("Linux lets a process pin its children");
        let one = allowed_list(pids[0]);
        assert_eq!(one, allowed_list(pids[1]));
        assert!(!one.contains(',') && !one.contains('-'), "one CPU: {one}");
        drop(pinned);
        assert_eq!(allowed_list(pids[0]), before);
        assert_eq!(allowed_list(pids[1]), before);
        for child in &mut children {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}
