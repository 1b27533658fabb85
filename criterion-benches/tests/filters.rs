//! End to end: the published bench files under `cargo bench`, built in the end-to-end
//! tests' target directory (the outer `cargo test` holds this workspace's). `--list` names every
//! Criterion benchmark, a libtest filter selects among them, and the selected one is
//! measured and written to `--json` with the group's throughput. Budgets are short: these
//! runs check what runs and what is written, not the figures.

mod common;

use common::{cargo_bench, target_dir, text, trials};

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

    let json = target_dir().join("hex-filtered.json");
    let json_arg = json.to_str().expect("a UTF-8 path");
    std::fs::create_dir_all(target_dir()).unwrap();
    let run = cargo_bench(
        "hex",
        &[
            "decode_unchecked",
            "--max-time",
            "300ms",
            "--no-report",
            "--json",
            json_arg,
        ],
    );
    let out = text(&run);
    assert!(run.status.success(), "{out}");
    assert!(out.contains("[bench] faster_hex_decode_unchecked"), "{out}");
    assert!(!out.contains("[bench] hex_encode"), "{out}");
    let measured = trials(&json);
    assert_eq!(measured.len(), 1, "{out}");
    assert_eq!(measured[0]["name"], "faster_hex_decode_unchecked");
    assert!(measured[0]["slope_ns"]["estimate"].as_f64().unwrap() > 0.0);
}

#[test]
fn a_group_benchmark_keeps_its_id_and_throughput() {
    let json = target_dir().join("base64-exact.json");
    let json_arg = json.to_str().expect("a UTF-8 path");
    std::fs::create_dir_all(target_dir()).unwrap();
    let run = cargo_bench(
        "base64",
        &[
            "encode_small_input/encode/50",
            "--exact",
            "--max-time",
            "300ms",
            "--warmup",
            "100ms",
            "--no-report",
            "--json",
            json_arg,
        ],
    );
    let out = text(&run);
    assert!(run.status.success(), "{out}");
    let measured = trials(&json);
    assert_eq!(measured.len(), 1, "{out}");
    assert_eq!(measured[0]["name"], "encode_small_input/encode/50");
    assert_eq!(measured[0]["throughput"]["unit"], "bytes");
    assert_eq!(measured[0]["throughput"]["per_iteration"], 50);
}
