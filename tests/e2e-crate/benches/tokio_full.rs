//! `executor = tokio_multi_thread` (duobench's `tokio-full` feature): routines that sleep on
//! tokio's timer and spawn onto its worker threads, which a current-thread runtime without
//! drivers cannot run. Run by tests/tests/e2e_tokio_full.rs.

use duobench::{bench, bench_diff};
use std::time::Duration;

/// Sleeps on tokio's timer (the time driver) and waits for a task on a worker thread.
#[bench(executor = tokio_multi_thread)]
async fn sleep_and_spawn() -> u64 {
    tokio::time::sleep(Duration::from_millis(1)).await;
    tokio::spawn(async { 6 * 7 }).await.unwrap_or(0)
}

/// A 1 ms sleep against a 12 ms one: tokio's timer rounds up to whole milliseconds, so the
/// ratio is at most about 2/12, far below the claim on a busy machine too.
#[bench_diff(vs = long_sleep, executor = tokio_multi_thread, ratio < 0.5)]
async fn short_sleep() {
    tokio::time::sleep(Duration::from_millis(1)).await;
}

async fn long_sleep() {
    tokio::time::sleep(Duration::from_millis(12)).await;
}

fn main() {
    duobench::main()
}
