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
  ratio    0.4985  [0.4955, 0.5016] at 95%, 278 pairs in 0.90 s
  first    radix     mean  499.8 ns
  second   std_sort  mean  1.003 µs
  means    the ratio's, over 272 of 278 pairs: 6 preempted left out
"
    );
    assert_eq!(
        verbose,
        "\
[diff] sorting::radix
  claim    ratio < 0.8: pass
  ratio    0.4985  [0.4955, 0.5016]  median-based 0.4986
  first    radix     mean  499.8 ns  all batches: median    500 ns  mean    500 ns  sd   9.77 ns  p5    484 ns  p95    516 ns  n 272
  second   std_sort  mean  1.003 µs  all batches: median   1.00 µs  mean   1.00 µs  sd   20.2 ns  p5    970 ns  p95   1.04 µs  n 272
  means    the ratio's, over 272 of 278 pairs: 6 preempted left out
  pairs    278 (0 duos set aside as outliers, 3 set aside: preempted), 20 iterations per batch, 4 duos per block, 34 blocks
  clock    judged on wall time: batches too short for the CPU clock
  time     0.70 s measuring + 0.20 s warmup (timer 25.0 ns per read)
  student  ratio 0.4985 [0.4967, 0.5003] at 95%, p = 4.711e-62 (paired, block log ratios; one look only)
  welch    ratio 0.4985 [0.4969, 0.5002], p = 0.000e0 (log latencies, unpaired)
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
  ratio    0.4994  [0.4962, 0.5025] at 95%, 278 pairs in 0.90 s
  first    radix     mean  500.4 ns
  second   std_sort  mean  1.002 µs
  means    the ratio's, over 238 of 278 pairs: 34 set aside as outliers and 6 preempted left out
  warning  12% of duos were set aside: the machine is busy, and the verdict rests on the rest
"
    );
    assert_eq!(
        record_block(&rec, Paint::new(false), true),
        "\
[diff] stalled
  claim    ratio < 0.8: pass
  ratio    0.4994  [0.4962, 0.5025]  median-based 0.4990
  first    radix     mean  500.4 ns  all batches: median    500 ns  mean    583 ns  sd    447 ns  p5    484 ns  p95    519 ns  n 272
  second   std_sort  mean  1.002 µs  all batches: median   1.00 µs  mean   1.08 µs  sd    425 ns  p5    970 ns  p95   1.05 µs  n 272
  means    the ratio's, over 238 of 278 pairs: 34 set aside as outliers and 6 preempted left out
  pairs    278 (17 duos set aside as outliers, 3 set aside: preempted), 20 iterations per batch, 4 duos per block, 34 blocks
  clock    judged on wall time: batches too short for the CPU clock
  outliers 17 duos (12.2%) set aside as machine noise: no more slow in either routine than chance allows (9 slow in radix, 8 in std_sort)
  warning  12% of duos were set aside: the machine is busy, and the verdict rests on the rest
  time     0.70 s measuring + 0.20 s warmup (timer 25.0 ns per read)
  student  ratio 0.4994 [0.4975, 0.5013] at 95%, p = 2.115e-61 (paired, block log ratios; one look only)
  welch    ratio 0.5101 [0.4872, 0.5341], p = 7.957e-106 (log latencies, unpaired)
"
    );
}
