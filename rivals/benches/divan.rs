//! Divan on the rival harness's routines, at its defaults; the known-ratio pairs as two
//! routines each (Divan gives an estimate, no verdict). Run by `rivals/run`.

use divan::Bencher;
use rivals::{KEY, NUMBER, UNSORTED};
use std::hint::black_box;

#[divan::bench]
fn add() -> u64 {
    rivals::add(black_box(2), black_box(3))
}

#[divan::bench]
fn itoa() -> usize {
    rivals::itoa(black_box(NUMBER))
}

#[divan::bench]
fn to_string() -> String {
    rivals::to_string(black_box(NUMBER))
}

#[divan::bench]
fn to_string_len() -> usize {
    rivals::to_string_len(black_box(NUMBER))
}

#[divan::bench]
fn sort64() -> [u32; 64] {
    rivals::sort64(black_box(&UNSORTED))
}

#[divan::bench]
fn lookup(b: Bencher) {
    let table = rivals::lookup_table();
    b.bench_local(|| rivals::lookup(&table, black_box(KEY)));
}

#[divan::bench]
fn chain_5ns() -> u64 {
    rivals::chain(black_box(rivals::CHAIN_STEPS[0]))
}

#[divan::bench]
fn chain_50ns() -> u64 {
    rivals::chain(black_box(rivals::CHAIN_STEPS[1]))
}

#[divan::bench]
fn chain_5us() -> u64 {
    rivals::chain(black_box(rivals::CHAIN_STEPS[2]))
}

/// Each base's two routines, named `r<base>_slower` and `r<base>_base`.
mod known_ratio {
    use rivals::{work_on_thread_state, BASES};

    #[divan::bench]
    fn r55ns_slower() -> u64 {
        work_on_thread_state(BASES[0].slower_steps())
    }

    #[divan::bench]
    fn r55ns_base() -> u64 {
        work_on_thread_state(BASES[0].steps)
    }

    #[divan::bench]
    fn r100us_slower() -> u64 {
        work_on_thread_state(BASES[1].slower_steps())
    }

    #[divan::bench]
    fn r100us_base() -> u64 {
        work_on_thread_state(BASES[1].steps)
    }

    #[divan::bench]
    fn r2ms_slower() -> u64 {
        work_on_thread_state(BASES[2].slower_steps())
    }

    #[divan::bench]
    fn r2ms_base() -> u64 {
        work_on_thread_state(BASES[2].steps)
    }
}

fn main() {
    divan::main();
}
