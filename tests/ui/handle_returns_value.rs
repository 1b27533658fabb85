use duobench::{bench, Bencher};

#[bench]
fn sum(b: &mut Bencher) -> u64 {
    b.iter(|| 1 + 1);
    2
}

fn main() {}
