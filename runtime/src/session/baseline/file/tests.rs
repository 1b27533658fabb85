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
    SavedRun::new(trial, scale, iters, ns, Some(0.65))
}

/// The error for `text` written to a file, and its message checked to be one line that
/// names the file.
fn problem_of(text: &str, name: &str) -> Problem {
    let dir = scratch(name);
    let path = dir.0.join("base.json");
    fs::write(&path, text).unwrap();
    let e = read(&path, "sort/10").unwrap_err();
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
    assert_eq!(read(&path, "sort/10").unwrap(), first);
    let second = run("sort/10", 7.0);
    write(&path, &second).unwrap();
    assert_eq!(read(&path, "sort/10").unwrap(), second);
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
    let e = read(&path, "x").unwrap_err();
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
    // All times zero: no old speed to compare with.
    let mut zeros = run("sort/10", 0.0);
    zeros.ns = vec![0.0; zeros.ns.len()];
    let zeros = serde_json::to_string_pretty(&zeros).unwrap();
    assert!(matches!(problem_of(&zeros, "zeros"), Problem::Corrupt(_)));
    // A time too large for a double (JSON has no infinity; 1e999 reads as one).
    let infinite = valid_text().replace("\"ns\": [\n    25.1", "\"ns\": [\n    1e999");
    assert_ne!(infinite, valid_text());
    assert!(matches!(
        problem_of(&infinite, "infinite"),
        Problem::Corrupt(_)
    ));
    let negative_pace =
        valid_text().replace("\"pace_ns_per_step\": 0.65", "\"pace_ns_per_step\": -1");
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
    let without = valid_text().replace(",\n  \"pace_ns_per_step\": 0.65", "");
    assert_ne!(without, valid_text());
    fs::write(&path, without).unwrap();
    let read_back = read(&path, "sort/10").unwrap();
    assert_eq!(read_back.pace_ns_per_step, None);
    assert_eq!(read_back.iters, run("sort/10", 2.5).iters);
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
    let newer = valid_text().replace(&format!("\"version\": {FORMAT_VERSION}"), "\"version\": 99");
    assert_eq!(problem_of(&newer, "version"), Problem::OtherVersion(99));
    let msg = {
        let dir = scratch("version-msg");
        let path = dir.0.join("base.json");
        fs::write(&path, &newer).unwrap();
        read(&path, "sort/10").unwrap_err().to_string()
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
    let e = read(&path, "sort/10").unwrap_err();
    one_line_naming(&e, &path);
    assert_eq!(e.problem(), &Problem::OtherTrial("sort/100".to_owned()));
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
