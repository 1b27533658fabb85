//! Keeping the bench executable beside a saved baseline, so the baseline can be run again.

use crate::session::baseline::{executable_path, BaselineName};
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
/// case when the same build is saved twice.
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
}
