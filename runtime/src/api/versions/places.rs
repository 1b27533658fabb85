//! Equivalent places for the two serving executables, and a fresh placement for each
//! process.
//!
//! Run as they are, the two versions differ in more than their code: the new one runs from
//! the build directory, the stored one from the baseline's directory, so their paths (which
//! the kernel copies onto each process's stack, and which shift everything below it), the
//! files that back their code and how recently those were written all differ, and a process
//! of one executable can be systematically several percent faster than a process of a
//! byte-identical copy. So both run from fresh copies written together into one directory,
//! at paths of equal length, and each process gets an environment of equal shape: which
//! side it serves (`DUOBENCH_SERVE_SIDE`, `new` or `old`, equally long) and a padding of
//! random length (`DUOBENCH_SERVE_PAD`, up to a page), so that the stack of every process
//! starts at its own offset, as Stabilizer randomises placement, rather than at one that
//! favours a side for a whole run. The copies are made anew for every round
//! (`paired_run`): the page cache's pages behind a copy's code are that copy's for as long
//! as it lives.

use crate::stats::SplitMix64;
use crate::util::process_ended;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The variable naming the side a serving process runs (`new` or `old`).
pub const SIDE_VAR: &str = "DUOBENCH_SERVE_SIDE";
/// The variable whose random length moves each serving process's stack.
pub const PAD_VAR: &str = "DUOBENCH_SERVE_PAD";
/// The padding is at most this long: a page moves the stack through every offset.
const MOST_PAD: u64 = 4096;
/// Where the copies live under the temporary directory: `duobench-serve-<pid>-<n>`.
const DIR_PREFIX: &str = "duobench-serve-";

/// Which version a serving process runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Side {
    /// This build.
    New,
    /// The baseline's stored executable.
    Old,
}

impl Side {
    fn word(self) -> &'static str {
        match self {
            Side::New => "new",
            Side::Old => "old",
        }
    }
}

/// The two copies, removed with their directory when dropped.
#[derive(Debug)]
pub(super) struct ServePlaces {
    dir: PathBuf,
    new: PathBuf,
    old: PathBuf,
}

impl ServePlaces {
    /// Copies this executable and the baseline's `old` one into a new directory of this
    /// process, at `a/<name>` and `b/<name>` (which side gets which is drawn from `rng`).
    /// Directories left by processes that are gone are removed first.
    ///
    /// # Errors
    ///
    /// One line: a file that could not be found, copied or made executable.
    pub(super) fn prepare(old: &Path, rng: &mut SplitMix64) -> Result<ServePlaces, String> {
        let this =
            std::env::current_exe().map_err(|e| format!("cannot find this executable: {e}"))?;
        let root = std::env::temp_dir();
        remove_stale(&root);
        static PREPARED: AtomicUsize = AtomicUsize::new(0);
        let nth = PREPARED.fetch_add(1, Ordering::Relaxed);
        let dir = root.join(format!("{DIR_PREFIX}{}-{nth}", std::process::id()));
        // A directory of this name is a leftover of an earlier process that had this pid.
        let _ = fs::remove_dir_all(&dir);
        let name = this
            .file_name()
            .map_or_else(|| "bench".into(), std::ffi::OsStr::to_os_string);
        let (new_sub, old_sub) = if rng.next_u64() & 1 == 0 {
            ("a", "b")
        } else {
            ("b", "a")
        };
        let places = ServePlaces {
            new: dir.join(new_sub).join(&name),
            old: dir.join(old_sub).join(&name),
            dir,
        };
        for (from, to) in [(&this, &places.new), (&old.to_path_buf(), &places.old)] {
            copy_executable(from, to)?;
        }
        Ok(places)
    }

    /// The copy that `side` runs from.
    pub(super) fn exe(&self, side: Side) -> &Path {
        match side {
            Side::New => &self.new,
            Side::Old => &self.old,
        }
    }
}

impl Drop for ServePlaces {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.dir);
    }
}

/// The environment a serving process of `side` gets besides the parent's: its side, and a
/// padding of random length.
pub(super) fn serve_env(side: Side, rng: &mut SplitMix64) -> [(&'static str, String); 2] {
    let pad = usize::try_from(rng.next_u64() % MOST_PAD).unwrap_or(0);
    [
        (SIDE_VAR, side.word().to_owned()),
        (PAD_VAR, ".".repeat(pad)),
    ]
}

fn copy_executable(from: &Path, to: &Path) -> Result<(), String> {
    let fail =
        |e: std::io::Error| format!("cannot copy {} to {}: {e}", from.display(), to.display());
    if let Some(parent) = to.parent() {
        fs::create_dir_all(parent).map_err(fail)?;
    }
    fs::copy(from, to).map_err(fail)?;
    Ok(())
}

/// Removes `duobench-serve-<pid>-<n>` directories under `root` whose process is gone (where
/// that can be told: see `process_ended`).
fn remove_stale(root: &Path) {
    let Ok(entries) = fs::read_dir(root) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|n| n.strip_prefix(DIR_PREFIX))
            .and_then(|rest| rest.split('-').next())
            .and_then(|p| p.parse::<u32>().ok())
        else {
            continue;
        };
        if process_ended(pid) == Some(true) {
            let _ = fs::remove_dir_all(entry.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_copies_sit_at_paths_of_equal_length_and_go_with_their_directory() {
        let mut rng = SplitMix64::new(1);
        let old = std::env::current_exe().unwrap();
        let places = ServePlaces::prepare(&old, &mut rng).unwrap();
        let (new, old) = (
            places.exe(Side::New).to_path_buf(),
            places.exe(Side::Old).to_path_buf(),
        );
        assert_ne!(new, old);
        assert_eq!(new.as_os_str().len(), old.as_os_str().len());
        assert_eq!(
            new.parent().unwrap().parent(),
            old.parent().unwrap().parent()
        );
        assert!(new.is_file() && old.is_file());
        let dir = places.dir.clone();
        drop(places);
        assert!(!dir.exists());
    }

    #[test]
    fn the_environment_has_one_shape_and_a_padding_that_varies() {
        let mut rng = SplitMix64::new(2);
        let [(side, new), (pad, _)] = serve_env(Side::New, &mut rng);
        let [(_, old), _] = serve_env(Side::Old, &mut rng);
        assert_eq!((side, pad), (SIDE_VAR, PAD_VAR));
        assert_eq!(new.len(), old.len());
        let lengths: std::collections::BTreeSet<usize> = (0..20)
            .map(|_| serve_env(Side::New, &mut rng)[1].1.len())
            .collect();
        assert!(lengths.len() > 10, "{lengths:?}");
        assert!(lengths.iter().all(|&n| n < 4096));
    }

    #[test]
    fn directories_of_processes_that_are_gone_are_removed() {
        let root = std::env::temp_dir().join(format!("duobench-stale-test-{}", std::process::id()));
        // No process has pid 0x7fff_fff0 (above every system's largest pid).
        let gone = root.join(format!("{DIR_PREFIX}{}-0", 0x7fff_fff0u32));
        let alive = root.join(format!("{DIR_PREFIX}{}-0", std::process::id()));
        let other = root.join("duobench-serve-notapid");
        for dir in [&gone, &alive, &other] {
            fs::create_dir_all(dir).unwrap();
        }
        remove_stale(&root);
        assert!(!gone.exists());
        assert!(alive.exists() && other.exists());
        fs::remove_dir_all(&root).unwrap();
    }
}
