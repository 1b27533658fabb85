//! Comparisons across processes: one that asks for it in its attribute, so every run of it
//! takes rounds of fresh process pairs without `--across-processes`, and one whose ratio
//! moves from one process to the next by design.

use duobench::{bench_diff, Diff};
use duobench_e2e::work;
use std::cell::Cell;

/// Three times the work claimed faster: refuted, over rounds. The budget is for a busy
/// machine, where each round's process starts take longer than the round: six rounds decide
/// it, and the run stops there.
#[bench_diff(ratio < 1.0, across_processes, max_time = "20s")]
fn three_x_work_claimed_faster_in_fresh_processes(d: &mut Diff) {
    let state = Cell::new(1);
    d.compare(|| work(&state, 3_000), || work(&state, 1_000));
}

/// Three times the work, and up to 12% more in some processes than in others, as where a
/// process places code can make it: by its process id, fixed for the process's life. Rounds
/// of fresh processes then spread by several percent, so six of them never reach ±0.5%.
#[bench_diff(ratio > 1.5)]
fn three_x_work_offset_per_process(d: &mut Diff) {
    let offset = u64::from(std::process::id() % 7);
    let state = Cell::new(1);
    d.compare(
        || work(&state, 3_000 + 60 * offset),
        || work(&state, 1_000),
    );
}

fn main() {
    duobench::main()
}
