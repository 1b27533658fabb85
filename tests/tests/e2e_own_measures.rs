//! End to end: measurements of the user's own, the bench target `own_measures` of the user
//! crate (`tests/e2e-crate/benches/own_measures.rs`). Its routines count the steps they take,
//! so every figure is known exactly: claims on two routines whose counts are 2× apart pass
//! or are refuted as claimed, in test and bench mode, in duos or exactly; a `#[bench]` of a
//! count saves and compares its baseline, kept under the measurement's name; and readings
//! that are no positive number, or a measurement that panics, fail their own trial with a
//! message that names the measurement while the others run.

use duobench_tests::{cargo, cargo_with_env, target_dir, text};
use std::path::{Path, PathBuf};

/// `ok`, `FAILED` or `ignored` from the libtest line of trial `name`.
fn outcome_of<'a>(out: &'a str, kind: &str, name: &str) -> &'a str {
    let prefix = format!("test [{kind}] ");
    out.lines()
        .filter_map(|l| l.strip_prefix(&prefix))
        .find(|rest| {
            rest.trim_start()
                .strip_prefix(name)
                .is_some_and(|r| r.trim_start().starts_with("..."))
        })
        .and_then(|l| l.rsplit(' ').next())
        .unwrap_or_else(|| panic!("no line for {name} in:\n{out}"))
}

/// The failure message libtest prints for trial `name`.
fn failure_of<'a>(out: &'a str, name: &str) -> &'a str {
    out.split(&format!("---- {name} ----\n"))
        .nth(1)
        .and_then(|rest| rest.lines().next())
        .unwrap_or_else(|| panic!("no failure for {name} in:\n{out}"))
}

/// The terminal block of trial `heading` (`[diff] name`).
fn block<'a>(out: &'a str, heading: &str) -> &'a str {
    out.split("\n\n")
        .find(|b| b.trim_start().starts_with(&format!("{heading}\n")))
        .unwrap_or_else(|| panic!("no block {heading} in:\n{out}"))
}

fn claims_and_bad_input_hold(out: &str) {
    assert_eq!(outcome_of(out, "diff", "half_the_steps"), "ok", "{out}");
    assert_eq!(outcome_of(out, "diff", "refuted_steps"), "FAILED", "{out}");
    assert!(
        failure_of(out, "refuted_steps").starts_with("claim `ratio > 0.9` refuted: ratio 0.5000"),
        "{out}"
    );
    assert_eq!(
        outcome_of(out, "diff", "exact_half_the_steps"),
        "ok",
        "{out}"
    );
    assert!(
        block(out, "[diff] exact_half_the_steps")
            .contains("ratio    0.5000 (exact: the same count in each of 2 repeats), counted by the measurement ExactSteps"),
        "{out}"
    );
    for (kind, name, measure, what) in [
        (
            "diff",
            "reads_nan",
            "not_a_number",
            "read NaN for a batch of",
        ),
        (
            "bench",
            "reads_zero",
            "always_zero",
            "read 0 for a batch of",
        ),
        (
            "bench",
            "reads_negative",
            "negative",
            "read -5 for a batch of",
        ),
        (
            "bench",
            "panics_in_start",
            "panicking",
            "panicked in `start`: ",
        ),
    ] {
        assert_eq!(outcome_of(out, kind, name), "FAILED", "{out}");
        let message = failure_of(out, name);
        assert!(
            message.starts_with(&format!("measurement `{measure}` {what}")),
            "{message}\n{out}"
        );
    }
    // The bad measurements fail alone: the trials after them ran.
    assert_eq!(outcome_of(out, "bench", "sampled_steps"), "ok", "{out}");
    assert!(out.contains("5 failed"), "{out}");
}

#[test]
fn claims_on_a_measurement_of_ones_own_are_judged_in_test_mode_and_bad_readings_fail_alone() {
    let output = cargo(&[
        "test",
        "--release",
        "--bench",
        "own_measures",
        "-q",
        "--",
        "--format",
        "pretty",
    ]);
    let out = text(&output);
    assert!(!output.status.success(), "{out}");
    claims_and_bad_input_hold(&out);
}

/// `cargo bench --bench own_measures` with a short budget and the baselines in `dir`; the
/// HTML report only when `extra` asks for it.
fn bench(dir: &Path, json: &Path, extra: &[&str], env: &[(&str, &str)]) -> String {
    let report = extra.contains(&"--report");
    let mut args = vec![
        "bench",
        "-q",
        "--bench",
        "own_measures",
        "--",
        "--baseline-dir",
        dir.to_str().unwrap(),
        "--warmup",
        "50ms",
        "--max-time",
        "300ms",
        "--json",
        json.to_str().unwrap(),
    ];
    if !report {
        args.push("--no-report");
    }
    args.extend_from_slice(extra);
    text(&cargo_with_env(&args, env))
}

fn scratch(name: &str) -> PathBuf {
    let dir = target_dir().join(format!("own-measures-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Trial `name` of the `--json` document `json`, which must meet the published schema.
fn trial(json: &Path, name: &str) -> serde_json::Value {
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(json).expect("the JSON file")).unwrap();
    let schema_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/duobench.schema.json");
    let schema: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(schema_path).unwrap()).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator.iter_errors(&doc).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:#?}\n{doc:#}");
    doc["trials"]
        .as_array()
        .and_then(|t| t.iter().find(|t| t["name"] == name).cloned())
        .unwrap_or_else(|| panic!("no {name} in {doc}"))
}

#[test]
fn in_bench_mode_claims_are_judged_and_baselines_are_kept_and_compared_per_measurement() {
    let dir = scratch("bench");
    let json = dir.join("run.json");
    let (html, markdown) = (dir.join("report"), dir.join("table.md"));
    let out = bench(
        &dir,
        &json,
        &[
            "--report",
            html.to_str().unwrap(),
            "--export",
            "markdown",
            markdown.to_str().unwrap(),
        ],
        &[],
    );
    claims_and_bad_input_hold(&out);
    // The exports and the report show the measurement's own units.
    let table = std::fs::read_to_string(&markdown).expect("the markdown table");
    assert!(table.contains("300 steps"), "{table}");
    let pages: String = std::fs::read_dir(&html)
        .unwrap()
        .filter_map(|e| std::fs::read_to_string(e.unwrap().path()).ok())
        .collect();
    assert!(
        pages.contains("300 steps"),
        "no figure in steps in the report"
    );
    assert!(
        pages.contains("Steps per iteration in a sample"),
        "no axis of the measurement"
    );
    let diff = trial(&json, "half_the_steps");
    assert_eq!(
        (&diff["measure"], &diff["unit"]),
        (&"Steps".into(), &"steps".into())
    );
    assert_eq!(diff["ratio"]["means"]["first_ns"], 100.0, "{diff}");
    let exact = trial(&json, "exact_half_the_steps");
    assert_eq!(exact["counts"]["exact"], true, "{exact}");
    assert_eq!(exact["counts"]["under_valgrind"], false, "{exact}");
    assert_eq!(exact["ratio"]["estimate"], 0.5, "{exact}");
    // Kept under the measurement's name, beside none of wall time's.
    let trial_dir = dir.join("own_measures/counted_steps");
    let files: Vec<String> = std::fs::read_dir(&trial_dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        files.iter().any(|f| f.ends_with("@ExactSteps.json")),
        "{files:?}"
    );
    // The same counts again: no change; twice the steps: a regression, against the numbers
    // kept for the measurement.
    let same = bench(&dir, &json, &["counted_steps", "sampled_steps"], &[]);
    for name in ["counted_steps", "sampled_steps"] {
        let t = trial(&json, name);
        assert_eq!(t["baseline"]["status"], "compared", "{same}");
        assert_eq!(t["baseline"]["change"]["verdict"], "no_change", "{same}");
    }
    let doubled = bench(
        &dir,
        &json,
        &["counted_steps", "sampled_steps"],
        &[("OWN_STEPS_FACTOR", "2")],
    );
    for name in ["counted_steps", "sampled_steps"] {
        let t = trial(&json, name);
        assert_eq!(t["baseline"]["change"]["verdict"], "regressed", "{doubled}");
        assert_eq!(t["slope_ns"]["estimate"], 600.0, "{doubled}");
    }
    assert!(
        block(&doubled, "[bench] counted_steps").contains("vs previous run (300 steps): regressed"),
        "{doubled}"
    );
}
