use duobench::{bench, bench_diff};

fn other() {}

// A switch: written alone.
#[bench_diff(vs = other, ratio < 0.9, across_processes = true)]
fn one() {}

// A `#[bench]` has one routine: nothing to place in two processes.
#[bench(across_processes)]
fn two() {}

// Once.
#[bench_diff(vs = other, across_processes, across_processes)]
fn three() {}

fn main() {}
