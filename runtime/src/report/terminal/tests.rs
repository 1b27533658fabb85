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
  ratio    0.4985  [0.4955, 0.5016] at 95%, 278 pairs in 0.90 s
  first    radix     mean    500 ns  median    500 ns
  second   std_sort  mean   1.00 µs  median   1.00 µs
"
    );
    assert_eq!(
        verbose,
        "\
[diff] sorting::radix
  claim    ratio < 0.8: pass
  ratio    0.4985  [0.4955, 0.5016]  median-based 0.4986
  first    radix     median    500 ns  mean    500 ns  sd   9.77 ns  p5    484 ns  p95    516 ns  n 272
  second   std_sort  median   1.00 µs  mean   1.00 µs  sd   20.2 ns  p5    970 ns  p95   1.04 µs  n 272
  pairs    278 (0 duos set aside as outliers, 3 set aside: preempted), 20 iterations per batch, 4 duos per block, 34 blocks
  clock    judged on wall time: batches too short for the CPU clock
  time     0.70 s measuring + 0.20 s warmup (timer 25.0 ns per read)
  student  ratio 0.4985 [0.4967, 0.5003] at 95%, p = 4.711e-62 (paired, block log ratios; one look only)
  welch    ratio 0.4985 [0.4969, 0.5002], p = 0.000e0 (log latencies, unpaired)
"
    );
}
