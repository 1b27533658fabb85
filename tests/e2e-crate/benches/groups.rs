//! A group of candidates with known costs against one reference, run by
//! `tests/tests/e2e_groups.rs`: 1,000 steps of work against 2,000, 4,000 and 500, so the
//! ratios are about 0.5, 0.25 and 2, ranked `half`, `twice`, `four_times`; the claim
//! `ratio < 0.8` passes for the first two candidates and is refuted for `half`.

use duobench::bench_diff;
use duobench_e2e::work;
use std::cell::Cell;

thread_local! {
    static STATE: Cell<u64> = const { Cell::new(1) };
}

fn steps(n: u64) -> u64 {
    STATE.with(|s| work(s, n))
}

#[bench_diff(vs = [twice, four_times, half], ratio < 0.8)]
fn once() -> u64 {
    steps(1_000)
}

fn twice() -> u64 {
    steps(2_000)
}

fn four_times() -> u64 {
    steps(4_000)
}

fn half() -> u64 {
    steps(500)
}

fn main() {
    duobench::main()
}
