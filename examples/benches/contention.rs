//! Contention (`threads = [..]`): a push onto one `Mutex<Vec>` that every thread shares,
//! against a push onto one of several shards picked by the thread, each its own
//! `Mutex<Vec>` on its own cache line. One trial per thread count, `push/t=1` and
//! `push/t=2`; in each, every batch runs on that many threads at once.
//!
//! `cargo bench -p duobench-examples --bench contention` reports the ratios. They are
//! reports, not claims: this critical section is work, so the threads contend only while
//! two cores run them at the same time, and how often that happens depends on the machine
//! (its cores and what else runs); on a shared two-core machine the second thread's cost
//! came and went, too unsteady for a verdict. A claim
//! that holds on any machine needs a critical section that blocks (I/O, a wait) while the
//! lock is held, so the other threads queue behind it whether or not they run at the same
//! time, and a fair lock: `tests/e2e-crate/benches/contention.rs` claims `ratio > 2` of such
//! a log buffer under `threads = [1, 8]`.

use duobench::{bench_diff, black_box};
use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// Pushes before a vector is cleared, so that memory stays bounded however long it runs.
const CAPACITY: usize = 4_096;
const SHARDS: usize = 8;

static SHARED: Mutex<Vec<u64>> = Mutex::new(Vec::new());

/// One shard on its own cache line, so that shards do not contend through false sharing.
#[repr(align(128))]
struct Shard(Mutex<Vec<u64>>);

static SHARDED: [Shard; SHARDS] = [const { Shard(Mutex::new(Vec::new())) }; SHARDS];

static NEXT_SHARD: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    static MY_SHARD: Cell<usize> = Cell::new(NEXT_SHARD.fetch_add(1, Ordering::Relaxed) % SHARDS);
}

fn push_onto(vec: &Mutex<Vec<u64>>) -> usize {
    let mut v = vec
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if v.len() == CAPACITY {
        v.clear();
    }
    v.push(black_box(1));
    v.len()
}

#[bench_diff(vs = sharded_push, threads = [1, 2])]
fn push() -> usize {
    push_onto(&SHARED)
}

fn sharded_push() -> usize {
    MY_SHARD.with(|shard| push_onto(&SHARDED[shard.get()].0))
}

fn main() {
    duobench::main()
}
