//! End to end: the published bench files under `cargo bench`, built in the end-to-end
//! tests' target directory (the outer `cargo test` holds this workspace's). `--list` names every
//! Criterion benchmark, a libtest filter selects among them, and the selected one is
//! measured and written to `--json` with the group's throughput. Budgets are short: these
//! runs check what runs and what is written, not the figures.

mod common;

use common::{cargo_bench, short_run, text, trial};

#[test]
fn a_filter_selects_among_criterion_benchmarks_which_are_measured_and_reported() {
    let listed = cargo_bench("hex", &["--list", "--format", "terse"]);
    assert!(listed.status.success(), "{}", text(&listed));
    let names: Vec<String> = String::from_utf8_lossy(&listed.stdout)
        .lines()
        .filter_map(|l| l.strip_prefix("[bench] ")?.strip_suffix(": benchmark"))
        .map(str::to_owned)
        .collect();
    assert_eq!(names.len(), 9, "{}", text(&listed));
    assert!(names.iter().any(|n| n == "faster_hex_decode_unchecked"));

    let (out, measured) = short_run("hex", "hex-filtered", &["decode_unchecked"]);
    assert!(out.contains("[bench] faster_hex_decode_unchecked"), "{out}");
    assert!(!out.contains("[bench] hex_encode"), "{out}");
    assert_eq!(measured.len(), 1, "{out}");
    let decoded = trial(&measured, "faster_hex_decode_unchecked", &out);
    assert!(decoded["slope_ns"]["estimate"].as_f64().unwrap() > 0.0);
}

#[test]
fn a_group_benchmark_keeps_its_id_and_throughput() {
    let (out, measured) = short_run(
        "base64",
        "base64-exact",
        &[
            "encode_small_input/encode/50",
            "--exact",
            "--warmup",
            "100ms",
        ],
    );
    assert_eq!(measured.len(), 1, "{out}");
    let encoded = trial(&measured, "encode_small_input/encode/50", &out);
    assert_eq!(encoded["throughput"]["unit"], "bytes");
    assert_eq!(encoded["throughput"]["per_iteration"], 50);
}
