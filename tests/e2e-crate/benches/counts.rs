//! Counts under Valgrind (`measure = cachegrind`), run by `tests/tests/e2e_counts.rs`. Built
//! once as is (the baseline) and once with `E2E_EXTRA_PERCENT` set at compile time (the
//! branch), which adds 3% instructions to `grows` and an allocation to `allocates`, and
//! leaves `steady` alone.

use duobench::{bench, bench_diff, black_box, Bencher, Diff};

// `allocates` counts allocations, which takes duobench's allocator.
#[global_allocator]
static ALLOC: duobench::CountingAllocator = duobench::CountingAllocator;

/// Instructions added to `grows` in this build, in percent.
const EXTRA_PERCENT: u64 = match option_env!("E2E_EXTRA_PERCENT") {
    Some(_) => 3,
    None => 0,
};

/// `steps` rounds of a multiply-add chain whose every step the optimizer must keep.
#[inline(never)]
pub fn chain(steps: u64) -> u64 {
    let mut x = black_box(1u64);
    for i in 0..black_box(steps) {
        x = black_box(x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(i));
    }
    x
}

/// Half the chain against the whole: about 0.5 in counts, decided exactly.
#[bench_diff(measure = cachegrind, ratio < 0.6)]
fn half_the_work(d: &mut Diff) {
    let setup: Vec<u64> = (0..10_000).collect();
    d.compare(|| chain(500 + setup[0]), || chain(1_000));
}

/// The same claim refuted: the whole chain is not under 0.6 of half of it.
#[bench_diff(measure = cachegrind, ratio < 0.6)]
fn refuted_on_purpose(d: &mut Diff) {
    d.compare(|| chain(1_000), || chain(500));
}

/// A routine whose path depends on the time: its counts move from repeat to repeat, and
/// the run says so and decides on a t interval over the repeats.
#[bench_diff(measure = cachegrind)]
fn time_dependent(d: &mut Diff) {
    d.compare(
        || {
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |t| u64::from(t.subsec_nanos()));
            chain(300 + (nanos >> 6) % 64)
        },
        || chain(300),
    );
}

/// One routine, 3% more instructions in the branch build.
#[bench(measure = cachegrind)]
fn grows(b: &mut Bencher) {
    b.iter(|| chain(1_000 * (100 + EXTRA_PERCENT) / 100));
}

/// The same in both builds.
#[bench(measure = cachegrind)]
fn steady(b: &mut Bencher) {
    b.iter(|| chain(1_000));
}

/// One allocation a call, two in the branch build: counted here and in the base's stored
/// executable, without Valgrind, and gated exactly.
#[bench(measure = allocations)]
fn allocates() -> (Box<u64>, Option<Box<u64>>) {
    let second = (EXTRA_PERCENT > 0).then(|| Box::new(black_box(2)));
    (Box::new(black_box(1)), second)
}

/// Inputs made outside the counted region: only the sort is counted.
#[bench(measure = cachegrind)]
fn sorts_inputs(b: &mut Bencher) {
    b.iter_batched(|| (0..256u32).rev().collect::<Vec<u32>>(), |mut v| {
        v.sort_unstable();
        v
    });
}

fn main() {
    duobench::main();
}
