//! End to end: counts under Valgrind (`tests/e2e-crate/benches/counts.rs`). A claim on counts
//! is decided exactly (and refuted exactly when false), a routine whose counts move says so
//! and is decided by a t interval, and a branch adding 3% instructions to one routine fails a
//! 1% gate on counts while the unchanged routine passes, the base stored once.
//!
//! Needs Valgrind (`.ci/run` installs it). Without it the test checks the one-line refusal
//! instead, unless `CI` is set, where a missing Valgrind fails it.

mod common;

use common::{cargo_with_env, text};
use std::fs;
use std::path::Path;

fn valgrind_installed() -> bool {
    std::process::Command::new("valgrind")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// `cargo bench --bench counts -- ARGS`, built with 3% more instructions in `grows` when
/// `branch`. One function runs every step in turn: the steps rebuild the same executable,
/// which a counting child re-runs by its path.
fn bench(branch: bool, args: &[&str]) -> (bool, String) {
    let mut all = vec![
        "bench",
        "-q",
        "--bench",
        "counts",
        "--",
        "--no-report",
        "--format",
        "pretty",
    ];
    all.extend_from_slice(args);
    let env: &[(&str, &str)] = if branch {
        &[("E2E_EXTRA_PERCENT", "3")]
    } else {
        &[]
    };
    let output = cargo_with_env(&all, env);
    (output.status.success(), text(&output))
}

/// The libtest word of trial `name` (`ok`, `FAILED`); libtest pads the kind and the name.
fn outcome<'a>(out: &'a str, name: &str) -> &'a str {
    out.lines()
        .filter_map(|l| l.strip_prefix("test ["))
        .filter_map(|l| l.split_once(']').map(|(_, rest)| rest.trim_start()))
        .find(|rest| {
            rest.strip_prefix(name)
                .is_some_and(|r| r.trim_start().starts_with("..."))
        })
        .and_then(|l| l.rsplit(' ').next())
        .unwrap_or_else(|| panic!("no line for {name} in:\n{out}"))
}

#[test]
fn claims_and_gates_on_counts_are_decided_exactly() {
    if !valgrind_installed() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must install Valgrind (.ci/run)"
        );
        let (ok, out) = bench(false, &["half_the_work", "--measure", "cachegrind"]);
        assert!(!ok, "{out}");
        assert!(
            out.contains("error: --measure cachegrind: Valgrind is not installed"),
            "{out}"
        );
        return;
    }
    let dir = std::env::temp_dir().join(format!("duobench-e2e-counts-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let json = dir.join("counts.json");
    let (ok, out) = bench(false, &["--json", json.to_str().unwrap()]);
    // One claim is refuted on purpose.
    assert!(!ok, "{out}");
    assert_eq!(outcome(&out, "half_the_work"), "ok", "{out}");
    assert_eq!(outcome(&out, "refuted_on_purpose"), "FAILED", "{out}");
    assert!(
        out.contains("claim `ratio < 0.6` refuted: ratio 1.99")
            && out.contains("(exact: the same count in each of 2 repeats), counted by Callgrind"),
        "{out}"
    );
    assert!(out.contains("the counts moved between repeats"), "{out}");
    for name in ["grows", "steady", "sorts_inputs"] {
        assert_eq!(outcome(&out, name), "ok", "{out}");
    }
    let doc: serde_json::Value = serde_json::from_str(&fs::read_to_string(&json).unwrap()).unwrap();
    let schema_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/duobench.schema.json");
    let schema: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(schema_path).unwrap()).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator.iter_errors(&doc).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:#?}\n{doc:#}");
    let trial = |name: &str| {
        doc["trials"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["name"] == name)
            .unwrap_or_else(|| panic!("no {name} in {doc:#}"))
            .clone()
    };
    let half = trial("half_the_work");
    assert_eq!(half["counts"]["exact"], true, "{half:#}");
    let ratio = half["ratio"]["estimate"].as_f64().unwrap();
    assert!((0.45..0.55).contains(&ratio), "{half:#}");
    assert_eq!(trial("time_dependent")["counts"]["exact"], false);
    assert_eq!(trial("steady")["counts"]["second"], serde_json::Value::Null);

    // The gate: the base stored once, the branch counted against it.
    let base_dir = dir.join("baselines");
    let base_dir = base_dir.to_str().unwrap();
    let stored = [
        "--save-baseline",
        "main",
        "--store-only",
        "--baseline-dir",
        base_dir,
    ];
    let (ok, out) = bench(false, &stored);
    assert!(ok, "{out}");
    let gate = [
        "grows",
        "steady",
        "--baseline",
        "main",
        "--baseline-dir",
        base_dir,
        "--max-regression",
        "1%",
    ];
    let (ok, out) = bench(true, &gate);
    assert!(!ok, "{out}");
    assert_eq!(outcome(&out, "grows"), "FAILED", "{out}");
    assert_eq!(outcome(&out, "steady"), "ok", "{out}");
    assert!(
        out.contains("claim `ratio <= 1.01` refuted: ratio 1.02"),
        "{out}"
    );
    let _ = fs::remove_dir_all(&dir);
}
