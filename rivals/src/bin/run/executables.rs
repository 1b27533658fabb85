//! Building the five bench targets once, in release, and finding their executables, which
//! the rounds then run directly (no cargo between the runs).

use std::path::{Path, PathBuf};
use std::process::Command;

/// The bench executables, one per tool.
#[derive(Clone, Debug)]
pub struct Executables {
    pub duobench: PathBuf,
    pub criterion: PathBuf,
    pub divan: PathBuf,
    pub tango: PathBuf,
    pub bench_diff: PathBuf,
}

/// Runs `cargo bench --features rivals --no-run` in `crate_dir` and reads the executables from its JSON
/// messages.
pub fn build(crate_dir: &Path) -> Result<Executables, String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let output = Command::new(cargo)
        .args([
            "bench",
            "--features",
            "rivals",
            "--no-run",
            "--message-format=json-render-diagnostics",
        ])
        .current_dir(crate_dir)
        .stderr(std::process::Stdio::inherit())
        .output()
        .map_err(|e| format!("cargo bench --no-run: {e}"))?;
    if !output.status.success() {
        return Err(format!("cargo bench --no-run failed ({})", output.status));
    }
    let messages = String::from_utf8_lossy(&output.stdout);
    let find = |target: &str| bench_executable(&messages, target);
    Ok(Executables {
        duobench: find("duobench")?,
        criterion: find("criterion")?,
        divan: find("divan")?,
        tango: find("tango")?,
        bench_diff: find("bench_diff")?,
    })
}

/// The executable of bench target `target` among cargo's JSON messages.
fn bench_executable(messages: &str, target: &str) -> Result<PathBuf, String> {
    messages
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .find(|m| {
            m["reason"] == "compiler-artifact"
                && m["target"]["name"] == target
                && m["target"]["kind"]
                    .as_array()
                    .is_some_and(|k| k.iter().any(|k| k == "bench"))
        })
        .and_then(|m| m["executable"].as_str().map(PathBuf::from))
        .ok_or_else(|| format!("cargo built no bench executable named {target}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_bench_target_by_name() {
        let messages = r#"{"reason":"compiler-artifact","target":{"name":"divan","kind":["bench"]},"executable":"/t/divan-1"}
{"reason":"compiler-artifact","target":{"name":"rivals","kind":["lib"]},"executable":null}
{"reason":"build-finished","success":true}"#;
        assert_eq!(
            bench_executable(messages, "divan"),
            Ok(PathBuf::from("/t/divan-1"))
        );
        assert!(bench_executable(messages, "rivals").is_err());
        assert!(bench_executable(messages, "tango").is_err());
    }
}
