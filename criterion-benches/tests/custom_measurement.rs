//! Criterion's own example of a measurement of a bench file's own (`HalfSeconds`, wall time
//! in half-seconds, `benches/custom_measurement.rs`), run by `cargo bench` through the
//! compatibility layer: it is measured by its `start` and `end` and reported through its
//! formatter, in `s/2`, in the terminal block and the `--json` document.

mod common;

use common::{short_run, trial};

#[test]
fn criterions_half_seconds_example_is_measured_by_it_and_reported_in_half_seconds() {
    let (out, trials) = short_run(
        "custom_measurement",
        "custom_measurement",
        &["--warmup", "50ms"],
    );
    let block = out
        .split("\n[bench] fibonacci_custom_measurement\n")
        .nth(1)
        .unwrap_or_else(|| panic!("no block for the benchmark: {out}"));
    assert!(
        block.contains("measure  HalfSeconds — a measurement of your own, in s/2"),
        "{out}"
    );
    let time = block
        .lines()
        .find(|l| l.trim_start().starts_with("time "))
        .unwrap_or_else(|| panic!("no time line: {out}"));
    assert!(time.contains(" s/2  ["), "{time}");
    let trial = trial(&trials, "fibonacci_custom_measurement", &out);
    assert_eq!(trial["measure"], "HalfSeconds");
    assert_eq!(trial["unit"], "s/2");
    // fibonacci(10) makes 177 calls: between 10 ns and 100 µs, that is 2e-8 to 2e-4 s/2
    // (the nanoseconds times 2e-9), whatever the machine's load.
    let slope = trial["slope_ns"]["estimate"].as_f64().expect("a slope");
    assert!((2e-8..2e-4).contains(&slope), "{slope}");
}
