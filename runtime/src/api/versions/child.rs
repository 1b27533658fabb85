//! The stored executable of a baseline, running as a child in serve mode: started once per
//! bench target, asked for one trial at a time, always reaped.

use super::protocol::{check_hello, Reply, Request, SERVE_FLAG};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

/// How long a child that was asked to stop (its stdin closed) may take before it is killed.
const GRACE: Duration = Duration::from_secs(2);

/// A running baseline executable in serve mode.
///
/// Reads block: the child is our own stored executable, and if it dies its stdout closes,
/// so a read never waits for ever on a child that is gone. Dropping the handle closes the
/// child's stdin (it exits when it sees that), then kills it if it has not exited within
/// [`GRACE`], and waits for it in every case, so no process is left behind.
#[derive(Debug)]
pub struct BaselineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: BufReader<ChildStdout>,
    /// Why the process can no longer be used, once something went wrong.
    broken: Option<String>,
}

impl BaselineProcess {
    /// Starts `exe` in serve mode and checks its handshake.
    #[cfg(test)]
    ///
    /// # Errors
    ///
    /// One line: the executable could not be started, exited, or speaks another protocol.
    pub fn start(exe: &Path) -> Result<BaselineProcess, String> {
        Self::start_with_env(exe, &[])
    }

    /// [`start`](Self::start) with `env` added to the inherited environment.
    ///
    /// # Errors
    ///
    /// As `start`.
    pub fn start_with_env(exe: &Path, env: &[(&str, String)]) -> Result<BaselineProcess, String> {
        let mut child = Command::new(exe)
            .arg(SERVE_FLAG)
            .envs(env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", exe.display()))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err("its pipes could not be opened".to_owned());
        };
        let mut process = BaselineProcess {
            child,
            stdin: Some(stdin),
            stdout: BufReader::new(stdout),
            broken: None,
        };
        let hello = process.receive()?;
        check_hello(&hello)?;
        Ok(process)
    }

    /// The child's process id.
    #[must_use]
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Why the process is unusable, if it is.
    #[cfg(test)]
    #[must_use]
    pub fn broken(&self) -> Option<&str> {
        self.broken.as_deref()
    }

    /// Sends `request` and reads the reply.
    ///
    /// # Errors
    ///
    /// The child died or answered nonsense (the process is then marked broken), or it
    /// reported an error of the trial (the process stays usable).
    pub fn ask(&mut self, request: &Request) -> Result<Reply, String> {
        if let Some(why) = &self.broken {
            return Err(why.clone());
        }
        let sent = match self.stdin.as_mut() {
            Some(stdin) => writeln!(stdin, "{request}").and_then(|()| stdin.flush()),
            None => Ok(()),
        };
        if let Err(e) = sent {
            return Err(self.fail(format!("cannot write to it: {e}")));
        }
        match self.receive()? {
            Reply::Error(why) => Err(why),
            reply => Ok(reply),
        }
    }

    /// The next reply, skipping lines the user's code printed.
    fn receive(&mut self) -> Result<Reply, String> {
        let mut line = String::new();
        loop {
            line.clear();
            match self.stdout.read_line(&mut line) {
                Ok(0) => {
                    let status = self.child.wait().map_or_else(
                        |e| format!("cannot be waited for: {e}"),
                        |status| status.to_string(),
                    );
                    return Err(self.fail(format!("it exited ({status})")));
                }
                Ok(_) => {}
                Err(e) => return Err(self.fail(format!("cannot read from it: {e}"))),
            }
            match Reply::parse(line.trim_end_matches(['\n', '\r'])) {
                Ok(Some(reply)) => return Ok(reply),
                Ok(None) => {}
                Err(e) => return Err(self.fail(e)),
            }
        }
    }

    fn fail(&mut self, why: String) -> String {
        self.broken = Some(why.clone());
        why
    }
}

impl Drop for BaselineProcess {
    fn drop(&mut self) {
        // Closing stdin asks the child to exit.
        drop(self.stdin.take());
        let deadline = Instant::now() + GRACE;
        while Instant::now() < deadline {
            match self.child.try_wait() {
                Ok(Some(_)) => return,
                Ok(None) => std::thread::sleep(Duration::from_millis(5)),
                Err(_) => break,
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use crate::api::versions::protocol::{BatchReport, PROTOCOL_VERSION};
    use std::os::unix::fs::PermissionsExt;

    /// Stand-ins for stored executables: shell scripts, all written before any test starts
    /// a process (a fork while another thread still holds a script open for writing would
    /// make its exec fail with "text file busy").
    fn script(name: &str) -> std::path::PathBuf {
        static DIR: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
        let dir = DIR.get_or_init(|| {
            let dir = std::env::temp_dir().join(format!("duobench-child-{}", std::process::id()));
            std::fs::create_dir_all(&dir).unwrap();
            let hello = format!("echo 'duobench:hello {PROTOCOL_VERSION}'");
            let scripts = [
                // Answers every batch with 1000 ns, after a line of its own output.
                (
                    "serves",
                    format!(
                        "{hello}\nwhile read line; do echo 'user output'; \
                         echo 'duobench:ns 1000.0 cpu 900 switches 0 1'; done"
                    ),
                ),
                ("exits", "exit 3".to_owned()),
                (
                    "other",
                    "echo 'duobench:hello 99'\ncat >/dev/null".to_owned(),
                ),
                ("stubborn", format!("{hello}\nexec sleep 60")),
            ];
            for (name, body) in scripts {
                let path = dir.join(name);
                std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
                std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
            }
            dir
        });
        dir.join(name)
    }

    /// Whether process `pid` is gone, zombie included (Linux; elsewhere assumed).
    fn reaped(pid: u32) -> bool {
        !cfg!(target_os = "linux") || !std::path::Path::new(&format!("/proc/{pid}")).exists()
    }

    #[test]
    fn a_child_that_serves_is_asked_and_reaped() {
        let mut process = BaselineProcess::start(&script("serves")).unwrap();
        let batch = BatchReport {
            ns: 1000.0,
            cpu_ns: Some(900),
            switches: Some(crate::measure::os::ContextSwitches {
                voluntary: 0,
                involuntary: 1,
            }),
        };
        assert_eq!(process.ask(&Request::Batch(10)), Ok(Reply::Batch(batch)));
        assert_eq!(process.broken(), None);
        let pid = process.child.id();
        drop(process);
        assert!(
            !std::path::Path::new(&format!("/proc/{pid}")).exists() || !cfg!(target_os = "linux")
        );
    }

    #[test]
    fn a_child_that_exits_or_speaks_another_protocol_is_refused_in_one_line() {
        let gone = script("exits");
        let e = BaselineProcess::start(&gone).unwrap_err();
        assert_eq!(e, "it exited (exit status: 3)");
        let other = script("other");
        let e = BaselineProcess::start(&other).unwrap_err();
        assert!(e.starts_with("it speaks serve protocol 99"), "{e}");
        let missing = gone.with_file_name("no-such-file");
        let e = BaselineProcess::start(&missing).unwrap_err();
        assert!(e.starts_with("cannot start "), "{e}");
        assert!(!e.contains('\n'), "{e}");
    }

    #[test]
    fn a_child_that_ignores_its_closed_stdin_is_killed() {
        let process = BaselineProcess::start(&script("stubborn")).unwrap();
        let pid = process.child.id();
        let start = Instant::now();
        drop(process);
        assert!(start.elapsed() < GRACE + Duration::from_secs(5));
        assert!(reaped(pid));
    }
}
