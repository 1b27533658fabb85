//! Compile-fail and end-to-end tests for duobench.
//!
//! The library is what the end-to-end test files share: running cargo in the user crate
//! `tests/e2e-crate` and reading its output.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The user crate the end-to-end tests run.
fn crate_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("e2e-crate")
}

/// One target directory for every end-to-end run, so the user crate is built once.
pub fn target_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/e2e")
}

/// Runs cargo in the user crate with `env` set (and the variables the tests steer removed
/// first, so the caller's environment cannot leak in).
pub fn cargo_with_env<V: AsRef<OsStr>>(args: &[&str], env: &[(&str, V)]) -> Output {
    let mut command = Command::new(env!("CARGO"));
    command
        .args(args)
        .current_dir(crate_dir())
        .env("CARGO_TARGET_DIR", target_dir())
        .env_remove("RUSTFLAGS")
        .env_remove("E2E_WORK_FACTOR");
    for (key, value) in env {
        command.env(key, value);
    }
    command.output().expect("cargo runs")
}

/// Runs cargo in the user crate.
pub fn cargo(args: &[&str]) -> Output {
    cargo_with_env::<&str>(args, &[])
}

/// Standard output and standard error together, for assertions and failure messages.
pub fn text(output: &Output) -> String {
    format!(
        "{}\n--- stderr ---\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// The libtest line of comparison `name` (`test [diff] name ... ok`); libtest pads names to
/// a common width before ` ... `.
pub fn line_of<'a>(out: &'a str, name: &str) -> &'a str {
    let needle = format!("test [diff] {name} ");
    out.lines()
        .find(|l| l.starts_with(&needle) && l[needle.len()..].trim_start().starts_with("..."))
        .unwrap_or_else(|| panic!("no line for {name} in:\n{out}"))
}

/// The executable of bench target `name` of the user crate, built in release.
pub fn bench_executable(name: &str) -> PathBuf {
    let output = cargo_with_env(
        &[
            "bench",
            "--no-run",
            "--bench",
            name,
            "--message-format",
            "json",
        ],
        &[("CARGO_TERM_QUIET", "true")],
    );
    assert!(output.status.success(), "{}", text(&output));
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|m| m["target"]["name"] == name)
        .find_map(|m| m["executable"].as_str().map(PathBuf::from))
        .expect("cargo names the executable")
}

/// The libtest line of `trial` (of kind `diff` or `bench`) in `out`.
pub fn trial_line<'a>(out: &'a str, kind: &str, trial: &str) -> &'a str {
    out.lines()
        .find(|l| l.starts_with(&format!("test [{kind}] {trial} ")))
        .unwrap_or_else(|| panic!("no line for {trial} in:\n{out}"))
}

/// `cargo bench -q --bench target -- ARGS --json FILE` in the user crate, which must succeed:
/// its output and the JSON document it wrote (`file` under the target directory).
pub fn bench_json(target: &str, file: &str, args: &[&str]) -> (String, serde_json::Value) {
    let json = target_dir().join(file);
    let _ = std::fs::remove_file(&json);
    let json_arg = json.to_str().expect("a UTF-8 path");
    let mut all = vec!["bench", "-q", "--bench", target, "--"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--json", json_arg]);
    let output = cargo(&all);
    let out = text(&output);
    assert!(output.status.success(), "{out}");
    let doc = serde_json::from_slice(&std::fs::read(&json).expect("the JSON file")).unwrap();
    (out, doc)
}

/// Threads that only spin, one per count, until dropped: work beside a run that competes
/// for the cores.
#[derive(Debug)]
pub struct BusyThreads {
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    threads: Vec<std::thread::JoinHandle<()>>,
}

impl BusyThreads {
    /// Starts `count` spinning threads.
    pub fn start(count: usize) -> Self {
        use std::sync::atomic::{AtomicBool, Ordering};
        let stop = std::sync::Arc::new(AtomicBool::new(false));
        let threads = (0..count)
            .map(|_| {
                let stop = std::sync::Arc::clone(&stop);
                std::thread::spawn(move || {
                    let mut x = 1u64;
                    while !stop.load(Ordering::Relaxed) {
                        x = std::hint::black_box(x.rotate_left(7) ^ 0x9E37_79B9);
                    }
                })
            })
            .collect();
        Self { stop, threads }
    }
}

impl Drop for BusyThreads {
    fn drop(&mut self) {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
        for thread in self.threads.drain(..) {
            let _ = thread.join();
        }
    }
}
