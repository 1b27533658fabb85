//! Pairs ten to five thousand times apart, run by tests/tests/e2e_lopsided.rs: each
//! routine's batch is sized for that routine, so all decide within the default budget.
//! Claims true or false by a factor of five and more, so a busy machine cannot flip them.

use duobench::{bench_diff, Diff};
use duobench_e2e::work;
use std::cell::Cell;

/// About 30 ns against 30 µs, named.
#[bench_diff(ratio < 0.1)]
fn short_thousandfold(d: &mut Diff) {
    let state = Cell::new(1);
    d.names("fifty_steps", "fifty_thousand_steps")
        .compare(|| work(&state, 50), || work(&state, 50_000));
}

/// About 30 ns against 150 µs: once timed one short call at a time beside a 150 ms batch.
#[bench_diff(ratio < 0.1)]
fn five_thousandfold(d: &mut Diff) {
    let state = Cell::new(1);
    d.compare(|| work(&state, 50), || work(&state, 250_000));
}

/// About 300 ns against 3 µs.
#[bench_diff(ratio < 0.5)]
fn tenfold(d: &mut Diff) {
    let state = Cell::new(1);
    d.compare(|| work(&state, 500), || work(&state, 5_000));
}

/// About 1 µs against 100 µs.
#[bench_diff(ratio < 0.1)]
fn hundredfold(d: &mut Diff) {
    let state = Cell::new(1);
    d.compare(|| work(&state, 1_600), || work(&state, 160_000));
}

/// About 1 µs against 1 ms: once left inconclusive at 0.0010 after 220 pairs in 5 s.
#[bench_diff(ratio < 0.01)]
fn microsecond_against_millisecond(d: &mut Diff) {
    let state = Cell::new(1);
    d.compare(|| work(&state, 1_600), || work(&state, 1_600_000));
}

#[bench_diff(ratio > 0.5)]
fn short_thousandfold_claimed_close(d: &mut Diff) {
    let state = Cell::new(1);
    d.compare(|| work(&state, 50), || work(&state, 50_000));
}

/// About 1 ms against 1 µs, the long routine first.
#[bench_diff(ratio > 10)]
fn long_thousandfold(d: &mut Diff) {
    let state = Cell::new(1);
    d.compare(|| work(&state, 1_600_000), || work(&state, 1_600));
}

#[bench_diff(ratio < 2)]
fn long_thousandfold_claimed_close(d: &mut Diff) {
    let state = Cell::new(1);
    d.compare(|| work(&state, 1_600_000), || work(&state, 1_600));
}

fn main() {
    duobench::main();
}
