//! What the end-to-end tests share: `cargo bench` on one of this package's bench files, its
//! output as text, and the trials of a `--json` file.

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
