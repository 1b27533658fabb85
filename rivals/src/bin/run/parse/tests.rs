use super::*;

const DUOBENCH: &str = r#"{"trials": [
  {"name": "add", "kind": "bench", "slope_ns": {"estimate": 1.42, "interval": {"low": 1.4, "high": 1.44}}},
  {"name": "known_ratio::r55ns", "kind": "diff", "verdict": "pass",
   "ratio": {"estimate": 1.0101}, "warmup_secs": 0.2, "measure_secs": 0.05},
  {"name": "known_ratio::r2ms", "kind": "diff", "verdict": "inconclusive",
   "ratio": {"estimate": null}, "warmup_secs": 0.5, "measure_secs": 4.5}
]}"#;

#[test]
fn duobench_slopes_and_verdicts() {
    assert_eq!(
        duobench_slopes(DUOBENCH).unwrap(),
        [("add".to_owned(), 1.42)]
    );
    let pass = duobench_verdict(DUOBENCH, "known_ratio::r55ns").unwrap();
    assert_eq!(pass.right, Some(true));
    assert_eq!(pass.ratio, Some(1.0101));
    assert!((pass.own_secs.unwrap() - 0.25).abs() < 1e-12);
    let open = duobench_verdict(DUOBENCH, "known_ratio::r2ms").unwrap();
    assert_eq!((open.right, open.ratio), (Some(false), None));
    assert!(duobench_verdict(DUOBENCH, "missing").is_err());
    assert!(duobench_slopes("not json").is_err());
}

#[test]
fn criterion_prefers_the_slope_and_reads_the_verdict() {
    let with_slope = r#"{"mean": {"point_estimate": 2.9}, "slope": {"point_estimate": 1.4}}"#;
    let without = r#"{"mean": {"point_estimate": 2.9}, "slope": null}"#;
    assert_eq!(criterion_estimate(with_slope), Ok(1.4));
    assert_eq!(criterion_estimate(without), Ok(2.9));
    assert!(criterion_estimate("{}").is_err());
    let change = r#"{"mean": {"point_estimate": 0.0102}}"#;
    let regressed = "change: [+0.8% +1.0% +1.2%] (p = 0.00 < 0.05)\nPerformance has regressed.";
    let verdict = criterion_verdict(regressed, Some(change));
    assert_eq!(verdict.right, Some(true));
    assert!((verdict.ratio.unwrap() - 1.0102).abs() < 1e-12);
    let noise = criterion_verdict("Change within noise threshold.", None);
    assert_eq!((noise.right, noise.ratio), (Some(false), None));
}

#[test]
fn divan_means_by_leaf_name() {
    let table = "\
Timer precision: 20 ns
divan                fastest       │ slowest       │ median        │ mean          │ samples │ iters
├─ add               2.436 ns      │ 2.447 ns      │ 2.446 ns      │ 2.442 ns      │ 20      │ 20480
├─ sort64            246.3 ns      │ 283.9 ns      │ 258.2 ns      │ 259 ns        │ 20      │ 160
╰─ known_ratio                     │               │               │               │         │
   ├─ r2ms_base      1.948 ms      │ 10.23 ms      │ 4.018 ms      │ 5.198 ms      │ 20      │ 20
   ╰─ r100us_slower  98.42 µs      │ 126.7 µs      │ 98.43 µs      │ 100.2 µs      │ 20      │ 20
";
    let means = divan_means(table);
    let names: Vec<&str> = means.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["add", "sort64", "r2ms_base", "r100us_slower"]);
    let values: Vec<f64> = means.iter().map(|(_, v)| *v).collect();
    let expected = [2.442, 259.0, 5.198e6, 100.2e3];
    for (v, e) in values.iter().zip(expected) {
        assert!((v / e - 1.0).abs() < 1e-9, "{v} against {e}");
    }
}

#[test]
fn tango_lines_and_dumps() {
    let out = "\u{1b}[2K55ns        [  54.2 ns ...  54.8 ns ]      +1.02%*\n\
               \u{1b}[2K100us       [  97.4 us ...  98.4 us ]      +0.61%\n\
               \u{1b}[2K2ms         [   2.0 ms ...   1.9 ms ]      -2.50%*\n";
    let right = tango_verdict(out, "55ns").unwrap();
    assert_eq!(right.right, Some(true));
    assert!((right.ratio.unwrap() - 1.0102).abs() < 1e-12);
    assert_eq!(tango_verdict(out, "100us").unwrap().right, Some(false));
    assert_eq!(tango_verdict(out, "2ms").unwrap().right, Some(false));
    assert!(tango_verdict(out, "5ms").is_err());
    let dump = "100,300,10\n200,200,10\n";
    assert_eq!(tango_dump_mean(dump), Ok(20.0));
    assert!(tango_dump_mean("").is_err());
    assert!(tango_dump_mean("1,2\n").is_err());
}

#[test]
fn bench_diff_lines() {
    // Captured from `bench_diff --quick`; the 100us and 2ms lines with their verdicts changed,
    // since forty calls decide nothing.
    let out = "\
bench_diff 55ns: verdict=none ratio=1.06415 ratio_ci=0.94224..1.20183 p=1.543e-1 exec_count=40 warmup_secs=0.069 collect_secs=0.000
bench_diff 100us: verdict=slower ratio=1.01356 ratio_ci=0.98150..1.04666 p=2.033e-1 exec_count=40 warmup_secs=0.073 collect_secs=0.007
bench_diff 2ms: verdict=faster ratio=1.02773 ratio_ci=0.97179..1.08688 p=1.657e-1 exec_count=40 warmup_secs=0.150 collect_secs=0.159
";
    let none = bench_diff_verdict(out, "55ns").unwrap();
    assert_eq!((none.right, none.ratio), (Some(false), Some(1.06415)));
    assert!((none.own_secs.unwrap() - 0.069).abs() < 1e-12);
    let right = bench_diff_verdict(out, "100us").unwrap();
    assert_eq!((right.right, right.ratio), (Some(true), Some(1.01356)));
    assert!((right.own_secs.unwrap() - 0.080).abs() < 1e-12);
    let reversal = bench_diff_verdict(out, "2ms").unwrap();
    assert_eq!(reversal.right, Some(false));
    assert!(bench_diff_verdict(out, "5ms").is_err());
    // A ratio bench_diff could not compute is no estimate.
    let nan = "bench_diff 2ms: verdict=none ratio=NaN p=NaN warmup_secs=1 collect_secs=0";
    assert_eq!(bench_diff_verdict(nan, "2ms").unwrap().ratio, None);
    let unknown = "bench_diff 2ms: verdict=maybe ratio=1 warmup_secs=1 collect_secs=0";
    assert!(bench_diff_verdict(unknown, "2ms")
        .unwrap_err()
        .contains("maybe"));
    assert!(bench_diff_verdict("bench_diff 2ms: verdict=slower", "2ms")
        .unwrap_err()
        .contains("ratio"));
}
