//! A `#[bench]`'s counts in this build and in a baseline's stored executable, for an exact
//! measurement read in the process (allocations): this process reads its own, and the
//! baseline's executable, started with the hidden [`COUNT_HERE_FLAG`], reads the same trial's
//! over the same plan and prints them. Counted twice first; when either moved, again with
//! enough repeats for the t interval.

use super::child_process::{failure, fresh_dir, wait};
use super::plan::{read_counts_line, CountPlan, COUNT_HERE_FLAG, FIRST_REPEATS, MOVING_REPEATS};
use super::read_here::{first_plan, read};
use crate::analysis::{Counted, PerCall};
use crate::measure::LocalRoutine;
use crate::model::{Measure, Reader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

/// The child, as its messages name it.
const WHO: &str = "the baseline's executable, counting";

/// Counts `#[bench]` trial `trial` by `measure`: `routine` here with `reader` (the new
/// build: first), and in `baseline_exe` (the old: second), with the same plan.
///
/// # Errors
///
/// One line: the baseline's executable could not count the trial, and why.
pub fn count_versions_here(
    measure: Measure,
    reader: &mut dyn Reader,
    trial: &str,
    routine: &mut dyn LocalRoutine,
    baseline_exe: &Path,
) -> Result<Counted, String> {
    let start = Instant::now();
    let mut plan = first_plan(&mut [&mut *routine]);
    loop {
        let new = read(reader, &mut [&mut *routine], plan).remove(0);
        let old = PerCall::of_values(count_in_child(baseline_exe, measure, trial, plan)?);
        if !(new.unmoved() && old.unmoved()) && plan.repeats == FIRST_REPEATS {
            plan.repeats = MOVING_REPEATS;
            continue;
        }
        return Ok(Counted::read_here(
            measure.def().counted_by(),
            plan.calls,
            plan.repeats,
            new,
            Some(old),
            start.elapsed(),
        ));
    }
}

/// Each repeat's count per call of trial `trial` in `exe`, over `plan`.
fn count_in_child(
    exe: &Path,
    measure: Measure,
    trial: &str,
    plan: CountPlan,
) -> Result<Vec<f64>, String> {
    let dir = fresh_dir()?;
    let counted = run_child(exe, measure, trial, plan, &dir);
    let _ = std::fs::remove_dir_all(&dir);
    counted
}

fn run_child(
    exe: &Path,
    measure: Measure,
    trial: &str,
    plan: CountPlan,
    dir: &Path,
) -> Result<Vec<f64>, String> {
    let file = |name: &str| {
        let path = dir.join(name);
        std::fs::File::create(&path)
            .map(|f| (path.clone(), f))
            .map_err(|e| format!("cannot create {}: {e}", path.display()))
    };
    let ((stdout_path, stdout), (stderr_path, stderr)) = (file("stdout")?, file("stderr")?);
    let mut child = Command::new(exe)
        .arg(COUNT_HERE_FLAG)
        .args(plan.args_here(measure.name(), trial))
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(stderr)
        .spawn()
        .map_err(|e| {
            format!(
                "cannot start the baseline's executable {}: {e}",
                exe.display()
            )
        })?;
    let status = wait(&mut child, WHO)?;
    if !status.success() {
        let failed = failure(status, &stderr_path, WHO);
        // Exit status 2 is a command line the executable did not take: one saved by a
        // duobench that had no such child.
        return Err(if status.code() == Some(2) {
            format!("{failed} (saved by an earlier duobench? save the baseline again)")
        } else {
            failed
        });
    }
    let said = std::fs::read_to_string(&stdout_path)
        .map_err(|e| format!("cannot read {}: {e}", stdout_path.display()))?;
    read_counts_line(&said, plan.repeats).map_err(|why| format!("the baseline's executable: {why}"))
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use crate::measure::built_in;
    use std::os::unix::fs::PermissionsExt;

    /// A stand-in for a baseline's executable: a shell script that runs `body`.
    fn script(dir: &Path, body: &str) -> std::path::PathBuf {
        let path = dir.join("baseline-exe");
        std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        path
    }

    #[test]
    fn a_childs_counts_are_read_and_an_earlier_duobench_is_named() {
        let dir = std::env::temp_dir().join(format!("duobench-count-here-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let measure = built_in("allocations").unwrap();
        let plan = CountPlan {
            calls: (64, 128),
            repeats: 2,
        };
        let counts = script(&dir, "echo setup; echo 'duobench-counts 1 1'");
        assert_eq!(
            count_in_child(&counts, measure, "t", plan),
            Ok(vec![1.0, 1.0])
        );
        // A command line the executable does not take (exit 2): saved by an earlier duobench.
        let earlier = script(&dir, "echo \"error: unexpected argument\" >&2; exit 2");
        let why = count_in_child(&earlier, measure, "t", plan).unwrap_err();
        assert!(
            why.contains("unexpected argument") && why.contains("save the baseline again"),
            "{why}"
        );
        // Control: another failure is not put down to an earlier duobench.
        let failed = script(&dir, "echo \"error: trial panicked\" >&2; exit 1");
        let why = count_in_child(&failed, measure, "t", plan).unwrap_err();
        assert!(
            why.contains("trial panicked") && !why.contains("save the baseline"),
            "{why}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
