//! Not a published file: the compatibility layer's timing model and titles, checked by
//! `tests/semantics.rs`. Criterion's `iter` times the drop of each output
//! (`black_box(routine())` in its loop); `iter_with_large_drop` and `iter_batched` drop the
//! outputs after the clock stops. Each routine here returns at once with an output whose drop
//! spins for `SPIN`, so the drop's presence in a measurement is unmistakable. An id declared
//! twice runs twice, the second time titled `id #2`, as in Criterion; and a routine too slow
//! for ten samples in its budget takes them past it, as Criterion does, instead of failing.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use std::time::{Duration, Instant};

/// How long dropping one output takes, and the slow one of the two repeated benchmarks.
const SPIN: Duration = Duration::from_micros(20);

fn spin() {
    let start = Instant::now();
    while start.elapsed() < SPIN {
        std::hint::spin_loop();
    }
}

/// An output that is slow to drop.
struct SlowDrop(u64);

impl Drop for SlowDrop {
    fn drop(&mut self) {
        spin();
        criterion::black_box(self.0);
    }
}

fn timing_model(c: &mut Criterion) {
    c.bench_function("iter", |b| b.iter(|| SlowDrop(criterion::black_box(1))));
    c.bench_function("iter_with_large_drop", |b| {
        b.iter_with_large_drop(|| SlowDrop(criterion::black_box(1)))
    });
    c.bench_function("iter_batched", |b| {
        b.iter_batched(|| 1u64, SlowDrop, BatchSize::SmallInput)
    });
    c.bench_function("iter_batched_ref", |b| {
        b.iter_batched_ref(|| SlowDrop(1), |d| SlowDrop(d.0), BatchSize::SmallInput)
    });
    c.bench_function("repeated", |b| b.iter(|| criterion::black_box(1)));
    c.bench_function("repeated", |b| b.iter(spin));
    // Too slow for ten samples in any budget the test gives: Criterion's rule takes them
    // anyway, past the budget.
    c.bench_function("slow", |b| {
        b.iter(|| std::thread::sleep(Duration::from_millis(50)))
    });
}

criterion_group!(benches, timing_model);
criterion_main!(benches);
