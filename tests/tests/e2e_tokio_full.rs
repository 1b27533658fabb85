//! End to end for `executor = tokio_multi_thread`: with duobench's `tokio-full` feature an
//! `async fn` that sleeps on tokio's timer and spawns onto a worker runs, and a comparison's
//! wide-margin claim (a 1 ms sleep against 12 ms) is not refuted and estimates the ratio
//! below its bound, both on the runtime reported as
//! `tokio-multi-thread`; without the feature the attribute is a compile error at the option
//! that names the feature.

use duobench_tests::{cargo, text};

#[test]
fn the_multi_threaded_runtime_runs_routines_that_need_its_drivers() {
    let output = cargo(&[
        "bench",
        "-q",
        "--features",
        "tokio-full",
        "--bench",
        "tokio_full",
        "--",
        "--warmup",
        "50ms",
        "--max-time",
        "10s",
        "--no-report",
        // The sleeps' duos are preempted in half of them or more while the rest of the
        // suite runs beside this test, and an honest verdict may then be inconclusive; the
        // claim must not be refuted, and the estimate is checked below.
        "--on-inconclusive",
        "pass",
    ]);
    let out = text(&output);
    assert!(output.status.success(), "{out}");
    assert!(!out.contains("ratio < 0.5: refuted"), "{out}");
    let ratio: f64 = out
        .lines()
        .find_map(|l| l.strip_prefix("  ratio    "))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|r| r.parse().ok())
        .unwrap_or_else(|| panic!("no ratio line in:\n{out}"));
    // 1 ms against 12 ms of sleep, each with the timer's and the runtime's overhead.
    assert!((0.02..0.5).contains(&ratio), "{ratio}\n{out}");
    // libtest pads `[diff]` to the width of `[bench]`.
    for name in ["sleep_and_spawn", "short_sleep"] {
        let line = out
            .lines()
            .find(|l| l.starts_with("test [") && l.split_whitespace().nth(2) == Some(name))
            .unwrap_or_else(|| panic!("no line for {name} in:\n{out}"));
        assert!(line.ends_with(" ok"), "{line}\n{out}");
    }
    assert!(
        out.contains("  executor tokio-multi-thread block_on: "),
        "{out}"
    );
}

#[test]
fn without_the_feature_the_attribute_names_it() {
    let output = cargo(&[
        "build",
        "--release",
        "--features",
        "feature-check",
        "--bench",
        "tokio_full_without_feature",
    ]);
    let out = text(&output);
    assert!(!output.status.success(), "{out}");
    assert!(
        out.contains("`executor = tokio_multi_thread` needs duobench's `tokio-full` feature"),
        "{out}"
    );
    // Spanned at the option, not at the whole attribute.
    assert!(
        out.contains("benches/tokio_full_without_feature.rs:6:9"),
        "{out}"
    );
}
