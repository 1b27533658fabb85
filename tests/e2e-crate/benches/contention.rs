//! Contention, run by `tests/tests/e2e_threads.rs`: a 100 µs wait done while holding one
//! fair lock all threads share, against the same wait without it. Alone (`t=1`) the lock
//! costs next to nothing, so `ratio > 1.2` is refuted; with a second thread (`t=2`) the lock
//! goes to the threads in turn, so each call also waits out the other thread's wait (a
//! ratio near 2) and the claim passes. A wait, not work, holds the lock, so the contention
//! does not depend on the busy machine running both threads at once; the lock is fair (a
//! ticket lock) because std's `Mutex` lets a thread that just released it take it again,
//! which starves the other for random stretches and makes the ratio too noisy to decide.

use duobench::bench_diff;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, PoisonError};
use std::time::Duration;

const WAIT: Duration = Duration::from_micros(100);

static NEXT_TICKET: AtomicU64 = AtomicU64::new(0);
static SERVING: Mutex<u64> = Mutex::new(0);
static TURN: Condvar = Condvar::new();

fn locked() -> u64 {
    let ticket = NEXT_TICKET.fetch_add(1, Ordering::Relaxed);
    let mut serving = SERVING.lock().unwrap_or_else(PoisonError::into_inner);
    while *serving != ticket {
        serving = TURN.wait(serving).unwrap_or_else(PoisonError::into_inner);
    }
    drop(serving);
    std::thread::sleep(WAIT);
    *SERVING.lock().unwrap_or_else(PoisonError::into_inner) += 1;
    TURN.notify_all();
    ticket
}

fn unlocked() -> u64 {
    std::thread::sleep(WAIT);
    1
}

#[bench_diff(vs = unlocked, threads = [1, 2], ratio > 1.2)]
fn under_one_lock() -> u64 {
    locked()
}

fn main() {
    duobench::main()
}
