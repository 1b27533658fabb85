use duobench::{bench, bench_diff, Bencher};

fn other() {}

#[bench]
#[bench_diff(vs = other)]
fn both() {}

#[bench]
#[duobench::bench(name = "again")]
fn twice(b: &mut Bencher) {
    b.iter(|| 1);
}

fn main() {}
