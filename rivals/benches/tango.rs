//! Tango 0.9 on the rival harness's routines. Tango compares two executables (two child
//! processes running in step); `compare` without a path compares this executable with
//! itself, the honest A/A for per-call times (`percall/*`). The known-ratio pairs are two
//! names in this one executable, `slower/<base>` and `base/<base>`, compared with
//! `--strip-candidate 'slower/*' --strip-baseline 'base/*'`. Run by `rivals/run`.

use rivals::{KEY, NUMBER, UNSORTED};
use std::hint::black_box;
use tango_bench::{benchmark_fn, tango_benchmarks, IntoBenchmarks};

fn per_call() -> impl IntoBenchmarks {
    let chains = ["chain_5ns", "chain_50ns", "chain_5us"]
        .into_iter()
        .zip(rivals::CHAIN_STEPS)
        .map(|(name, steps)| {
            benchmark_fn(format!("percall/{name}"), move |b| {
                b.iter(move || rivals::chain(black_box(steps)))
            })
        });
    let mut all = vec![
        benchmark_fn("percall/add", |b| {
            b.iter(|| rivals::add(black_box(2), black_box(3)))
        }),
        benchmark_fn("percall/itoa", |b| {
            b.iter(|| rivals::itoa(black_box(NUMBER)))
        }),
        benchmark_fn("percall/to_string", |b| {
            b.iter(|| rivals::to_string(black_box(NUMBER)))
        }),
        benchmark_fn("percall/to_string_len", |b| {
            b.iter(|| rivals::to_string_len(black_box(NUMBER)))
        }),
        benchmark_fn("percall/sort64", |b| {
            b.iter(|| rivals::sort64(black_box(&UNSORTED)))
        }),
        benchmark_fn("percall/lookup", |b| {
            let table = rivals::lookup_table();
            b.iter(move || rivals::lookup(&table, black_box(KEY)))
        }),
    ];
    all.extend(chains);
    all
}

fn known_ratio() -> impl IntoBenchmarks {
    rivals::BASES
        .into_iter()
        .flat_map(|base| {
            [
                benchmark_fn(format!("slower/{}", base.name), move |b| {
                    b.iter(move || rivals::work_on_thread_state(base.slower_steps()))
                }),
                benchmark_fn(format!("base/{}", base.name), move |b| {
                    b.iter(move || rivals::work_on_thread_state(base.steps))
                }),
            ]
        })
        .collect::<Vec<_>>()
}

tango_benchmarks!(per_call(), known_ratio());
