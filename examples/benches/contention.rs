//! Contention (`threads = [..]`): a push onto one `Mutex<Vec>` that every thread shares,
//! against a push onto one of several shards picked by the thread, each its own
//! `Mutex<Vec>` on its own cache line. One trial per thread count, `push/t=1` and
//! `push/t=2`; in each, every batch runs on that many threads at once.
//!
//! `cargo bench -p duobench-examples --bench contention` reports the ratios. They are
//! reports, not claims, because how much a second thread costs depends on the machine (its
//! cores and what else runs); a claim that only contention makes true is written for the
//! count that makes it, `threads = [2], ratio > 1.5`.

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
