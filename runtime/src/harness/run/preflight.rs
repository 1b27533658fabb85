//! Before anything is measured: every place the run will write to must take a file, so that
//! an unwritable output fails in a second rather than after an hour of measuring.
//!
//! Permission bits are not read: they do not stop root, and they say nothing of read-only
//! file systems or full quotas. Instead a probe file is created (and removed) in each
//! directory, which is exactly what the atomic writer will do later.

use super::preflight_owned::check_owned_outputs;
use crate::harness::Invocation;
use crate::measure::find_valgrind;
use crate::model::Mode;
use crate::session::Overrides;
use crate::util::duobench_dir;
use crate::util::{parent_dir, resolve_links};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// Checks every output this run will write: the `--json` file, and under `cargo bench` the
/// HTML report's directory and the baselines' directory; then that each file it will
/// replace is ours (`preflight_owned`), the report's page of bench target `target` among
/// them. `--list` writes nothing.
///
/// # Errors
///
/// A one-line message naming the first place that cannot be written.
pub fn check_outputs(invocation: &Invocation, target: Option<&str>) -> Result<(), String> {
    if invocation.libtest.list {
        return Ok(());
    }
    let options = &invocation.overrides;
    if let Some(path) = &options.json {
        check_json_path(path)?;
    }
    let report = report_dir(options).filter(|_| invocation.mode == Mode::Bench);
    if invocation.mode == Mode::Bench {
        if let Some(dir) = &report {
            check_dir(dir, "HTML report")?;
        }
        check_dir(&duobench_dir(), "baselines")?;
    }
    check_owned_outputs(invocation, report.as_deref(), target)
}

/// `--measure` (or `DUOBENCH_MEASURE`) asks for counts under Valgrind for the whole run:
/// without Valgrind, the run stops before anything runs, in one line (a gate on counts
/// that skipped every trial would pass having judged nothing).
///
/// # Errors
///
/// The line: which measure, and how to install Valgrind.
pub fn check_counting(invocation: &Invocation) -> Result<(), String> {
    let Some(measure) = invocation.overrides.measure else {
        return Ok(());
    };
    if invocation.libtest.list || !measure.def().counted_under_valgrind() {
        return Ok(());
    }
    find_valgrind()
        .map(|_| ())
        .map_err(|why| format!("--measure {}: {why}", measure.name()))
}

/// Where `cargo bench` writes the HTML report, or `None` with `--no-report` or on a build
/// without the `html` feature.
#[must_use]
pub fn report_dir(options: &Overrides) -> Option<PathBuf> {
    (cfg!(feature = "html") && options.no_report != Some(true)).then(|| {
        options
            .report_dir
            .clone()
            .unwrap_or_else(|| duobench_dir().join("report"))
    })
}

/// Checks that the JSON document can be written to `path` (through a symbolic link, to a
/// device or FIFO, or as a new or replaced file).
///
/// # Errors
///
/// A one-line message naming the file.
pub fn check_json_path(path: &Path) -> Result<(), String> {
    let failed = |e: io::Error| {
        format!(
            "cannot write the JSON results to {}: {e}; nothing was measured",
            path.display()
        )
    };
    let real = resolve_links(path).map_err(failed)?;
    match fs::metadata(&real) {
        Ok(meta) if meta.is_dir() => Err(failed(io::Error::new(
            io::ErrorKind::InvalidInput,
            "is a directory",
        ))),
        // A device or FIFO is written through; opening a FIFO now would wait for a reader.
        Ok(meta) if !meta.is_file() => Ok(()),
        _ => probe_dir(parent_dir(&real)).map_err(failed),
    }
}

/// Checks that files can be made in `dir`, creating it (and its parents) if missing. `what`
/// names the directory's use in the message.
///
/// # Errors
///
/// A one-line message naming the directory.
pub fn check_dir(dir: &Path, what: &str) -> Result<(), String> {
    fs::create_dir_all(dir)
        .and_then(|()| probe_dir(dir))
        .map_err(|e| {
            format!(
                "cannot write the {what} to {}: {e}; nothing was measured",
                dir.display()
            )
        })
}

/// Creates and removes an empty file in `dir`, named as the atomic writer names its
/// temporary files (so a leftover is cleaned up like one).
fn probe_dir(dir: &Path) -> io::Result<()> {
    let probe = dir.join(format!(".duobench-probe.{}-0.tmp", std::process::id()));
    fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)?;
    fs::remove_file(&probe)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("duobench-pre-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn writable_places_pass_and_leave_nothing() {
        let dir = scratch("ok");
        check_json_path(&dir.join("out.json")).unwrap();
        check_dir(&dir.join("report/deep"), "HTML report").unwrap();
        assert!(dir.join("report/deep").is_dir());
        assert_eq!(fs::read_dir(dir.join("report/deep")).unwrap().count(), 0);
        assert!(!dir.join("out.json").exists());
        check_json_path(Path::new("/dev/null")).unwrap();
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn unwritable_places_are_named_in_one_line() {
        // A path under a regular file: unwritable even for root, which ignores permissions.
        let dir = scratch("bad");
        let file = dir.join("plain");
        fs::write(&file, "x").unwrap();
        let e = check_json_path(&file.join("out.json")).unwrap_err();
        assert!(e.starts_with(&format!(
            "cannot write the JSON results to {}",
            file.join("out.json").display()
        )));
        assert!(
            e.ends_with("nothing was measured") && !e.contains('\n'),
            "{e}"
        );
        let e = check_dir(&file.join("report"), "HTML report").unwrap_err();
        assert!(e.starts_with("cannot write the HTML report to "), "{e}");
        let e = check_json_path(&dir).unwrap_err();
        assert!(e.contains("is a directory"), "{e}");
        fs::remove_dir_all(&dir).unwrap();
    }
}
