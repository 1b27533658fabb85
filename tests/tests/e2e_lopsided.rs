//! End to end: pairs ten, a hundred, a thousand and five thousand times apart
//! (`tests/e2e-crate/benches/lopsided.rs`) get a verdict within the default budget, on a
//! quiet machine and beside busy threads: true claims pass, claims false by a factor of a
//! hundred and more are refuted, never left inconclusive.

use duobench_tests::{cargo, line_of, text, BusyThreads};

fn run_lopsided() -> (bool, String) {
    let output = cargo(&[
        "test",
        "--release",
        "--bench",
        "lopsided",
        "-q",
        "--",
        "--format",
        "pretty",
    ]);
    (output.status.success(), text(&output))
}

fn assert_decided(success: bool, out: &str) {
    assert!(!success, "two claims are false, so the run fails:\n{out}");
    for ok in [
        "tenfold",
        "hundredfold",
        "microsecond_against_millisecond",
        "short_thousandfold",
        "long_thousandfold",
        "five_thousandfold",
    ] {
        assert!(line_of(out, ok).ends_with("ok"), "{ok}:\n{out}");
    }
    for refuted in [
        "short_thousandfold_claimed_close",
        "long_thousandfold_claimed_close",
    ] {
        assert!(
            line_of(out, refuted).ends_with("FAILED"),
            "{refuted}:\n{out}"
        );
    }
    assert_eq!(out.matches("` refuted: ratio ").count(), 2, "{out}");
    assert!(!out.contains("inconclusive"), "{out}");
    // Routines named with `Diff::names` are named in the block.
    assert!(out.contains("  first    fifty_steps "), "{out}");
    assert!(out.contains("  second   fifty_thousand_steps "), "{out}");
}

/// One test, quiet run first: the busy threads of a second test running beside it would
/// load the quiet run too.
#[test]
fn thousandfold_pairs_are_decided_within_the_default_budget_also_beside_busy_threads() {
    let (success, out) = run_lopsided();
    assert_decided(success, &out);

    // Two threads that only spin, so the measuring thread is preempted now and then.
    let spinners = BusyThreads::start(2);
    let (success, out) = run_lopsided();
    drop(spinners);
    assert_decided(success, &out);
}
