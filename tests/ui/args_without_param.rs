use duobench::{bench, bench_diff, Bencher, Diff};

#[bench(args = [1, 2, 3])]
fn one(b: &mut Bencher) {
    b.iter(|| 1);
}

#[bench(args = [1, 2, 3])]
fn two() {}

#[bench_diff(args = [1, 2, 3])]
fn three(d: &mut Diff) {
    d.compare(|| 1, || 2);
}

fn main() {}
