//! A routine that waits is judged on wall time: its CPU time would hide the wait a caller
//! pays.

use duobench::{bench_diff, Diff};
use std::time::Duration;

/// Sleeping 3 ms against 1 ms. On the thread's CPU time both cost a few microseconds and
/// the ratio is about 1, so this claim passes only when wall time judges it.
#[bench_diff(ratio > 1.5)]
fn sleeps_three_ms_against_one(d: &mut Diff) {
    d.compare(
        || std::thread::sleep(Duration::from_millis(3)),
        || std::thread::sleep(Duration::from_millis(1)),
    );
}

fn main() {
    duobench::main()
}
