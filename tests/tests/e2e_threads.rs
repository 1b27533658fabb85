//! End to end for `threads = [1, 2]` (`tests/e2e-crate/benches/contention.rs`): a wait
//! under one shared lock against the same wait without it. One trial per count; the claim
//! `ratio > 1.2` is refuted alone (ratio about 1) and passes with a second thread contending
//! for the lock (about 2: each call also waits out the other thread's wait under the lock,
//! which begins first since every batch starts once the helper has begun). The budget is
//! generous because which thread takes the lock first is sometimes a race, which makes
//! single batches noisy.

mod common;

use common::{cargo_with_env, text, trial_line};

#[test]
fn a_lock_passes_a_contention_claim_only_under_contention() {
    let output = cargo_with_env(
        &[
            "bench",
            "-q",
            "--bench",
            "contention",
            "--",
            "--max-time",
            "10s",
            "--no-report",
        ],
        &[] as &[(&str, &str)],
    );
    let out = text(&output);
    assert!(!output.status.success(), "{out}");
    for (trial, verdict) in [
        ("under_one_lock/t=1", "FAILED"),
        ("under_one_lock/t=2", "ok"),
    ] {
        let line = trial_line(&out, "diff", trial);
        assert!(line.ends_with(verdict), "{line}\n{out}");
    }
}
