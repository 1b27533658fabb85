use duobench::bench_diff;

fn other() {}

#[bench_diff(vs = other, ratio < -1)]
fn one() {}

#[bench_diff(vs = other, ratio <= 0)]
fn two() {}

#[bench_diff(vs = other, ratio in 0.0..=1.5)]
fn three() {}

fn main() {}
