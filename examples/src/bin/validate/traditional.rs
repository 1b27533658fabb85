//! The traditional method: time the first routine for a block, then the second, in
//! alternating blocks, and take the ratio of median per-iteration times.

use std::hint::black_box;
use std::time::{Duration, Instant};

/// Iterations per timed batch: enough for about 20 µs, as duobench chooses.
fn batch_size(routine: &mut impl FnMut() -> u64) -> u64 {
    let mut k = 1u64;
    loop {
        let start = Instant::now();
        for _ in 0..k {
            black_box(routine());
        }
        if start.elapsed() >= Duration::from_micros(20) || k >= 1 << 30 {
            return k;
        }
        k *= 2;
    }
}

fn block(routine: &mut impl FnMut() -> u64, k: u64, until: Instant, out: &mut Vec<f64>) {
    while Instant::now() < until {
        let start = Instant::now();
        for _ in 0..k {
            black_box(routine());
        }
        out.push(start.elapsed().as_nanos() as f64 / k as f64);
    }
}

/// Runs `first` and `second` in alternating blocks of 50 ms for `budget` in all.
pub fn ratio(
    mut first: impl FnMut() -> u64,
    mut second: impl FnMut() -> u64,
    budget: Duration,
) -> f64 {
    let k = batch_size(&mut second);
    let block_len = Duration::from_millis(50);
    let end = Instant::now() + budget;
    let (mut a, mut b) = (Vec::new(), Vec::new());
    while Instant::now() < end {
        block(&mut first, k, Instant::now() + block_len, &mut a);
        block(&mut second, k, Instant::now() + block_len, &mut b);
    }
    crate::table::median(&mut a) / crate::table::median(&mut b)
}
