//! What the end-to-end tests share: `cargo bench` on one of this package's bench files, its
//! output as text, the trials of a `--json` file, and a short run that writes one.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub fn package_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The end-to-end tests' target directory (`tests/src/lib.rs`), so that the dependencies
/// both builds share are built once.
pub fn target_dir() -> PathBuf {
    package_dir().join("../target/e2e")
}

pub fn cargo_bench(bench: &str, harness_args: &[&str]) -> Output {
    let mut args = vec!["bench", "-q", "--bench", bench, "--"];
    args.extend_from_slice(harness_args);
    Command::new(env!("CARGO"))
        .args(&args)
        .current_dir(package_dir())
        .env("CARGO_TARGET_DIR", target_dir())
        .env_remove("RUSTFLAGS")
        .output()
        .expect("cargo runs")
}

pub fn text(output: &Output) -> String {
    format!(
        "{}\n--- stderr ---\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

pub fn trials(json: &Path) -> Vec<Value> {
    let document: Value =
        serde_json::from_slice(&std::fs::read(json).expect("the JSON file")).expect("valid JSON");
    document["trials"]
        .as_array()
        .expect("a trials array")
        .clone()
}

/// A short run of `bench` (a 300 ms budget, no HTML report) with `args` before the budget
/// (filters, `--exact`, `--warmup`), written to `<json_name>.json` in the target directory:
/// its output as text, once the run succeeded, and the trials of its `--json` file.
pub fn short_run(bench: &str, json_name: &str, args: &[&str]) -> (String, Vec<Value>) {
    let json = target_dir().join(format!("{json_name}.json"));
    let json_arg = json.to_str().expect("a UTF-8 path");
    std::fs::create_dir_all(target_dir()).unwrap();
    let mut harness_args = args.to_vec();
    harness_args.extend(["--max-time", "300ms", "--no-report", "--json", json_arg]);
    let run = cargo_bench(bench, &harness_args);
    let out = text(&run);
    assert!(run.status.success(), "{out}");
    let measured = trials(&json);
    (out, measured)
}

/// The trial named `name`, or a failure that shows the run's output `out`.
pub fn trial<'a>(trials: &'a [Value], name: &str, out: &str) -> &'a Value {
    trials
        .iter()
        .find(|t| t["name"] == name)
        .unwrap_or_else(|| panic!("no trial {name} in the JSON: {out}"))
}
