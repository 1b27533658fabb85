//! End to end: whether an output file is ours is decided before anything is measured. An
//! empty file (`mktemp`) takes the document; a `cargo test` run leaves a `cargo bench`
//! document alone; a foreign file, or one file named for two outputs, stops the run at once.
//! See docs/RELIABILITY.md.

#![cfg(unix)]

use duobench_tests::{bench_executable, target_dir, text};
use std::ffi::OsStr;
use std::fs;
use std::path::Path;
use std::process::Command;

/// Runs the `faults` target's quick trial `crash::a_done` with `args`; (status, output).
fn run<S: AsRef<OsStr>>(exe: &Path, args: &[S]) -> (Option<i32>, String) {
    let output = Command::new(exe)
        .args(args)
        .args(["crash::a_done", "--exact"])
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
    let (status, out) = run(&exe, &["--bench", "--no-report", "--json", j]);
    assert_eq!(status, Some(0), "{out}");
    let bench_doc = fs::read_to_string(&json).unwrap();
    assert!(bench_doc.contains("\"mode\": \"bench\""), "{bench_doc}");

    // A test run does not replace the bench document, and says so before running anything.
    let (status, out) = run(&exe, &["--no-report", "--json", j]);
    assert_eq!(status, Some(2), "{out}");
    assert!(out.contains("holds `cargo bench` results"), "{out}");
    assert!(out.contains("nothing was measured"), "{out}");
    assert!(!out.contains("test crash::a_done"), "a trial ran: {out}");
    assert_eq!(fs::read_to_string(&json).unwrap(), bench_doc);

    // One file for two outputs, and a foreign export file: refused before measuring.
    let (status, out) = run(
        &exe,
        &["--bench", "--no-report", "--json", j, "--export", "bmf", j],
    );
    assert_eq!(status, Some(2), "{out}");
    assert!(out.contains("--json and --export bmf both name"), "{out}");
    let theirs = dir.join("theirs.json");
    fs::write(&theirs, "{\"x\":1}").unwrap();
    let t = theirs.to_str().unwrap();
    let (status, out) = run(&exe, &["--bench", "--no-report", "--export", "bmf", t]);
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
    assert!(
        err.contains("index.html: it exists and is not an HTML page"),
        "{err}"
    );
    assert_eq!(
        fs::read_to_string(report.join("index.html")).unwrap(),
        "<h1>mine</h1>"
    );
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_output_leaves_someone_elses_file_byte_for_byte_and_says_so() {
    let exe = bench_executable("faults");
    let bench = |args: &[&OsStr]| run(&exe, &[&[OsStr::new("--bench")], args].concat());
    let dir = std::env::temp_dir().join(format!("duobench-foreign-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let theirs = dir.join("theirs");
    let no_report = OsStr::new("--no-report");
    // The file outputs, each refused before anything is measured: status 2, one line naming
    // the file and what it is not.
    for (option, format, what) in [
        ("--json", None, "a duobench JSON document"),
        ("--export", Some("bmf"), "a Bencher Metric Format object"),
        (
            "--export",
            Some("github"),
            "a github-action-benchmark array",
        ),
        (
            "--export",
            Some("markdown"),
            "a markdown table written by duobench",
        ),
    ] {
        for text in ["{\"mine\": 1}\n", "# my notes\n"] {
            fs::write(&theirs, text).unwrap();
            let mut args = vec![no_report, OsStr::new(option)];
            args.extend(format.map(OsStr::new));
            args.push(theirs.as_os_str());
            let (status, out) = bench(&args);
            assert_eq!(status, Some(2), "{option} {format:?}: {out}");
            assert!(
                out.contains(&format!(
                    "{}: it exists and is not {what}",
                    theirs.display()
                )),
                "{out}"
            );
            assert!(out.contains("nothing was measured"), "{out}");
            assert_eq!(
                fs::read_to_string(&theirs).unwrap(),
                text,
                "{option} {format:?}"
            );
        }
    }

    // The report: another page of the user's in the directory is left alone by a run that
    // writes its own pages; a page of the user's named as the run's target page stops it.
    let site = dir.join("site");
    fs::create_dir_all(&site).unwrap();
    fs::write(site.join("other.html"), "<p>mine</p>").unwrap();
    let (status, out) = bench(&[OsStr::new("--report"), site.as_os_str()]);
    assert_eq!(status, Some(0), "{out}");
    assert_eq!(
        fs::read_to_string(site.join("other.html")).unwrap(),
        "<p>mine</p>"
    );
    assert!(site.join("faults.html").exists() && site.join("index.html").exists());
    // The pages it wrote are its own the next time.
    let (status, out) = bench(&[OsStr::new("--report"), site.as_os_str()]);
    assert_eq!(status, Some(0), "{out}");
    fs::write(site.join("faults.html"), "<p>mine too</p>").unwrap();
    let (status, out) = bench(&[OsStr::new("--report"), site.as_os_str()]);
    assert_eq!(status, Some(2), "{out}");
    assert!(
        out.contains("faults.html: it exists and is not an HTML page"),
        "{out}"
    );
    assert_eq!(
        fs::read_to_string(site.join("faults.html")).unwrap(),
        "<p>mine too</p>"
    );

    // A baseline file of someone else's is not replaced: the trial fails naming it.
    let baselines = dir.join("baselines");
    let saved = baselines.join("faults/crash.a_done/main.json");
    fs::create_dir_all(saved.parent().unwrap()).unwrap();
    fs::write(&saved, "# my notes\n").unwrap();
    let args = [
        no_report,
        OsStr::new("--baseline-dir"),
        baselines.as_os_str(),
        OsStr::new("--save-baseline"),
        OsStr::new("main"),
    ];
    let (status, out) = bench(&args);
    assert_eq!(status, Some(101), "{out}");
    assert!(out.contains(&saved.display().to_string()), "{out}");
    assert_eq!(fs::read_to_string(&saved).unwrap(), "# my notes\n");
    fs::remove_dir_all(&dir).unwrap();
}
