//! One baseline file: a versioned JSON document holding one `#[bench]` run's samples,
//! written atomically and read back with every problem reported in one line that names it.

use crate::analysis::RunMachine;
use crate::util::{write_owned, FileKind, BASELINE_FORMAT};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};

/// Identifies duobench's baseline files among other JSON documents.
const FORMAT: &str = BASELINE_FORMAT;
/// The format version this build writes and reads. Bump it whenever a field changes
/// meaning; older or newer files are then refused with a clear error instead of misread.
pub const FORMAT_VERSION: u32 = 1;

/// What every version of the file starts with; read first, so that a file of another
/// version is recognised as such rather than reported as corrupt.
#[derive(Deserialize)]
struct Header {
    format: String,
    version: u32,
}

/// A saved run, as stored (format version 1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedRun {
    /// Always `duobench-baseline`.
    pub format: String,
    /// Always [`FORMAT_VERSION`] when written by this build.
    pub version: u32,
    /// The trial's full name, checked on reading so that two names escaped to one file
    /// cannot be compared with each other.
    pub trial: String,
    /// When the run was saved, in seconds since 1970 (for people reading the file).
    pub saved_unix_s: u64,
    /// Per-iteration slope of that run, in nanoseconds.
    pub slope_ns: f64,
    /// Iterations of each sample.
    pub iters: Vec<u64>,
    /// Net time of each sample, in nanoseconds.
    pub ns: Vec<f64>,
    /// The machine's median time per step of the pace probe during that run, in
    /// nanoseconds (absent from files of runs that read none). The key names the probe's
    /// work (`measure::machine::pace_probe::lanes`): a file that holds the pace of other work,
    /// under another key, reads as one without a pace, never as a change of the machine.
    #[serde(
        default,
        rename = "lanes_pace_ns_per_step",
        skip_serializing_if = "Option::is_none"
    )]
    pub pace_ns_per_step: Option<f64>,
    /// Share of the run's samples' wall time the measuring thread waited for a core (absent
    /// from files of runs that read none, and of earlier versions): a run compared with this
    /// one weighs how much of a change the difference of their waits explains.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wait_share: Option<f64>,
    /// Whether the run's figure rests on samples the wait disturbed (scaled to their time on
    /// the core): a change against such a run is not called improved or regressed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rests_on_disturbed: bool,
}

impl SavedRun {
    /// A run to save now.
    #[must_use]
    pub fn new(
        trial: &str,
        slope_ns: f64,
        iters: Vec<u64>,
        ns: Vec<f64>,
        machine: RunMachine,
    ) -> Self {
        let saved_unix_s = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        Self {
            format: FORMAT.to_owned(),
            version: FORMAT_VERSION,
            trial: trial.to_owned(),
            saved_unix_s,
            slope_ns,
            iters,
            ns,
            pace_ns_per_step: machine.pace_ns_per_step,
            wait_share: machine.wait_share,
            rests_on_disturbed: machine.rests_on_disturbed,
        }
    }

    /// What the machine was during the saved run.
    #[must_use]
    pub fn machine(&self) -> RunMachine {
        RunMachine {
            wait_share: self.wait_share,
            pace_ns_per_step: self.pace_ns_per_step,
            rests_on_disturbed: self.rests_on_disturbed,
        }
    }

    /// Why these samples cannot be compared with, if they cannot; `counts` for a measure
    /// that counts (allocations, instructions), whose figure may be zero.
    fn invalid(&self, counts: bool) -> Option<String> {
        if self.iters.len() != self.ns.len() {
            return Some(format!(
                "{} iteration counts but {} times",
                self.iters.len(),
                self.ns.len()
            ));
        }
        if self.iters.len() < 2 {
            return Some(format!("{} samples, at least 2 needed", self.iters.len()));
        }
        if self.iters.contains(&0) {
            return Some("a sample with zero iterations".to_owned());
        }
        // A sample may read zero: a batch of a nanosecond routine is shorter than the
        // timer's overhead subtracted from it. A negative or infinite time can only come
        // from a damaged or hand-made file, and a run whose slope, pace or every sample is
        // zero has no speed to compare with (every change would be ±inf%). A count of zero
        // is a figure (a routine that allocates nothing), compared as one.
        let bad_sample = |t: &f64| !(t.is_finite() && *t >= 0.0);
        let bad_time = |t: &f64| !(t.is_finite() && *t > 0.0);
        let bad_figure = |t: &f64| if counts { bad_sample(t) } else { bad_time(t) };
        if self.ns.iter().any(bad_sample)
            || (!counts && self.ns.iter().all(|&t| t == 0.0))
            || bad_figure(&self.slope_ns)
            || self.pace_ns_per_step.as_ref().is_some_and(bad_time)
        {
            return Some(if counts {
                "a count that is negative or not a finite number".to_owned()
            } else {
                "a time that is zero, negative or not a finite number".to_owned()
            });
        }
        let share = |w: &f64| !(w.is_finite() && (0.0..=1.0).contains(w));
        if self.wait_share.as_ref().is_some_and(share) {
            return Some("a wait share that is not between 0 and 1".to_owned());
        }
        None
    }
}

/// A baseline that cannot be read or written. Its `Display` is one line naming the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BaselineError {
    path: PathBuf,
    problem: Problem,
}

/// What is wrong with a baseline file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The file does not exist.
    Missing,
    /// It exists but could not be read.
    Unreadable(String),
    /// It ends in the middle of the document (an interrupted write by an older tool, or a
    /// copy cut short).
    Truncated,
    /// It is not valid JSON, or a field has the wrong type.
    Corrupt(String),
    /// It is JSON, but not a duobench baseline.
    Foreign,
    /// A duobench baseline of another format version.
    OtherVersion(u32),
    /// A baseline of another trial.
    OtherTrial(String),
    /// It could not be written.
    Unwritable(String),
}

impl BaselineError {
    /// A file whose contents cannot be used, for the reason given.
    #[must_use]
    pub fn corrupt(path: &Path, why: String) -> Self {
        Self {
            path: path.to_owned(),
            problem: Problem::Corrupt(why),
        }
    }

    /// What is wrong with it.
    #[must_use]
    pub fn problem(&self) -> &Problem {
        &self.problem
    }
}

impl fmt::Display for BaselineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = self.path.display();
        let afresh = "; delete it to start a new baseline";
        match &self.problem {
            Problem::Missing => write!(
                f,
                "baseline file {path} does not exist (save one with --save-baseline NAME)"
            ),
            Problem::Unreadable(e) => write!(f, "baseline file {path} cannot be read: {e}"),
            Problem::Truncated => write!(f, "baseline file {path} is truncated{afresh}"),
            Problem::Corrupt(e) => write!(f, "baseline file {path} is corrupt ({e}){afresh}"),
            Problem::Foreign => write!(f, "{path} is not a duobench baseline file{afresh}"),
            Problem::OtherVersion(v) => write!(
                f,
                "baseline file {path} has format version {v}, this duobench reads version \
                 {FORMAT_VERSION}{afresh}"
            ),
            Problem::OtherTrial(t) => write!(
                f,
                "baseline file {path} holds the results of `{t}`, another benchmark{afresh}"
            ),
            Problem::Unwritable(e) => write!(f, "baseline file {path} cannot be written: {e}"),
        }
    }
}

impl std::error::Error for BaselineError {}

/// Reads the baseline of `trial` at `path`; `counts` for a measure that counts, whose
/// figure may be zero.
///
/// # Errors
///
/// Every problem with the file, as a [`BaselineError`] naming it.
pub fn read(path: &Path, trial: &str, counts: bool) -> Result<SavedRun, BaselineError> {
    let error = |problem| BaselineError {
        path: path.to_owned(),
        problem,
    };
    let text = fs::read_to_string(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => error(Problem::Missing),
        std::io::ErrorKind::InvalidData => error(Problem::Corrupt("not UTF-8 text".to_owned())),
        _ => error(Problem::Unreadable(e.to_string())),
    })?;
    // Three steps, so each problem gets its own name: is it JSON at all (or cut short), is
    // it a duobench baseline of this version, and does it hold what that version holds.
    let value: serde_json::Value = serde_json::from_str(&text).map_err(|e| {
        error(match e.classify() {
            serde_json::error::Category::Eof => Problem::Truncated,
            _ => Problem::Corrupt(e.to_string()),
        })
    })?;
    let header = Header::deserialize(&value).map_err(|_| error(Problem::Foreign))?;
    if header.format != FORMAT {
        return Err(error(Problem::Foreign));
    }
    if header.version != FORMAT_VERSION {
        return Err(error(Problem::OtherVersion(header.version)));
    }
    let run = SavedRun::deserialize(&value).map_err(|e| error(Problem::Corrupt(e.to_string())))?;
    if let Some(why) = run.invalid(counts) {
        return Err(error(Problem::Corrupt(why)));
    }
    if run.trial != trial {
        return Err(error(Problem::OtherTrial(run.trial)));
    }
    Ok(run)
}

/// Writes `run` to `path` through the one writer ([`write_owned`]): atomically, so that a
/// reader, or a run interrupted half-way, sees the old file or the new one, never a
/// mixture; and only over a baseline file (of any version), never over someone else's.
///
/// # Errors
///
/// If the directory cannot be made or the file written, naming `path`.
pub fn write(path: &Path, run: &SavedRun) -> Result<(), BaselineError> {
    let error = |e: &dyn fmt::Display| BaselineError {
        path: path.to_owned(),
        problem: Problem::Unwritable(e.to_string()),
    };
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir).map_err(|e| error(&e))?;
    }
    let mut text = serde_json::to_string_pretty(run).map_err(|e| error(&e))?;
    text.push('\n');
    write_owned(path, FileKind::Baseline, |_| Ok(text.into_bytes())).map_err(|e| error(&e))
}

#[cfg(test)]
mod tests {
    //! Baseline files on disk: round trip, atomic replacement, and one clear error per problem.

    use super::super::tests::Scratch;
    use super::{read, write, BaselineError, Problem, SavedRun, FORMAT_VERSION};
    use std::fs;

    /// A fresh, empty scratch directory.
    fn scratch(name: &str) -> Scratch {
        let dir = Scratch::new(name);
        fs::create_dir_all(&dir.0).unwrap();
        dir
    }

    fn run(trial: &str, scale: f64) -> SavedRun {
        let iters = vec![10, 20, 30];
        let ns = iters.iter().map(|&k| scale * k as f64 + 0.1).collect();
        let machine = crate::analysis::RunMachine {
            wait_share: Some(0.25),
            pace_ns_per_step: Some(0.65),
            rests_on_disturbed: true,
        };
        SavedRun::new(trial, scale, iters, ns, machine)
    }

    /// The error for `text` written to a file, and its message checked to be one line that
    /// names the file.
    fn problem_of(text: &str, name: &str) -> Problem {
        let dir = scratch(name);
        let path = dir.0.join("base.json");
        fs::write(&path, text).unwrap();
        let e = read(&path, "sort/10", false).unwrap_err();
        one_line_naming(&e, &path);
        e.problem().clone()
    }

    fn one_line_naming(e: &BaselineError, path: &std::path::Path) {
        let msg = e.to_string();
        assert!(!msg.contains('\n'), "{msg}");
        assert!(msg.contains(&path.display().to_string()), "{msg}");
    }

    fn valid_text() -> String {
        serde_json::to_string_pretty(&run("sort/10", 2.5)).unwrap()
    }

    #[test]
    fn round_trip_and_replacement() {
        let dir = scratch("round-trip");
        let path = dir.0.join("nested/deeper/base.json");
        let first = run("sort/10", 2.5);
        write(&path, &first).unwrap();
        assert_eq!(read(&path, "sort/10", false).unwrap(), first);
        let second = run("sort/10", 7.0);
        write(&path, &second).unwrap();
        assert_eq!(read(&path, "sort/10", false).unwrap(), second);
        // Nothing but the file itself is left behind: the temporary file was renamed.
        let names: Vec<_> = fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["base.json"]);
        assert_eq!(first.version, FORMAT_VERSION);
    }

    #[test]
    fn missing_file() {
        let dir = scratch("missing");
        let path = dir.0.join("main.json");
        let e = read(&path, "x", false).unwrap_err();
        one_line_naming(&e, &path);
        assert_eq!(e.problem(), &Problem::Missing);
        assert!(
            e.to_string()
                .ends_with("does not exist (save one with --save-baseline NAME)"),
            "{e}"
        );
    }

    #[test]
    fn corrupt_file() {
        assert!(matches!(
            problem_of("{\"format\": [}", "corrupt"),
            Problem::Corrupt(_)
        ));
        assert!(matches!(
            problem_of("\u{1}garbage", "garbage"),
            Problem::Corrupt(_)
        ));
        let wrong_type = valid_text().replace("\"iters\": [", "\"iters\": \"x\", \"_\": [");
        assert!(matches!(
            problem_of(&wrong_type, "wrong-type"),
            Problem::Corrupt(_)
        ));
        let negative = valid_text().replace("\"ns\": [\n    25.1", "\"ns\": [\n    -25.1");
        assert_ne!(negative, valid_text());
        assert!(matches!(
            problem_of(&negative, "negative"),
            Problem::Corrupt(_)
        ));
        // One sample of zero among others is what a nanosecond routine's batch of one call
        // reads once the timer's overhead is subtracted: a real run, not a damaged file.
        let one_zero = valid_text().replace("\"ns\": [\n    25.1", "\"ns\": [\n    0.0");
        assert_ne!(one_zero, valid_text());
        let dir = scratch("one-zero");
        let path = dir.0.join("base.json");
        fs::write(&path, &one_zero).unwrap();
        let read_back = read(&path, "sort/10", false);
        assert!(read_back.is_ok(), "{:?}", read_back.err());
        // All times zero: no old speed to compare with.
        let mut zeros = run("sort/10", 0.0);
        zeros.ns = vec![0.0; zeros.ns.len()];
        let zeros = serde_json::to_string_pretty(&zeros).unwrap();
        assert!(matches!(problem_of(&zeros, "zeros"), Problem::Corrupt(_)));
        // A wait share outside 0..=1 is no share of a run's time.
        let share = valid_text().replace("\"wait_share\": 0.25", "\"wait_share\": 1.5");
        assert_ne!(share, valid_text());
        assert!(matches!(problem_of(&share, "share"), Problem::Corrupt(_)));
        // A time too large for a double (JSON has no infinity; 1e999 reads as one).
        let infinite = valid_text().replace("\"ns\": [\n    25.1", "\"ns\": [\n    1e999");
        assert_ne!(infinite, valid_text());
        assert!(matches!(
            problem_of(&infinite, "infinite"),
            Problem::Corrupt(_)
        ));
        let negative_pace =
            valid_text().replace("_pace_ns_per_step\": 0.65", "_pace_ns_per_step\": -1");
        assert_ne!(negative_pace, valid_text());
        assert!(matches!(
            problem_of(&negative_pace, "negative-pace"),
            Problem::Corrupt(_)
        ));
    }

    #[test]
    fn a_file_without_the_machines_pace_reads_as_one_that_read_none() {
        let dir = scratch("no-pace");
        let path = dir.0.join("base.json");
        let without = valid_text().replace(",\n  \"lanes_pace_ns_per_step\": 0.65", "");
        assert_ne!(without, valid_text());
        fs::write(&path, without).unwrap();
        let read_back = read(&path, "sort/10", false).unwrap();
        assert_eq!(read_back.pace_ns_per_step, None);
        assert_eq!(read_back.iters, run("sort/10", 2.5).iters);
        // The serial chain's pace, as files of earlier versions hold it: other work, whose
        // time per step is not comparable with the probe's.
        let chain = valid_text().replace("\"lanes_pace_ns_per_step\"", "\"pace_ns_per_step\"");
        assert_ne!(chain, valid_text());
        fs::write(&path, chain).unwrap();
        assert_eq!(
            read(&path, "sort/10", false).unwrap().pace_ns_per_step,
            None
        );
    }

    #[test]
    fn truncated_file() {
        let text = valid_text();
        assert_eq!(
            problem_of(&text[..text.len() / 2], "truncated"),
            Problem::Truncated
        );
        assert_eq!(problem_of("", "empty"), Problem::Truncated);
    }

    #[test]
    fn foreign_version_and_foreign_file() {
        let newer =
            valid_text().replace(&format!("\"version\": {FORMAT_VERSION}"), "\"version\": 99");
        assert_eq!(problem_of(&newer, "version"), Problem::OtherVersion(99));
        let msg = {
            let dir = scratch("version-msg");
            let path = dir.0.join("base.json");
            fs::write(&path, &newer).unwrap();
            read(&path, "sort/10", false).unwrap_err().to_string()
        };
        assert!(msg.contains("format version 99"), "{msg}");
        assert_eq!(problem_of("{\"hello\": 1}", "foreign"), Problem::Foreign);
        let other_format = valid_text().replace("duobench-baseline", "criterion");
        assert_eq!(problem_of(&other_format, "other-format"), Problem::Foreign);
    }

    #[test]
    fn another_trials_file() {
        let dir = scratch("other-trial");
        let path = dir.0.join("base.json");
        write(&path, &run("sort/100", 1.0)).unwrap();
        let e = read(&path, "sort/10", false).unwrap_err();
        one_line_naming(&e, &path);
        assert_eq!(e.problem(), &Problem::OtherTrial("sort/100".to_owned()));
    }

    #[test]
    fn a_file_that_is_not_a_baseline_is_never_replaced() {
        let dir = scratch("not-ours");
        let path = dir.0.join("main.json");
        for theirs in ["{\"hello\": 1}", "my notes\n"] {
            fs::write(&path, theirs).unwrap();
            let e = write(&path, &run("t", 1.0)).unwrap_err();
            one_line_naming(&e, &path);
            assert!(
                e.to_string().contains("is not a duobench baseline file"),
                "{e}"
            );
            assert_eq!(fs::read_to_string(&path).unwrap(), theirs);
        }
        // A baseline of another version is ours: a save replaces it.
        let newer =
            valid_text().replace(&format!("\"version\": {FORMAT_VERSION}"), "\"version\": 99");
        fs::write(&path, newer).unwrap();
        write(&path, &run("t", 1.0)).unwrap();
        assert_eq!(read(&path, "t", false).unwrap(), run("t", 1.0));
    }

    #[test]
    fn unwritable_place() {
        let dir = scratch("unwritable");
        let blocker = dir.0.join("a-file");
        fs::write(&blocker, "x").unwrap();
        let path = blocker.join("base.json");
        let e = write(&path, &run("t", 1.0)).unwrap_err();
        one_line_naming(&e, &path);
        assert!(matches!(e.problem(), Problem::Unwritable(_)));
    }
}
