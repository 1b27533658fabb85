//! End to end: `--on-inconclusive` and `DUOBENCH_ON_INCONCLUSIVE` decide for the whole run
//! what an undecided claim counts as, beating the attribute. `budget_too_short` in the
//! user crate's `claims` target can never decide in its 3 ms and says
//! `on_inconclusive = "ignore"`.

use duobench_tests::{cargo_with_env, text};

fn run(extra: &[&str], env: &[(&str, &str)]) -> (bool, String) {
    let mut args = vec!["test", "--release", "--bench", "claims", "--"];
    args.extend_from_slice(&["budget_too_short", "--exact"]);
    args.extend_from_slice(extra);
    let output = cargo_with_env(&args, env);
    (output.status.success(), text(&output))
}

#[test]
fn the_run_decides_what_inconclusive_counts_as() {
    // The attribute alone: ignored.
    let (ok, out) = run(&[], &[]);
    assert!(
        ok && out.contains("test [diff] budget_too_short ... ignored"),
        "{out}"
    );
    // The variable beats the attribute: a failure naming the verdict.
    let (ok, out) = run(&[], &[("DUOBENCH_ON_INCONCLUSIVE", "fail")]);
    assert!(!ok && out.contains("inconclusive"), "{out}");
    assert!(
        out.contains("test [diff] budget_too_short ... FAILED"),
        "{out}"
    );
    // The command line beats the variable.
    let (ok, out) = run(
        &["--on-inconclusive", "pass"],
        &[("DUOBENCH_ON_INCONCLUSIVE", "fail")],
    );
    assert!(
        ok && out.contains("test [diff] budget_too_short ... ok"),
        "{out}"
    );
    // A bad value is one line naming the option, and nothing runs.
    let (ok, out) = run(&["--on-inconclusive", "maybe"], &[]);
    assert!(!ok, "{out}");
    assert!(
        out.contains("error: --on-inconclusive maybe: expected fail, pass or ignore"),
        "{out}"
    );
}
