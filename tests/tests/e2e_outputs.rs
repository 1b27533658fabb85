//! End to end: whether an output file is ours is decided before anything is measured. An
//! empty file (`mktemp`) takes the document; a `cargo test` run leaves a `cargo bench`
//! document alone; a foreign file, or one file named for two outputs, stops the run at once.
//! See docs/RELIABILITY.md.

#![cfg(unix)]

use duobench_tests::{bench_executable, target_dir, text};
use std::fs;
use std::path::Path;
use std::process::Command;

/// Runs the `faults` target's quick trial `crash::a_done` with `args`; (status, output).
fn run(exe: &Path, args: &[&str]) -> (Option<i32>, String) {
    let output = Command::new(exe)
        .args(args)
        .args(["crash::a_done", "--exact", "--no-report"])
        .env("CARGO_TARGET_DIR", target_dir())
        .output()
        .unwrap();
    let text = text(&output);
    (output.status.code(), text)
}

#[test]
fn outputs_that_are_not_ours_are_refused_before_measuring_and_left_alone() {
    let exe = bench_executable("faults");
    let dir = std::env::temp_dir().join(format!("duobench-outputs-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let json = dir.join("r.json");
    let j = json.to_str().unwrap();

    // An empty file, as `mktemp` makes it, is ours.
    fs::write(&json, "").unwrap();
    let (status, out) = run(&exe, &["--bench", "--json", j]);
    assert_eq!(status, Some(0), "{out}");
    let bench_doc = fs::read_to_string(&json).unwrap();
    assert!(bench_doc.contains("\"mode\": \"bench\""), "{bench_doc}");

    // A test run does not replace the bench document, and says so before running anything.
    let (status, out) = run(&exe, &["--json", j]);
    assert_eq!(status, Some(2), "{out}");
    assert!(out.contains("holds `cargo bench` results"), "{out}");
    assert!(out.contains("nothing was measured"), "{out}");
    assert!(!out.contains("test crash::a_done"), "a trial ran: {out}");
    assert_eq!(fs::read_to_string(&json).unwrap(), bench_doc);

    // One file for two outputs, and a foreign export file: refused before measuring.
    let (status, out) = run(&exe, &["--bench", "--json", j, "--export", "bmf", j]);
    assert_eq!(status, Some(2), "{out}");
    assert!(out.contains("--json and --export bmf both name"), "{out}");
    let theirs = dir.join("theirs.json");
    fs::write(&theirs, "{\"x\":1}").unwrap();
    let t = theirs.to_str().unwrap();
    let (status, out) = run(&exe, &["--bench", "--export", "bmf", t]);
    assert_eq!(status, Some(2), "{out}");
    assert!(!out.contains("test crash::a_done"), "a trial ran: {out}");
    assert_eq!(fs::read_to_string(&theirs).unwrap(), "{\"x\":1}");

    // A report directory with someone else's index.html.
    let report = dir.join("site");
    fs::create_dir_all(&report).unwrap();
    fs::write(report.join("index.html"), "<h1>mine</h1>").unwrap();
    let output = Command::new(&exe)
        .args(["--bench", "crash::a_done", "--exact", "--report"])
        .arg(&report)
        .env("CARGO_TARGET_DIR", target_dir())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{err}");
    assert!(err.contains("was not written by duobench"), "{err}");
    assert_eq!(
        fs::read_to_string(report.join("index.html")).unwrap(),
        "<h1>mine</h1>"
    );
    fs::remove_dir_all(&dir).unwrap();
}
