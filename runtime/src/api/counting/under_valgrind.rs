//! The parent's side: one counting child under Callgrind, its files in a directory of its
//! own under the target directory, read back as counted segments.

use super::child_process::{failure, fresh_dir, wait};
use super::plan::{CountPlan, COUNT_FLAG};
use crate::analysis::SegmentPair;
use crate::measure::{callgrind_args, dump_files, EventCounts, Valgrind};
use std::path::Path;
use std::process::{Command, Stdio};

/// The child, as its messages name it.
const WHO: &str = "the counting child under Valgrind";

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
    let status = wait(&mut child, WHO)?;
    if status.success() {
        Ok(())
    } else {
        Err(failure(status, &stderr_path, WHO))
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
