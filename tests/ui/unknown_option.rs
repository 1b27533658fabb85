use duobench::{bench, bench_diff};

fn other() {}

// `vs` belongs to #[bench_diff].
#[bench(vs = other)]
fn one() {}

// `throughput` belongs to #[bench].
#[bench_diff(vs = other, throughput = bytes(1))]
fn two() {}

// A typo.
#[bench(max_tme = "1s")]
fn three() {}

// Not an option at all.
#[bench_diff(vs = other, "fast")]
fn four() {}

fn main() {}
