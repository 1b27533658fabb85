//! A user's repository for the end-to-end tests of `cargo duobench`: built in a temporary
//! directory, committed with git, depending on duobench by path, and sharing the end-to-end
//! target directory so that duobench and its dependencies are built once for all tests.

// Each test file uses a different subset of these helpers.
#![allow(dead_code)]

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A `#[bench]` whose routine runs `{STEPS}` steps of arithmetic.
pub const WORK: &str = r#"
use duobench::{bench, black_box, Bencher};

const STEPS: u64 = {STEPS};

#[bench]
fn routine(b: &mut Bencher) {
    b.iter(|| {
        let mut x = black_box(1u64);
        for _ in 0..STEPS {
            x = black_box(x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1));
        }
        x
    });
}

fn main() {
    duobench::main()
}
"#;

/// The workspace of this repository.
pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The end-to-end tests' shared target directory.
pub fn target_dir() -> PathBuf {
    workspace().join("target/e2e")
}

/// Runs git in `repo`, asserting that it succeeds.
pub fn git(repo: &Path, args: &[&str]) {
    let status = Command::new("git")
        .args([
            "-c",
            "user.name=duobench",
            "-c",
            "user.email=duobench@example.com",
        ])
        .args(args)
        .current_dir(repo)
        .output()
        .expect("git runs");
    assert!(status.status.success(), "git {args:?}: {status:?}");
}

/// The bench file of `WORK` at `steps`.
pub fn work(steps: u64) -> String {
    WORK.replace("{STEPS}", &steps.to_string())
}

/// A fresh directory for test `name`, inside a parent of its own (so that something can sit
/// beside the repository).
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("duobench-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes a crate at `repo` with one `[[bench]]` per name in `benches` (each file given),
/// `extra_deps` added to its dev-dependencies, and commits it as `message`.
pub fn init_crate(repo: &Path, benches: &[(&str, String)], extra_deps: &str, message: &str) {
    fs::create_dir_all(repo.join("benches")).unwrap();
    write_crate(repo, benches, extra_deps);
    fs::create_dir_all(repo.join("src")).unwrap();
    fs::write(repo.join("src/lib.rs"), "").unwrap();
    // The end-to-end crate's lock file: dependencies already built there are reused.
    fs::copy(
        workspace().join("tests/e2e-crate/Cargo.lock"),
        repo.join("Cargo.lock"),
    )
    .unwrap();
    fs::write(repo.join(".gitignore"), "target\n").unwrap();
    git(repo, &["init", "--quiet"]);
    commit_all(repo, message);
}

/// Writes the manifest and bench files of `repo`. Each test's crate has a name of its own:
/// tests run at once and share one target directory, and Cargo's fingerprints do not name a
/// package's directory, so two crates of one name could take each other's artifacts.
pub fn write_crate(repo: &Path, benches: &[(&str, String)], extra_deps: &str) {
    let runtime = workspace().join("runtime").canonicalize().unwrap();
    let test = repo
        .parent()
        .and_then(Path::file_name)
        .map_or_else(|| "fixture".into(), |n| n.to_string_lossy().into_owned());
    let mut manifest = format!(
        "[package]\nname = \"fixture-{test}\"\nversion = \"0.0.0\"\nedition = \"2021\"\n\
         publish = false\n\n[workspace]\n\n[dev-dependencies]\nduobench = {{ path = {:?}, \
         features = [\"tokio\"] }}\n{extra_deps}\n",
        runtime.display().to_string()
    );
    for (name, text) in benches {
        manifest.push_str(&format!(
            "\n[[bench]]\nname = \"{name}\"\nharness = false\n"
        ));
        fs::write(repo.join(format!("benches/{name}.rs")), text).unwrap();
    }
    fs::write(repo.join("Cargo.toml"), manifest).unwrap();
}

/// Commits everything in `repo`.
pub fn commit_all(repo: &Path, message: &str) {
    git(repo, &["add", "-A"]);
    git(repo, &["commit", "--quiet", "-m", message]);
}

/// `cargo duobench compare REV --max-regression 50%` in `dir` with `extra` options.
pub fn compare_in(dir: &Path, rev: &str, extra: &[&str]) -> Output {
    compare_command(dir, rev, extra)
        .output()
        .expect("cargo-duobench runs")
}

/// The command of [`compare_in`], to start it in the background or change its variables.
pub fn compare_command(dir: &Path, rev: &str, extra: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_cargo-duobench"));
    command
        .args(["duobench", "compare", rev, "--max-regression", "50%"])
        .args(extra)
        .current_dir(dir)
        // Variables rather than options after `--`, which would also reach the library's
        // libtest harness (it rejects them).
        .env("DUOBENCH_MAX_TIME", "8s")
        .env("DUOBENCH_WARMUP", "100ms")
        .env("DUOBENCH_NO_REPORT", "1")
        .env("CARGO", env!("CARGO"))
        .env("CARGO_TARGET_DIR", target_dir())
        .env_remove("RUSTFLAGS");
    command
}

/// Standard output and standard error together, for assertions and failure messages.
pub fn text(output: &Output) -> String {
    format!(
        "{}\n--- stderr ---\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// The trials of the JSON document at `path`.
pub fn trials(path: &Path) -> Vec<serde_json::Value> {
    let doc: serde_json::Value = serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap();
    doc["trials"].as_array().cloned().unwrap_or_default()
}
