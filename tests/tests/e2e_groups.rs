//! End to end for a group of candidates, `#[bench_diff(vs = [twice, four_times, half])]` in
//! `tests/e2e-crate/benches/groups.rs`: one trial per candidate, a verdict per candidate
//! judged at the group's alpha shared three ways, and one table ranking them with the
//! verdicts of Holm's step-down. The costs differ by 2x and more, so the verdicts and the
//! order are certain on a busy machine.

use duobench_tests::{cargo_with_env, text, trial_line};

#[test]
fn a_group_ranks_its_candidates_and_judges_each_claim_at_a_shared_alpha() {
    let output = cargo_with_env(
        &[
            "bench",
            "-q",
            "--bench",
            "groups",
            "--",
            "--max-time",
            "5s",
            "--no-report",
        ],
        &[] as &[(&str, &str)],
    );
    let out = text(&output);
    // `half` is faster than the reference, so its claim `ratio < 0.8` is refuted.
    assert!(!output.status.success(), "{out}");
    for (trial, verdict) in [
        ("once/vs=twice", "ok"),
        ("once/vs=four_times", "ok"),
        ("once/vs=half", "FAILED"),
    ] {
        let line = trial_line(&out, "diff", trial);
        assert!(line.ends_with(verdict), "{line}");
    }
    let table: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("group once: "))
        .take(6)
        .collect();
    assert_eq!(table.len(), 6, "{out}");
    assert!(
        table[1].contains("Holm's step-down over the 3 claims"),
        "{out}"
    );
    let ranked: Vec<(&str, &str, &str)> = table[3..]
        .iter()
        .map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            (words[1], words[2], *words.last().unwrap())
        })
        .collect();
    let names: Vec<&str> = ranked.iter().map(|r| r.0).collect();
    assert_eq!(names, ["half", "twice", "four_times"], "{out}");
    let verdicts: Vec<&str> = ranked.iter().map(|r| r.2).collect();
    assert_eq!(verdicts, ["refuted", "pass", "pass"], "{out}");
    for ((_, ratio, _), (low, high)) in ranked.iter().zip([(1.5, 2.7), (0.4, 0.65), (0.18, 0.33)]) {
        let ratio: f64 = ratio.parse().unwrap();
        assert!((low..high).contains(&ratio), "ratio {ratio}:\n{out}");
    }
}
