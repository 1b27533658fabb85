use duobench::{bench, bench_diff, Diff};

// Not a measure's value: a string.
#[bench(measure = "wall")]
fn one() -> u64 {
    1
}

// `allocs` is an absolute bound of #[bench]; comparisons use `measure = allocations`.
#[bench_diff(allocs == 0, ratio < 0.5)]
fn two(d: &mut Diff) {
    d.compare(|| 1, || 2);
}

// A bound needs `==` or `<=` and a whole number.
#[bench(allocs < 1)]
fn three() -> u64 {
    3
}

#[bench(allocs == 0.5)]
fn four() -> u64 {
    4
}

fn main() {}
