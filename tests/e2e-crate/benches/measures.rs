//! End-to-end: what a comparison can measure beyond plain routines. Run by
//! `tests/tests/e2e_measures.rs`; claims have wide margins so a busy machine cannot flip them.

use duobench::{bench, bench_diff, Diff};
use duobench_e2e::work;
use std::cell::Cell;

/// Inputs cost ten times the routines and are made outside the timed region: timed, they
/// would pull the ratio from 3 down to about 1.2, and the claim would be refuted.
#[bench_diff(ratio > 2.0)]
fn untimed_inputs(d: &mut Diff) {
    let state = Cell::new(1);
    d.compare_batched(
        || work(&state, 10_000),
        |seed| work(&Cell::new(seed), 3_000),
        |seed| work(&Cell::new(seed), 1_000),
    );
}

/// One trial per type, named `generic_sum/u32` and `generic_sum/u64`.
#[bench(types = [u32, u64])]
fn generic_sum<T: From<u8> + std::iter::Sum<T>>() -> T {
    (0..100u8).map(T::from).sum()
}

/// The returning form with arguments and a throughput of the argument.
#[bench(args = [1_000, 4_000], throughput = bytes(n * 8))]
fn sum_words(n: u64) -> u64 {
    (0..n).sum()
}

fn main() {
    duobench::main()
}
