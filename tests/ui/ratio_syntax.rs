use duobench::bench_diff;

fn other() {}

#[bench_diff(vs = other, ratio == 1)]
fn one() {}

#[bench_diff(vs = other, ratio < fast)]
fn two() {}

#[bench_diff(vs = other, ratio in 0.9)]
fn three() {}

#[bench_diff(vs = other, ratio < 1f32)]
fn four() {}

fn main() {}
