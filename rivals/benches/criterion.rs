//! Criterion 0.5 on the rival harness's routines, at its defaults for the per-call group;
//! the known-ratio group at 0.5 s of warm-up and 1 s of measurement, run once as a saved
//! baseline and once with `RIVALS_SLOWER=1` against it (see `rivals::criterion_steps`).
//! Run by `rivals/run`.

use criterion::{criterion_group, criterion_main, Criterion};
use rivals::{KEY, NUMBER, UNSORTED};
use std::cell::Cell;
use std::hint::black_box;
use std::time::Duration;

fn per_call(c: &mut Criterion) {
    let mut group = c.benchmark_group("percall");
    group.bench_function("add", |b| {
        b.iter(|| rivals::add(black_box(2), black_box(3)))
    });
    group.bench_function("itoa", |b| b.iter(|| rivals::itoa(black_box(NUMBER))));
    group.bench_function("to_string", |b| {
        b.iter(|| rivals::to_string(black_box(NUMBER)))
    });
    group.bench_function("to_string_len", |b| {
        b.iter(|| rivals::to_string_len(black_box(NUMBER)))
    });
    group.bench_function("sort64", |b| {
        b.iter(|| rivals::sort64(black_box(&UNSORTED)))
    });
    let table = rivals::lookup_table();
    group.bench_function("lookup", |b| {
        b.iter(|| rivals::lookup(&table, black_box(KEY)))
    });
    for (name, steps) in ["chain_5ns", "chain_50ns", "chain_5us"]
        .into_iter()
        .zip(rivals::CHAIN_STEPS)
    {
        group.bench_function(name, |b| b.iter(|| rivals::chain(black_box(steps))));
    }
    group.finish();
}

fn known_ratio(c: &mut Criterion) {
    let mut group = c.benchmark_group("ratio");
    group
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(1));
    for base in rivals::BASES {
        let steps = rivals::criterion_steps(base);
        let state = Cell::new(1);
        group.bench_function(base.name, |b| b.iter(|| rivals::work(&state, steps)));
    }
    group.finish();
}

criterion_group!(benches, per_call, known_ratio);
criterion_main!(benches);
