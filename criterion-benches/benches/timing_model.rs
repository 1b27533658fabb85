//! Not a published file: the compatibility layer's timing model, checked by
//! `tests/timing_model.rs`. Criterion's `iter` times the drop of each output
//! (`black_box(routine())` in its loop); `iter_with_large_drop` and `iter_batched` drop the
//! outputs after the clock stops. Each routine here returns at once with an output whose drop
//! spins for `DROP_SPIN`, so the drop's presence in a measurement is unmistakable.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use std::time::{Duration, Instant};

/// How long dropping one output takes.
const DROP_SPIN: Duration = Duration::from_micros(20);

/// An output that is slow to drop.
struct SlowDrop(u64);

impl Drop for SlowDrop {
    fn drop(&mut self) {
        let start = Instant::now();
        while start.elapsed() < DROP_SPIN {
            std::hint::spin_loop();
        }
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
}

criterion_group!(benches, timing_model);
criterion_main!(benches);
