//! End to end: `cargo duobench compare` on repositories the tests build in temporary
//! directories, crates whose `#[bench]` routine a later commit makes 3× slower.
//!
//! The gate is 50%, not the 5% of the guide's CI recipe: a timed test's margins stay wide
//! for a shared machine. 3× is four times the gate's allowance away from 1.5, and an unchanged
//! routine reads 1 up to the spread between process pairs, which the rounds of fresh pairs
//! carry into the decision.

mod common;

use common::*;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Stdio;

/// A repository whose first commit (tagged `v1`) runs 2,000 steps and second 6,000.
fn fixture(name: &str) -> PathBuf {
    let repo = scratch(name).join("repo");
    init_crate(&repo, &[("work", work(2_000))], "", "2,000 steps");
    git(&repo, &["tag", "v1"]);
    fs::write(repo.join("benches/work.rs"), work(6_000)).unwrap();
    commit_all(&repo, "6,000 steps: 3x slower");
    repo
}

fn compare(repo: &Path, extra: &[&str]) -> std::process::Output {
    let mut all = vec!["--baseline-dir", "target/base-cache"];
    all.extend_from_slice(extra);
    compare_in(repo, "HEAD~1", &all)
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
    assert!(out.contains("gate max regression 50% regressed"), "{out}");
    let trial = &trials(&json)[0];
    assert_eq!(trial["kind"], "versions", "{trial:#}");
    let ratio = trial["ratio"]["estimate"].as_f64().unwrap();
    assert!((2.0..4.5).contains(&ratio), "ratio {ratio}\n{out}");
    assert_eq!(trial["verdict"], "refuted", "{trial:#}");
    assert_eq!(trial["gate"]["outcome"], "regressed", "{trial:#}");

    // A commit that changes nothing the routine runs: the same base is not built again.
    fs::write(repo.join("NOTES.md"), "nothing that runs\n").unwrap();
    commit_all(&repo, "notes");
    let unchanged = compare(&repo, &[]);
    let out = text(&unchanged);
    // HEAD~1 is now the slower commit, whose executables were not stored yet. Passing means
    // the gate was judged and held: an undecided or unpaired gate fails.
    assert!(unchanged.status.success(), "{out}");
    assert!(out.contains("versions paired"), "{out}");
    assert!(out.contains("gate     max regression 50%: pass"), "{out}");
    let again = compare(&repo, &[]);
    let out = text(&again);
    assert!(again.status.success(), "{out}");
    assert!(out.contains("nothing to build"), "{out}");
    assert!(!out.contains("stored the executable"), "{out}");

    // Stored executables deleted behind the stamp's back: built again, not "nothing to
    // build" followed by a failure to pair.
    let stored = repo.join("target/base-cache/work/@executables");
    fs::remove_dir_all(&stored).unwrap();
    let rebuilt = compare(&repo, &[]);
    let out = text(&rebuilt);
    assert!(rebuilt.status.success(), "{out}");
    assert!(!out.contains("nothing to build"), "{out}");
    assert!(out.contains("stored the executable of `work`"), "{out}");
    outputs_that_are_no_regular_file_or_not_ours(&repo);
    fs::remove_dir_all(repo.parent().unwrap()).unwrap();
}

/// The passing comparison of `repo` with its `--json` to `/dev/null` and to a FIFO, which
/// are written through and never read back as its results; and with someone else's file as
/// `--json` or `--export`, which is left byte for byte and fails the comparison.
fn outputs_that_are_no_regular_file_or_not_ours(repo: &Path) {
    let null = compare(repo, &["--json", "/dev/null"]);
    let out = text(&null);
    assert!(null.status.success(), "{out}");
    assert!(!out.contains("wrote no result"), "{out}");

    let fifo = repo.join("results.pipe");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if made.is_ok_and(|s| s.success()) {
        // Bounded, so that a comparison that never writes cannot hold the test for ever.
        let reader = std::process::Command::new("timeout")
            .arg("300")
            .arg("cat")
            .arg(&fifo)
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let piped = compare(repo, &["--json", "results.pipe"]);
        let out = text(&piped);
        assert!(piped.status.success(), "{out}");
        let read = reader.wait_with_output().unwrap();
        let doc: serde_json::Value = serde_json::from_slice(&read.stdout).unwrap();
        assert_eq!(doc["trials"][0]["name"], "routine", "{doc:#}");
        fs::remove_file(&fifo).unwrap();
    }

    fs::write(repo.join("notes.json"), "{\"mine\": 1}\n").unwrap();
    let theirs = compare(repo, &["--json", "notes.json"]);
    let out = text(&theirs);
    assert!(!theirs.status.success(), "{out}");
    assert!(
        out.contains("notes.json: it exists and is not a duobench JSON document"),
        "{out}"
    );
    assert!(
        !out.contains("comparing the working tree"),
        "refused before anything: {out}"
    );
    assert_eq!(
        fs::read_to_string(repo.join("notes.json")).unwrap(),
        "{\"mine\": 1}\n"
    );

    fs::write(repo.join("notes.md"), "# my notes\n").unwrap();
    let theirs = compare(repo, &["--export", "markdown", "notes.md"]);
    let out = text(&theirs);
    assert!(!theirs.status.success(), "{out}");
    assert!(
        out.contains("notes.md: it exists and is not a markdown table"),
        "{out}"
    );
    assert_eq!(
        fs::read_to_string(repo.join("notes.md")).unwrap(),
        "# my notes\n"
    );
}

#[test]
fn two_comparisons_started_together_each_pair_with_their_own_base() {
    // `compare v1` (the 3x slower branch against the first commit: must fail) and `compare
    // HEAD` (the branch against itself: must pass), started together in one repository.
    let repo = fixture("together");
    let start = |rev: &str| {
        compare_command(&repo, rev, &[])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("cargo-duobench starts")
    };
    let (first, second) = (start("v1"), start("HEAD"));
    let (first, second) = (
        first.wait_with_output().unwrap(),
        second.wait_with_output().unwrap(),
    );
    assert!(!first.status.success(), "{}", text(&first));
    assert!(text(&first).contains("regressed"), "{}", text(&first));
    assert!(second.status.success(), "{}", text(&second));
    // The cache is right afterwards: `compare v1` again builds nothing and still fails.
    let again = compare_in(&repo, "v1", &[]);
    let out = text(&again);
    assert!(out.contains("nothing to build"), "{out}");
    assert!(!again.status.success(), "{out}");
    assert!(out.contains("regressed"), "{out}");
    fs::remove_dir_all(repo.parent().unwrap()).unwrap();
}

/// A bench file whose process aborts when it compares (never when the base is stored).
const ABORTS_WHEN_COMPARING: &str = r#"
use duobench::bench;

#[bench]
fn never_measured() -> u64 {
    duobench::black_box(1)
}

fn main() {
    if std::env::var_os("DUOBENCH_BASELINE").is_some() {
        std::process::abort();
    }
    duobench::main()
}
"#;

/// A refuted claim that runs before the other targets (cargo runs them in name order).
const REFUTED_CLAIM: &str = r#"
use duobench::{bench_diff, black_box};

#[bench_diff(vs = cheap, ratio < 0.5, max_time = "2s")]
fn costly() -> u64 {
    (0..black_box(20_000u64)).fold(0, |a, b| a ^ b.wrapping_mul(3))
}

fn cheap() -> u64 {
    (0..black_box(2_000u64)).fold(0, |a, b| a ^ b.wrapping_mul(3))
}

fn main() {
    duobench::main()
}
"#;

#[test]
fn every_target_is_measured_and_what_was_not_fails_the_job() {
    // The base has `aaa_claims` (a refuted claim, run first), `crash` (fine when stored,
    // aborts when comparing) and `work`; the branch makes `work` 3x slower and adds `fresh`.
    let repo = scratch("targets").join("repo");
    let benches = |steps: u64| {
        vec![
            ("aaa_claims", REFUTED_CLAIM.to_owned()),
            ("crash", ABORTS_WHEN_COMPARING.to_owned()),
            ("work", work(steps)),
        ]
    };
    init_crate(&repo, &benches(2_000), "", "three targets");
    let mut branch = benches(6_000);
    branch.push((
        "fresh",
        work(2_000).replace("fn routine", "fn fresh_routine"),
    ));
    write_crate(&repo, &branch, "");
    commit_all(&repo, "work 3x slower, and a new target");
    let output = compare_in(&repo, "HEAD~1", &["--json", "out.json"]);
    let out = text(&output);
    assert!(!output.status.success(), "{out}");
    let trials = trials(&repo.join("out.json"));
    let find = |name: &str| {
        trials
            .iter()
            .find(|t| t["name"] == name)
            .unwrap_or_else(|| panic!("no trial {name}:\n{out}"))
    };
    // The regression was looked at although a target before it failed.
    assert_eq!(find("routine")["gate"]["outcome"], "regressed", "{out}");
    assert_eq!(find("costly")["verdict"], "refuted", "{out}");
    // The new target is unpaired and new, not failed.
    assert_eq!(find("fresh_routine")["verdict"], "new", "{out}");
    assert!(out.contains("new since"), "{out}");
    // The aborted target's trial was not measured, and the summary says so.
    assert!(
        out.contains("1 selected trial was not measured")
            && out.contains("crash::never_measured: its bench target wrote no result"),
        "{out}"
    );
    fs::remove_dir_all(repo.parent().unwrap()).unwrap();
}

#[test]
fn a_path_dependency_outside_the_repository_resolves_in_the_base() {
    // What `cargo add --path ../helper` writes: a dependency beside the repository.
    let parent = scratch("path-dep");
    let helper = parent.join("helper");
    fs::create_dir_all(helper.join("src")).unwrap();
    fs::write(
        helper.join("Cargo.toml"),
        "[package]\nname = \"helper\"\nversion = \"0.0.0\"\nedition = \"2021\"\n\n[workspace]\n",
    )
    .unwrap();
    fs::write(
        helper.join("src/lib.rs"),
        "pub fn steps() -> u64 { 1_000 }\n",
    )
    .unwrap();
    let repo = parent.join("repo");
    let bench = work(0).replace(
        "const STEPS: u64 = 0;",
        "const STEPS: u64 = 1_000;\nconst _HELPER: fn() -> u64 = helper::steps;",
    );
    init_crate(
        &repo,
        &[("work", bench.clone())],
        "helper = { path = \"../helper\" }",
        "uses ../helper",
    );
    fs::write(repo.join("NOTES.md"), "nothing that runs\n").unwrap();
    commit_all(&repo, "notes");
    let output = compare_in(&repo, "HEAD~1", &[]);
    let out = text(&output);
    assert!(output.status.success(), "{out}");
    assert!(out.contains("checked out beside it"), "{out}");
    assert!(out.contains("gate     max regression 50%: pass"), "{out}");
    fs::remove_dir_all(&parent).unwrap();
}

#[test]
fn a_revision_that_does_not_exist_is_one_line_and_builds_nothing() {
    let repo = fixture("no-revision");
    let output = compare_in(&repo, "no-such-branch", &[]);
    let out = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{out}");
    let errors: Vec<&str> = out.lines().filter(|l| l.starts_with("error: ")).collect();
    assert_eq!(errors.len(), 1, "{out}");
    assert!(
        errors[0].starts_with("error: `git merge-base no-such-branch HEAD` failed"),
        "{out}"
    );
    assert!(!out.contains("Compiling"), "{out}");
    // A gate of 5 (5% or 500%?) is refused before anything is built, with both readings.
    let output = common::compare_command(&repo, "HEAD~1", &[])
        .args(["--max-regression", "5"])
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{out}");
    assert!(out.contains("ambiguous") && out.contains("`5%`"), "{out}");
    assert!(!out.contains("Compiling"), "{out}");
    fs::remove_dir_all(repo.parent().unwrap()).unwrap();
}
