//! A bench target whose `[[bench]]` entry lacks `harness = false`: libtest's harness would run
//! none of its benchmarks, so it must fail to compile with one message naming the entry
//! (tests/tests/e2e_setup.rs).

use duobench::{bench, bench_diff, black_box};

#[bench]
fn sums() -> u64 {
    (0..black_box(100u64)).sum()
}

#[bench_diff(vs = sums)]
fn sums_again() -> u64 {
    (0..black_box(100u64)).sum()
}

fn main() {
    duobench::main()
}
