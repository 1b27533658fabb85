//! End-to-end: what a comparison can measure beyond plain routines. Run by
//! `tests/tests/e2e_measures.rs`; claims have wide margins so a busy machine cannot flip them.

use duobench::{bench, bench_diff, Diff};
use duobench_e2e::work;
use std::cell::Cell;

// The one line that lets duobench count allocations.
#[global_allocator]
static ALLOC: duobench::CountingAllocator = duobench::CountingAllocator;

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

/// One trial per type, named `generic_sum/u32` and `generic_sum/u64`.
#[bench(types = [u32, u64])]
fn generic_sum<T: From<u8> + std::iter::Sum<T>>() -> T {
    (0..100u8).map(T::from).sum()
}

/// The returning form with arguments and a throughput of the argument.
#[bench(args = [1_000, 4_000], throughput = bytes(n * 8))]
fn sum_words(n: u64) -> u64 {
    (0..n).sum()
}

/// A zero-allocation guarantee that holds.
#[bench(allocs == 0)]
fn no_allocation() -> u64 {
    thread_local! {
        static STATE: Cell<u64> = const { Cell::new(1) };
    }
    STATE.with(|s| work(s, 100))
}

/// A zero-allocation guarantee that is broken: the trial fails, saying by how much.
#[bench(allocs == 0)]
fn allocates_twice(b: &mut duobench::Bencher) {
    b.iter(|| (vec![1u64, 2, 3], String::from("abc")));
}

/// CPU time of the measuring thread instead of wall time.
#[bench_diff(measure = cpu_time, ratio > 2.0)]
fn cpu_time_three_x(d: &mut Diff) {
    let state = Cell::new(1);
    d.compare(|| work(&state, 3_000), || work(&state, 1_000));
}

/// One allocation against three, judged on the allocation count: exactly, from each
/// routine's count per call, whatever the machine's load.
#[bench_diff(measure = allocations, ratio < 0.5)]
fn fewer_allocations(d: &mut Diff) {
    d.compare(
        || vec![0u8; 16],
        || (vec![0u8; 16], vec![0u8; 16], vec![0u8; 16]),
    );
}

/// Three allocations of 16 bytes a call, counted exactly, with the bytes beside the count.
#[bench(measure = allocations)]
fn three_allocations() -> (Vec<u8>, Vec<u8>, Vec<u8>) {
    (vec![0u8; 16], vec![0u8; 16], vec![0u8; 16])
}

/// No allocation against one: the ratio 0, exactly.
#[bench_diff(measure = allocations, ratio < 0.5)]
fn no_allocation_against_one(d: &mut Diff) {
    let mut buffer = String::with_capacity(64);
    d.compare(
        || {
            buffer.clear();
            buffer.push_str(duobench::black_box("reused"));
            buffer.len()
        },
        || String::from(duobench::black_box("fresh")).len(),
    );
}

/// One allocation against none: a ratio to nothing decides no claim, and the trial fails
/// saying so (and how to turn the claim round).
#[bench_diff(measure = allocations, ratio > 2.0)]
fn one_allocation_against_none(d: &mut Diff) {
    let mut buffer = String::with_capacity(64);
    d.compare(
        || String::from(duobench::black_box("fresh")).len(),
        || {
            buffer.clear();
            buffer.push_str(duobench::black_box("reused"));
            buffer.len()
        },
    );
}

/// Counts instructions where the machine has a counter; ignored, saying why, where not.
#[bench(measure = instructions)]
fn instructions() -> u64 {
    thread_local! {
        static STATE: Cell<u64> = const { Cell::new(1) };
    }
    STATE.with(|s| work(s, 100))
}

/// An async routine on the built-in executor.
#[bench]
async fn async_routine() -> u64 {
    std::future::ready(40).await + 2
}

/// Async routines in a comparison: both pay the same executor cost.
#[bench_diff(ratio > 2.0)]
fn async_three_x(d: &mut Diff) {
    let state = &Cell::new(1);
    d.compare_async(
        move || async move { work(state, 3_000) },
        move || async move { work(state, 1_000) },
    );
}

/// An async routine on a current-thread tokio runtime (duobench's `tokio` feature, on in this
/// crate): it spawns a task, which needs tokio's context.
#[bench]
fn tokio_routine(b: &mut duobench::Bencher) {
    b.iter_tokio(|| async { tokio::spawn(async { 40 + 2 }).await.unwrap_or(0) });
}

/// A comparison on tokio: both routines on their own current-thread runtime.
#[bench_diff(ratio > 2.0)]
fn tokio_three_x(d: &mut Diff) {
    let state = &Cell::new(1);
    d.compare_tokio(
        move || async move { work(state, 3_000) },
        move || async move { work(state, 1_000) },
    );
}

/// An `async fn` bench on tokio, chosen in the attribute: it spawns a task too.
#[bench(executor = tokio)]
async fn tokio_async_fn() -> i32 {
    tokio::spawn(async { 40 + 2 }).await.unwrap_or(0)
}

/// An `async fn` comparison on tokio: both routines on their own runtime.
#[bench_diff(vs = tokio_one_thousand, ratio > 2.0, executor = tokio)]
async fn tokio_three_thousand() -> u64 {
    work(&Cell::new(1), 3_000)
}

async fn tokio_one_thousand() -> u64 {
    work(&Cell::new(1), 1_000)
}

fn main() {
    duobench::main()
}
