//! End-to-end: what a comparison can measure beyond plain routines. Run by
//! `tests/tests/e2e_measures.rs`; claims have wide margins so a busy machine cannot flip them.

use duobench::{bench_diff, Diff};
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

fn main() {
    duobench::main()
}
