//! End to end: a run that ends inside a trial (a routine that calls `exit`, or aborts)
//! leaves the results of the trials finished before it on disk, names the trial at once
//! where it can (in the `--json` document too), and the next run of the target names it
//! too; a routine that never returns ends the run a grace after the interrupt. See
//! docs/RELIABILITY.md.

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

fn document(json: &Path) -> serde_json::Value {
    serde_json::from_slice(&fs::read(json).unwrap()).unwrap()
}

fn trial_names(json: &Path) -> Vec<String> {
    document(json)["trials"]
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
    // The document says what ended the run, for `cargo duobench compare` and `merge`.
    let doc = document(&json);
    assert_eq!(
        doc["exited_in"],
        serde_json::json!({ "faults": "crash::b_exits" })
    );
    assert_eq!(doc["unfinished_targets"], serde_json::json!(["faults"]));

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
    // A finished run of the target clears the mark.
    assert_eq!(document(&json).get("exited_in"), None);

    // `exit(0)` inside a trial does not pass the run where the system passes the status to
    // the exit's handler (glibc); elsewhere it keeps the status it was given.
    let (output, out) = run(&exe, &["crash::d_exits_zero", "--exact"], &json);
    let gnu = cfg!(all(target_os = "linux", target_env = "gnu"));
    assert_eq!(output.status.code(), Some(if gnu { 1 } else { 0 }), "{out}");
    assert!(
        out.contains("error: the process exited inside trial `crash::d_exits_zero`"),
        "{out}"
    );
    assert_eq!(
        document(&json)["exited_in"],
        serde_json::json!({ "faults": "crash::d_exits_zero" })
    );
    assert_eq!(trial_names(&json), ["crash::a_done"], "{out}");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_routine_that_never_returns_ends_the_run_a_grace_after_the_interrupt() {
    use std::io::Read;
    use std::time::{Duration, Instant};
    let exe = bench_executable("faults");
    let dir = std::env::temp_dir().join(format!("duobench-stuck-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let json = dir.join("results.json");
    let mut child = Command::new(&exe)
        .args([
            "--bench",
            "crash::e_never_returns",
            "--exact",
            "--no-report",
        ])
        .arg("--json")
        .arg(&json)
        .env("CARGO_TARGET_DIR", target_dir())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // The run's marker names the trial once its routine runs.
    let marker = target_dir()
        .join("duobench/running")
        .join(format!("faults.{}", child.id()));
    let waited = Instant::now();
    while !fs::read_to_string(&marker).is_ok_and(|m| m.contains("crash::e_never_returns")) {
        assert!(
            waited.elapsed() < Duration::from_secs(60),
            "the trial never started"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    std::thread::sleep(Duration::from_millis(300));
    let interrupted = Instant::now();
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if interrupted.elapsed() > Duration::from_secs(30) {
            let _ = child.kill();
            panic!("the run went on 30 s after the interrupt");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let took = interrupted.elapsed();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert_eq!(status.code(), Some(130), "{err}");
    assert!(
        err.contains(
            "error: trial `crash::e_never_returns` did not stop within 5 s of the interrupt"
        ),
        "{err}"
    );
    // Not before the grace, and not long after it (a wide margin for a busy machine).
    assert!(
        took >= Duration::from_secs(5) && took < Duration::from_secs(20),
        "{took:?}"
    );
    assert!(
        !marker.exists(),
        "the run's marker is removed: it named its trial itself"
    );
    fs::remove_dir_all(&dir).unwrap();
}
