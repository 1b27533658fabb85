//! Two versions of one crate: built once as is (the baseline) and once with
//! `E2E_SLOWDOWN_PERCENT=200` set at compile time (the branch), which makes `slowed` 3×
//! slower and leaves `unchanged` alone. `tests/tests/e2e_versions.rs` saves a baseline from
//! the first build and compares the second with it in duos, across processes.

use duobench::{bench, Bencher};
use duobench_e2e::work;
use std::cell::Cell;

/// The slowdown compiled into this build, in percent (an edit to the routine, as a branch
/// would make it).
const SLOWDOWN_PERCENT: u64 = match option_env!("E2E_SLOWDOWN_PERCENT") {
    Some(text) => parse(text),
    None => 0,
};

const fn parse(text: &str) -> u64 {
    let bytes = text.as_bytes();
    let mut value = 0;
    let mut i = 0;
    while i < bytes.len() {
        value = value * 10 + (bytes[i] - b'0') as u64;
        i += 1;
    }
    value
}

/// About 1 µs an iteration in the baseline; 1.5 µs in the slowed build.
#[bench(on_inconclusive = "pass")]
fn slowed(b: &mut Bencher) {
    let steps = 2_000 * (100 + SLOWDOWN_PERCENT) / 100;
    let state = Cell::new(1);
    b.iter(|| work(&state, steps));
}

/// The same in both builds.
#[bench(max_regression = "10%", on_inconclusive = "pass")]
fn unchanged(b: &mut Bencher) {
    let state = Cell::new(1);
    b.iter(|| work(&state, 2_000));
}

/// With `E2E_CRASH=1` at run time, the baseline build (no slowdown) aborts inside its
/// routine: the comparison must fail in one line and leave no process behind.
#[bench(on_inconclusive = "pass")]
fn crashes_in_baseline(b: &mut Bencher) {
    let crash = SLOWDOWN_PERCENT == 0 && std::env::var_os("E2E_CRASH").is_some();
    let state = Cell::new(1);
    b.iter(|| {
        if crash {
            std::process::abort();
        }
        work(&state, 2_000)
    });
}

fn main() {
    duobench::main()
}
