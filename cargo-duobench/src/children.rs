//! The processes this command starts, and their end when it is told to stop. A CI runner's
//! timeout or cancel signals `cargo-duobench` alone, not its process group, so what it
//! started (cargo, rustc, build scripts, the bench executables and their serving children)
//! would go on building and measuring, and write results after the gate had exited.
//!
//! So on Unix every child starts in a process group of its own (its descendants inherit
//! it), and on SIGINT, SIGTERM or SIGHUP this command passes the signal on to each group
//! (SIGINT as SIGINT, the others as SIGTERM: the harness then keeps the trials it finished),
//! waits for the groups to end, kills what is left after [`GRACE`] (at once on a second
//! signal), and only then exits, with 128 plus the signal's number. No child starts once
//! a signal has come. Elsewhere children start as usual: a console's Ctrl-C reaches them
//! all.

use std::path::PathBuf;
use std::process::{Child, Command, ExitStatus, Output};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// How long the children get to end after the signal is passed on before they are killed:
/// the harness stops at its next batch and writes what it finished, within a second unless
/// a single routine call takes longer.
#[cfg(unix)]
const GRACE: std::time::Duration = std::time::Duration::from_secs(5);

/// The children running now, and whether a signal has come.
struct Running {
    /// The process group of each running child (its pid).
    groups: Vec<u32>,
    /// Files of this command's own that a stop removes (they would outlive it half done).
    #[cfg_attr(
        not(unix),
        allow(dead_code, reason = "only the Unix signal handler removes them")
    )]
    leftovers: Vec<PathBuf>,
    /// A signal came: no child starts any more.
    stopping: bool,
}

static RUNNING: Mutex<Running> = Mutex::new(Running {
    groups: Vec::new(),
    leftovers: Vec::new(),
    stopping: false,
});

fn running() -> MutexGuard<'static, Running> {
    RUNNING.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Waits for the process to end once a signal has come: the thread handling it exits.
fn stop_here() -> ! {
    loop {
        std::thread::park();
    }
}

/// Starts `command` as a child that a signal to this command ends with all it started.
pub fn spawn(command: &mut Command) -> std::io::Result<Child> {
    let mut running = running();
    if running.stopping {
        drop(running);
        stop_here();
    }
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(command, 0);
    let child = command.spawn()?;
    running.groups.push(child.id());
    Ok(child)
}

/// `child` has ended: forgets its group. After a signal, waits for the process to end.
fn ended(id: u32) {
    let mut running = running();
    if running.stopping {
        drop(running);
        stop_here();
    }
    running.groups.retain(|&group| group != id);
}

/// Runs `command` to its end, its output captured (stdin closed), as `Command::output`.
pub fn output(command: &mut Command) -> std::io::Result<Output> {
    use std::process::Stdio;
    let child = spawn(
        command
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped()),
    )?;
    let id = child.id();
    let output = child.wait_with_output();
    ended(id);
    output
}

/// Runs `command` to its end, its output shown (stdin closed: a child in a group of its
/// own that read the terminal would be stopped), as `Command::status`.
pub fn status(command: &mut Command) -> std::io::Result<ExitStatus> {
    let mut child = spawn(command.stdin(std::process::Stdio::null()))?;
    let id = child.id();
    let status = child.wait();
    ended(id);
    status
}

/// `path`, a file this command writes for itself, is removed if a signal stops it.
pub fn remove_on_stop(path: PathBuf) {
    running().leftovers.push(path);
}

/// Handles SIGINT, SIGTERM and SIGHUP as the module docs say, on a thread of its own.
///
/// # Errors
///
/// When the handlers cannot be installed: the command then refuses to run rather than
/// leave processes behind on a signal.
#[cfg(unix)]
pub fn handle_signals() -> Result<(), String> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP])
        .map_err(|e| format!("cannot handle signals: {e}"))?;
    std::thread::spawn(move || {
        let first = signals.forever().next();
        if let Some(signal) = first {
            let mut running = running();
            running.stopping = true;
            let passed_on = if signal == SIGINT { SIGINT } else { SIGTERM };
            for &group in &running.groups {
                send(group, passed_on);
            }
            let deadline = std::time::Instant::now() + GRACE;
            while !all_ended(&running.groups) && std::time::Instant::now() < deadline {
                if signals.pending().next().is_some() {
                    break;
                }
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            for &group in &running.groups {
                send(group, libc::SIGKILL);
            }
            let deadline = std::time::Instant::now() + std::time::Duration::from_secs(2);
            while !all_ended(&running.groups) && std::time::Instant::now() < deadline {
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            for file in &running.leftovers {
                let _ = std::fs::remove_file(file);
            }
            eprintln!(
                "error: stopped by signal {}: everything this comparison started was ended \
                 with it, and nothing was judged",
                signal_name(signal)
            );
            std::process::exit(128 + signal);
        }
    });
    Ok(())
}

/// Signals need no handling where children are not put in groups of their own.
#[cfg(not(unix))]
pub fn handle_signals() -> Result<(), String> {
    Ok(())
}

#[cfg(unix)]
fn send(group: u32, signal: i32) {
    if let Ok(group) = libc::pid_t::try_from(group) {
        // SAFETY: kill has no memory effects; a group that has ended gives ESRCH.
        unsafe {
            libc::kill(-group, signal);
        }
    }
}

/// Whether no process of any of `groups` is left running.
#[cfg(unix)]
fn all_ended(groups: &[u32]) -> bool {
    !groups.iter().any(|&group| group_runs(group))
}

/// Whether a process of `group` runs: on Linux, one in `/proc` that is not a zombie (an
/// orphan's zombie stays until its new parent reaps it, which some init processes of
/// containers never do).
#[cfg(target_os = "linux")]
fn group_runs(group: u32) -> bool {
    let group = group.to_string();
    std::fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .any(|entry| {
            let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
                return false;
            };
            // `pid (comm) state ppid pgrp ...`: the name may hold spaces and parentheses.
            let mut fields = stat
                .rsplit_once(')')
                .map_or("", |(_, rest)| rest)
                .split_whitespace();
            let (state, pgrp) = (fields.next(), fields.nth(1));
            state != Some("Z") && pgrp == Some(group.as_str())
        })
}

/// Whether a process of `group` is left (where there is no `/proc`, a zombie counts).
#[cfg(all(unix, not(target_os = "linux")))]
fn group_runs(group: u32) -> bool {
    let Ok(group) = libc::pid_t::try_from(group) else {
        return false;
    };
    // SAFETY: signal 0 only checks that the group exists.
    let alive = unsafe { libc::kill(-group, 0) } == 0;
    alive || std::io::Error::last_os_error().raw_os_error() != Some(libc::ESRCH)
}

#[cfg(unix)]
fn signal_name(signal: i32) -> &'static str {
    match signal {
        libc::SIGINT => "SIGINT",
        libc::SIGTERM => "SIGTERM",
        libc::SIGHUP => "SIGHUP",
        _ => "?",
    }
}
