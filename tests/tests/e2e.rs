//! End to end: a user's crate (`tests/e2e-crate`) that depends on duobench by path, run the
//! way a user runs it. Claims have 3x margins so a busy machine cannot flip them.

use duobench_tests::{cargo, cargo_with_env, line_of, text};
use std::sync::OnceLock;

/// The full test-mode run, done once and shared by the tests that read it.
fn test_run() -> &'static (bool, String) {
    static RUN: OnceLock<(bool, String)> = OnceLock::new();
    RUN.get_or_init(|| {
        let output = cargo(&[
            "test",
            "--release",
            "--benches",
            "-q",
            "--",
            "--format",
            "pretty",
        ]);
        (output.status.success(), text(&output))
    })
}

#[test]
fn true_claims_pass_and_false_claims_fail() {
    let (success, out) = test_run();
    assert!(
        !success,
        "the run has failing trials, so it must fail:\n{out}"
    );
    for ok in [
        "three_x_work",
        "same_work",
        "nanoseconds",
        "thousand_steps",
        "nested::report_only/10",
        "nested::report_only/100",
    ] {
        assert!(line_of(out, ok).ends_with("ok"), "{ok}:\n{out}");
    }
    for failed in [
        "three_x_work_claimed_faster",
        "panics",
        "amortized_claimed_cheap",
    ] {
        assert!(line_of(out, failed).ends_with("FAILED"), "{failed}:\n{out}");
    }
    for ignored in ["budget_too_short", "tight::identical"] {
        assert!(
            line_of(out, ignored).contains("ignored"),
            "{ignored}:\n{out}"
        );
    }
    assert!(out.contains("6 passed; 3 failed; 5 ignored"), "{out}");
}

/// The levels a comparison run at `alpha` prints for its interval: the fenced estimate's
/// sequence holds at 1 − 0.8 alpha and the unfenced one's at 1 − 0.2 alpha, each at 0.9 of
/// that on thread CPU time (docs/STATISTICS.md, step 5), with the digits they need.
fn sequence_levels(alpha: f64) -> Vec<String> {
    [0.8, 0.2, 0.72, 0.18]
        .iter()
        .map(|share| {
            // Whole percents unless that would claim more than the level.
            let level = 100.0 * (1.0 - share * alpha);
            if level.round() <= level + 1e-6 {
                format!("{}%", level.round())
            } else {
                format!("{level:.1}%")
            }
        })
        .collect()
}

#[test]
fn failure_messages_explain_the_verdict() {
    let (_, out) = test_run();
    let refuted = out
        .lines()
        .find(|l| l.contains("claim `ratio < 1.0` refuted"))
        .unwrap_or_else(|| panic!("no refutation message in:\n{out}"));
    for part in [
        "% confidence sequence within this process",
        " pairs in ",
        " s",
    ] {
        assert!(refuted.contains(part), "{part:?} missing from: {refuted}");
    }
    assert!(
        sequence_levels(0.05).iter().any(|l| refuted.contains(l)),
        "{refuted}"
    );
    // Three times the work: the estimate is near 3.
    let estimate: f64 = refuted
        .split("refuted: ratio ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|number| number.parse().ok())
        .unwrap_or_else(|| panic!("no estimate in: {refuted}"));
    assert!((2.5..3.5).contains(&estimate), "{refuted}");
    assert!(
        out.contains("panicked at") && out.contains("the routine broke"),
        "{out}"
    );
    assert!(out.contains("inconclusive"), "{out}");
}

/// The number after `refuted: ratio ` in the line containing `claim`.
fn refuted_estimate(out: &str, claim: &str) -> f64 {
    let line = out
        .lines()
        .find(|l| l.contains(&format!("claim `{claim}` refuted")))
        .unwrap_or_else(|| panic!("no refutation of {claim} in:\n{out}"));
    line.split("refuted: ratio ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|number| number.parse().ok())
        .unwrap_or_else(|| panic!("no estimate in: {line}"))
}

#[test]
fn amortized_costs_count_in_the_ratio() {
    // Every 10th call does 20 calls' worth of extra work: the mean-latency ratio is 3, the
    // typical call's ratio 1. A ratio of typical calls would pass `ratio < 1.2` with an
    // estimate near 1.
    let (_, out) = test_run();
    let estimate = refuted_estimate(out, "ratio < 1.2");
    // A decision waits until the interval's half-width is at most half the log distance to
    // the boundary, so an estimate of 3 may come out anywhere within about ×/÷ 1.4 of it;
    // the typical batch's ratio, 1, is far outside.
    assert!((2.0..4.5).contains(&estimate), "{estimate}:\n{out}");
}

#[test]
fn filter_runs_only_matching_trials_and_list_runs_nothing() {
    let output = cargo(&["test", "--release", "--benches", "-q", "--", "nanoseconds"]);
    let out = text(&output);
    assert!(output.status.success(), "{out}");
    assert!(out.contains("1 passed; 0 failed"), "{out}");
    assert!(out.contains("filtered out"), "{out}");

    // Several words, as libtest takes them: a trial runs when any matches.
    let args = ["--", "nanoseconds", "same_work", "--exact"];
    let output = cargo(&[&["test", "--release", "--bench", "claims", "-q"][..], &args].concat());
    let out = text(&output);
    assert!(output.status.success(), "{out}");
    assert!(out.contains("2 passed; 0 failed"), "{out}");
    assert!(out.contains("filtered out"), "{out}");

    let output = cargo(&["test", "--release", "--benches", "-q", "--", "--list"]);
    let out = text(&output);
    assert!(output.status.success(), "{out}");
    assert!(
        out.contains("[diff] nested::report_only/10: benchmark"),
        "{out}"
    );
    assert!(out.contains("[diff] tight::identical: benchmark"), "{out}");
    assert!(
        !out.contains("passed"),
        "--list must not run anything:\n{out}"
    );
}

#[test]
fn bench_mode_measures_and_reports_a_block() {
    let output = cargo(&[
        "bench",
        "-q",
        "--bench",
        "claims",
        "--",
        "three_x_work",
        "--exact",
        "--max-time",
        "3s",
    ]);
    let out = text(&output);
    assert!(output.status.success(), "{out}");
    assert!(out.contains("duobench results"), "{out}");
    assert!(out.contains("[diff] three_x_work"), "{out}");
    assert!(out.contains("ratio > 1.5: pass"), "{out}");
    // The default block is the short one; the full statistics are behind --verbose.
    assert!(!out.contains("  student  "), "{out}");
}

#[test]
fn quiet_keeps_the_summary_table_and_verbose_gives_the_full_block() {
    let args = [
        "bench",
        "--bench",
        "claims",
        "--",
        "three_x_work",
        "--exact",
    ];
    let output = cargo(&[&args[..], &["-q", "--max-time", "3s"]].concat());
    let out = text(&output);
    assert!(output.status.success(), "{out}");
    assert!(!out.contains("[diff] three_x_work"), "{out}");
    let table = out
        .split("\nsummary\n")
        .nth(1)
        .unwrap_or_else(|| panic!("no summary table in:\n{out}"));
    assert!(
        table
            .lines()
            .any(|l| l.trim_start().starts_with("three_x_work ") && l.trim_end().ends_with("pass")),
        "{out}"
    );

    let output = cargo(&[&args[..], &["--verbose", "--max-time", "3s"]].concat());
    let out = text(&output);
    assert!(output.status.success(), "{out}");
    for line in [
        "  pairs    ",
        "  clock    judged on ",
        "  student  ",
        "  welch    ",
    ] {
        assert!(out.contains(line), "{line:?} missing:\n{out}");
    }
}

#[test]
fn bad_option_names_itself_and_runs_nothing() {
    // Own options need the bench target named: cargo passes `--` arguments to every target,
    // and the library's libtest harness rejects them.
    let output = cargo(&[
        "test",
        "--release",
        "--bench",
        "claims",
        "-q",
        "--",
        "--max-time",
        "ten",
    ]);
    let out = text(&output);
    assert!(!output.status.success(), "{out}");
    assert!(out.contains("error: --max-time ten:"), "{out}");
    assert!(!out.contains("test result"), "{out}");

    // The environment variable reaches every bench target, so it works without `--bench`.
    let output = cargo_with_env(
        &["test", "--release", "--benches", "-q"],
        &[("DUOBENCH_ALPHA", "2")],
    );
    let out = text(&output);
    assert!(!output.status.success(), "{out}");
    assert!(out.contains("error: DUOBENCH_ALPHA=2:"), "{out}");
}

#[test]
fn family_alpha_is_shared_by_the_claims_that_run() {
    // Two claims match `x_work`: each is judged at 0.1 / 2.
    let output = cargo(&[
        "test",
        "--release",
        "--bench",
        "claims",
        "-q",
        "--",
        "x_work",
        "--family-alpha",
        "0.1",
    ]);
    let out = text(&output);
    assert!(
        out.contains("2 filtered out") || out.contains("filtered out"),
        "{out}"
    );
    let levels = sequence_levels(0.05);
    assert!(
        levels
            .iter()
            .any(|l| out.contains(&format!("({l} confidence sequence"))),
        "{out}"
    );
    assert!(
        levels.iter().any(|l| out.contains(&format!("at {l},"))),
        "{out}"
    );
    // One claim alone keeps the whole family alpha.
    let output = cargo(&[
        "test",
        "--release",
        "--bench",
        "claims",
        "-q",
        "--",
        "--exact",
        "three_x_work",
        "--family-alpha",
        "0.1",
    ]);
    let out = text(&output);
    assert!(output.status.success(), "{out}");
    assert!(
        sequence_levels(0.1)
            .iter()
            .any(|l| out.contains(&format!("at {l},"))),
        "{out}"
    );
}

#[test]
fn calibrate_reports_the_noise_floor_and_passes_no_claim() {
    // `DUOBENCH_CALIBRATE=1` under `cargo test`: a true claim and a false one each run their
    // first routine against itself, report the floor, and fail as not judged (a refuted
    // claim used to pass this way, and one exported variable turned a job green).
    let output = cargo_with_env(
        &[
            "test",
            "--release",
            "--bench",
            "claims",
            "-q",
            "--",
            "--exact",
            "same_work",
            "three_x_work_claimed_faster",
            "--max-time",
            "300ms",
            "--warmup",
            "50ms",
        ],
        &[("DUOBENCH_CALIBRATE", "1")],
    );
    let out = text(&output);
    assert!(!output.status.success(), "{out}");
    assert!(out.contains("second   first again"), "{out}");
    let unjudged = "not judged: --calibrate (DUOBENCH_CALIBRATE) measured the first routine \
                    against itself";
    assert!(
        out.contains(&format!("claim `ratio in 0.67..=1.5` {unjudged}"))
            && out.contains(&format!("claim `ratio < 1.0` {unjudged}")),
        "{out}"
    );
    assert!(out.contains("2 failed"), "{out}");
    // The budget holds (a duo starts only if it fits), so the run may end just under it.
    assert!(
        ["0.28", "0.29", "0.30", "0.31"]
            .iter()
            .any(|t| out.contains(&format!(
                "floor    the first routine against itself for {t} s"
            ))),
        "{out}"
    );
}

#[test]
fn across_processes_decides_each_claim_over_rounds_of_fresh_processes() {
    // `--across-processes` under `cargo test`: each routine is timed in a serving process of
    // its own, fresh every round; a true claim passes, a false one is refuted, and its
    // message says the interval is over rounds. Without the flag (the control) the same
    // refutation is decided within one process.
    let args = [
        "test",
        "--release",
        "--bench",
        "claims",
        "-q",
        "--",
        "--exact",
        "three_x_work",
        "three_x_work_claimed_faster",
    ];
    // A budget for a busy machine, whose process starts take longer than the rounds: each
    // claim stops at its verdict, six rounds on a quiet one.
    let across = ["--across-processes", "--max-time", "20s"];
    let output = cargo(&[&args[..], &across].concat());
    let out = text(&output);
    assert!(!output.status.success(), "{out}");
    assert!(out.contains("1 passed; 1 failed"), "{out}");
    let refuted_line = |out: &str| -> String {
        out.lines()
            .find(|l| l.contains("claim `ratio < 1.0` refuted"))
            .unwrap_or_else(|| panic!("no refutation in:\n{out}"))
            .to_owned()
    };
    let refuted = refuted_line(&out);
    assert!(
        refuted.contains("anytime-valid confidence sequence over rounds")
            && refuted.contains(" rounds in "),
        "{refuted}\n{out}"
    );
    let output = cargo(&args);
    let out = text(&output);
    assert!(out.contains("1 passed; 1 failed"), "{out}");
    let refuted = refuted_line(&out);
    assert!(!refuted.contains("rounds"), "{refuted}");
}

#[test]
fn an_attributes_across_processes_decides_over_rounds_unless_the_run_turns_it_off() {
    // `#[bench_diff(ratio < 1.0, across_processes)]` on three times the work: refuted over
    // rounds of fresh processes without any run option. The control turns it off for the
    // run, and the same refutation is decided within one process.
    let args = [
        "test",
        "--release",
        "--bench",
        "placement",
        "-q",
        "--",
        "--exact",
        "three_x_work_claimed_faster_in_fresh_processes",
    ];
    let refuted = |output: &std::process::Output| -> String {
        let out = text(output);
        assert!(out.contains("0 passed; 1 failed"), "{out}");
        out.lines()
            .find(|l| l.contains("claim `ratio < 1.0` refuted"))
            .unwrap_or_else(|| panic!("no refutation in:\n{out}"))
            .to_owned()
    };
    let line = refuted(&cargo(&args));
    assert!(
        line.contains("anytime-valid confidence sequence over rounds")
            && line.contains(" rounds in "),
        "{line}"
    );
    let line = refuted(&cargo_with_env(
        &args,
        &[("DUOBENCH_ACROSS_PROCESSES", "0")],
    ));
    assert!(!line.contains("rounds"), "{line}");
}

#[test]
fn across_processes_the_serving_processes_take_the_measure_of_the_command_line() {
    // Sleeping 3 ms against 1 ms passes `ratio > 1.5` on wall time only: on CPU time both
    // cost a few microseconds. The serving processes must take `--measure cpu_time` from
    // the comparing process, or they would time wall clock while the verdict is labelled
    // CPU time. The control, without `--measure`, passes on wall time across processes.
    let args = [
        "test",
        "--release",
        "--bench",
        "waits",
        "-q",
        "--",
        "--exact",
        "sleeps_three_ms_against_one",
        "--across-processes",
    ];
    let output = cargo(&[&args[..], &["--measure", "cpu_time"]].concat());
    let out = text(&output);
    assert!(!output.status.success(), "{out}");
    assert!(out.contains("0 passed; 1 failed"), "{out}");
    let output = cargo(&args);
    let out = text(&output);
    assert!(output.status.success(), "{out}");
    assert!(out.contains("1 passed; 0 failed"), "{out}");
}

#[test]
fn across_processes_cargo_bench_measures_a_claim_on_after_its_verdict() {
    // A clear claim on routines whose ratio moves by up to 12% from one process to the
    // next: decided at the first looks, but six rounds spread that far are nowhere near
    // ±0.5%. `cargo bench` goes on after the verdict as within one process, so it takes more
    // rounds than the verdict needed and reports the interval that decided; `cargo test`
    // (the control) stops at the verdict. `cargo bench` runs the whole budget, which holds
    // more than six rounds on a busy machine too.
    let args = [
        "--exact",
        "three_x_work_offset_per_process",
        "--across-processes",
        "--max-time",
        "6s",
    ];
    let (out, doc) = duobench_tests::bench_json("placement", "measured-on.json", &args);
    let trial = &doc["trials"][0];
    assert_eq!(trial["verdict"], "pass", "{out}");
    let rounds = trial["process_pairs"]["pairs"].as_u64().expect("rounds");
    let early = &trial["decided_early"];
    let pairs = trial["pairs"].as_u64().expect("pairs");
    assert!(early["pairs"].as_u64().is_some_and(|p| p < pairs), "{out}");
    assert!(
        early["interval"]["low"]
            .as_f64()
            .is_some_and(|low| low > 1.5),
        "{out}"
    );
    let json = duobench_tests::target_dir().join("stopped-at-verdict.json");
    let json_arg = json.to_str().expect("a UTF-8 path");
    let test_args = ["test", "--release", "--bench", "placement", "-q", "--"];
    let output = cargo(&[&test_args[..], &args, &["--json", json_arg]].concat());
    assert!(output.status.success(), "{}", text(&output));
    let stopped: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&json).expect("the JSON file")).unwrap();
    let stopped = &stopped["trials"][0];
    assert_eq!(stopped["verdict"], "pass", "{stopped:#}");
    assert!(stopped["decided_early"].is_null(), "{stopped:#}");
    let stopped_rounds = stopped["process_pairs"]["pairs"].as_u64().expect("rounds");
    assert!(
        stopped_rounds < rounds,
        "{stopped_rounds} against {rounds}\n{out}"
    );
}
