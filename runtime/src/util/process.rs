//! Whether another process is still alive, for cleaning up after dead ones.

use std::path::Path;

/// `Some(true)` when process `pid` has ended, `Some(false)` when it is alive (or is this
/// process), `None` where the system cannot say: checked through `/proc`, and where there is
/// none nothing may be taken for dead (a live writer's files must never be removed). A pid
/// reused by a new process only keeps what the dead one left a while longer.
#[must_use]
pub fn process_ended(pid: u32) -> Option<bool> {
    if !Path::new("/proc/self").exists() {
        return None;
    }
    Some(pid != std::process::id() && !Path::new("/proc").join(pid.to_string()).exists())
}

#[cfg(test)]
mod tests {
    use super::process_ended;

    #[test]
    fn this_process_is_alive_and_an_ended_child_is_not() {
        if process_ended(1).is_none() {
            return; // No /proc: nothing can be said, which the callers handle.
        }
        assert_eq!(process_ended(std::process::id()), Some(false));
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let pid = child.id();
        child.wait().unwrap();
        assert_eq!(process_ended(pid), Some(true));
    }
}
