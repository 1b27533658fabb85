//! End to end: the measures bench target of the user crate (`tests/e2e-crate/benches/measures.rs`),
//! in test mode.

use duobench_tests::{cargo, target_dir, text};
use std::sync::OnceLock;

/// The test-mode run of the measures target, done once and shared.
fn test_run() -> &'static (bool, String) {
    static RUN: OnceLock<(bool, String)> = OnceLock::new();
    RUN.get_or_init(|| {
        let output = cargo(&[
            "test",
            "--release",
            "--bench",
            "measures",
            "-q",
            "--",
            "--format",
            "pretty",
        ]);
        (output.status.success(), text(&output))
    })
}

/// `ok`, `FAILED` or `ignored` from the libtest line of a trial (libtest pads the kind and
/// the name).
fn outcome_of<'a>(out: &'a str, kind: &str, name: &str) -> &'a str {
    let prefix = format!("test [{kind}] ");
    out.lines()
        .filter_map(|l| l.strip_prefix(&prefix))
        .find(|rest| {
            rest.trim_start()
                .strip_prefix(name)
                .is_some_and(|r| r.trim_start().starts_with("..."))
        })
        .and_then(|l| l.rsplit(' ').next())
        .unwrap_or_else(|| panic!("no line for {name} in:\n{out}"))
}

/// `cargo bench --bench measures -- ARGS --no-report`: the measures target in bench mode.
fn bench_mode(args: &[&str]) -> std::process::Output {
    let mut all = vec!["bench", "-q", "--bench", "measures", "--"];
    all.extend_from_slice(args);
    all.push("--no-report");
    cargo(&all)
}

#[test]
fn inputs_made_outside_the_timed_region_do_not_dilute_the_ratio() {
    let (_, out) = test_run();
    assert_eq!(outcome_of(out, "diff", "untimed_inputs"), "ok", "{out}");
}

#[test]
fn types_and_returning_arguments_run_one_trial_each() {
    let (_, out) = test_run();
    for name in [
        "generic_sum/u32",
        "generic_sum/u64",
        "sum_words/1000",
        "sum_words/4000",
    ] {
        assert_eq!(outcome_of(out, "bench", name), "ok", "{out}");
    }
}

#[test]
fn a_throughput_of_the_argument_is_reported_per_trial() {
    let json = target_dir().join("measures-throughput.json");
    let json_arg = json.to_str().expect("a UTF-8 path");
    let output = bench_mode(&[
        "sum_words",
        "--warmup",
        "50ms",
        "--max-time",
        "300ms",
        "--json",
        json_arg,
    ]);
    let out = text(&output);
    assert!(output.status.success(), "{out}");
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("the JSON file"))
            .expect("JSON");
    let per_iteration = |name: &str| {
        doc["trials"]
            .as_array()
            .and_then(|trials| trials.iter().find(|t| t["name"] == name))
            .map(|t| t["throughput"]["per_iteration"].clone())
            .unwrap_or_else(|| panic!("no {name} in {doc}"))
    };
    assert_eq!(per_iteration("sum_words/1000"), 8_000);
    assert_eq!(per_iteration("sum_words/4000"), 32_000);
}

#[test]
fn a_zero_allocation_guarantee_passes_or_says_how_many_allocations() {
    let (success, out) = test_run();
    assert!(!success, "a broken guarantee fails the run:\n{out}");
    assert_eq!(outcome_of(out, "bench", "no_allocation"), "ok", "{out}");
    assert_eq!(
        outcome_of(out, "bench", "allocates_twice"),
        "FAILED",
        "{out}"
    );
    assert!(
        out.contains(
            "allocs == 0 broken: 2 allocations (27 bytes) per iteration, counted over 64 iterations"
        ),
        "{out}"
    );
    // The other failure is the ratio to no allocations, on purpose
    // (`a_claim_on_allocation_counts_is_decided_exactly_or_refused_saying_why`).
    assert!(
        out.contains("2 failed"),
        "only the broken guarantee and the ratio to nothing fail:\n{out}"
    );
}

#[test]
fn comparisons_judge_cpu_time_and_allocation_counts() {
    let (_, out) = test_run();
    assert_eq!(outcome_of(out, "diff", "cpu_time_three_x"), "ok", "{out}");
    assert_eq!(outcome_of(out, "diff", "fewer_allocations"), "ok", "{out}");
}

#[test]
fn a_claim_on_allocation_counts_is_decided_exactly_or_refused_saying_why() {
    let (_, out) = test_run();
    // Decided on counts per call, not in timed duos: exact, however busy the machine.
    assert_eq!(
        outcome_of(out, "diff", "no_allocation_against_one"),
        "ok",
        "{out}"
    );
    let output = bench_mode(&[
        "fewer_allocations",
        "no_allocation_against_one",
        "three_allocations",
        "--exact",
    ]);
    let bench = text(&output);
    let block = bench
        .split("\n\n")
        .find(|b| b.starts_with("[bench] three_allocations\n"))
        .unwrap_or_else(|| panic!("no block for three_allocations in:\n{bench}"));
    assert!(
        block.contains("  count    3 allocs per call (exact: the same count in each of 2 repeats)")
            && block.contains("  bytes    48.0 B/iter allocated"),
        "{block}"
    );
    for exact in ["fewer_allocations", "no_allocation_against_one"] {
        let block = bench
            .split("\n\n")
            .find(|b| b.starts_with(&format!("[diff] {exact}\n")))
            .unwrap_or_else(|| panic!("no block for {exact} in:\n{bench}"));
        assert!(
            block.contains("(exact: the same count in each of 2 repeats), counted by duobench's counting allocator"),
            "{block}"
        );
    }
    // A ratio to no allocations is no number: the trial fails, saying how to turn it round.
    assert_eq!(
        outcome_of(out, "diff", "one_allocation_against_none"),
        "FAILED",
        "{out}"
    );
    assert!(
        out.contains(
            "allocations: the second routine made no allocations per call: a ratio to nothing \
             is no number; swap the routines (and turn a claim round"
        ),
        "{out}"
    );
}

#[test]
fn a_count_asked_across_processes_is_counted_in_one_and_says_so() {
    // Counts do not move with placement: `--across-processes` leaves an allocation count to
    // this process, and its block says so. The control, without the option, says nothing.
    let block = |args: &[&str]| -> String {
        let out = text(&bench_mode(
            &[&["fewer_allocations", "--exact"][..], args].concat(),
        ));
        out.split("\n\n")
            .find(|b| b.starts_with("[diff] fewer_allocations\n"))
            .unwrap_or_else(|| panic!("no block for fewer_allocations in:\n{out}"))
            .to_owned()
    };
    let said = "  across   counted in one process, as asked across processes";
    let asked = block(&["--across-processes"]);
    assert!(asked.contains(said) && !asked.contains("rounds"), "{asked}");
    assert!(!block(&[]).contains(said));
}

#[test]
fn instructions_are_counted_or_refused_in_one_line() {
    let (_, out) = test_run();
    let line = out
        .lines()
        .find(|l| l.starts_with("test [bench] instructions "))
        .unwrap_or_else(|| panic!("no instructions line in:\n{out}"));
    assert!(
        line.ends_with(" ok") || line.contains("ignored (instructions: not available here: "),
        "{line}"
    );
}

#[test]
fn async_routines_run_on_the_built_in_executor() {
    let (_, out) = test_run();
    assert_eq!(outcome_of(out, "bench", "async_routine"), "ok", "{out}");
    assert_eq!(outcome_of(out, "diff", "async_three_x"), "ok", "{out}");
}

#[test]
fn async_routines_run_on_tokio_with_the_feature() {
    let (_, out) = test_run();
    assert_eq!(outcome_of(out, "bench", "tokio_routine"), "ok", "{out}");
    assert_eq!(outcome_of(out, "diff", "tokio_three_x"), "ok", "{out}");
    // `executor = tokio` on an `async fn`: a spawned task needs tokio's context.
    assert_eq!(outcome_of(out, "bench", "tokio_async_fn"), "ok", "{out}");
    assert_eq!(
        outcome_of(out, "diff", "tokio_three_thousand"),
        "ok",
        "{out}"
    );
    let output = bench_mode(&[
        "tokio_",
        // The two comparisons have claims, which a 300 ms budget on a busy machine may leave
        // undecided; the two benches are enough to see the executor reported.
        "--skip",
        "tokio_three",
        "--warmup",
        "50ms",
        "--max-time",
        "300ms",
    ]);
    let out = text(&output);
    assert!(output.status.success(), "{out}");
    // The method's bench and the attribute's `async fn` both report the runtime's overhead.
    let reported = out.matches("  executor tokio block_on: ").count();
    assert_eq!(reported, 2, "{out}");
}

#[test]
fn bench_mode_reports_the_executor_overhead() {
    let output = bench_mode(&[
        "async_routine",
        "--exact",
        "--warmup",
        "50ms",
        "--max-time",
        "300ms",
    ]);
    let out = text(&output);
    assert!(output.status.success(), "{out}");
    assert!(out.contains("  executor built-in block_on: "), "{out}");
}
