use duobench::bench_diff;

fn other() {}

#[bench_diff(vs = other, alpha = 1.5)]
fn one() {}

#[bench_diff(vs = other, alpha = 0)]
fn two() {}

#[bench_diff(vs = other, alpha = "0.05")]
fn three() {}

#[bench_diff(vs = other, alpha = 1e-17)]
fn four() {}

fn main() {}
