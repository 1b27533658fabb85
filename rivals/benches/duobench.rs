//! duobench on the rival harness's routines: `#[bench]` for each per-call routine (the
//! `String` of `to_string` is dropped after the clock stops, as a returned value always is), a
//! `#[bench_diff]` of the allocating routine against the one that does not allocate, and
//! the known-ratio pairs (`ratio > 1.0`, true by 1%). Run by `rivals/run`.

use duobench::{bench, bench_diff, black_box, Bencher, Diff};
use rivals::{Base, BASES, CHAIN_STEPS, KEY, NUMBER, UNSORTED};
use std::cell::Cell;

#[bench]
fn add() -> u64 {
    rivals::add(black_box(2), black_box(3))
}

#[bench]
fn itoa() -> usize {
    rivals::itoa(black_box(NUMBER))
}

#[bench]
fn to_string() -> String {
    rivals::to_string(black_box(NUMBER))
}

#[bench]
fn to_string_len() -> usize {
    rivals::to_string_len(black_box(NUMBER))
}

#[bench]
fn sort64() -> [u32; 64] {
    rivals::sort64(black_box(&UNSORTED))
}

#[bench]
fn lookup(b: &mut Bencher) {
    let table = rivals::lookup_table();
    b.iter(|| rivals::lookup(&table, black_box(KEY)));
}

#[bench]
fn chain_5ns() -> u64 {
    rivals::chain(black_box(CHAIN_STEPS[0]))
}

#[bench]
fn chain_50ns() -> u64 {
    rivals::chain(black_box(CHAIN_STEPS[1]))
}

#[bench]
fn chain_5us() -> u64 {
    rivals::chain(black_box(CHAIN_STEPS[2]))
}

/// Formatting without an allocation against formatting into a new `String`.
#[bench_diff(ratio < 0.8)]
fn itoa_vs_to_string(d: &mut Diff) {
    d.compare(
        || rivals::itoa(black_box(NUMBER)),
        || rivals::to_string(black_box(NUMBER)),
    );
}

/// The known-ratio pairs: the first routine does 1% more steps than the second.
mod known_ratio {
    use super::*;

    fn one_percent_more(d: &mut Diff, base: Base) {
        let state = Cell::new(1);
        d.compare(
            || rivals::work(&state, base.slower_steps()),
            || rivals::work(&state, base.steps),
        );
    }

    #[bench_diff(ratio > 1.0)]
    fn r55ns(d: &mut Diff) {
        one_percent_more(d, BASES[0]);
    }

    #[bench_diff(ratio > 1.0)]
    fn r100us(d: &mut Diff) {
        one_percent_more(d, BASES[1]);
    }

    #[bench_diff(ratio > 1.0)]
    fn r2ms(d: &mut Diff) {
        one_percent_more(d, BASES[2]);
    }
}

fn main() {
    duobench::main();
}
