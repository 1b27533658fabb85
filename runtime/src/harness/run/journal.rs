//! What a run leaves when it ends inside a trial (a routine that calls `exit`, aborts, or is
//! killed for memory): the results of the trials finished before it, written as each
//! finished (see `runner`), and a marker naming the trial that was running.
//!
//! The marker is `target/duobench/running/{bench target}.{pid}`: a first line that marks it
//! as duobench's, then the running trial's name (none between trials); a run that ends
//! normally removes its own. The next run of the same bench target finds the markers of
//! processes that have ended, says which trial ended each, and removes them. An `exit` called from a routine also runs the handler
//! registered here, which names the trial at once, marks it in the `--json` document
//! (`exited_in`), and turns an exit status of 0 into 1 where the system passes the status
//! to the handler (glibc's `on_exit`): a run that ended inside a trial did not pass.

use crate::util::duobench_dir;
use crate::util::process_ended;
use crate::util::{read_owned, write_owned, FileKind, RUN_MARKER_MARK};
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// What the exit handler does with the trial the process exited inside, besides naming it:
/// marks the outputs written so far.
pub type OnExit = Box<dyn Fn(&str) + Send>;

/// The marker of this run, and the trial running now.
struct Journal {
    marker: PathBuf,
    trial: Option<String>,
    finished: usize,
    on_exit: OnExit,
}

static JOURNAL: Mutex<Option<Journal>> = Mutex::new(None);

/// Starts this run's journal for `target` in `dir` (normally `target/duobench/running`) and
/// returns a line for each earlier run of the target that ended inside a trial; `on_exit`
/// runs when the process exits inside a trial. Nothing is journaled when the directory
/// cannot be made: the run itself goes on.
pub fn open(dir: &Path, target: &str, on_exit: OnExit) -> Vec<String> {
    let notes = ended_runs(dir, target);
    if fs::create_dir_all(dir).is_ok() {
        let marker = dir.join(format!("{target}.{}", std::process::id()));
        if write_marker(&marker, None).is_ok() {
            if let Ok(mut journal) = JOURNAL.lock() {
                *journal = Some(Journal {
                    marker,
                    trial: None,
                    finished: 0,
                    on_exit,
                });
            }
            register_exit_handler();
        }
    }
    notes
}

/// Where the markers live.
#[must_use]
pub fn default_dir() -> PathBuf {
    duobench_dir().join("running")
}

/// Marks `trial` as running until the returned guard is dropped.
#[must_use]
pub fn running(trial: &str) -> Running {
    set_trial(Some(trial));
    Running
}

/// Clears the running trial when dropped: the trial returned (passed, failed or panicked).
#[derive(Debug)]
pub struct Running;

impl Drop for Running {
    fn drop(&mut self) {
        set_trial(None);
    }
}

/// Counts a trial whose result was written.
pub fn finished_one() {
    if let Ok(mut journal) = JOURNAL.lock() {
        if let Some(journal) = journal.as_mut() {
            journal.finished += 1;
        }
    }
}

/// The run ends normally: its marker is removed.
pub fn close() {
    let _ = take();
}

/// The trial running now, if any.
#[must_use]
pub fn running_trial() -> Option<String> {
    JOURNAL.lock().ok()?.as_ref()?.trial.clone()
}

/// Ends the journal where the process is about to end inside a trial it has named itself:
/// the marker is removed and the exit handler says nothing more. Returns how many trial
/// results were written before.
pub fn abandon() -> usize {
    take().map_or(0, |journal| journal.finished)
}

fn take() -> Option<Journal> {
    let journal = JOURNAL.lock().ok()?.take()?;
    let _ = fs::remove_file(&journal.marker);
    Some(journal)
}

fn set_trial(trial: Option<&str>) {
    if let Ok(mut journal) = JOURNAL.lock() {
        if let Some(journal) = journal.as_mut() {
            journal.trial = trial.map(str::to_owned);
            let _ = write_marker(&journal.marker, trial);
        }
    }
}

/// Writes the marker at `path`, naming `trial` when one is running.
fn write_marker(path: &Path, trial: Option<&str>) -> Result<(), String> {
    write_owned(path, FileKind::RunMarker, |_| {
        Ok(format!("{RUN_MARKER_MARK}\n{}", trial.unwrap_or_default()).into_bytes())
    })
}

/// The trial a marker's text names, if any.
fn marked_trial(text: &str) -> &str {
    text.split_once('\n').map_or("", |(_, trial)| trial.trim())
}

/// The lines for markers of `target` left by processes that have ended, which are removed.
fn ended_runs(dir: &Path, target: &str) -> Vec<String> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let prefix = format!("{target}.");
    let mut notes = Vec::new();
    for entry in entries.filter_map(Result::ok) {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|n| n.strip_prefix(&prefix))
            .and_then(|pid| pid.parse::<u32>().ok())
        else {
            continue;
        };
        if process_ended(pid) != Some(true) {
            continue;
        }
        // Only a marker is removed: a file of someone else's of that name is left.
        let Ok(text) = read_owned(&entry.path(), FileKind::RunMarker) else {
            continue;
        };
        let trial = marked_trial(text.as_deref().unwrap_or_default());
        let _ = fs::remove_file(entry.path());
        notes.push(if trial.is_empty() {
            format!(
                "warning: an earlier run of bench target `{target}` (process {pid}) ended \
                 between trials without writing its reports"
            )
        } else {
            format!(
                "warning: an earlier run of bench target `{target}` (process {pid}) ended \
                 inside trial `{trial}` (an exit, an abort or a kill): that trial left no \
                 result; the trials finished before it were written"
            )
        });
    }
    notes.sort();
    notes
}

fn register_exit_handler() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        // SAFETY: the handlers registered take what the C library passes and do not unwind
        // (`exited_inside_trial` catches any panic of the outputs' marking).
        #[cfg(all(target_os = "linux", target_env = "gnu"))]
        unsafe {
            on_exit(at_exit_with_status, std::ptr::null_mut());
        }
        #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
        unsafe {
            libc::atexit(at_exit);
        }
    });
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
extern "C" {
    /// glibc's `atexit` that also passes the exit status (not in the `libc` crate).
    fn on_exit(
        function: extern "C" fn(libc::c_int, *mut libc::c_void),
        arg: *mut libc::c_void,
    ) -> libc::c_int;
}

/// Runs when the process calls `exit` with `status`: as [`exited_inside_trial`], and an
/// exit of 0 inside a trial becomes 1, so that a routine's `exit(0)` never passes a job.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
extern "C" fn at_exit_with_status(status: libc::c_int, _: *mut libc::c_void) {
    if exited_inside_trial() && status == 0 {
        eprintln!("error: the exit status is 1, not the 0 the trial exited with");
        // SAFETY: `_exit` ends the process at once; what Rust buffers was flushed by
        // `std::process::exit` before the C library ran this handler.
        unsafe { libc::_exit(1) }
    }
}

/// Runs when the process calls `exit`, where the status is not passed.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
extern "C" fn at_exit() {
    exited_inside_trial();
}

/// When the process is exiting inside a trial (a routine's `std::process::exit` too), names
/// the trial and marks the outputs written so far; whether it was. A normal end has closed
/// the journal before.
fn exited_inside_trial() -> bool {
    let Ok(journal) = JOURNAL.try_lock() else {
        return false;
    };
    let Some(Journal {
        trial: Some(trial),
        finished,
        on_exit,
        ..
    }) = journal.as_ref()
    else {
        return false;
    };
    eprintln!(
        "\nerror: the process exited inside trial `{trial}` (a call of `std::process::exit` in \
         its routine or in code it runs), which left no result; the {finished} trial \
         result(s) finished before it were written, and the trials after it did not run"
    );
    let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| on_exit(trial)));
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::scratch::scratch_dir;

    #[test]
    fn a_dead_processs_marker_names_its_trial_once_and_live_ones_are_left() {
        let dir = scratch_dir("journal");
        let dead = crate::fixture::ended_process::ended_child_pid();
        write_marker(&dir.join(format!("b.{dead}")), Some("crash::b_exits")).unwrap();
        let live = format!("b.{}", std::process::id());
        write_marker(&dir.join(&live), Some("running::now")).unwrap();
        fs::write(dir.join(format!("other.{dead}")), "x").unwrap();
        // A file of that name that is not a marker is not ours to remove.
        fs::write(dir.join(format!("c.{dead}")), "my notes").unwrap();
        let notes = ended_runs(&dir, "b");
        if process_ended(dead).is_none() {
            return; // The system cannot say: nothing is taken for dead.
        }
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert!(
            notes[0].contains("inside trial `crash::b_exits`"),
            "{}",
            notes[0]
        );
        assert!(!notes[0].contains('\n'));
        assert!(ended_runs(&dir, "b").is_empty(), "reported once");
        assert!(dir.join(&live).exists() && dir.join(format!("other.{dead}")).exists());
        assert!(ended_runs(&dir, "c").is_empty());
        assert_eq!(
            fs::read_to_string(dir.join(format!("c.{dead}"))).unwrap(),
            "my notes"
        );
        fs::remove_dir_all(&dir).unwrap();
    }
}
