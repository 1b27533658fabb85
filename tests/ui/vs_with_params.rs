use duobench::{bench_diff, Diff};

fn other() {}

#[bench_diff(vs = other)]
fn one(d: &mut Diff) {
    d.compare(|| 1, || 2);
}

#[bench_diff(vs = other, args = [1, 2])]
fn two() {}

fn main() {}
