//! End-to-end `#[bench]`es: every form, run by `tests/tests/e2e_bench.rs` in test mode
//! (smoke) and in bench mode (measured, compared with the previous run).

use duobench::{bench, black_box, Bencher};
use duobench_e2e::work;
use std::cell::Cell;
use std::time::Instant;

/// `E2E_WORK_FACTOR=2` doubles the work of `scaled`, as an edit to the routine would.
fn work_factor() -> u64 {
    std::env::var("E2E_WORK_FACTOR")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1)
}

/// Zero-argument form: the return value is black-boxed.
#[bench]
fn zero_arg() -> u64 {
    thread_local! {
        static STATE: Cell<u64> = const { Cell::new(1) };
    }
    STATE.with(|s| work(s, 200))
}

/// The known-cost routine the baseline comparisons use; about 0.5 µs an iteration.
#[bench(throughput = elements(1000))]
fn scaled(b: &mut Bencher) {
    let steps = 1_000 * work_factor();
    let state = Cell::new(1);
    b.iter(|| work(&state, steps));
}

/// One trial per argument; setup outside the timed region.
#[bench(args = [10, 1000])]
fn sort(b: &mut Bencher, n: usize) {
    let v: Vec<u64> = (0..n as u64).map(|i| i.wrapping_mul(0x9E37_79B9)).collect();
    b.iter_batched(|| v.clone(), |mut v| v.sort_unstable());
}

/// The routine times itself.
#[bench(samples = 20)]
fn custom(b: &mut Bencher) {
    let state = Cell::new(1);
    b.iter_custom(|iters| {
        let start = Instant::now();
        for _ in 0..iters {
            black_box(work(&state, 100));
        }
        start.elapsed()
    });
}

fn main() {
    duobench::main()
}
