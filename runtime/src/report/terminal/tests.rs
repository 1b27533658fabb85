//! Golden output: the default block of a comparison and its `--verbose` block, whole, for
//! records made from fixed synthetic data (seeded), so any change of wording or layout shows
//! here and is made on purpose; and the figures they print read back, to check that they
//! agree.

use super::paint::Paint;
use super::record_block;
use crate::fixture::records::{record, stalled_record, BELOW};

#[test]
fn golden_default_and_verbose_blocks() {
    let rec = record("sorting::radix", 0.5, Some(BELOW), 1_000);
    let short = record_block(&rec, Paint::new(false), false);
    let verbose = record_block(&rec, Paint::new(false), true);
    assert_eq!(
        short,
        "\
[diff] sorting::radix
  claim    ratio < 0.8: pass
  ratio    0.4997  [0.4953, 0.5041] at 96%, 158 pairs in 0.90 s
  first    radix     mean  500.2 ns
  second   std_sort  mean  1.001 µs
  means    the ratio's, over 152 of 158 pairs: 6 preempted left out
"
    );
    assert_eq!(
        verbose,
        "\
[diff] sorting::radix
  claim    ratio < 0.8: pass
  ratio    0.4997  [0.4953, 0.5041]  median-based 0.4996
  first    radix     mean  500.2 ns  all batches: median    500 ns  mean    500 ns  sd   10.2 ns  p5    484 ns  p95    516 ns  n 152
  second   std_sort  mean  1.001 µs  all batches: median   1.00 µs  mean   1.00 µs  sd   19.6 ns  p5    970 ns  p95   1.03 µs  n 152
  means    the ratio's, over 152 of 158 pairs: 6 preempted left out
  pairs    158 (0 duos set aside as outliers, 3 set aside: preempted), 20 iterations per batch, 4 duos per block, 19 blocks
  clock    judged on wall time: batches too short for the CPU clock
  time     0.70 s measuring + 0.20 s warmup (timer 25.0 ns per read)
  student  ratio 0.4997 [0.4974, 0.5020] at 95%, p = 4.317e-35 (paired, block log ratios; one look only)
  welch    ratio 0.4997 [0.4974, 0.5019], p = 0.000e0 (log latencies, unpaired)
"
    );
}

/// The two means a block prints, read back from it: `(first, second)` in nanoseconds.
fn printed_means(block: &str) -> (f64, f64) {
    let mean = |label: &str| {
        let line = block
            .lines()
            .find(|l| l.starts_with(label))
            .unwrap_or_else(|| panic!("no {label} line in\n{block}"));
        let words: Vec<&str> = line.split_whitespace().collect();
        let at = words.iter().position(|w| *w == "mean").expect("a mean");
        let value: f64 = words[at + 1].parse().expect("a number");
        value
            * match words[at + 2] {
                "ns" => 1.0,
                "µs" => 1e3,
                "ms" => 1e6,
                unit => panic!("unit {unit}"),
            }
    };
    (mean("  first "), mean("  second "))
}

/// The ratio a block prints, and half a unit of its last digit.
fn printed_ratio(block: &str) -> (f64, f64) {
    let line = block.lines().find(|l| l.starts_with("  ratio ")).unwrap();
    let text = line.split_whitespace().nth(1).unwrap();
    let decimals = text.split_once('.').map_or(0, |(_, d)| d.len());
    (text.parse().unwrap(), 0.5 * 10f64.powi(-(decimals as i32)))
}

#[test]
fn the_printed_means_give_the_printed_ratio() {
    // On a machine that stalls, where every batch's means are 8% apart from the ratio's.
    let rec = stalled_record("stalled");
    let batches = rec.result.first.unwrap().mean / rec.result.second.unwrap().mean;
    assert!(batches / rec.result.ratio > 1.05, "{batches}");
    for verbose in [false, true] {
        let block = record_block(&rec, Paint::new(false), verbose);
        let (first, second) = printed_means(&block);
        let (ratio, half_unit) = printed_ratio(&block);
        // Each printed mean is off by at most half a unit of its last digit: as many
        // significant digits as the ratio, so their quotient is off by at most about one
        // unit of the ratio's last digit, whose own rounding adds half a unit.
        assert!(
            (first / second - ratio).abs() <= 3.0 * half_unit,
            "{first} / {second} against {ratio}\n{block}"
        );
        assert!(block.contains(" set aside as outliers"), "{block}");
    }
}

#[test]
fn golden_blocks_of_a_comparison_with_outliers_set_aside() {
    let rec = stalled_record("stalled");
    assert_eq!(
        record_block(&rec, Paint::new(false), false),
        "\
[diff] stalled
  claim    ratio < 0.8: pass
  ratio    0.5001  [0.4958, 0.5045] at 96%, 158 pairs in 0.90 s
  first    radix     mean  500.7 ns
  second   std_sort  mean  1.001 µs
  means    the ratio's, over 132 of 158 pairs: 20 set aside as outliers and 6 preempted left out
  warning  13% of duos were set aside: the machine is busy, and the verdict rests on the rest
"
    );
    assert_eq!(
        record_block(&rec, Paint::new(false), true),
        "\
[diff] stalled
  claim    ratio < 0.8: pass
  ratio    0.5001  [0.4958, 0.5045]  median-based 0.4996
  first    radix     mean  500.7 ns  all batches: median    501 ns  mean    582 ns  sd    446 ns  p5    484 ns  p95    519 ns  n 152
  second   std_sort  mean  1.001 µs  all batches: median   1.00 µs  mean   1.08 µs  sd    449 ns  p5    970 ns  p95   1.05 µs  n 152
  means    the ratio's, over 132 of 158 pairs: 20 set aside as outliers and 6 preempted left out
  pairs    158 (10 duos set aside as outliers, 3 set aside: preempted), 20 iterations per batch, 4 duos per block, 19 blocks
  clock    judged on wall time: batches too short for the CPU clock
  outliers 10 duos (12.7%) set aside as machine noise: no more slow in either routine than chance allows (5 slow in radix, 5 in std_sort)
  warning  13% of duos were set aside: the machine is busy, and the verdict rests on the rest
  time     0.70 s measuring + 0.20 s warmup (timer 25.0 ns per read)
  student  ratio 0.5002 [0.4978, 0.5027] at 95%, p = 1.046e-34 (paired, block log ratios; one look only)
  welch    ratio 0.5089 [0.4780, 0.5417], p = 1.256e-59 (log latencies, unpaired)
"
    );
}

#[test]
fn a_long_routines_units_are_named_as_such() {
    let mut rec = record("sorting::radix", 0.5, Some(BELOW), 1_000);
    rec.result.units = true;
    rec.result.duos_per_block = 25;
    rec.result.blocks = 6;
    let verbose = record_block(&rec, Paint::new(false), true);
    assert!(
        verbose.contains(", 25 duos per unit, 6 units (independent by design)"),
        "{verbose}"
    );
    rec.result.units = false;
    let verbose = record_block(&rec, Paint::new(false), true);
    assert!(
        verbose.contains(", 25 duos per block, 6 blocks"),
        "{verbose}"
    );
}
