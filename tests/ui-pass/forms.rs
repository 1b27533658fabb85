//! Every accepted form, including the bare attribute and paths for `vs` and the handle.
use duobench::{bench, bench_diff, Bencher, Diff};

const SIZES: [usize; 2] = [16, 256];

#[bench]
fn bare() -> u64 {
    1
}

#[bench()]
const fn empty_parens() -> u64 {
    2
}

#[bench(args = [SIZES[0], SIZES[1]], throughput = elements(SIZES[1] * 4), samples = 20)]
pub(crate) fn with_arg(b: &mut duobench::Bencher, n: usize) {
    b.iter(|| n * 2);
}

mod other {
    pub fn second() -> Vec<u8> {
        vec![1]
    }
}

/// Attributes and docs are kept.
#[bench_diff(vs = other::second, ratio in 0.5..2, warmup = "1ms", max_time = "1s")]
#[inline(never)]
fn first() -> Vec<u8> {
    vec![2]
}

#[bench_diff(args = [1u8, 2], ratio >= 1.0, alpha = 0.1, on_inconclusive = "ignore", name = "shared",)]
fn shared(d: &mut Diff, x: u8) {
    d.compare(|| x, || x + 1);
}

#[bench(ignore = "demo", r#name = "raw")]
fn r#type(b: &mut Bencher) {
    b.iter(|| 3);
}

fn main() {}
