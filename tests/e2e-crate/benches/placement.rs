//! A comparison that asks in its attribute to be decided across processes: every run of it
//! takes rounds of fresh process pairs, without `--across-processes`.

use duobench::{bench_diff, Diff};
use duobench_e2e::work;
use std::cell::Cell;

/// Three times the work claimed faster: refuted, over rounds.
#[bench_diff(ratio < 1.0, across_processes)]
fn three_x_work_claimed_faster_in_fresh_processes(d: &mut Diff) {
    let state = Cell::new(1);
    d.compare(|| work(&state, 3_000), || work(&state, 1_000));
}

fn main() {
    duobench::main()
}
