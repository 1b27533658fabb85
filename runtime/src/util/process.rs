//! Whether another process is still alive, for cleaning up after dead ones.

/// `Some(true)` when process `pid` has ended, `Some(false)` when it is alive (or is this
/// process), `None` where the system cannot say. Asked of the system without signalling
/// anything: `kill(pid, 0)` on Unix, opening the process on Windows. A process that cannot
/// be asked counts as alive, and where nothing can be asked nothing may be taken for dead
/// (a live writer's files must never be removed). An ended child not yet reaped still
/// counts as alive, and a pid reused by a new process only keeps what the dead one left a
/// while longer.
#[must_use]
pub fn process_ended(pid: u32) -> Option<bool> {
    ended(pid)
}

#[cfg(unix)]
fn ended(pid: u32) -> Option<bool> {
    // 0 and negative numbers name process groups to `kill`, not one process.
    let pid = libc::pid_t::try_from(pid).ok().filter(|&p| p > 0)?;
    // SAFETY: signal 0 is never delivered: `kill` only checks that the process exists and
    // may be signalled.
    if unsafe { libc::kill(pid, 0) } == 0 {
        return Some(false);
    }
    match std::io::Error::last_os_error().raw_os_error() {
        Some(libc::ESRCH) => Some(true),
        // It exists, and belongs to someone else.
        Some(libc::EPERM) => Some(false),
        _ => None,
    }
}

#[cfg(windows)]
fn ended(pid: u32) -> Option<bool> {
    use windows_sys::Win32::Foundation::{
        CloseHandle, GetLastError, ERROR_INVALID_PARAMETER, WAIT_OBJECT_0, WAIT_TIMEOUT,
    };
    use windows_sys::Win32::System::Threading::{
        OpenProcess, WaitForSingleObject, PROCESS_SYNCHRONIZE,
    };
    // SAFETY: `OpenProcess` takes plain values and returns a handle or null; a handle is
    // waited on without blocking (a zero timeout) and closed once.
    unsafe {
        let handle = OpenProcess(PROCESS_SYNCHRONIZE, 0, pid);
        if handle.is_null() {
            // No process has this id; any other refusal (access denied) means one does.
            return Some(GetLastError() == ERROR_INVALID_PARAMETER);
        }
        let state = WaitForSingleObject(handle, 0);
        CloseHandle(handle);
        match state {
            WAIT_OBJECT_0 => Some(true),
            WAIT_TIMEOUT => Some(false),
            _ => None,
        }
    }
}

#[cfg(not(any(unix, windows)))]
fn ended(_pid: u32) -> Option<bool> {
    None
}

#[cfg(test)]
mod tests {
    use super::process_ended;
    use crate::fixture::ended_process::ended_child_pid;

    #[test]
    fn this_process_is_alive_and_an_ended_child_is_not() {
        assert_eq!(process_ended(std::process::id()), Some(false));
        assert_eq!(process_ended(ended_child_pid()), Some(true));
    }

    #[test]
    fn a_pid_no_process_can_have_has_ended() {
        // Above every system's largest pid (Linux's is at most 2^22).
        assert_eq!(process_ended(0x7fff_fff0), Some(true));
    }
}
