//! The parent's side: one counting child under Callgrind, its files in a directory of its
//! own under the target directory, read back as counted segments.

use super::plan::{CountPlan, COUNT_FLAG};
use crate::analysis::SegmentPair;
use crate::measure::{callgrind_args, dump_files, EventCounts, Valgrind};
use crate::util::duobench_dir;
use crate::util::interrupted;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// How long a counting child may run: Valgrind slows a routine some fifty times, and the
/// trial's setup runs under it too.
const DEADLINE: Duration = Duration::from_secs(600);
/// How often the wait looks at the child and the interrupt flag.
const POLL: Duration = Duration::from_millis(20);

/// Counts trial `trial` of `exe` under `valgrind` as `plan` says: for each of `routines`
/// counted routines (the empty one first, then the trial's), one segment pair per repeat.
///
/// # Errors
///
/// One line: the child could not start, failed (its last line of error output), was
/// interrupted or overran its deadline, or wrote other counts than the plan asks.
pub fn count_under_valgrind(
    valgrind: &Valgrind,
    exe: &Path,
    trial: &str,
    plan: CountPlan,
    routines: usize,
) -> Result<Vec<Vec<SegmentPair>>, String> {
    let dir = fresh_dir()?;
    let counted = run_child(valgrind, exe, trial, plan, &dir)
        .and_then(|()| read_segments(&dir, plan, routines));
    let _ = std::fs::remove_dir_all(&dir);
    counted
}

/// `<target>/duobench/counts/<pid>-<n>`, empty.
fn fresh_dir() -> Result<PathBuf, String> {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let dir = duobench_dir()
        .join("counts")
        .join(format!("{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    Ok(dir)
}

fn run_child(
    valgrind: &Valgrind,
    exe: &Path,
    trial: &str,
    plan: CountPlan,
    dir: &Path,
) -> Result<(), String> {
    let stderr_path = dir.join("stderr");
    let stderr = std::fs::File::create(&stderr_path)
        .map_err(|e| format!("cannot create {}: {e}", stderr_path.display()))?;
    let mut child = Command::new(&valgrind.program)
        .args(callgrind_args(dir))
        .arg(exe)
        .arg(COUNT_FLAG)
        .args(plan.args(trial))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(stderr)
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", valgrind.program.display()))?;
    let status = wait(&mut child)?;
    if status.success() {
        return Ok(());
    }
    let said = std::fs::read_to_string(&stderr_path).unwrap_or_default();
    let last = said
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("");
    Err(format!(
        "the counting child under Valgrind failed ({status}){}",
        if last.is_empty() {
            String::new()
        } else {
            format!(": {}", last.trim())
        }
    ))
}

/// Waits for `child`, killing and reaping it on an interrupt or at the deadline.
fn wait(child: &mut Child) -> Result<std::process::ExitStatus, String> {
    let start = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Ok(status),
            Ok(None) => {}
            Err(e) => return Err(format!("cannot wait for the counting child: {e}")),
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
        return Err(format!(
            "the counting child under Valgrind was killed: {why}"
        ));
    }
}

/// The segments in `dir`, grouped per routine and repeat as `count_segments` wrote them.
fn read_segments(
    dir: &Path,
    plan: CountPlan,
    routines: usize,
) -> Result<Vec<Vec<SegmentPair>>, String> {
    let files = dump_files(dir)?;
    let wanted = plan.repeats * routines * 2;
    if files.len() != wanted {
        return Err(format!(
            "the counting child wrote {} segments instead of {wanted} (a bench executable \
             built without counts, or stripped of its symbols?)",
            files.len()
        ));
    }
    let counts = files
        .iter()
        .map(|file| {
            let text = std::fs::read_to_string(file)
                .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
            EventCounts::parse_callgrind(&text).map_err(|e| format!("{}: {e}", file.display()))
        })
        .collect::<Result<Vec<_>, String>>()?;
    let mut per_routine = vec![Vec::with_capacity(plan.repeats); routines];
    for (i, pair) in counts.chunks_exact(2).enumerate() {
        per_routine[i % routines].push((pair[0], pair[1]));
    }
    Ok(per_routine)
}
