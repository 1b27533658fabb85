use duobench::bench;

#[bench(max_time = "ten")]
fn one() {}

#[bench(warmup = "10")]
fn two() {}

// A warmup may be zero; the time budget may not.
#[bench(warmup = "0s", max_time = "0ms")]
fn three() {}

#[bench(max_time = 10)]
fn four() {}

#[bench(warmup = "0.5ns")]
fn five() {}

fn main() {}
