//! An exclusive lock around the read-merge-write of an output file that several processes
//! may share (two bench targets run at once with the same `--json`): without it, both read
//! the same old document and the second rename drops the first one's trials.
//!
//! The lock is taken on the directory that holds the file (after following links), not on
//! the file itself: the atomic writer renames a new file over the old one, so a lock held on
//! the old file's inode would guard nothing, and a lock file beside the output would be
//! litter. Directory locks are `flock(2)` through `fs4`; where a directory cannot be opened
//! as a file (Windows), no lock is taken and concurrent writers are not promised to merge.

use crate::util::{parent_dir, resolve_links};
use fs4::FileExt;
use std::fs::File;
use std::io;
use std::path::Path;

/// Held while a file is read, merged and written; released when dropped.
#[derive(Debug)]
pub struct OutputLock {
    _dir: Option<File>,
}

/// Blocks until this process holds the lock of the directory that will hold `path`.
///
/// # Errors
///
/// Resolving `path`'s links or locking failed. A directory that cannot be opened (missing,
/// or a platform that does not open directories) gives a lock that guards nothing: the
/// write that follows reports what is wrong with the place.
pub fn lock_output(path: &Path) -> io::Result<OutputLock> {
    let real = resolve_links(path)?;
    let Ok(dir) = File::open(parent_dir(&real)) else {
        return Ok(OutputLock { _dir: None });
    };
    FileExt::lock(&dir)?;
    Ok(OutputLock { _dir: Some(dir) })
}

#[cfg(all(test, unix))]
mod tests {
    use super::lock_output;
    use std::sync::{Arc, Barrier};
    use std::time::Duration;

    #[test]
    fn two_holders_of_one_directory_take_turns() {
        let dir = std::env::temp_dir().join(format!("duobench-lock-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("out.json");
        let inside = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let barrier = Arc::new(Barrier::new(4));
        let threads: Vec<_> = (0..4)
            .map(|_| {
                let (file, inside, barrier) = (file.clone(), inside.clone(), barrier.clone());
                std::thread::spawn(move || {
                    barrier.wait();
                    let mut most = 0;
                    for _ in 0..5 {
                        let _lock = lock_output(&file).unwrap();
                        let now = inside.fetch_add(1, std::sync::atomic::Ordering::SeqCst) + 1;
                        most = most.max(now);
                        std::thread::sleep(Duration::from_millis(2));
                        inside.fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
                    }
                    most
                })
            })
            .collect();
        for t in threads {
            assert_eq!(t.join().unwrap(), 1, "two holders at once");
        }
        std::fs::remove_dir_all(&dir).unwrap();
        // A missing directory gives a lock that guards nothing rather than an error.
        lock_output(&dir.join("missing/out.json")).unwrap();
    }
}
