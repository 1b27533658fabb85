//! How duobench writes a file: a reader sees the old contents or the new, never a mixture.
//! Only `owned_file` calls it, after deciding the file is ours to replace.
//!
//! - A symbolic link is followed, and the file it points to is written; the link stays.
//! - A regular file (or a missing one) is written to a temporary file beside it, flushed,
//!   then renamed over it.
//! - Anything else that can be written (a device such as `/dev/null`, a FIFO, `/dev/stdout`)
//!   is written through: renaming would replace the device with a regular file.
//!
//! Temporary files are named `.{file}.{pid}-{nanos}.tmp`. A process killed between creating
//! and renaming one leaves it behind; the next write to the same file removes those whose
//! process is no longer alive. The temporary file is our own code (not `tempfile`) because
//! the pid in its name is what makes that cleanup safe, and because it is created with the
//! permissions any new file gets (`tempfile` makes it readable by its owner only, which the
//! rename would pass on to the user's result file).

use crate::util::interrupted;
use crate::util::open_for_writing;
use crate::util::process_ended;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Most symbolic links followed before giving up (Linux's own limit is 40).
const MAX_LINKS: usize = 40;

/// Writes `bytes` to `path` as described in the module documentation. On failure, `path`
/// is left as it was and no temporary file remains.
///
/// # Errors
///
/// Whatever resolving, creating, writing or renaming the file reported.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let real = resolve_links(path)?;
    match fs::metadata(&real) {
        Ok(meta) if meta.is_dir() => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "is a directory",
        )),
        Ok(meta) if !meta.is_file() => write_through(&real, bytes),
        _ => replace(&real, bytes),
    }
}

/// Follows `path` through symbolic links (also dangling ones: the link's target is where the
/// file will be made) to the path of what it finally names.
///
/// # Errors
///
/// A link cannot be read, or there are more than [`MAX_LINKS`] of them in a chain.
pub fn resolve_links(path: &Path) -> io::Result<PathBuf> {
    let mut current = path.to_owned();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&current) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let target = fs::read_link(&current)?;
                // A relative target is relative to the link's directory; an absolute one
                // replaces the whole path in `join`.
                current = parent_dir(&current).join(target);
            }
            _ => return Ok(current),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("more than {MAX_LINKS} symbolic links in a chain"),
    ))
}

/// The directory `path` lives in (`.` for a bare file name).
pub fn parent_dir(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// A device or FIFO: opened for writing as it is, never truncated or replaced.
fn write_through(real: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = open_for_writing(real, interrupted)?;
    file.write_all(bytes)?;
    file.flush()
}

fn replace(real: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = parent_dir(real);
    let file_name = real
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no file name"))?
        .to_string_lossy()
        .into_owned();
    remove_stale_temps(dir, &file_name);
    // Unique per process and per call, so concurrent writers never share a temporary file;
    // `create_new` makes sure of it.
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let temp = dir.join(format!(".{file_name}.{}-{nanos}.tmp", std::process::id()));
    let written = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&temp)
        .and_then(|mut f| {
            if let Ok(meta) = fs::metadata(real) {
                // The replaced file keeps the permissions its owner gave it.
                f.set_permissions(meta.permissions())?;
            }
            f.write_all(bytes)?;
            f.sync_all()
        });
    written
        .and_then(|()| fs::rename(&temp, real))
        .inspect_err(|_| {
            let _ = fs::remove_file(&temp);
        })
}

/// Removes `dir/.{file_name}.{pid}-{nanos}.tmp` files whose process has ended. Only our own
/// naming pattern for this very file is touched. A pid is checked with `process_ended`;
/// where the system cannot say, nothing is removed (a live writer's file must never go). A dead writer's
/// file can never be renamed by anyone, so removing it loses nothing; a pid reused by a new
/// process only keeps a stale file a while longer.
fn remove_stale_temps(dir: &Path, file_name: &str) {
    if process_ended(std::process::id()).is_none() {
        return;
    }
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let prefix = format!(".{file_name}.");
    for entry in entries.filter_map(Result::ok) {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(|n| temp_pid(n, &prefix)) else {
            continue;
        };
        if process_ended(pid) == Some(true) {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// The pid in a temporary file's name `{prefix}{pid}-{nanos}.tmp`, if it is one.
fn temp_pid(name: &str, prefix: &str) -> Option<u32> {
    let rest = name.strip_prefix(prefix)?.strip_suffix(".tmp")?;
    let (pid, nanos) = rest.split_once('-')?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    (digits(pid) && digits(nanos)).then(|| pid.parse().ok())?
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::{symlink, FileTypeExt};

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("duobench-atomic-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn replaces_the_file_and_leaves_nothing_else() {
        let dir = scratch("replace");
        let path = dir.join("out.json");
        write_atomically(&path, b"old").unwrap();
        write_atomically(&path, b"new").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"new");
        assert_eq!(names(&dir), ["out.json"]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_missing_directory_is_an_error_and_writes_nothing() {
        let path = std::env::temp_dir().join("duobench-atomic-missing/dir/out.json");
        assert!(write_atomically(&path, b"x").is_err());
        assert!(!path.exists());
    }

    #[test]
    fn a_symlink_stays_a_link_and_its_target_gets_the_contents() {
        let dir = scratch("link");
        fs::create_dir_all(dir.join("real")).unwrap();
        fs::write(dir.join("real/out.json"), "stale").unwrap();
        // A relative link, and a link to that link.
        symlink("real/out.json", dir.join("link.json")).unwrap();
        symlink(dir.join("link.json"), dir.join("link2.json")).unwrap();
        write_atomically(&dir.join("link2.json"), b"fresh").unwrap();
        for link in ["link.json", "link2.json"] {
            let meta = fs::symlink_metadata(dir.join(link)).unwrap();
            assert!(meta.file_type().is_symlink(), "{link} was replaced");
        }
        assert_eq!(fs::read(dir.join("real/out.json")).unwrap(), b"fresh");
        // A dangling link: the file is made where it points.
        symlink("made.json", dir.join("dangling.json")).unwrap();
        write_atomically(&dir.join("dangling.json"), b"new").unwrap();
        assert_eq!(fs::read(dir.join("made.json")).unwrap(), b"new");
        assert!(fs::symlink_metadata(dir.join("dangling.json"))
            .unwrap()
            .file_type()
            .is_symlink());
        // A loop is an error, not a hang.
        symlink("loop_b", dir.join("loop_a")).unwrap();
        symlink("loop_a", dir.join("loop_b")).unwrap();
        assert!(write_atomically(&dir.join("loop_a"), b"x").is_err());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_fifo_is_written_through_and_stays_a_fifo() {
        let dir = scratch("fifo");
        let fifo = dir.join("pipe");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|s| s.success()) {
            eprintln!("skipped: mkfifo is not available here");
            return;
        }
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || fs::read(fifo).unwrap())
        };
        write_atomically(&fifo, b"through the pipe").unwrap();
        assert_eq!(reader.join().unwrap(), b"through the pipe");
        assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
        assert_eq!(names(&dir), ["pipe"]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_full_device_is_an_error_and_stays_a_device() {
        let full = Path::new("/dev/full");
        if !full.exists() {
            eprintln!("skipped: no /dev/full here");
            return;
        }
        let e = write_atomically(full, b"x").unwrap_err();
        assert_eq!(e.raw_os_error(), Some(28), "{e}");
        assert!(fs::metadata(full).unwrap().file_type().is_char_device());
    }

    #[test]
    fn a_directory_is_refused() {
        let dir = scratch("dir");
        let e = write_atomically(&dir, b"x").unwrap_err();
        assert_eq!(e.to_string(), "is a directory");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn stale_temporary_files_of_dead_processes_are_removed() {
        let dir = scratch("stale");
        // Above any pid a system hands out (Linux's pid_max is at most 2^22): never alive.
        let dead = ".out.json.999999999-17.tmp";
        let live = format!(".out.json.{}-17.tmp", std::process::id());
        let other_file = ".other.json.999999999-17.tmp";
        for name in [dead, &live, other_file, "notes.tmp"] {
            fs::write(dir.join(name), "x").unwrap();
        }
        write_atomically(&dir.join("out.json"), b"new").unwrap();
        let mut kept = vec![live, other_file.to_owned(), "notes.tmp".to_owned()];
        if process_ended(std::process::id()).is_some() {
            kept.push("out.json".to_owned());
        } else {
            kept.extend(["out.json".to_owned(), dead.to_owned()]);
        }
        kept.sort();
        assert_eq!(names(&dir), kept);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn temporary_names_are_recognised_exactly() {
        let prefix = ".out.json.";
        assert_eq!(temp_pid(".out.json.123-456.tmp", prefix), Some(123));
        for name in [
            ".out.json.123.tmp",
            ".out.json.-456.tmp",
            ".out.json.12a-456.tmp",
            ".out.json.123-456.tmp.bak",
            "out.json.123-456.tmp",
        ] {
            assert_eq!(temp_pid(name, prefix), None, "{name}");
        }
    }
}
