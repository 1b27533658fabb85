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
        out.contains("stored the executable of `work` as baseline `merge-base`")
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

/// A `#[bench]` measured by a measurement of the user's own: the steps its routine says it
/// took, `{STEPS}` of them a call.
const OWN_MEASUREMENT: &str = r#"
use duobench::measurement::{Kind, Measurement, Throughput, ValueFormatter};
use duobench::{bench, black_box, Bencher};
use std::sync::atomic::{AtomicU64, Ordering};

static STEPS: AtomicU64 = AtomicU64::new(0);

struct Steps;

impl Measurement for Steps {
    type Intermediate = u64;
    type Value = u64;
    fn start(&self) -> u64 { STEPS.load(Ordering::Relaxed) }
    fn end(&self, before: u64) -> u64 { STEPS.load(Ordering::Relaxed) - before }
    fn add(&self, a: &u64, b: &u64) -> u64 { a + b }
    fn zero(&self) -> u64 { 0 }
    fn to_f64(&self, steps: &u64) -> f64 { *steps as f64 }
    fn formatter(&self) -> &dyn ValueFormatter { self }
    fn kind(&self) -> Kind { Kind::Count }
}

impl ValueFormatter for Steps {
    fn scale_values(&self, _: f64, _: &mut [f64]) -> &'static str { "steps" }
    fn scale_throughputs(&self, _: f64, _: &Throughput, _: &mut [f64]) -> &'static str { "steps" }
    fn scale_for_machines(&self, _: &mut [f64]) -> &'static str { "steps" }
}

#[bench(measure = Steps)]
fn stepped(b: &mut Bencher) {
    b.iter(|| {
        let mut x = black_box(1u64);
        for _ in 0..{STEPS} {
            x = black_box(x.wrapping_add(3));
        }
        STEPS.fetch_add({STEPS}, Ordering::Relaxed);
        x
    });
}

fn main() {
    duobench::main()
}
"#;

#[test]
fn compare_gates_on_a_measurement_of_ones_own() {
    // 100 steps a call in `v1`, 300 in the branch: 3x the count regresses the 50% gate,
    // judged on the measurement in both builds' processes; the branch against itself passes.
    let repo = scratch("own-measure").join("repo");
    let steps = |n: u64| OWN_MEASUREMENT.replace("{STEPS}", &n.to_string());
    init_crate(&repo, &[("stepped", steps(100))], "", "100 steps");
    git(&repo, &["tag", "v1"]);
    fs::write(repo.join("benches/stepped.rs"), steps(300)).unwrap();
    commit_all(&repo, "300 steps");
    let json = repo.join("compare.json");
    let slower = compare_in(&repo, "v1", &["--json", "compare.json"]);
    let out = text(&slower);
    assert!(!slower.status.success(), "{out}");
    assert!(out.contains("gate max regression 50% regressed"), "{out}");
    let trial = &trials(&json)[0];
    assert_eq!(trial["kind"], "versions", "{trial:#}");
    assert_eq!(
        (&trial["measure"], &trial["unit"]),
        (&"Steps".into(), &"steps".into())
    );
    let ratio = trial["ratio"]["estimate"].as_f64().unwrap();
    // Each side's process adds back its own clock's cost to a batch's count and this one
    // subtracts its own: what they differ by is left in every batch, a few parts in 10,000.
    assert!((ratio / 3.0 - 1.0).abs() < 0.01, "ratio {ratio}\n{out}");
    assert_eq!(trial["gate"]["outcome"], "regressed", "{trial:#}");
    let unchanged = compare_in(&repo, "HEAD", &[]);
    let out = text(&unchanged);
    assert!(unchanged.status.success(), "{out}");
    assert!(out.contains("gate     max regression 50%: pass"), "{out}");
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

/// Checks that do not stop a test at the first that fails: each fail-open path is tried,
/// and every one that let a regression through is named at the end.
#[derive(Default)]
struct Checks(Vec<String>);

impl Checks {
    fn check(&mut self, holds: bool, what: &str, out: &str) {
        if !holds {
            self.0.push(format!("FAILED: {what}\n{out}"));
        }
    }

    fn finish(self) {
        assert!(self.0.is_empty(), "{}", self.0.join("\n\n"));
    }
}

/// The base of the fail-closed tests: 2,000 steps, or 6,000 (the branch's) when its build
/// has `FIXTURE_SLOW` (from a cargo configuration's `[env]`, which rebuilds this crate
/// alone where a rustflag would rebuild all of duobench's dependencies); its serving
/// processes exit at once when the run has `FIXTURE_BROKEN_BASE`, so it cannot be paired.
fn base_work() -> String {
    work(0)
        .replace(
            "const STEPS: u64 = 0;",
            "const STEPS: u64 = if option_env!(\"FIXTURE_SLOW\").is_some() { 6_000 } else { 2_000 };",
        )
        .replace(
            "fn main() {\n",
            "fn main() {\n    if std::env::var_os(\"FIXTURE_BROKEN_BASE\").is_some()\n        \
             && std::env::var(\"DUOBENCH_SERVE_SIDE\").as_deref() == Ok(\"old\")\n    {\n        \
             std::process::exit(3);\n    }\n",
        )
}

/// A repository whose base (tag `v1`) is [`base_work`] and whose branch (HEAD) runs 6,000
/// steps: 3x slower than the base as its revision builds.
fn fail_closed_fixture(name: &str) -> PathBuf {
    let repo = scratch(name).join("repo");
    init_crate(
        &repo,
        &[("work", base_work())],
        "",
        "2,000 steps, or 6,000 if FIXTURE_SLOW",
    );
    git(&repo, &["tag", "v1"]);
    fs::write(repo.join("benches/work.rs"), work(6_000)).unwrap();
    commit_all(&repo, "6,000 steps: 3x slower");
    repo
}

/// `compare v1` (gated at 50%) in `repo` with `extra` options and `env` added.
fn compare_v1(repo: &Path, extra: &[&str], env: &[(&str, &str)]) -> (bool, String) {
    let mut all = vec!["--baseline-dir", "target/base-cache"];
    all.extend_from_slice(extra);
    let output = compare_command(repo, "v1", &all)
        .envs(env.iter().copied())
        .output()
        .expect("cargo-duobench runs");
    (output.status.success(), text(&output))
}

#[test]
fn no_variable_option_filter_or_rename_turns_a_regression_green() {
    let repo = fail_closed_fixture("fail-closed");
    let mut checks = Checks::default();

    // A filter that selects nothing to gate (a typo) fails, naming the filter.
    let (passed, out) = compare_v1(&repo, &["--bench", "work", "--", "wrok"], &[]);
    checks.check(
        !passed
            && out.contains(
                "error: nothing to gate: the filter `--bench work -- wrok` selects no #[bench]",
            ),
        "a filter that selects nothing fails, naming it",
        &out,
    );

    // A variable that runs trials without judging them is refused before anything is built.
    let (passed, out) = compare_v1(&repo, &[], &[("DUOBENCH_CALIBRATE", "1")]);
    checks.check(
        !passed
            && out.contains("error: DUOBENCH_CALIBRATE runs trials without judging them")
            && !out.contains("Compiling"),
        "DUOBENCH_CALIBRATE=1 is refused",
        &out,
    );
    // The option after `--` is refused by the harness beside the gate.
    let (passed, out) = compare_v1(&repo, &["--bench", "work", "--", "--calibrate"], &[]);
    checks.check(
        !passed
            && out.contains(
                "--calibrate (DUOBENCH_CALIBRATE) measures each comparison's first routine \
                 against itself and judges nothing, so it cannot run with a gate",
            ),
        "--calibrate is refused beside the gate",
        &out,
    );

    // A rename: the old name is listed and fails the gate; `--allow-removed` lets it go.
    fs::write(
        repo.join("benches/work.rs"),
        work(6_000).replace("fn routine", "fn renamed_routine"),
    )
    .unwrap();
    let (passed, out) = compare_v1(&repo, &[], &[]);
    checks.check(
        !passed
            && out.contains("not compared, so not gated (--allow-removed lets them go):")
            && out.contains(
                "  work::routine: the working tree has no trial of this name (removed or \
                 renamed)",
            ),
        "a renamed trial fails the gate, naming the old name",
        &out,
    );
    let (passed, out) = compare_v1(&repo, &["--allow-removed"], &[]);
    checks.check(
        passed && out.contains("work::routine: the working tree has no trial"),
        "--allow-removed lets the renamed trial go and still names it",
        &out,
    );
    git(&repo, &["checkout", "--", "benches/work.rs"]);

    // A base that cannot be paired, under --allow-unpaired, twice: the second run compares
    // with nothing (the base is stored, not measured), never with the first run's numbers.
    let broken = [("FIXTURE_BROKEN_BASE", "1"), ("DUOBENCH_MAX_TIME", "1s")];
    let (first, _) = compare_v1(&repo, &["--allow-unpaired"], &broken);
    let (second, out) = compare_v1(&repo, &["--allow-unpaired"], &broken);
    checks.check(
        first
            && second
            && out.contains(
                "nothing compared: baseline `merge-base` has no numbers saved for this trial; \
                 max regression 50% not judged, passed with a warning",
            )
            && out.contains("duobench: 1 unpaired (nothing compared)")
            && !out.contains("vs baseline"),
        "--allow-unpaired says it compared nothing",
        &out,
    );
    checks.finish();
    fs::remove_dir_all(repo.parent().unwrap()).unwrap();
}

/// The base's worktree: the repository's other git worktree.
fn base_worktree(repo: &Path) -> PathBuf {
    let list = std::process::Command::new("git")
        .args(["worktree", "list", "--porcelain"])
        .current_dir(repo)
        .output()
        .unwrap();
    let repo = repo.canonicalize().unwrap();
    String::from_utf8_lossy(&list.stdout)
        .lines()
        .filter_map(|line| line.strip_prefix("worktree "))
        .map(PathBuf::from)
        .find(|path| path.canonicalize().ok().as_ref() != Some(&repo))
        .expect("the base has a worktree")
}

#[test]
fn the_base_is_built_as_its_revision_builds() {
    let repo = fail_closed_fixture("as-it-builds");
    let parent = repo.parent().unwrap().to_owned();
    let slow = "[env]\nFIXTURE_SLOW = \"1\"\n";
    let mut checks = Checks::default();

    // A configuration above the repository applies to both builds: the same work, a pass.
    fs::create_dir_all(parent.join(".cargo")).unwrap();
    fs::write(parent.join(".cargo/config.toml"), slow).unwrap();
    let (passed, out) = compare_v1(&repo, &[], &[]);
    checks.check(
        passed && out.contains("gate     max regression 50%: pass"),
        "a configuration both builds read slows both (control)",
        &out,
    );
    // Removed: the base is built again without it, and the regression is seen.
    fs::remove_file(parent.join(".cargo/config.toml")).unwrap();
    let (passed, out) = compare_v1(&repo, &[], &[]);
    checks.check(
        !passed && out.contains("regressed") && !out.contains("nothing to build"),
        "a configuration file's change builds the base again",
        &out,
    );

    // The working tree's own configuration (uncommitted) is not the base's.
    fs::create_dir_all(repo.join(".cargo")).unwrap();
    fs::write(repo.join(".cargo/config.toml"), slow).unwrap();
    let (passed, out) = compare_v1(&repo, &[], &[]);
    checks.check(
        !passed
            && out.contains("regressed")
            && out.contains("the base is built with its own cargo configuration"),
        "the working tree's configuration does not leak into the base build",
        &out,
    );
    let (passed, out) = compare_v1(&repo, &["--share-config"], &[]);
    checks.check(
        passed && out.contains("gate     max regression 50%: pass"),
        "--share-config builds the base with it (control: a leak would hide the regression)",
        &out,
    );
    fs::remove_dir_all(repo.join(".cargo")).unwrap();

    // A file added, or one edited, in the base's worktree is not built: the worktree is
    // reset and cleaned first (the cache is deleted, so that the base is built again).
    let worktree = base_worktree(&repo);
    let added = worktree.join(".cargo/config.toml");
    fs::create_dir_all(added.parent().unwrap()).unwrap();
    fs::write(&added, slow).unwrap();
    fs::remove_dir_all(repo.join("target/base-cache")).unwrap();
    let (passed, out) = compare_v1(&repo, &[], &[]);
    checks.check(
        !passed && out.contains("regressed") && !added.exists(),
        "a file added in the base's worktree is removed before it is built",
        &out,
    );
    let bench = worktree.join("benches/work.rs");
    fs::write(&bench, work(6_000)).unwrap();
    fs::remove_dir_all(repo.join("target/base-cache")).unwrap();
    let (passed, out) = compare_v1(&repo, &[], &[]);
    checks.check(
        !passed && out.contains("regressed") && fs::read_to_string(&bench).unwrap() == base_work(),
        "a file edited in the base's worktree is reset before it is built",
        &out,
    );
    checks.finish();
    fs::remove_dir_all(&parent).unwrap();
}

/// The processes of this machine, read from `/proc`.
#[cfg(target_os = "linux")]
mod processes {
    use std::fs;

    /// One process: its pid, parent, process group and state (`Z` for a zombie).
    #[derive(Clone, Debug)]
    pub struct Process {
        pub pid: u32,
        pub ppid: u32,
        pub pgrp: u32,
        pub state: String,
        #[allow(dead_code, reason = "shown in failure messages, through Debug")]
        pub name: String,
    }

    pub fn all() -> Vec<Process> {
        fs::read_dir("/proc")
            .unwrap()
            .filter_map(Result::ok)
            .filter_map(|entry| {
                let pid: u32 = entry.file_name().to_str()?.parse().ok()?;
                let stat = fs::read_to_string(entry.path().join("stat")).ok()?;
                let (head, rest) = stat.rsplit_once(')')?;
                let name = head.split_once('(')?.1.to_owned();
                let fields: Vec<&str> = rest.split_whitespace().collect();
                Some(Process {
                    pid,
                    state: fields.first()?.to_string(),
                    ppid: fields.get(1)?.parse().ok()?,
                    pgrp: fields.get(2)?.parse().ok()?,
                    name,
                })
            })
            .collect()
    }

    /// Every descendant of `pid` now.
    pub fn descendants(pid: u32) -> Vec<Process> {
        let all = all();
        let mut found: Vec<Process> = Vec::new();
        let mut parents = vec![pid];
        while let Some(parent) = parents.pop() {
            for child in all.iter().filter(|p| p.ppid == parent) {
                parents.push(child.pid);
                found.push(child.clone());
            }
        }
        found
    }

    /// The processes still running (zombies are not) among `pids`, or in one of `groups`.
    pub fn running(pids: &[u32], groups: &[u32]) -> Vec<Process> {
        all()
            .into_iter()
            .filter(|p| p.state != "Z")
            .filter(|p| pids.contains(&p.pid) || groups.contains(&p.pgrp))
            .collect()
    }
}

/// A comparison running in the background, its output read as it comes.
#[cfg(target_os = "linux")]
struct Running {
    child: std::process::Child,
    output: std::sync::Arc<std::sync::Mutex<String>>,
    /// Each reader sends once its pipe is closed by every process holding it.
    closed: std::sync::mpsc::Receiver<()>,
}

#[cfg(target_os = "linux")]
impl Running {
    fn start(mut command: std::process::Command) -> Running {
        use std::io::Read;
        let mut child = command
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("cargo-duobench starts");
        let output = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
        let (tx, closed) = std::sync::mpsc::channel();
        let pipes: [Box<dyn Read + Send>; 2] = [
            Box::new(child.stdout.take().unwrap()),
            Box::new(child.stderr.take().unwrap()),
        ];
        for mut pipe in pipes {
            let (output, tx) = (std::sync::Arc::clone(&output), tx.clone());
            std::thread::spawn(move || {
                let mut buf = [0; 4096];
                while let Ok(n) = pipe.read(&mut buf) {
                    if n == 0 {
                        break;
                    }
                    output
                        .lock()
                        .unwrap()
                        .push_str(&String::from_utf8_lossy(&buf[..n]));
                }
                let _ = tx.send(());
            });
        }
        Running {
            child,
            output,
            closed,
        }
    }

    fn text(&self) -> String {
        self.output.lock().unwrap().clone()
    }

    /// Waits until `path` exists (or the comparison ends, which fails the test).
    fn wait_for(&mut self, path: &Path) {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(900);
        while !path.exists() {
            let ended = self.child.try_wait().unwrap();
            assert!(
                ended.is_none() && std::time::Instant::now() < deadline,
                "{} never appeared ({ended:?}):\n{}",
                path.display(),
                self.text()
            );
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    }
}

/// Sends SIGTERM to the comparison's own process (not its group, as a CI runner's timeout
/// does), and checks what it leaves: it ends with 143, every process it started has ended
/// when it does (its pipes are closed within a second of its exit) and one second later,
/// and `written` (a file of its output) does not change after it exits.
#[cfg(target_os = "linux")]
fn terminate_alone(mut running: Running, written: Option<&Path>, checks: &mut Checks, when: &str) {
    use std::time::{Duration, Instant};
    let pid = running.child.id();
    let before = processes::descendants(pid);
    let own_group = processes::all()
        .into_iter()
        .find(|p| p.pid == std::process::id())
        .map(|p| p.pgrp);
    let pids: Vec<u32> = before.iter().map(|p| p.pid).collect();
    let groups: Vec<u32> = before
        .iter()
        .map(|p| p.pgrp)
        .filter(|g| Some(*g) != own_group)
        .collect();
    let kill = std::process::Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let deadline = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(status) = running.child.try_wait().unwrap() {
            break Some(status);
        }
        if Instant::now() > deadline {
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let exited = Instant::now();
    let snapshot = |path: &Path| {
        fs::read(path)
            .ok()
            .zip(fs::metadata(path).ok()?.modified().ok())
    };
    let at_exit = written.map(snapshot);
    let closed = (0..2).all(|_| {
        let left = Duration::from_secs(1).saturating_sub(exited.elapsed());
        running.closed.recv_timeout(left).is_ok()
    });
    std::thread::sleep(Duration::from_secs(1));
    let left = processes::running(&pids, &groups);
    let out = format!(
        "{}\nstarted before the signal: {before:?}\nleft: {left:?}",
        running.text()
    );
    checks.check(
        status.and_then(|s| s.code()) == Some(143),
        &format!("{when}: SIGTERM ends the comparison with 143"),
        &out,
    );
    checks.check(
        out.contains("stopped by signal SIGTERM"),
        &format!("{when}: says it was stopped"),
        &out,
    );
    checks.check(
        closed && left.is_empty(),
        &format!("{when}: nothing it started outlives it"),
        &out,
    );
    if let (Some(path), Some(at_exit)) = (written, at_exit) {
        checks.check(
            snapshot(path) == at_exit,
            &format!("{when}: {} is not written after it exits", path.display()),
            &out,
        );
    }
    if status.is_none() {
        let _ = running.child.kill();
    }
}

/// A build script that, when `FIXTURE_SLOW_BUILD` names a file, writes it and sleeps.
#[cfg(target_os = "linux")]
const SLOW_BUILD: &str = r#"
fn main() {
    println!("cargo:rerun-if-env-changed=FIXTURE_SLOW_BUILD");
    if let Some(marker) = std::env::var_os("FIXTURE_SLOW_BUILD") {
        std::fs::write(marker, std::process::id().to_string()).unwrap();
        std::thread::sleep(std::time::Duration::from_secs(300));
    }
}
"#;

#[cfg(target_os = "linux")]
#[test]
fn a_signal_to_compare_alone_ends_everything_it_started() {
    let parent = scratch("signal");
    let repo = parent.join("repo");
    let (building, serving) = (parent.join("building"), parent.join("serving"));
    // Each serving process says it serves by writing `FIXTURE_SERVING`, before measuring.
    let bench = |steps| {
        work(steps).replace(
            "fn routine(b: &mut Bencher) {\n",
            "fn routine(b: &mut Bencher) {\n    if let (Some(marker), Some(_)) = \
             (std::env::var_os(\"FIXTURE_SERVING\"), std::env::var_os(\"DUOBENCH_SERVE_SIDE\")) \
             {\n        let _ = std::fs::write(marker, \"\");\n    }\n",
        )
    };
    fs::create_dir_all(&repo).unwrap();
    fs::write(repo.join("build.rs"), SLOW_BUILD).unwrap();
    init_crate(&repo, &[("work", bench(2_000))], "", "2,000 steps");
    fs::write(repo.join("benches/work.rs"), bench(6_000)).unwrap();
    commit_all(&repo, "6,000 steps");
    let mut checks = Checks::default();

    // During the base's build: cargo, rustc and the build script.
    let mut command = compare_command(&repo, "HEAD~1", &[]);
    command.env("FIXTURE_SLOW_BUILD", &building);
    let mut running = Running::start(command);
    running.wait_for(&building);
    let script: u32 = fs::read_to_string(&building).unwrap().parse().unwrap();
    terminate_alone(running, None, &mut checks, "during the base's build");
    checks.check(
        processes::running(&[script], &[]).is_empty(),
        "the sleeping build script was ended",
        "",
    );

    // While measuring: cargo bench, the bench executable and its serving children.
    let json = repo.join("out.json");
    let mut command = compare_command(&repo, "HEAD~1", &["--json", "out.json"]);
    command.env("FIXTURE_SERVING", &serving);
    let mut running = Running::start(command);
    running.wait_for(&serving);
    terminate_alone(running, Some(&json), &mut checks, "while measuring");
    checks.finish();
    fs::remove_dir_all(&parent).unwrap();
}
