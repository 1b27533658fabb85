//! End to end: the claims of `tests/e2e-crate`'s bench target `claims` run under
//! cargo-nextest as two shards (`--partition count:K/2`), each writing its own `--json`
//! file, and `cargo duobench merge` joins them: the same trials as one unsharded run.
//! Skipped, saying so, where cargo-nextest is not installed.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn nextest_installed() -> bool {
    Command::new(env!("CARGO"))
        .args(["nextest", "--version"])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Runs the claims under nextest, one process at a time (each writes the same JSON file),
/// with `partition` if given; the document it left at `json`.
fn nextest(json: &Path, partition: Option<&str>) -> serde_json::Value {
    let mut command = Command::new(env!("CARGO"));
    command
        .args(["nextest", "run", "--release", "--benches", "--no-fail-fast"])
        .args(["-E", "binary(claims)", "--test-threads", "1"])
        .current_dir(workspace().join("tests/e2e-crate"))
        .env("CARGO_TARGET_DIR", workspace().join("target/e2e"))
        .env_remove("RUSTFLAGS")
        .env("DUOBENCH_JSON", json)
        .env("DUOBENCH_MAX_TIME", "2s");
    if let Some(partition) = partition {
        command.args(["--partition", partition]);
    }
    let output = command.output().expect("cargo nextest runs");
    let text = fs::read_to_string(json).unwrap_or_else(|e| {
        panic!(
            "no JSON at {}: {e}\n{}",
            json.display(),
            String::from_utf8_lossy(&output.stderr)
        )
    });
    serde_json::from_str(&text).unwrap()
}

fn trials(doc: &serde_json::Value) -> BTreeSet<(String, String, String)> {
    doc["trials"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            let field = |k: &str| t[k].as_str().unwrap().to_owned();
            (field("bench_target"), field("name"), field("kind"))
        })
        .collect()
}

#[test]
fn two_nextest_shards_merged_give_the_trials_of_one_run() {
    if !nextest_installed() {
        eprintln!("skipped: cargo-nextest is not installed");
        return;
    }
    let dir = std::env::temp_dir().join(format!("duobench-shards-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let whole = nextest(&dir.join("whole.json"), None);
    let first = nextest(&dir.join("shard1.json"), Some("count:1/2"));
    let second = nextest(&dir.join("shard2.json"), Some("count:2/2"));
    assert!(!trials(&first).is_empty() && !trials(&second).is_empty());
    let merged_path = dir.join("merged.json");
    let markdown = dir.join("merged.md");
    let merged = Command::new(env!("CARGO_BIN_EXE_cargo-duobench"))
        .args(["duobench", "merge"])
        .args([dir.join("shard1.json"), dir.join("shard2.json")])
        .arg("--json")
        .arg(&merged_path)
        .arg("--markdown")
        .arg(&markdown)
        .arg("--html")
        .arg(dir.join("merged.html"))
        .output()
        .unwrap();
    assert!(merged.status.success(), "{merged:?}");
    let doc: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&merged_path).unwrap()).unwrap();
    assert_eq!(trials(&doc), trials(&whole));
    let table = fs::read_to_string(&markdown).unwrap();
    for (target, name, _) in trials(&whole) {
        assert!(
            table.contains(&format!("| `{target}::{name}` |")),
            "{table}"
        );
    }
    let html = fs::read_to_string(dir.join("merged.html")).unwrap();
    for (target, name, _) in trials(&whole) {
        assert!(
            html.contains(&format!("<tr><td>{target}::{name}</td>")),
            "{html}"
        );
    }
    // The same shard twice overlaps: refused in one line.
    let overlap = Command::new(env!("CARGO_BIN_EXE_cargo-duobench"))
        .args(["duobench", "merge"])
        .args([dir.join("shard1.json"), dir.join("shard1.json")])
        .arg("--json")
        .arg(dir.join("overlap.json"))
        .output()
        .unwrap();
    assert!(!overlap.status.success());
    assert!(String::from_utf8_lossy(&overlap.stderr).contains("the shards overlap"));
    fs::remove_dir_all(&dir).unwrap();
}
