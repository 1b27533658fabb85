//! The one way duobench writes a file: a reader sees the old contents or the new, never a
//! mixture, and nothing that is not ours is replaced.
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
mod tests;
