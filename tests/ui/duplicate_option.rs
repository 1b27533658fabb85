use duobench::{bench, bench_diff};

fn other() {}

#[bench(name = "a", max_time = "1s", name = "b")]
fn one() {}

// Raw identifiers name the same option.
#[bench(r#name = "a", name = "b")]
fn two() {}

#[bench_diff(vs = other, ratio < 0.9, ratio > 0.5)]
fn three() {}

fn main() {}
