//! End to end: counts under Valgrind (`tests/e2e-crate/benches/counts.rs`). A claim on counts
//! is decided exactly (and refuted exactly when false), a routine whose counts move says so
//! and is decided by a t interval, and a 1% gate on counts against a base stored once passes
//! unchanged code and fails a branch adding 3% instructions to one routine, exactly, and one
//! adding an allocation to another (counted by duobench's allocator in both builds).
//!
//! Needs Valgrind (`.ci/run` installs it). Without it the test checks the one-line refusal
//! instead, unless `CI` is set, where a missing Valgrind fails it.

use duobench_tests::{cargo_with_env, text};
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
    let doc = valid_document(&json);
    let half = trial(&doc, "half_the_work");
    assert_eq!(half["counts"]["exact"], true, "{half:#}");
    let ratio = half["ratio"]["estimate"].as_f64().unwrap();
    assert!((0.45..0.55).contains(&ratio), "{half:#}");
    assert_eq!(half["duos_per_block"], serde_json::Value::Null, "{half:#}");
    assert_eq!(trial(&doc, "time_dependent")["counts"]["exact"], false);
    assert_eq!(
        trial(&doc, "steady")["counts"]["second"],
        serde_json::Value::Null
    );

    // The gate: the base stored once, then this build and the branch counted against it.
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
    let gate_json = dir.join("gate.json");
    let gate = [
        "grows",
        "steady",
        "allocates",
        "--baseline",
        "main",
        "--baseline-dir",
        base_dir,
        "--max-regression",
        "1%",
        "--json",
        gate_json.to_str().unwrap(),
    ];
    // Unchanged code passes, exactly: the same counts in both builds.
    let (ok, out) = bench(false, &gate);
    assert!(ok, "{out}");
    let doc = valid_document(&gate_json);
    // Allocations too: each build reads its own counts (the base's executable in a child
    // that prints them), without Valgrind.
    for name in ["grows", "steady", "allocates"] {
        let t = trial(&doc, name);
        assert_eq!(t["kind"], "versions", "{t:#}");
        assert_eq!(t["ratio"]["estimate"], 1.0, "{t:#}");
        assert_eq!(t["counts"]["exact"], true, "{t:#}");
    }
    assert!(
        out.contains("counted by duobench's counting allocator")
            && out.contains("  versions paired: this build (new) counted with the same trial")
            && !out.contains("in duos with the same trial"),
        "{out}"
    );
    // The branch (3% more instructions in `grows`) fails the 1% gate, exactly; `steady` passes.
    let (ok, out) = bench(true, &gate);
    assert!(!ok, "{out}");
    assert_eq!(outcome(&out, "grows"), "FAILED", "{out}");
    assert_eq!(outcome(&out, "steady"), "ok", "{out}");
    // A gate's outcome in the gate's word, as over rounds: `regressed`, not `refuted`.
    assert!(
        out.contains("gate max regression 1% regressed: ratio 1.02")
            && out.contains("  gate     max regression 1%: regressed")
            && out.contains("(exact: the same count in each of 2 repeats)"),
        "{out}"
    );
    let doc = valid_document(&gate_json);
    let grows = trial(&doc, "grows");
    assert_eq!(grows["verdict"], "refuted", "{grows:#}");
    assert_eq!(grows["gate"]["outcome"], "regressed", "{grows:#}");
    assert_eq!(grows["gate"]["decided_by"], "counts", "{grows:#}");
    let ratio = grows["ratio"]["estimate"].as_f64().unwrap();
    assert!((1.025..1.035).contains(&ratio), "{grows:#}");
    assert_eq!(grows["ratio"]["interval"]["low"], ratio, "{grows:#}");
    assert_eq!(trial(&doc, "steady")["verdict"], "pass");
    // An allocation more is twice the count, exactly.
    assert_eq!(outcome(&out, "allocates"), "FAILED", "{out}");
    let allocates = trial(&doc, "allocates");
    assert_eq!(allocates["gate"]["outcome"], "regressed", "{allocates:#}");
    assert_eq!(allocates["gate"]["decided_by"], "counts", "{allocates:#}");
    assert_eq!(allocates["ratio"]["estimate"], 2.0, "{allocates:#}");

    let _ = fs::remove_dir_all(&dir);
}

/// The `--json` document at `path`, checked against `docs/duobench.schema.json`.
fn valid_document(path: &Path) -> serde_json::Value {
    let doc: serde_json::Value = serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap();
    let schema_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/duobench.schema.json");
    let schema: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(schema_path).unwrap()).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator.iter_errors(&doc).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:#?}\n{doc:#}");
    doc
}

/// The trial named `name` in `doc`.
fn trial(doc: &serde_json::Value, name: &str) -> serde_json::Value {
    doc["trials"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == name)
        .unwrap_or_else(|| panic!("no {name} in {doc:#}"))
        .clone()
}
