//! Golden output: the default block of a comparison and its `--verbose` block, whole, for a
//! record made from fixed synthetic data (seeded), so any change of wording or layout shows
//! here and is made on purpose.

use super::paint::Paint;
use super::record_block;
use crate::fixture::records::{record, BELOW};

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
  ratio    0.4997  [0.4953, 0.5041] at 95%, 158 pairs in 0.90 s
  first    radix     mean    500 ns  median    500 ns
  second   std_sort  mean   1.00 µs  median   1.00 µs
"
    );
    assert_eq!(
        verbose,
        "\
[diff] sorting::radix
  claim    ratio < 0.8: pass
  ratio    0.4997  [0.4953, 0.5041]  median-based 0.4996
  first    radix     median    500 ns  mean    500 ns  sd   10.2 ns  p5    484 ns  p95    516 ns  n 152
  second   std_sort  median   1.00 µs  mean   1.00 µs  sd   19.6 ns  p5    970 ns  p95   1.03 µs  n 152
  pairs    158 (0 duos set aside as outliers, 3 set aside: preempted), 20 iterations per batch, 4 duos per block, 19 blocks
  clock    judged on wall time: batches too short for the CPU clock
  time     0.70 s measuring + 0.20 s warmup (timer 25.0 ns per read)
  student  ratio 0.4997 [0.4974, 0.5020] at 95%, p = 4.317e-35 (paired, block log ratios; one look only)
  welch    ratio 0.4997 [0.4974, 0.5019], p = 0.000e0 (log latencies, unpaired)
"
    );
}
