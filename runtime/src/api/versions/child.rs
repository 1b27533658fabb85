//! The stored executable of a baseline, running as a child in serve mode: started once per
//! bench target, asked for one trial at a time, always reaped.

use super::protocol::{check_hello, Reply, Request, SERVE_FLAG};
use crate::util::interrupted;
use std::io::{self, BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long a child that was asked to stop (its stdin closed) may take before it is killed.
const GRACE: Duration = Duration::from_secs(2);

/// How long each wait for the child may last: a stored executable that was replaced by
/// something that never answers must not hold the run for ever.
#[derive(Clone, Copy, Debug)]
struct Waits {
    /// For the handshake: a bench executable greets before it runs any user code.
    greet: Duration,
    /// For a request whose length cannot be foreseen: a trial's setup up to its `iter`
    /// call, its return after `done`, and a batch before any batch has been timed.
    unforeseen: Duration,
    /// Added to a batch's expected time (four times its iterations at the slowest pace
    /// seen so far): scheduling, a page-in, a busy machine.
    margin: Duration,
    /// Whether to give up waiting at once (an interrupt: Ctrl-C or SIGTERM).
    stop: fn() -> bool,
}

const WAITS: Waits = Waits {
    greet: Duration::from_secs(5),
    unforeseen: Duration::from_secs(60),
    margin: Duration::from_secs(5),
    stop: interrupted,
};

/// How often a wait looks at the interrupt flag.
const POLL: Duration = Duration::from_millis(50);

/// A running baseline executable in serve mode.
///
/// Every wait for a reply has a deadline (see [`Waits`]) and ends at once on an interrupt;
/// a child that misses it is killed, reaped and marked broken, with the reason in one line.
/// The child's stdout is read by a thread of its own, which ends when the child's stdout
/// closes. Dropping the handle closes the child's stdin (it exits when it sees that), then
/// kills it if it has not exited within [`GRACE`], and waits for it in every case, so no
/// process is left behind.
#[derive(Debug)]
pub struct BaselineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<io::Result<String>>,
    waits: &'static Waits,
    /// The slowest wall time per iteration of the batches answered so far, in nanoseconds.
    slowest_ns_per_iter: Option<f64>,
    /// Why the process can no longer be used, once something went wrong.
    broken: Option<String>,
}

impl BaselineProcess {
    /// Starts `exe` in serve mode and checks its handshake.
    ///
    /// # Errors
    ///
    /// One line: the executable could not be started, exited, or speaks another protocol.
    #[cfg(all(test, unix))]
    pub fn start(exe: &Path) -> Result<BaselineProcess, String> {
        Self::start_with(exe, &[], &WAITS)
    }

    /// `start` with `env` added to the inherited environment.
    ///
    /// # Errors
    ///
    /// As `start`.
    pub fn start_with_env(exe: &Path, env: &[(&str, String)]) -> Result<BaselineProcess, String> {
        Self::start_with(exe, env, &WAITS)
    }

    fn start_with(
        exe: &Path,
        env: &[(&str, String)],
        waits: &'static Waits,
    ) -> Result<BaselineProcess, String> {
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
        let (send, lines) = mpsc::channel();
        let reader = std::thread::Builder::new()
            .name("duobench-baseline-stdout".to_owned())
            .spawn(move || {
                for line in BufReader::new(stdout).lines() {
                    if send.send(line).is_err() {
                        return;
                    }
                }
            });
        if let Err(e) = reader {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("cannot read from it: {e}"));
        }
        let mut process = BaselineProcess {
            child,
            stdin: Some(stdin),
            lines,
            waits,
            slowest_ns_per_iter: None,
            broken: None,
        };
        let hello = process.receive(waits.greet)?;
        check_hello(&hello)?;
        Ok(process)
    }

    /// The child's process id.
    #[must_use]
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Why the process is unusable, if it is.
    #[cfg(all(test, unix))]
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
        let wait = self.wait_for(request);
        match self.receive(wait)? {
            Reply::Error(why) => Err(why),
            reply => {
                if let (Request::Batch(iters), Reply::Batch(batch)) = (request, &reply) {
                    let per_iter = batch.ns / (*iters).max(1) as f64;
                    let slowest = self.slowest_ns_per_iter.get_or_insert(per_iter);
                    *slowest = slowest.max(per_iter);
                }
                Ok(reply)
            }
        }
    }

    /// How long the reply to `request` may take.
    fn wait_for(&self, request: &Request) -> Duration {
        match (request, self.slowest_ns_per_iter) {
            (Request::Batch(iters), Some(ns)) => {
                let expected = Duration::try_from_secs_f64(4.0 * *iters as f64 * ns * 1e-9)
                    .unwrap_or(Duration::MAX);
                expected.saturating_add(self.waits.margin)
            }
            _ => self.waits.unforeseen,
        }
    }

    /// The next reply within `wait`, skipping lines the user's code printed. A child that
    /// does not answer in time, or an interrupt, ends the wait: the child is killed and
    /// reaped, and the process is marked broken.
    fn receive(&mut self, wait: Duration) -> Result<Reply, String> {
        let deadline = Instant::now().checked_add(wait);
        loop {
            if (self.waits.stop)() {
                self.kill();
                return Err(self.fail("interrupted while waiting for it (killed)".to_owned()));
            }
            let now = Instant::now();
            if deadline.is_some_and(|d| now >= d) {
                self.kill();
                return Err(self.fail(format!(
                    "it did not answer within {} (killed)",
                    seconds(wait)
                )));
            }
            let slice = deadline.map_or(POLL, |d| (d - now).min(POLL));
            let line = match self.lines.recv_timeout(slice) {
                Ok(Ok(line)) => line,
                Ok(Err(e)) => return Err(self.fail(format!("cannot read from it: {e}"))),
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => {
                    let status = self.child.wait().map_or_else(
                        |e| format!("cannot be waited for: {e}"),
                        |status| status.to_string(),
                    );
                    return Err(self.fail(format!("it exited ({status})")));
                }
            };
            match Reply::parse(line.trim_end_matches(['\n', '\r'])) {
                Ok(Some(reply)) => return Ok(reply),
                Ok(None) => {}
                Err(e) => return Err(self.fail(e)),
            }
        }
    }

    /// Kills and reaps the child now.
    fn kill(&mut self) {
        drop(self.stdin.take());
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    fn fail(&mut self, why: String) -> String {
        self.broken = Some(why.clone());
        why
    }
}

/// A wait as one reads it: `5s`, `0.25s`.
fn seconds(wait: Duration) -> String {
    format!("{}s", (wait.as_secs_f64() * 1000.0).round() / 1000.0)
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
    use crate::fixture::scratch::ScratchDir;

    /// A stand-in for a stored executable: a shell script in a scratch directory of its own,
    /// removed with it.
    struct Script {
        _dir: ScratchDir,
        path: std::path::PathBuf,
    }

    impl std::ops::Deref for Script {
        type Target = Path;

        fn deref(&self) -> &Path {
            &self.path
        }
    }

    /// The script `name` in a directory of its own. `sh` writes it, not
    /// this process: a fork by another test's thread while this process held the script
    /// open for writing would make its exec fail with "text file busy".
    fn script(name: &str) -> Script {
        let hello = format!("echo 'duobench:hello {PROTOCOL_VERSION}'");
        let body = match name {
            // Answers every batch with 1000 ns, after a line of its own output.
            "serves" => format!(
                "{hello}\nwhile read line; do echo 'user output'; \
                 echo 'duobench:ns 1000.0 cpu 900 switches 0 1'; done"
            ),
            "exits" => "exit 3".to_owned(),
            "other" => "echo 'duobench:hello 99'\ncat >/dev/null".to_owned(),
            "stubborn" => format!("{hello}\nexec sleep 60"),
            // Replaced by something that never answers.
            "silent" => "exec sleep 60".to_owned(),
            // Greets, answers one batch, then hangs on the next.
            "hangs" => format!(
                "{hello}\nread line; echo 'duobench:ns 1000.0 cpu - switches - -'\n\
                 read line; exec sleep 60"
            ),
            _ => panic!("no script {name}"),
        };
        let dir = ScratchDir::new(&format!("child-{name}"));
        let script = Script {
            path: dir.join(name),
            _dir: dir,
        };
        let mut writer = Command::new("sh")
            .args(["-c", "cat > \"$0\" && chmod 755 \"$0\""])
            .arg(&script.path)
            .stdin(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = writer.stdin.take().unwrap();
        std::io::Write::write_all(&mut stdin, format!("#!/bin/sh\n{body}\n").as_bytes()).unwrap();
        drop(stdin);
        assert!(writer.wait().unwrap().success());
        script
    }

    /// Whether process `pid` is gone, zombie included: an unreaped child still exists.
    fn reaped(pid: u32) -> bool {
        crate::util::process_ended(pid) == Some(true)
    }

    #[test]
    fn a_child_that_serves_is_asked_and_reaped() {
        let mut process = BaselineProcess::start(&script("serves")).unwrap();
        let batch = BatchReport {
            ns: 1000.0,
            cpu_ns: Some(900),
            switches: Some(crate::measure::ContextSwitches {
                voluntary: 0,
                involuntary: 1,
            }),
        };
        assert_eq!(process.ask(&Request::Batch(10)), Ok(Reply::Batch(batch)));
        assert_eq!(process.broken(), None);
        let pid = process.child.id();
        drop(process);
        assert!(reaped(pid));
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

    const SHORT: Waits = Waits {
        greet: Duration::from_millis(300),
        unforeseen: Duration::from_millis(300),
        margin: Duration::from_millis(300),
        stop: || false,
    };

    #[test]
    fn a_child_that_never_greets_is_killed_and_reaped_at_the_deadline() {
        let start = Instant::now();
        let e = BaselineProcess::start_with(&script("silent"), &[], &SHORT).unwrap_err();
        assert_eq!(e, "it did not answer within 0.3s (killed)");
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "{:?}",
            start.elapsed()
        );
    }

    #[test]
    fn a_child_that_stops_answering_batches_is_killed_and_reaped() {
        let mut process = BaselineProcess::start_with(&script("hangs"), &[], &SHORT).unwrap();
        let pid = process.pid();
        assert!(process.ask(&Request::Batch(1_000)).is_ok());
        // 1 ns an iteration was seen: a batch of 1,000 may take 4 µs plus the margin.
        assert_eq!(
            process.wait_for(&Request::Batch(1_000)),
            Duration::from_nanos(4_000) + SHORT.margin
        );
        let start = Instant::now();
        let e = process.ask(&Request::Batch(1_000)).unwrap_err();
        assert!(e.starts_with("it did not answer within 0.3"), "{e}");
        assert!(start.elapsed() < Duration::from_secs(5));
        assert!(reaped(pid));
        assert_eq!(process.broken(), Some(e.as_str()));
        assert_eq!(process.ask(&Request::Done), Err(e));
    }

    #[test]
    fn an_interrupt_ends_the_wait_and_kills_the_child() {
        static INTERRUPTED: Waits = Waits {
            greet: Duration::from_secs(60),
            stop: || true,
            ..SHORT
        };
        let start = Instant::now();
        let e = BaselineProcess::start_with(&script("silent"), &[], &INTERRUPTED).unwrap_err();
        assert_eq!(e, "interrupted while waiting for it (killed)");
        assert!(start.elapsed() < Duration::from_secs(5));
    }
}
