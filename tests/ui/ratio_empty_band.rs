use duobench::bench_diff;

fn other() {}

#[bench_diff(vs = other, ratio in 2..1)]
fn one() {}

#[bench_diff(vs = other, ratio in 1..1)]
fn two() {}

fn main() {}
