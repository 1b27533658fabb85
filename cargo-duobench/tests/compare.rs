//! End to end: `cargo duobench compare HEAD~1` on a two-commit repository the test builds
//! in a temporary directory, a crate with one `#[bench]` whose routine the second commit
//! makes 3× slower. The gate fails there, passes once a commit changes nothing the
//! routine runs, and the base revision is built and stored but never measured outside the
//! paired comparison (a second comparison with the same base builds nothing of it).
//!
//! The gate is 50%, not the 5% of the guide's CI recipe: a timed test's margins stay wide
//! for a shared machine. 3× is four times the gate's allowance away from 1.5, and an unchanged
//! routine reads 1 up to the spread between process pairs, which the rounds of fresh pairs
//! put in the interval; on a busy machine that spread reaches several percent, which a 5%
//! gate cannot tell from 1 in a few seconds (it stays inconclusive and fails, as a gate
//! must). The budget leaves room for the rounds' minimum when a loaded machine delays every
//! duo's process wake-ups; a decided comparison stops long before it.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The crate at the first commit; `{STEPS}` is the routine's work.
const BENCH: &str = r#"
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

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The end-to-end tests' shared target directory, so that duobench and its dependencies
/// are built once for all of them.
fn target_dir() -> PathBuf {
    workspace().join("target/e2e")
}

fn git(repo: &Path, args: &[&str]) {
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

fn write_bench(repo: &Path, steps: u64) {
    let text = BENCH.replace("{STEPS}", &steps.to_string());
    fs::write(repo.join("benches/work.rs"), text).unwrap();
}

/// A repository whose first commit runs 2,000 steps and second 6,000, under `name`.
fn fixture(name: &str) -> PathBuf {
    let repo = std::env::temp_dir().join(format!("duobench-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&repo);
    fs::create_dir_all(repo.join("benches")).unwrap();
    let runtime = workspace().join("runtime").canonicalize().unwrap();
    // The end-to-end crate's features and lock file: dependencies already built there are
    // reused.
    fs::write(
        repo.join("Cargo.toml"),
        format!(
            "[package]\nname = \"compare-fixture\"\nversion = \"0.0.0\"\nedition = \"2021\"\n\
             publish = false\n\n[workspace]\n\n[dev-dependencies]\nduobench = {{ path = {:?}, \
             features = [\"tokio\"] }}\n\n[[bench]]\nname = \"work\"\nharness = false\n",
            runtime.display().to_string()
        ),
    )
    .unwrap();
    fs::create_dir_all(repo.join("src")).unwrap();
    fs::write(repo.join("src/lib.rs"), "").unwrap();
    fs::copy(
        workspace().join("tests/e2e-crate/Cargo.lock"),
        repo.join("Cargo.lock"),
    )
    .unwrap();
    fs::write(repo.join(".gitignore"), "target\n").unwrap();
    write_bench(&repo, 2_000);
    git(&repo, &["init", "--quiet"]);
    git(&repo, &["add", "."]);
    git(&repo, &["commit", "--quiet", "-m", "2,000 steps"]);
    write_bench(&repo, 6_000);
    git(
        &repo,
        &["commit", "--quiet", "-am", "6,000 steps: 3x slower"],
    );
    repo
}

fn compare(repo: &Path, extra: &[&str]) -> Output {
    compare_with(repo, "HEAD~1", extra)
}

fn compare_with(repo: &Path, rev: &str, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cargo-duobench"))
        .args(["duobench", "compare", rev, "--max-regression", "50%"])
        // Inside the repository (ignored by git), as the CI recipe keeps it for its cache,
        // so that it goes with the repository at the end.
        .args(["--baseline-dir", "target/base-cache"])
        .args(extra)
        .current_dir(repo)
        // Variables rather than options after `--`, which would also reach the library's
        // libtest harness (it rejects them).
        .env("DUOBENCH_MAX_TIME", "8s")
        .env("DUOBENCH_WARMUP", "100ms")
        .env("DUOBENCH_NO_REPORT", "1")
        .env("CARGO", env!("CARGO"))
        .env("CARGO_TARGET_DIR", target_dir())
        .env_remove("RUSTFLAGS")
        .output()
        .expect("cargo-duobench runs")
}

fn text(output: &Output) -> String {
    format!(
        "{}\n--- stderr ---\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

#[test]
fn a_slower_branch_fails_the_gate_and_an_unchanged_one_passes() {
    let repo = fixture("compare");
    let json = repo.join("compare.json");
    let slower = compare(&repo, &["--json", "compare.json"]);
    let out = text(&slower);
    assert!(!slower.status.success(), "{out}");
    // The base revision was built and stored, not measured.
    assert!(
        out.contains("stored the executable of `work` as baseline `base`")
            && out.contains("nothing measured")
            && out.contains("built and stored in ")
            && out.contains("the paired comparison took "),
        "{out}"
    );
    assert!(out.contains("---- routine ----"), "{out}");
    assert!(out.contains("claim `ratio <= 1.5` refuted"), "{out}");
    let doc: serde_json::Value = serde_json::from_str(&fs::read_to_string(&json).unwrap()).unwrap();
    let trial = &doc["trials"][0];
    assert_eq!(trial["kind"], "versions", "{trial:#}");
    let ratio = trial["ratio"]["estimate"].as_f64().unwrap();
    assert!((2.0..4.5).contains(&ratio), "ratio {ratio}\n{out}");
    assert_eq!(trial["verdict"], "refuted", "{trial:#}");

    // A commit that changes nothing the routine runs: the same base is not built again.
    fs::write(repo.join("NOTES.md"), "nothing that runs\n").unwrap();
    git(&repo, &["add", "NOTES.md"]);
    git(&repo, &["commit", "--quiet", "-m", "notes"]);
    let unchanged = compare(&repo, &[]);
    let out = text(&unchanged);
    // HEAD~1 is now the slower commit, whose executables were not stored yet. Passing means
    // the gate was judged and held: an undecided or unpaired gate fails.
    assert!(unchanged.status.success(), "{out}");
    assert!(out.contains("versions paired"), "{out}");
    assert!(out.contains("claim    ratio <= 1.5: pass"), "{out}");
    let again = compare(&repo, &[]);
    let out = text(&again);
    assert!(again.status.success(), "{out}");
    assert!(out.contains("nothing to build"), "{out}");
    assert!(!out.contains("stored the executable"), "{out}");
    fs::remove_dir_all(&repo).unwrap();
}

#[test]
fn a_revision_that_does_not_exist_is_one_line_and_builds_nothing() {
    let repo = fixture("no-revision");
    let output = compare_with(&repo, "no-such-branch", &[]);
    let out = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{out}");
    let errors: Vec<&str> = out.lines().filter(|l| l.starts_with("error: ")).collect();
    assert_eq!(errors.len(), 1, "{out}");
    assert!(
        errors[0].starts_with("error: `git merge-base no-such-branch HEAD` failed: "),
        "{out}"
    );
    assert!(!out.contains("Compiling"), "{out}");
    fs::remove_dir_all(&repo).unwrap();
}
