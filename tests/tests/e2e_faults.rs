//! End to end under faults: odd output targets (a symbolic link, a FIFO, a full device), an
//! output location that cannot be written, routines too slow for their budget, duplicate
//! names, and an interrupt in the middle of a run. See docs/RELIABILITY.md.

#![cfg(unix)]

use duobench_tests::{bench_executable, cargo, target_dir, text};
use std::fs;
use std::io::{BufRead, BufReader};
use std::os::unix::fs::{symlink, FileTypeExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// One cargo run at a time: cargo's build lock, or a parallel build, would otherwise count
/// against the timed runs.
fn serial() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    LOCK.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("duobench-faults-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// `cargo <command>` of the one trial `zero_arg` of the `single` target, with `extra`
/// options for it.
fn zero_arg(command: &str, extra: &[&str]) -> Output {
    let mut args = vec![
        command, "-q", "--bench", "single", "--", "zero_arg", "--exact",
    ];
    if command == "test" {
        args.insert(1, "--release");
    }
    args.extend_from_slice(extra);
    cargo(&args)
}

/// A smoke run of `zero_arg` writing its JSON document to `json`.
fn smoke_with_json(json: &Path) -> Output {
    zero_arg("test", &["--json", json.to_str().unwrap()])
}

fn is_json_document(bytes: &[u8]) -> bool {
    serde_json::from_slice::<serde_json::Value>(bytes).is_ok_and(|doc| doc["trials"].is_array())
}

#[test]
fn a_symlink_as_json_target_stays_a_link_and_its_target_gets_the_document() {
    let _serial = serial();
    let dir = scratch("link");
    fs::create_dir_all(dir.join("real")).unwrap();
    symlink("real/results.json", dir.join("link.json")).unwrap();
    // The first run creates the link's target; the second replaces that (our own) document
    // through the link. A foreign file at the target is never replaced (e2e_report's merge
    // tests check that refusal).
    for _ in 0..2 {
        let output = smoke_with_json(&dir.join("link.json"));
        assert!(output.status.success(), "{}", text(&output));
    }
    let link = fs::symlink_metadata(dir.join("link.json")).unwrap();
    assert!(link.file_type().is_symlink(), "the link was replaced");
    assert!(is_json_document(
        &fs::read(dir.join("real/results.json")).unwrap()
    ));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_fifo_as_json_target_is_written_through() {
    let _serial = serial();
    let dir = scratch("fifo");
    let fifo = dir.join("results.pipe");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("skipped: mkfifo is not available here");
        return;
    }
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::read(fifo).unwrap())
    };
    let output = smoke_with_json(&fifo);
    assert!(output.status.success(), "{}", text(&output));
    assert!(is_json_document(&reader.join().unwrap()));
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_full_device_is_reported_in_one_line() {
    let _serial = serial();
    let full = Path::new("/dev/full");
    if !full.exists() {
        eprintln!("skipped: no /dev/full here");
        return;
    }
    let output = smoke_with_json(full);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output));
    let stderr = String::from_utf8_lossy(&output.stderr);
    let line = stderr
        .lines()
        .find(|l| l.starts_with("error: could not write the JSON results to /dev/full"))
        .unwrap_or_else(|| panic!("{}", text(&output)));
    assert!(
        line.ends_with("No space left on device (os error 28)"),
        "{line}"
    );
    assert!(fs::metadata(full).unwrap().file_type().is_char_device());
}

#[test]
fn an_unwritable_output_directory_is_caught_before_measuring() {
    let _serial = serial();
    // Tests may run as root, which permission bits do not stop: a directory under a
    // regular file cannot be made by anyone.
    let dir = scratch("unwritable");
    let file = dir.join("a-file");
    fs::write(&file, "").unwrap();
    let report = file.join("report");
    let output = zero_arg("bench", &["--report", report.to_str().unwrap()]);
    let out = text(&output);
    assert_eq!(output.status.code(), Some(2), "{out}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    let expected = format!(
        "error: cannot write the HTML report to {}: ",
        report.display()
    );
    let line = stderr.lines().find(|l| l.starts_with(&expected));
    assert!(
        line.is_some_and(|l| l.ends_with("nothing was measured")),
        "{out}"
    );
    assert!(!out.contains("test [bench]"), "a trial ran:\n{out}");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn slow_routines_end_within_budget_plus_one_call_and_say_what_they_need() {
    let _serial = serial();
    // Built first, so that only the run is timed.
    let build = cargo(&["bench", "--no-run", "-q", "--bench", "faults"]);
    assert!(build.status.success(), "{}", text(&build));
    for trial in ["slow::single", "slow::pair"] {
        let start = Instant::now();
        let output = cargo(&["bench", "-q", "--bench", "faults", "--", trial, "--exact"]);
        let took = start.elapsed();
        let out = text(&output);
        // 100 ms budget + one 300 ms call, plus cargo's start-up and the timer's
        // measurement on a busy machine; the old behaviour took over 3 s (ten samples).
        assert!(
            took < Duration::from_millis(2_000),
            "{trial} took {took:?}:\n{out}"
        );
        assert!(
            out.contains("is too short for a meaningful result") && out.contains("max_time = \""),
            "{trial}:\n{out}"
        );
    }
}

#[test]
fn the_analysis_of_many_samples_ends_within_the_budget() {
    let _serial = serial();
    let exe = faults_executable();
    let dir = scratch("analysis");
    // The second run also compares with the first's saved samples: two more bootstraps.
    for run in ["first", "compared"] {
        let output = Command::new(&exe)
            .args([
                "--bench",
                "analysis::many_samples",
                "--exact",
                "--no-report",
                // The budget is the claim here: a second run after a slowed first is not.
                "--measure-once",
            ])
            .arg("--baseline-dir")
            .arg(&dir)
            .output()
            .unwrap();
        let out = text(&output);
        assert!(output.status.success(), "{run}: {out}");
        // libtest's time for the run's one trial: sampling, analysis, the baseline saved.
        // 1 s and the 0.1 s promised beyond it, with room for a machine busy on both cores
        // (1.5 s seen); a full bootstrap after a full budget, compared with a baseline, took
        // about 4 s, so the compared run still fails if the analysis leaves the budget.
        let finished = out
            .split("finished in ")
            .nth(1)
            .and_then(|rest| rest.split('s').next())
            .and_then(|secs| secs.parse::<f64>().ok())
            .unwrap_or_else(|| panic!("{run}: no time in:\n{out}"));
        assert!(finished < 2.5, "{run}: took {finished} s:\n{out}");
    }
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn duplicate_names_are_refused_before_anything_runs() {
    let _serial = serial();
    let output = cargo(&["bench", "-q", "--bench", "duplicates"]);
    let out = text(&output);
    assert!(!output.status.success(), "{out}");
    assert!(
        out.contains(
            "two benchmarks are named `dup`: benches/duplicates.rs:6 and benches/duplicates.rs:11"
        ),
        "{out}"
    );
    assert!(!out.contains("test [bench]"), "a trial ran:\n{out}");
}

/// The `faults` bench executable, built by cargo.
fn faults_executable() -> PathBuf {
    bench_executable("faults")
}

#[test]
fn an_interrupt_keeps_the_finished_trials_results() {
    let _serial = serial();
    let exe = faults_executable();
    let dir = scratch("interrupt");
    let json = dir.join("results.json");
    let report = dir.join("report");
    let mut child = Command::new(&exe)
        .args(["--bench", "interrupt::", "--format", "pretty", "--json"])
        .arg(&json)
        .arg("--report")
        .arg(&report)
        .env("CARGO_TARGET_DIR", target_dir())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait until the first trial is done and the long one runs.
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut seen = String::new();
    for line in lines.by_ref() {
        let line = line.unwrap();
        seen.push_str(&line);
        seen.push('\n');
        if line.contains("interrupt::a_quick") && line.contains("ok") {
            break;
        }
    }
    assert!(seen.contains("a_quick"), "{seen}");
    std::thread::sleep(Duration::from_millis(500));
    let pid = child.id().to_string();
    let start = Instant::now();
    assert!(Command::new("kill")
        .args(["-INT", &pid])
        .status()
        .unwrap()
        .success());
    let rest: Vec<String> = lines.map_while(Result::ok).collect();
    let status = child.wait().unwrap();
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
    let out = format!("{seen}{}\n--- stderr ---\n{stderr}", rest.join("\n"));
    // Stopped promptly, not after the 60 s budget of the long trial.
    assert!(start.elapsed() < Duration::from_secs(20), "{out}");
    assert_eq!(status.code(), Some(130), "{out}");
    let doc: serde_json::Value = serde_json::from_slice(&fs::read(&json).unwrap()).unwrap();
    let names: Vec<&str> = doc["trials"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|t| t["name"].as_str())
        .collect();
    assert_eq!(names, ["interrupt::a_quick"], "{out}");
    assert!(report.join("index.html").exists(), "{out}");
    let baselines = target_dir().join("duobench/faults");
    assert!(baselines.join("interrupt.a_quick").is_dir(), "{out}");
    assert!(!baselines.join("interrupt.b_long").exists(), "{out}");
    fs::remove_dir_all(&dir).unwrap();
}
