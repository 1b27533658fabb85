//! A counting child's process, either kind: a directory of its own for what it writes, the
//! wait for it (which an interrupt or a deadline ends), and its failure in one line.

use crate::util::duobench_dir;
use crate::util::interrupted;
use std::path::{Path, PathBuf};
use std::process::{Child, ExitStatus};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// How long a counting child may run: Valgrind slows a routine some fifty times, and the
/// trial's setup runs under it too.
const DEADLINE: Duration = Duration::from_secs(600);
/// How often the wait looks at the child and the interrupt flag.
const POLL: Duration = Duration::from_millis(20);

/// `<target>/duobench/counts/<pid>-<n>`, empty.
pub(super) fn fresh_dir() -> Result<PathBuf, String> {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let dir = duobench_dir()
        .join("counts")
        .join(format!("{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    Ok(dir)
}

/// Waits for `child` (`who`, as messages name it), killing and reaping it on an interrupt
/// or at the deadline.
pub(super) fn wait(child: &mut Child, who: &str) -> Result<ExitStatus, String> {
    let start = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Ok(status),
            Ok(None) => {}
            Err(e) => return Err(format!("cannot wait for {who}: {e}")),
        }
        let why = if interrupted() {
            "interrupted"
        } else if start.elapsed() > DEADLINE {
            "it overran its deadline of 600 s"
        } else {
            std::thread::sleep(POLL);
            continue;
        };
        let _ = child.kill();
        let _ = child.wait();
        return Err(format!("{who} was killed: {why}"));
    }
}

/// `who` failed with `status`, and the last line it wrote to `stderr_path`.
pub(super) fn failure(status: ExitStatus, stderr_path: &Path, who: &str) -> String {
    let said = std::fs::read_to_string(stderr_path).unwrap_or_default();
    let last = said
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("");
    format!(
        "{who} failed ({status}){}",
        if last.is_empty() {
            String::new()
        } else {
            format!(": {}", last.trim())
        }
    )
}
