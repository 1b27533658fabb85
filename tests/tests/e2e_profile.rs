//! End to end for `--profile-time`: the one selected routine runs in its loop for the time
//! asked, under `cargo bench`, and the run writes no file — no JSON, no report, no baseline,
//! not even their directories. A filter that selects several trials is refused in one line.

use duobench_tests::{cargo, cargo_with_env, target_dir, text};
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// One cargo run at a time: a build beside a timed run would stretch it.
fn serial() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    LOCK.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// An empty directory to point every output at, so that anything written shows up in it.
fn scratch(name: &str) -> PathBuf {
    let dir = target_dir().join("profile-scratch").join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `trial` of `bench` with `--profile-time 2s` and every output inside `dir`; the
/// harness's own run time (the build is done first, so cargo only starts it).
fn profile(bench: &str, trial: &str, dir: &Path) -> (std::process::Output, Duration) {
    let built = cargo(&["bench", "-q", "--no-run", "--bench", bench]);
    assert!(built.status.success(), "{}", text(&built));
    let path = |name: &str| dir.join(name).to_str().unwrap().to_owned();
    let (json, report, baselines) = (path("out.json"), path("report"), path("baselines"));
    let args = [
        "bench",
        "-q",
        "--bench",
        bench,
        "--",
        trial,
        "--exact",
        "--profile-time",
        "2s",
        "--json",
        &json,
        "--report",
        &report,
        "--baseline-dir",
        &baselines,
    ];
    let start = Instant::now();
    let output = cargo_with_env(&args, &[] as &[(&str, &str)]);
    (output, start.elapsed())
}

/// Profiles `trial`; `unjudged` is the judgement it carries, which a profile (measuring
/// nothing) must fail as not judged rather than pass.
fn assert_profiled(bench: &str, trial: &str, unjudged: Option<&str>) {
    let _serial = serial();
    let dir = scratch(trial);
    let (output, took) = profile(bench, trial, &dir);
    let out = text(&output);
    match unjudged {
        None => {
            assert!(output.status.success(), "{out}");
            assert!(out.contains(&format!("] {trial} ... ok")), "{out}");
        }
        Some(judgement) => {
            assert!(!output.status.success(), "{out}");
            assert!(out.contains(&format!("] {trial} ... FAILED")), "{out}");
            assert!(
                out.contains(&format!(
                    "{judgement} not judged: --profile-time (DUOBENCH_PROFILE_TIME) ran the \
                     routines in their loop without measuring them"
                )),
                "{out}"
            );
        }
    }
    assert!(
        !out.contains("duobench results"),
        "nothing is analysed:\n{out}"
    );
    assert!(took >= Duration::from_secs(2), "ran {took:?}:\n{out}");
    // Wide margin for a busy machine and cargo's own start.
    assert!(took < Duration::from_secs(60), "ran {took:?}:\n{out}");
    let written: Vec<_> = fs::read_dir(&dir).unwrap().collect();
    assert!(written.is_empty(), "wrote {written:?}:\n{out}");
}

#[test]
fn a_bench_routine_runs_for_the_profile_time_and_nothing_is_written() {
    assert_profiled("single", "zero_arg", None);
}

#[test]
fn a_comparison_runs_both_routines_for_the_profile_time_and_nothing_is_written() {
    assert_profiled("claims", "same_work", Some("claim `ratio in 0.67..=1.5`"));
}

#[test]
fn a_filter_that_selects_several_trials_is_refused() {
    let _serial = serial();
    let output = cargo(&[
        "bench",
        "-q",
        "--bench",
        "single",
        "--",
        "sort",
        "--profile-time",
        "1s",
    ]);
    let out = text(&output);
    assert_eq!(output.status.code(), Some(2), "{out}");
    assert!(
        out.contains(
            "error: --profile-time runs one benchmark, and the filter selects 2 (sort/10, \
             sort/1000)"
        ),
        "{out}"
    );
}
