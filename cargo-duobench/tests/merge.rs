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

/// The executable of the end-to-end crate's bench target `name`, built in release.
#[cfg(unix)]
fn e2e_bench_executable(name: &str) -> PathBuf {
    let output = Command::new(env!("CARGO"))
        .args([
            "bench",
            "--no-run",
            "--bench",
            name,
            "--message-format",
            "json",
        ])
        .current_dir(workspace().join("tests/e2e-crate"))
        .env("CARGO_TARGET_DIR", workspace().join("target/e2e"))
        .env_remove("RUSTFLAGS")
        .output()
        .expect("cargo runs");
    assert!(output.status.success(), "{output:?}");
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|m| m["target"]["name"] == name)
        .find_map(|m| m["executable"].as_str().map(PathBuf::from))
        .expect("cargo names the executable")
}

#[cfg(unix)]
#[test]
fn a_shard_cut_short_says_so_and_merge_names_it() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let dir = std::env::temp_dir().join(format!("duobench-cut-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let json = dir.join("cut.json");
    // The end-to-end crate's interrupt cases: a quick trial, then a long one that SIGTERM
    // (what a CI runner sends on cancel) stops.
    let mut child = Command::new(e2e_bench_executable("faults"))
        .args([
            "--bench",
            "interrupt::",
            "--format",
            "pretty",
            "--no-report",
            "--json",
        ])
        .arg(&json)
        .env("CARGO_TARGET_DIR", workspace().join("target/e2e"))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let lines = BufReader::new(child.stdout.take().unwrap()).lines();
    for line in lines.map_while(Result::ok) {
        if line.contains("interrupt::a_quick") && line.contains("ok") {
            break;
        }
    }
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert!(Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap()
        .success());
    let _ = child.wait();
    let doc: serde_json::Value = serde_json::from_str(&fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(
        doc["unfinished_targets"],
        serde_json::json!(["faults"]),
        "{doc:#}"
    );
    let merge = |shards: &[&Path]| {
        Command::new(env!("CARGO_BIN_EXE_cargo-duobench"))
            .args(["duobench", "merge"])
            .args(shards)
            .arg("--json")
            .arg(dir.join("merged.json"))
            .output()
            .unwrap()
    };
    let merged = merge(&[&json]);
    let stderr = String::from_utf8_lossy(&merged.stderr);
    assert!(!merged.status.success(), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "shard {} did not finish bench target `faults`",
            json.display()
        )),
        "{stderr}"
    );
    // Control: a shard whose run finished merges without a word of it.
    let mut whole = doc.clone();
    whole["unfinished_targets"] = serde_json::json!([]);
    let whole_path = dir.join("whole.json");
    fs::write(&whole_path, whole.to_string()).unwrap();
    let merged = merge(&[&whole_path]);
    assert!(merged.status.success(), "{merged:?}");
    assert!(!String::from_utf8_lossy(&merged.stderr).contains("did not finish"));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_output_of_merge_leaves_someone_elses_file_byte_for_byte() {
    let dir = std::env::temp_dir().join(format!("duobench-merge-owned-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let shard = dir.join("shard.json");
    let doc = serde_json::json!({
        "schema_version": 1, "mode": "bench", "unfinished_targets": [],
        "trials": [{ "bench_target": "t", "name": "a", "kind": "diff", "verdict": "pass" }]
    });
    fs::write(&shard, doc.to_string()).unwrap();
    let (json, notes, page) = (
        dir.join("out.json"),
        dir.join("notes.md"),
        dir.join("page.html"),
    );
    let merge = || {
        Command::new(env!("CARGO_BIN_EXE_cargo-duobench"))
            .args(["duobench", "merge"])
            .arg(&shard)
            .arg("--json")
            .arg(&json)
            .arg("--markdown")
            .arg(&notes)
            .arg("--html")
            .arg(&page)
            .output()
            .unwrap()
    };
    for (theirs, what) in [
        (&json, "a duobench JSON document"),
        (&notes, "a markdown table written by duobench"),
        (&page, "an HTML page written by duobench"),
    ] {
        let _ = [&json, &notes, &page].map(fs::remove_file);
        fs::write(theirs, "my notes\n").unwrap();
        let output = merge();
        let err = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{err}");
        assert!(
            err.contains(&format!(
                "{}: it exists and is not {what}",
                theirs.display()
            )),
            "{err}"
        );
        assert_eq!(fs::read_to_string(theirs).unwrap(), "my notes\n");
        // Nothing else was written either: a merge writes all its outputs or none.
        for other in [&json, &notes, &page].into_iter().filter(|p| p != &theirs) {
            assert!(!other.exists(), "{} written", other.display());
        }
    }
    // Control: the files merge wrote are its own to replace.
    let _ = [&json, &notes, &page].map(fs::remove_file);
    for _ in 0..2 {
        let output = merge();
        assert!(output.status.success(), "{output:?}");
    }
    assert!(fs::read_to_string(&notes).unwrap().contains("| `t::a` |"));
    fs::remove_dir_all(&dir).unwrap();
}
