//! Keeping the bench executable beside a saved baseline, so the baseline can be run again.

use crate::model::BaselineName;
use crate::session::executable_path;
use crate::util::process_ended;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// Copies the running executable to where baseline `name` of `bench_target` keeps it under
/// `root`, atomically: to a temporary file in the same directory, then renamed over the
/// old copy, so a reader (or a crash) never sees half an executable.
///
/// One copy per baseline name, replaced on every save, rather than content-addressed
/// copies: a baseline's saved numbers and its executable then always come from the same
/// run, and nothing accumulates that would need collecting. The copy is skipped when the
/// stored file already has the same size and contents' modification time, which is the
/// case when the same build is saved twice. Copies left half-made by a process that was
/// killed during a save (`.NAME.PID.tmp`, as large as the executable) are removed first.
///
/// # Errors
///
/// One line naming the file that could not be written.
pub fn store_executable(
    root: &Path,
    bench_target: &str,
    name: BaselineName,
) -> Result<PathBuf, String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find this executable: {e}"))?;
    let path = executable_path(root, bench_target, name);
    let fail = |e: io::Error| format!("cannot store the executable as {}: {e}", path.display());
    remove_stale_copies(path.parent().unwrap_or(root));
    if same_file_contents(&exe, &path) {
        return Ok(path);
    }
    let dir = path.parent().unwrap_or(root);
    fs::create_dir_all(dir).map_err(fail)?;
    let temp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let copied = fs::copy(&exe, &temp).and_then(|_| {
        let modified = fs::metadata(&exe)?.modified()?;
        fs::File::options()
            .write(true)
            .open(&temp)?
            .set_modified(modified)?;
        fs::rename(&temp, &path)
    });
    copied.map(|()| path.clone()).map_err(|e| {
        let _ = fs::remove_file(&temp);
        fail(e)
    })
}

/// Removes `dir/.{name}.{pid}.tmp` files whose process has ended (see `process_ended`:
/// where no process can be taken for dead, nothing is removed). Nothing else is touched.
fn remove_stale_copies(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.filter_map(Result::ok) {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(copy_pid) else {
            continue;
        };
        if process_ended(pid) == Some(true) {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// The pid in a temporary copy's name `.{name}.{pid}.tmp`, if it is one.
fn copy_pid(file_name: &str) -> Option<u32> {
    let rest = file_name.strip_prefix('.')?.strip_suffix(".tmp")?;
    let (name, pid) = rest.rsplit_once('.')?;
    let digits = !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit());
    (!name.is_empty() && digits).then(|| pid.parse().ok())?
}

fn same_file_contents(a: &Path, b: &Path) -> bool {
    match (fs::metadata(a), fs::metadata(b)) {
        (Ok(a), Ok(b)) => {
            a.len() == b.len() && a.modified().ok() == b.modified().ok() && a.modified().is_ok()
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_executable_is_stored_once_and_nothing_else_is_left() {
        let root = std::env::temp_dir().join(format!("duobench-store-{}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        let name = BaselineName::parse("main").unwrap();
        let path = store_executable(&root, "single", name).unwrap();
        let exe = std::env::current_exe().unwrap();
        assert_eq!(fs::read(&path).unwrap(), fs::read(&exe).unwrap());
        assert!(same_file_contents(&exe, &path));
        // The second save of the same build finds the copy in place.
        assert_eq!(store_executable(&root, "single", name).unwrap(), path);
        let names: Vec<_> = fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["main"]);
        fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    #[cfg(unix)]
    fn copies_left_by_killed_saves_are_removed_and_nothing_else() {
        let root = std::env::temp_dir().join(format!("duobench-stale-{}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        let name = BaselineName::parse("main").unwrap();
        let dir = executable_path(&root, "single", name)
            .parent()
            .unwrap()
            .to_owned();
        fs::create_dir_all(&dir).unwrap();
        let dead = crate::fixture::ended_process::ended_child_pid();
        let stale = format!(".old.{dead}.tmp");
        // A save in progress in another process that is alive (our parent).
        let live = format!(".main.{}.tmp", std::os::unix::process::parent_id());
        for file in [
            &stale,
            &live,
            &".notes.tmp".to_owned(),
            &format!("old.{dead}.tmp"),
        ] {
            fs::write(dir.join(file), "x").unwrap();
        }
        store_executable(&root, "single", name).unwrap();
        let mut names: Vec<String> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        let mut expected = vec![
            ".notes.tmp".to_owned(),
            "main".to_owned(),
            format!("old.{dead}.tmp"),
            live,
        ];
        if process_ended(dead).is_none() {
            expected.push(stale);
        }
        expected.sort();
        assert_eq!(names, expected);
        assert_eq!(copy_pid(".main.12.tmp"), Some(12));
        assert_eq!(copy_pid(".main.tmp"), None);
        assert_eq!(copy_pid("..12.tmp"), None);
        fs::remove_dir_all(&root).unwrap();
    }
}
