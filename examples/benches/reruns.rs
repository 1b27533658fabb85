//! Comparisons to rerun in fresh processes (`scripts/reruns/rerun.py`): each must take the
//! same path (blocks whose dependence the pilot measures, or units, and the unit's length)
//! in every process, and the intervals of the reruns must overlap. A new user's `memchr`
//! against a byte loop, reads that miss the caches against reads in a row, and two routines
//! of each kind of the validation program (sorting, a hash map, formatting, vector growth,
//! arithmetic of 2 ms, 20 ms and 50 ms); workloads unlike those, run by name: a system call,
//! and a routine of two paths whose batches mix them; and identical
//! code under claims a false verdict would break, for `--across-processes` (the `same_`
//! trials, run by name).
//!
//! `cargo bench -p duobench-examples --bench reruns -- --exact memchr_vs_naive`

use duobench::{bench_diff, black_box, Diff};
use duobench_examples::work;
use std::cell::Cell;
use std::collections::HashMap;
use std::fmt::Write;

/// 8 KiB with the byte searched for at the end.
fn haystack() -> Vec<u8> {
    let mut v = vec![b'a'; 8 * 1024];
    *v.last_mut().expect("not empty") = b'z';
    v
}

/// `memchr` against a byte loop on 8 KiB: about 50 times faster.
#[bench_diff(ratio < 0.5)]
fn memchr_vs_naive(d: &mut Diff) {
    let hay = haystack();
    d.compare(
        || memchr::memchr(b'z', black_box(&hay)),
        || black_box(&hay).iter().position(|&b| b == b'z'),
    );
}

/// 4,096 reads at random places of 64 MiB against 4,096 in a row: the random ones miss the
/// caches and the TLB, by as much as where the process's pages landed lets them.
#[bench_diff(ratio > 2)]
fn random_reads_vs_in_a_row(d: &mut Diff) {
    let words: Vec<u64> = (0..8 << 20).collect();
    let mut x = 0x9e37_79b9_7f4a_7c15_u64;
    let places: Vec<usize> = (0..4096)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % words.len() as u64) as usize
        })
        .collect();
    d.compare(
        || places.iter().map(|&i| black_box(&words)[i]).sum::<u64>(),
        || black_box(&words)[..4096].iter().sum::<u64>(),
    );
}

fn sorted(n: u32) -> Vec<u32> {
    let mut v: Vec<u32> = (0..n).map(|i| i.wrapping_mul(2_654_435_761)).collect();
    v.sort_unstable();
    v
}

/// Sorting 10,000 numbers against 20,000: a little over twice the work.
#[bench_diff(ratio < 0.6)]
fn sort_half(d: &mut Diff) {
    d.compare(|| sorted(black_box(10_000)), || sorted(black_box(20_000)));
}

fn map_of(n: u64) -> HashMap<u64, u64> {
    (0..black_box(n)).map(|i| (i, i * i)).collect()
}

/// A hash map of 1,000 entries against the same: equivalent within 10%.
#[bench_diff(ratio in 0.9..=1.1)]
fn hash_map_same(d: &mut Diff) {
    d.compare(|| map_of(1_000), || map_of(1_000));
}

fn format_numbers(n: u64) -> String {
    let mut s = String::new();
    for i in 0..black_box(n) {
        let _ = write!(s, "{i},");
    }
    s
}

/// Formatting 100 numbers against 200.
#[bench_diff(ratio < 0.7)]
fn format_half(d: &mut Diff) {
    d.compare(|| format_numbers(100), || format_numbers(200));
}

/// The same pair claimed at about its ratio across processes (0.515–0.528 in ten runs):
/// one process decides it for its own placement of the two functions, which the next
/// process may not share. Run by name (the `same_` trials' way), with and without the
/// attribute below.
#[bench_diff(ratio < 0.522)]
fn format_half_near_its_ratio(d: &mut Diff) {
    d.compare(|| format_numbers(100), || format_numbers(200));
}

/// [`format_half_near_its_ratio`] decided over rounds of fresh processes.
#[bench_diff(ratio < 0.522, across_processes)]
fn format_half_near_its_ratio_across_processes(d: &mut Diff) {
    d.compare(|| format_numbers(100), || format_numbers(200));
}

/// [`format_numbers`] into a string with room for all of them from the start.
fn format_numbers_reserved(n: u64) -> String {
    let mut s = String::with_capacity(8 * n as usize);
    for i in 0..black_box(n) {
        let _ = write!(s, "{i},");
    }
    s
}

/// [`format_half`] into strings reserved up front: no reallocation as they grow. Within one
/// process the other pair's ratio moves with what each routine's reallocations leave in the
/// allocator for the other; this one tells whether that is the cause. Run by name.
#[bench_diff(ratio < 0.7)]
fn format_half_reserved(d: &mut Diff) {
    d.compare(
        || format_numbers_reserved(100),
        || format_numbers_reserved(200),
    );
}

fn grow(n: u64) -> Vec<u64> {
    let mut v = Vec::new();
    for i in 0..black_box(n) {
        v.push(i);
    }
    v
}

/// Growing a vector by 10,000 pushes against the same.
#[bench_diff(ratio in 0.9..=1.1)]
fn vector_growth_same(d: &mut Diff) {
    d.compare(|| grow(10_000), || grow(10_000));
}

/// One `stat` of this executable against two: a system call, about half the time. Run by
/// name.
#[bench_diff(ratio < 0.7)]
fn one_stat_vs_two(d: &mut Diff) {
    let path = std::env::current_exe().expect("a bench target knows its executable");
    let stat = |path: &std::path::Path| std::fs::metadata(black_box(path)).map(|m| m.len());
    d.compare(
        || stat(&path).ok(),
        || stat(&path).ok().zip(stat(&path).ok()),
    );
}

/// A value kept and recomputed on every eighth call (500 steps a call, 8,000 on the eighth)
/// against recomputing it on every call: two paths in one routine, which a batch mixes in
/// proportions that vary with its length and where it starts; about 0.18. Run by name.
#[bench_diff(ratio < 0.4)]
fn recomputed_every_eighth_vs_always(d: &mut Diff) {
    let state = Cell::new(1);
    let calls = Cell::new(0_u32);
    d.compare(
        || {
            calls.set(calls.get().wrapping_add(1));
            let steps = if calls.get() % 8 == 0 { 8_000 } else { 500 };
            work(&state, steps)
        },
        || work(&state, 8_000),
    );
}

/// About 2 ms of arithmetic against 10% more of it.
#[bench_diff(ratio > 1.05)]
fn arithmetic_2ms(d: &mut Diff) {
    let state = Cell::new(1);
    d.compare(|| work(&state, 3_190_000), || work(&state, 2_900_000));
}

/// About 20 ms of arithmetic against 10% more of it: a long routine, decided within the
/// default 5 s budget.
#[bench_diff(ratio > 1.05)]
fn arithmetic_20ms(d: &mut Diff) {
    let state = Cell::new(1);
    d.compare(|| work(&state, 31_900_000), || work(&state, 29_000_000));
}

/// About 50 ms of arithmetic against 10% more of it, in a 10 s budget.
#[bench_diff(ratio > 1.05, max_time = "10s")]
fn arithmetic_50ms(d: &mut Diff) {
    let state = Cell::new(1);
    d.compare(|| work(&state, 79_750_000), || work(&state, 72_500_000));
}

/// The same 0.6 µs of arithmetic twice, claimed faster: on the boundary, so a pass is false.
/// Identical code for `--across-processes` (each side in a process of its own), by name.
#[bench_diff(ratio < 1.0)]
fn same_short_claimed_faster(d: &mut Diff) {
    let state = Cell::new(1);
    d.compare(|| work(&state, 1_000), || work(&state, 1_000));
}

/// The same 20 ms of arithmetic twice, claimed faster: on the boundary, so a pass is false.
#[bench_diff(ratio < 1.0)]
fn same_20ms_claimed_faster(d: &mut Diff) {
    let state = Cell::new(1);
    d.compare(|| work(&state, 29_000_000), || work(&state, 29_000_000));
}

/// The same 20 ms of arithmetic twice in a ±2% band: true, so a refutation is false.
#[bench_diff(ratio in 0.98..=1.02)]
fn same_20ms_within_2_percent(d: &mut Diff) {
    let state = Cell::new(1);
    d.compare(|| work(&state, 29_000_000), || work(&state, 29_000_000));
}

fn main() {
    duobench::main()
}
