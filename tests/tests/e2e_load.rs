//! End to end: the doctor's `heavy_load` judges a trial by what competed for the CPU during
//! the trial itself. A one-minute load average that still holds work that ended before the
//! run (a build) is no warning; busy threads beside the trial are. Its own test binary, so
//! that the load it makes touches no other test's run.

#![cfg(target_os = "linux")]

use duobench_tests::{bench_json, BusyThreads};
use serde_json::Value;
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// The share of a trial's time past which the doctor speaks (`HEAVY_LOAD_SHARE`).
const HEAVY_LOAD_SHARE: f64 = 0.10;

fn cores() -> usize {
    thread::available_parallelism().map_or(1, usize::from)
}

/// The one-minute load average now.
fn load_1min() -> f64 {
    let text = std::fs::read_to_string("/proc/loadavg").expect("Linux has /proc/loadavg");
    text.split_whitespace()
        .next()
        .and_then(|f| f.parse().ok())
        .expect("a number first")
}

/// Raises the one-minute load average above the cores, as a build does, and stops: processes
/// that spin at the lowest priority count as runnable in the average while they take little
/// from anyone else.
fn load_average_above_the_cores() {
    let spin = || -> Child {
        Command::new("nice")
            .args(["-n", "19", "sh", "-c", "while :; do :; done"])
            .stdin(Stdio::null())
            .spawn()
            .expect("nice and sh run")
    };
    let mut spinners: Vec<Child> = (0..8 * cores()).map(|_| spin()).collect();
    let target = cores() as f64 + 0.5;
    let deadline = Instant::now() + Duration::from_secs(90);
    while load_1min() <= target && Instant::now() < deadline {
        thread::sleep(Duration::from_millis(250));
    }
    for spinner in &mut spinners {
        let _ = spinner.kill();
        let _ = spinner.wait();
    }
    assert!(
        load_1min() > target,
        "the load average stayed at {} on {} cores",
        load_1min(),
        cores()
    );
}

/// A short `cargo bench` of the quiet pair `sums_against_itself`, with its JSON document.
fn quiet_pair(file: &str) -> (String, Value) {
    let args = [
        "--warmup",
        "50ms",
        "--max-time",
        "1s",
        "--no-report",
        "--exact",
        "sums_against_itself",
    ];
    bench_json("doctor", file, &args)
}

fn checks(warnings: &Value) -> Vec<&str> {
    warnings
        .as_array()
        .expect("a doctor array")
        .iter()
        .map(|w| w["check"].as_str().unwrap())
        .collect()
}

/// The trial's own figures: the share of its time its thread waited for a core, and the
/// hypervisor's steal.
fn competed(trial: &Value) -> (f64, f64) {
    let os = &trial["os"];
    let wait = os["run_queue_wait_ns"]
        .as_f64()
        .unwrap_or_else(|| panic!("Linux counts the wait: {os}"));
    let wall = os["wall_ns"].as_f64().expect("the trial's time");
    (wait / wall, os["steal_share"].as_f64().unwrap_or(0.0))
}

/// One test, the quiet run first: the busy threads of the second part would load it.
#[test]
fn load_is_judged_over_the_trials_own_time() {
    // Right after a build, the machine idle again: the load average still holds the build.
    load_average_above_the_cores();
    let (out, doc) = quiet_pair("load-after-build.json");
    assert!(
        load_1min() > cores() as f64,
        "the load average fell during the run; nothing was tested"
    );
    // No warning about the run from the load average...
    assert!(!checks(&doc["doctor"]).contains(&"heavy_load"), "{out}");
    // ...and the trial's own warning follows its own figures only (other people's work on
    // a shared machine may truly compete with it).
    let trial = &doc["trials"][0];
    let (wait, steal) = competed(trial);
    let flagged = checks(&trial["doctor"]).contains(&"heavy_load");
    assert_eq!(
        flagged,
        wait > HEAVY_LOAD_SHARE || steal > HEAVY_LOAD_SHARE,
        "waited {wait}, steal {steal}:\n{out}"
    );

    // Busy threads beside the trial, twice as many as the cores: the measuring thread waits
    // for a core about half the time, and the trial is flagged.
    // A trial of a few tens of milliseconds can end inside the scheduler's first slices
    // before the spinners take their share: up to three tries for one that waited.
    let spinners = BusyThreads::start(2 * cores());
    thread::sleep(Duration::from_millis(100));
    let (out, doc, wait) = (0..3)
        .map(|_| {
            let (out, doc) = quiet_pair("load-beside-busy-threads.json");
            let (wait, _) = competed(&doc["trials"][0]);
            (out, doc, wait)
        })
        .find(|(_, _, wait)| *wait > HEAVY_LOAD_SHARE)
        .unwrap_or_else(|| panic!("three trials beside busy threads never waited for a core"));
    drop(spinners);
    let trial = &doc["trials"][0];
    assert!(wait > HEAVY_LOAD_SHARE, "waited {wait}:\n{out}");
    assert!(checks(&trial["doctor"]).contains(&"heavy_load"), "{out}");
    let line = out
        .lines()
        .find(|l| l.starts_with("warning (doctor, heavy_load): sums_against_itself: "))
        .unwrap_or_else(|| panic!("no terminal warning in:\n{out}"));
    assert!(line.contains("waited for a core for"), "{line}");
}
