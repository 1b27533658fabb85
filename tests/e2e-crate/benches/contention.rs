//! Contention, run by `tests/tests/e2e_threads.rs`: a log buffer, one `Vec` behind one lock
//! that every thread shares, whose entry is written out to a slow device (a 100 µs sleep)
//! while the lock is held, against the same with a buffer of the thread's own.
//!
//! The critical section blocks, so the lock is held across the holder's time off the CPU and
//! the other threads queue behind it whether or not the machine runs them at the same time:
//! the contention is a queue, not a race for cores, and a busy two-core machine shows it as
//! an idle many-core one does. (A critical section of work instead shows contention only
//! while two cores run both threads at once, which on a shared two-core machine comes and
//! goes: the `Mutex<Vec>` push of `examples/benches/contention.rs` is reported, not
//! claimed.) With eight threads each call also waits out the writes queued before it,
//! several times its own and at most eight (alone, about one), so the claim `ratio > 2`
//! passes with eight threads and is refuted alone, each by a wide margin.
//!
//! The lock is fair (parking_lot's `FairMutex` hands it to the thread that waited longest):
//! std's `Mutex` lets the thread that just released it take it again, which starves the
//! others for random stretches and makes the ratio too noisy to decide.

use duobench::{bench_diff, black_box};
use parking_lot::FairMutex;
use std::time::Duration;

/// The slow device's write.
const WRITE: Duration = Duration::from_micros(100);

/// Entries before a buffer is cleared, so that memory stays bounded however long it runs.
const CAPACITY: usize = 4_096;

static SHARED: FairMutex<Vec<u64>> = FairMutex::new(Vec::new());

thread_local! {
    static OWN: FairMutex<Vec<u64>> = const { FairMutex::new(Vec::new()) };
}

/// Appends an entry and writes it out, all under `buffer`'s lock.
fn log_to(buffer: &FairMutex<Vec<u64>>) -> usize {
    let mut entries = buffer.lock();
    if entries.len() == CAPACITY {
        entries.clear();
    }
    entries.push(black_box(1));
    std::thread::sleep(WRITE);
    entries.len()
}

fn own_buffer() -> usize {
    OWN.with(log_to)
}

#[bench_diff(vs = own_buffer, threads = [1, 8], ratio > 2)]
fn shared_buffer() -> usize {
    log_to(&SHARED)
}

fn main() {
    duobench::main()
}
