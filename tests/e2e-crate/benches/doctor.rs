//! End-to-end: conditions the benchmark doctor must flag, built on purpose, beside look-alikes
//! it must leave alone. Run by `tests/tests/e2e_doctor.rs`.

use duobench::{bench, bench_diff, black_box, Bencher, Diff};
use duobench_e2e::work;
use std::cell::Cell;
use std::time::Duration;

/// The result is a constant the compiler computes ahead: each iteration only stores it.
#[bench]
fn constant() -> u64 {
    (1..=20u64).product::<u64>() / 3
}

/// The same shape with work the compiler cannot see through.
#[bench]
fn real_work(b: &mut Bencher) {
    let state = Cell::new(1);
    b.iter(|| work(&state, 100));
}

/// Keeps 16 KiB from every call. The sleep bounds the iterations (a few thousand in the
/// end-to-end test's 400 ms), so the leak stays at tens of MiB.
#[bench]
fn leaks(b: &mut Bencher) {
    b.iter(|| {
        std::thread::sleep(Duration::from_micros(50));
        std::mem::forget(black_box(vec![1u8; 16 * 1024]));
    });
}

/// Allocates as much per call and gives it back.
#[bench]
fn frees(b: &mut Bencher) {
    b.iter(|| {
        std::thread::sleep(Duration::from_micros(50));
        black_box(vec![1u8; 16 * 1024]).len()
    });
}

/// A comparison whose first routine keeps 16 KiB from every call, as `leaks` does.
#[bench_diff(vs = frees_once)]
fn leaks_in_comparison() -> usize {
    std::thread::sleep(Duration::from_micros(50));
    let kept = black_box(vec![1u8; 16 * 1024]);
    let len = kept.len();
    std::mem::forget(kept);
    len
}

/// A comparison of two routines that both give back what they allocate.
#[bench_diff(vs = frees_once)]
fn frees_in_comparison() -> usize {
    frees_once()
}

fn frees_once() -> usize {
    std::thread::sleep(Duration::from_micros(50));
    black_box(vec![1u8; 16 * 1024]).len()
}

/// A slice summed against itself (for the whole budget under `--calibrate`): nothing
/// allocates while the duos run, however many of them there are.
#[bench_diff]
fn sums_against_itself(d: &mut Diff) {
    let v: Vec<u64> = (0..1_000).collect();
    d.compare(
        || black_box(&v).iter().sum::<u64>(),
        || black_box(&v).iter().sum::<u64>(),
    );
}

/// The same slice sum keeping one byte from every call (a log that is never cleared): tens
/// of MiB over seconds of duos, which the doctor must still see once the harness's own
/// records are left out.
#[bench_diff]
fn sums_keeping_a_byte_per_call(d: &mut Diff) {
    let v: Vec<u64> = (0..1_000).collect();
    let mut kept: Vec<u8> = Vec::new();
    d.compare(
        || {
            kept.push(1);
            black_box(&v).iter().sum::<u64>()
        },
        || black_box(&v).iter().sum::<u64>(),
    );
}

/// Two constants: the ratio compares the loop's overhead with itself.
#[bench_diff]
fn constants_compared(d: &mut Diff) {
    d.compare(|| black_box(1), || black_box(1));
}

fn main() {
    duobench::main()
}
