//! End to end: a run that ends inside a trial (a routine that calls `exit`, or aborts)
//! leaves the results of the trials finished before it on disk, names the trial at once
//! where it can, and the next run of the target names it too. See docs/RELIABILITY.md.

#![cfg(unix)]

use duobench_tests::{bench_executable, target_dir, text};
use std::fs;
use std::path::Path;
use std::process::{Command, Output};

fn run(exe: &Path, args: &[&str], json: &Path) -> (Output, String) {
    let output = Command::new(exe)
        .arg("--bench")
        .args(args)
        .arg("--no-report")
        .arg("--json")
        .arg(json)
        .env("CARGO_TARGET_DIR", target_dir())
        .output()
        .unwrap();
    let text = text(&output);
    (output, text)
}

fn trial_names(json: &Path) -> Vec<String> {
    let doc: serde_json::Value = serde_json::from_slice(&fs::read(json).unwrap()).unwrap();
    doc["trials"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|t| t["name"].as_str().map(str::to_owned))
        .collect()
}

#[test]
fn an_exit_or_an_abort_inside_a_trial_keeps_the_finished_trials_and_is_named() {
    let exe = bench_executable("faults");
    let dir = std::env::temp_dir().join(format!("duobench-crash-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let json = dir.join("results.json");

    // `a_done` finishes, then `b_exits` calls exit(3): the run ends with the routine's status.
    let (output, out) = run(&exe, &["crash::"], &json);
    assert_eq!(output.status.code(), Some(3), "{out}");
    assert_eq!(trial_names(&json), ["crash::a_done"], "{out}");
    assert!(
        out.contains("error: the process exited inside trial `crash::b_exits`"),
        "{out}"
    );

    // An abort runs no handler: the finished trials stay, and the next run names the trial.
    let (output, out) = run(&exe, &["crash::c_aborts", "--exact"], &json);
    assert!(!output.status.success(), "{out}");
    assert!(
        out.contains("ended inside trial `crash::b_exits`"),
        "the run after the exit names its trial: {out}"
    );
    assert_eq!(trial_names(&json), ["crash::a_done"], "{out}");
    let (output, out) = run(&exe, &["crash::a_done", "--exact"], &json);
    assert!(output.status.success(), "{out}");
    assert!(
        out.contains("ended inside trial `crash::c_aborts`"),
        "{out}"
    );
    assert!(!out.contains("crash::b_exits"), "reported once: {out}");
    fs::remove_dir_all(&dir).unwrap();
}
