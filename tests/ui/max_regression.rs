use duobench::{bench, bench_diff};

fn other() {}

#[bench(max_regression = "five percent")]
fn one() {}

#[bench(max_regression = "-5%")]
fn two() {}

#[bench(max_regression = 5)]
fn three() {}

// 5% or 500%? Refused with both readings.
#[bench(max_regression = "5")]
fn six() {}

// A regression bound compares versions of one routine: #[bench] only.
#[bench_diff(vs = other, max_regression = "5%")]
fn four() {}

// Accepted: a fraction or a percentage, with on_inconclusive for the gate's budget.
#[bench(max_regression = "0.05", on_inconclusive = "pass")]
fn five() {}

fn main() {}
