//! Comparisons whose true ratio is known by construction (see `duobench_examples::work`).
//!
//! `cargo bench -p duobench-examples` measures and reports them all;
//! `cargo test --release -p duobench-examples --benches` checks the claims.

use duobench::{bench_diff, Diff};
use duobench_examples::{work, work_on_thread_state};
use std::cell::Cell;

/// 1.10× the work: the claim `ratio > 1.05` is true and passes.
#[bench_diff(ratio > 1.05)]
fn ten_percent_more_work(d: &mut Diff) {
    let state = Cell::new(1);
    d.compare(|| work(&state, 2_200), || work(&state, 2_000));
}

/// The same pair with a false claim: it is refuted. Ignored so that the example run
/// succeeds; see the refutation with `cargo bench -p duobench-examples -- --ignored`.
#[bench_diff(ratio < 1.0, ignore = "false on purpose: shows a refutation")]
fn ten_percent_more_work_claimed_faster(d: &mut Diff) {
    let state = Cell::new(1);
    d.compare(|| work(&state, 2_200), || work(&state, 2_000));
}

/// Identical routines: equivalence within 3% passes.
#[bench_diff(ratio in 0.97..=1.03)]
fn same_work(d: &mut Diff) {
    let state = Cell::new(1);
    d.compare(|| work(&state, 2_000), || work(&state, 2_000));
}

/// Nanosecond scale: about 40 ns against about 50 ns, measured in batches.
#[bench_diff(ratio < 0.9)]
fn forty_vs_fifty_nanoseconds(d: &mut Diff) {
    let state = Cell::new(1);
    d.compare(|| work(&state, 72), || work(&state, 90));
}

/// The `vs` form: the annotated function is first, `vs` names the second.
#[bench_diff(vs = two_thousand_steps, ratio < 0.6)]
fn thousand_steps() -> u64 {
    work_on_thread_state(1_000)
}

fn two_thousand_steps() -> u64 {
    work_on_thread_state(2_000)
}

/// Trials inside a module are named by their path: `scaling::twice_the_work/100`.
mod scaling {
    use super::*;

    /// One trial per argument. No claim: the ratio is reported (and smoke-run under test).
    #[bench_diff(args = [100, 10_000])]
    fn twice_the_work(d: &mut Diff, steps: u64) {
        let state = Cell::new(1);
        d.compare(|| work(&state, 2 * steps), || work(&state, steps));
    }
}

fn main() {
    duobench::main()
}
