//! Not a published file: the compatibility layer's timing model and titles, checked by
//! `tests/semantics.rs`. Criterion's `iter` times the drop of each output
//! (`black_box(routine())` in its loop); `iter_with_large_drop` and `iter_batched` drop the
//! outputs after the clock stops. Each routine here returns at once with an output whose drop
//! spins for `SPIN`, so the drop's presence in a measurement is unmistakable. An id declared
//! twice runs twice, the second time titled `id #2`, as in Criterion; and a routine too slow
//! for ten samples in its budget takes them past it, as Criterion does, instead of failing.
//! A group measured by a measurement of the file's own (`Counted`, the calls a routine says
//! it made) reads `iter` and `iter_custom` in that measurement's values.

use criterion::measurement::{Measurement, ValueFormatter};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use std::sync::atomic::{AtomicU64, Ordering};
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

/// Calls the routines below say they made.
static CALLS: AtomicU64 = AtomicU64::new(0);

/// The calls made, read around each batch.
struct Counted;

impl Measurement for Counted {
    type Intermediate = u64;
    type Value = u64;
    fn start(&self) -> u64 {
        CALLS.load(Ordering::Relaxed)
    }
    fn end(&self, before: u64) -> u64 {
        CALLS.load(Ordering::Relaxed) - before
    }
    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }
    fn zero(&self) -> u64 {
        0
    }
    fn to_f64(&self, calls: &u64) -> f64 {
        *calls as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        self
    }
}

impl ValueFormatter for Counted {
    fn scale_values(&self, _: f64, _: &mut [f64]) -> &'static str {
        "calls"
    }
    fn scale_throughputs(&self, _: f64, _: &Throughput, _: &mut [f64]) -> &'static str {
        "calls"
    }
    fn scale_for_machines(&self, _: &mut [f64]) -> &'static str {
        "calls"
    }
}

fn own_measurement(c: &mut Criterion<Counted>) {
    // Three calls an iteration, read around each batch.
    c.bench_function("counted_iter", |b| {
        b.iter(|| CALLS.fetch_add(3, Ordering::Relaxed))
    });
    // Five an iteration, as the routine's own value.
    c.bench_function("counted_custom", |b| b.iter_custom(|iters| 5 * iters));
}

criterion_group!(benches, timing_model);
criterion_group! {
    name = counted;
    config = Criterion::default().with_measurement(Counted);
    targets = own_measurement
}
criterion_main!(benches, counted);
