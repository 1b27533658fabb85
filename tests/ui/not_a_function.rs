use duobench::{bench, bench_diff};

#[bench]
struct Config {
    size: usize,
}

#[bench_diff(ratio < 1)]
const LIMIT: usize = 10;

fn main() {
    let _ = Config { size: LIMIT };
}
