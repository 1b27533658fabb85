//! Every accepted form, including the bare attribute and paths for `vs` and the handle.
use duobench::{bench, bench_diff, Bencher, Diff};

const SIZES: [usize; 2] = [16, 256];

#[bench]
fn bare() -> u64 {
    1
}

#[bench()]
const fn empty_parens() -> u64 {
    2
}

#[bench(args = [SIZES[0], SIZES[1]], throughput = elements(SIZES[1] * 4), samples = 20)]
pub(crate) fn with_arg(b: &mut duobench::Bencher, n: usize) {
    b.iter(|| n * 2);
}

mod other {
    pub fn second() -> Vec<u8> {
        vec![1]
    }
}

/// Attributes and docs are kept.
#[bench_diff(vs = other::second, ratio in 0.5..2, warmup = "1ms", max_time = "1s")]
#[inline(never)]
fn first() -> Vec<u8> {
    vec![2]
}

#[bench_diff(args = [1u8, 2], ratio >= 1.0, alpha = 0.1, on_inconclusive = "ignore", name = "shared", across_processes,)]
fn shared(d: &mut Diff, x: u8) {
    d.compare(|| x, || x + 1);
}

#[bench(ignore = "demo", r#name = "raw")]
fn r#type(b: &mut Bencher) {
    b.iter(|| 3);
}

// The returning form with arguments, generic functions, and a throughput of the argument.
#[bench(args = [10, 100])]
fn returning(n: u64) -> u64 {
    n * 2
}

#[bench(types = [u32, u64], args = [1, 2], throughput = bytes(n * 8))]
fn generic<T: From<u8> + Copy>(b: &mut Bencher, n: u8) {
    let x = T::from(n);
    b.iter(|| x);
}

#[bench_diff(types = [u8, u16], vs = zero_too)]
fn zero_first<T: Default>() -> T {
    T::default()
}

fn zero_too<T: Default>() -> T {
    T::default()
}

#[bench]
async fn async_plain() -> u8 {
    1
}

#[bench(args = [1, 2])]
async fn async_arg(n: u8) -> u8 {
    n
}

#[bench_diff(vs = async_second)]
async fn async_first() -> u8 {
    1
}

async fn async_second() -> u8 {
    2
}

// Every executor, on a plain routine, with arguments and in a comparison (the tests crate
// builds duobench with `tokio` and `tokio-full`).
#[bench(executor = built_in)]
async fn on_built_in() -> u8 {
    1
}

#[bench(executor = tokio)]
async fn on_tokio() -> u8 {
    1
}

#[bench(executor = tokio_multi_thread, args = [1, 2])]
async fn on_tokio_multi_thread(n: u8) -> u8 {
    n
}

#[bench_diff(vs = async_second, executor = tokio_multi_thread)]
async fn diff_on_tokio_multi_thread() -> u8 {
    1
}

fn main() {}
