//! End to end: the benchmark doctor in the user crate (`tests/e2e-crate/benches/doctor.rs`):
//! work optimized away and memory that grows (in a `#[bench]` and in a comparison) are
//! flagged, their look-alikes are not, `--no-doctor` silences it, and an unoptimized build
//! is flagged.

use duobench_tests::{bench_json, cargo, text};
use serde_json::Value;
use std::sync::OnceLock;

/// A short `cargo bench` of the doctor target writing `--json`, with `extra` options.
fn bench_run(file: &str, extra: &[&str]) -> (String, Value) {
    let mut args = vec!["--warmup", "50ms", "--max-time", "400ms", "--no-report"];
    args.extend_from_slice(extra);
    bench_json("doctor", file, &args)
}

fn default_run() -> &'static (String, Value) {
    static RUN: OnceLock<(String, Value)> = OnceLock::new();
    RUN.get_or_init(|| bench_run("doctor.json", &[]))
}

/// The checks the doctor gave trial `name`.
fn checks_of(doc: &Value, name: &str) -> Vec<String> {
    let trial = doc["trials"]
        .as_array()
        .and_then(|t| t.iter().find(|t| t["name"] == name))
        .unwrap_or_else(|| panic!("no trial {name} in {doc}"));
    trial["doctor"]
        .as_array()
        .expect("a doctor array")
        .iter()
        .map(|w| w["check"].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn work_optimized_away_is_flagged_and_real_work_is_not() {
    let (out, doc) = default_run();
    assert!(
        checks_of(doc, "constant").contains(&"optimized_away".to_owned()),
        "{out}"
    );
    assert!(
        !checks_of(doc, "real_work").contains(&"optimized_away".to_owned()),
        "{out}"
    );
    let line = out
        .lines()
        .find(|l| l.starts_with("warning (doctor, optimized_away): constant: "))
        .unwrap_or_else(|| panic!("no terminal warning in:\n{out}"));
    assert!(
        line.contains("What to do: ") && line.contains("black_box"),
        "{line}"
    );
}

#[test]
fn memory_kept_from_every_call_is_flagged_and_memory_given_back_is_not() {
    let (out, doc) = default_run();
    assert!(
        checks_of(doc, "leaks").contains(&"memory_grows".to_owned()),
        "{out}"
    );
    assert!(
        !checks_of(doc, "frees").contains(&"memory_grows".to_owned()),
        "{out}"
    );
    // In a comparison too: the resident set is read while the duos run.
    assert!(
        checks_of(doc, "leaks_in_comparison").contains(&"memory_grows".to_owned()),
        "{out}"
    );
    assert!(
        !checks_of(doc, "frees_in_comparison").contains(&"memory_grows".to_owned()),
        "{out}"
    );
}

#[test]
fn a_comparison_that_allocates_nothing_has_no_memory_warning_and_one_that_keeps_some_has() {
    // `--calibrate` runs the whole budget: 20 s of duos of a short routine, over a hundred
    // thousand of them even on a loaded machine, whose per-duo records the harness keeps
    // (40 bytes a duo, over 1 MiB in the second half, growing as steadily as a leak: flagged
    // before they were left out of the readings); they are not the routines' memory.
    let (out, doc) = bench_run(
        "doctor-aa.json",
        &["--calibrate", "--max-time", "20s", "sums_against_itself"],
    );
    let aa = checks_of(&doc, "sums_against_itself");
    assert!(!aa.contains(&"memory_grows".to_owned()), "{out}");
    assert!(!aa.contains(&"optimized_away".to_owned()), "{out}");
    // A routine that keeps one byte a call in the same loop is still flagged.
    let (out, doc) = bench_run(
        "doctor-keeps.json",
        &[
            "--calibrate",
            "--max-time",
            "2s",
            "sums_keeping_a_byte_per_call",
        ],
    );
    assert!(
        checks_of(&doc, "sums_keeping_a_byte_per_call").contains(&"memory_grows".to_owned()),
        "{out}"
    );
}

#[test]
fn two_constant_routines_in_a_comparison_are_flagged() {
    let (out, doc) = default_run();
    assert!(
        checks_of(doc, "constants_compared").contains(&"optimized_away".to_owned()),
        "{out}"
    );
}

#[test]
fn no_doctor_silences_every_output() {
    let (out, doc) = bench_run("doctor-silenced.json", &["--no-doctor", "constant"]);
    assert!(!out.contains("warning (doctor"), "{out}");
    assert_eq!(checks_of(&doc, "constant"), Vec::<String>::new());
    assert_eq!(doc["doctor"], Value::Array(Vec::new()));
}

#[test]
fn an_unoptimized_build_is_flagged_and_an_optimized_one_is_not() {
    let (out, _) = default_run();
    assert!(!out.contains("(doctor, debug_build)"), "{out}");
    // Debug assertions in duobench only: the other dependencies stay built as they are.
    let output = cargo(&[
        "test",
        "--release",
        "--config",
        "profile.release.package.duobench.debug-assertions=true",
        "-q",
        "--bench",
        "doctor",
        "--",
        "constant",
    ]);
    let out = text(&output);
    assert!(output.status.success(), "{out}");
    assert!(
        out.contains("warning (doctor, debug_build): this is an unoptimized build"),
        "{out}"
    );
}
