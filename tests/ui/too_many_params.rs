use duobench::{bench, Bencher};

#[bench(args = [1, 2])]
fn sized(b: &mut Bencher, n: usize, m: usize) {
    b.iter(|| n + m);
}

fn main() {}
