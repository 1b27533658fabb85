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
    ///
    /// # Errors
    ///
    /// One line: the executable could not be started, exited, or speaks another protocol.
    pub fn start(exe: &Path) -> Result<BaselineProcess, String> {
        let mut child = Command::new(exe)
            .arg(SERVE_FLAG)
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

    /// Why the process is unusable, if it is.
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
