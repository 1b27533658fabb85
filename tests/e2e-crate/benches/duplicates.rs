//! Two benchmarks with one full name: the target must refuse to start, naming both.

use duobench::{bench, black_box};

#[bench(name = "dup")]
fn first() -> u64 {
    black_box(1u64) + 1
}

#[bench(name = "dup")]
fn second() -> u64 {
    black_box(2u64) + 2
}

fn main() {
    duobench::main()
}
