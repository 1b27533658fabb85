//! Single-routine benchmarks (`#[bench]`): the forms a user would copy.
//!
//! `cargo bench -p duobench-examples --bench single` measures them, prints a block per
//! benchmark and compares each with the previous run (saved under `target/duobench/`);
//! `cargo test --release -p duobench-examples --benches` runs each once as a smoke test.
//! Each has `max_time = "2s"` so that the whole file runs in well under a minute.

use duobench::{bench, black_box, Bencher};
use duobench_examples::work;
use std::cell::Cell;
use std::time::Instant;

const INPUT: &str = "name = duobench\nversion = 0.1.0\nedition = 2021\nlicense = MIT\n\
                     # a comment\nrepository = https://example.invalid/duobench\n";

/// A parsed `key = value` file.
#[derive(Debug)]
pub struct Config {
    // Only built and black-boxed here: a real program would read it.
    #[allow(dead_code)]
    entries: Vec<(String, String)>,
}

fn parse(text: &str) -> Config {
    let entries = text
        .lines()
        .filter(|line| !line.trim_start().starts_with('#'))
        .filter_map(|line| line.split_once('='))
        .map(|(k, v)| (k.trim().to_owned(), v.trim().to_owned()))
        .collect();
    Config { entries }
}

/// Zero-argument form: the body is the routine; the returned `Config` is black-boxed, and
/// dropping it is not timed.
#[bench(max_time = "2s")]
fn parse_config() -> Config {
    parse(black_box(INPUT))
}

/// `n` pseudo-random numbers (a fixed multiplicative sequence: no `rand` needed).
fn random_vec(n: usize) -> Vec<u32> {
    (0..n as u32)
        .map(|i| i.wrapping_mul(2_654_435_761))
        .collect()
}

/// Bencher form with arguments: one trial per size (`sort/10`, `sort/1000`, ...). The clone
/// made by `iter_batched`'s setup is not timed; only the sort is.
#[bench(args = [10, 1000, 100_000], max_time = "2s")]
fn sort(b: &mut Bencher, n: usize) {
    let v = random_vec(n);
    b.iter_batched(|| v.clone(), |mut v| v.sort());
}

/// Throughput in bytes: the report adds a `thrpt` line in GiB/s.
#[bench(throughput = bytes(4096), max_time = "2s")]
fn checksum_4k(b: &mut Bencher) {
    let data: Vec<u8> = (0..4096u32).map(|i| (i * 31 % 251) as u8).collect();
    b.iter(|| {
        black_box(&data)
            .iter()
            .fold(0xCBF2_9CE4_8422_2325_u64, |h, &byte| {
                (h ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01B3)
            })
    });
}

/// Throughput in elements: 1,000 dependent steps of known cost an iteration.
#[bench(throughput = elements(1000), max_time = "2s")]
fn thousand_steps(b: &mut Bencher) {
    let state = Cell::new(1);
    b.iter(|| work(&state, 1_000));
}

/// The routine times itself (`iter_custom`), here to leave a per-batch setup untimed.
#[bench(samples = 50, max_time = "2s")]
fn custom_timing(b: &mut Bencher) {
    let state = Cell::new(1);
    b.iter_custom(|iters| {
        state.set(1);
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
