use duobench::{bench, bench_diff, Bencher, Diff};

// A comparison's argument comes after the handle (`vs` functions take none).
#[bench_diff(args = [1, 2])]
fn one(n: usize) -> usize {
    n
}

// The other attribute's handle.
#[bench_diff]
fn two(b: &mut Bencher) {
    b.iter(|| 1);
}

// A shared reference.
#[bench]
fn three(b: &Bencher) {
    let _ = b;
}

#[bench]
fn four(d: &mut Diff) {
    d.compare(|| 1, || 2);
}

fn main() {}
