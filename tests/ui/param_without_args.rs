use duobench::{bench, bench_diff, Bencher, Diff};

#[bench]
fn one(b: &mut Bencher, n: usize) {
    b.iter(|| n);
}

#[bench_diff(ratio < 1.1)]
fn two(d: &mut Diff, n: usize) {
    d.compare(|| n, || n + 1);
}

// The returning form takes its argument from `args` too.
#[bench]
fn three(n: usize) -> usize {
    n
}

fn main() {}
