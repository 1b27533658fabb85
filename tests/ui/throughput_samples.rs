use duobench::bench;

const NONE: usize = 0;

#[bench(throughput = bytes(0))]
fn one() {}

#[bench(throughput = bits(8))]
fn two() {}

#[bench(samples = 1)]
fn three() {}

// A constant expression is checked by the compiler.
#[bench(throughput = elements(NONE))]
fn four() {}

fn main() {}
