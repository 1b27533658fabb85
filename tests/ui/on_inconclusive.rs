use duobench::bench_diff;

fn other() {}

#[bench_diff(vs = other, ratio < 0.9, on_inconclusive = "maybe")]
fn one() {}

// Without a claim there is nothing to be inconclusive about.
#[bench_diff(vs = other, on_inconclusive = "pass")]
fn two() {}

fn main() {}
