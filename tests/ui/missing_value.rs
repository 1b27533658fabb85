use duobench::{bench, bench_diff, Bencher};

fn other() {}

#[bench(name)]
fn one() {}

#[bench(args = 5)]
fn two(b: &mut Bencher, n: usize) {
    b.iter(|| n);
}

#[bench_diff(vs = other(), ratio < 1)]
fn three() {}

#[bench(name = "a" max_time = "1s")]
fn four() {}

fn main() {}
