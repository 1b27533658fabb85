use duobench::{bench, Bencher};

#[bench(args = [])]
fn one(b: &mut Bencher, n: usize) {
    b.iter(|| n);
}

#[bench(name = "")]
fn two() {}

fn main() {}
