//! `--wander`: how the relative speed of two ~2 ms routines wanders over a run, measured
//! with duobench's own duos (no claim, precision 0, so every run lasts its whole budget).
//! One JSON line per pair and repetition on stdout, with every duo's mean log-difference;
//! `scripts/relative-wander/analyze.py` turns them into variance-time ratios. The
//! dependence safeguards of the sequential test are checked against what this shows.
//!
//! Pairs, each routine calibrated to ~2 ms a call: `work` against `work` 0.5% longer (one
//! kind), and a pointer chase over 64 MiB, building and dropping a few thousand short
//! strings, or small `read(2)` calls on /dev/zero, each against `work` (different kinds).

use duobench::{compare, DiffConfig};
use duobench_examples::work;
use std::cell::Cell;
use std::fs::File;
use std::hint::black_box;
use std::io::Read;
use std::time::{Duration, Instant};

const TARGET_NS: f64 = 2_000_000.0;

/// Follows a single random cycle for `steps` steps, from where the last call stopped.
#[inline(never)]
fn chase(next: &[u32], at: &Cell<u32>, steps: u64) -> u32 {
    let mut i = at.get();
    for _ in 0..black_box(steps) {
        i = next[i as usize];
    }
    at.set(i);
    i
}

/// Builds and drops a vector of `n` short strings.
#[inline(never)]
fn allocate(n: u64) -> usize {
    let strings: Vec<String> = (0..black_box(n))
        .map(|i| {
            let mut s = String::with_capacity(8 + (i % 24) as usize);
            s.push_str("item-");
            s.push(char::from(b'a' + (i % 26) as u8));
            black_box(s)
        })
        .collect();
    strings.iter().map(String::len).sum()
}

/// `n` reads of 64 bytes from `file`.
#[inline(never)]
fn read_small(file: &mut File, n: u64) -> usize {
    let mut buf = [0u8; 64];
    (0..black_box(n))
        .map(|_| file.read(&mut buf).expect("read /dev/zero"))
        .sum()
}

/// A single random cycle over `len` entries (Sattolo's algorithm), so a chase visits all.
fn random_cycle(len: usize) -> Vec<u32> {
    let mut next: Vec<u32> = (0..len as u32).collect();
    let mut rng = 0x2545_F491_4F6C_DD1D_u64;
    for i in (1..len).rev() {
        // xorshift64: any fixed, well-spread sequence will do.
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        next.swap(i, (rng % i as u64) as usize);
    }
    next
}

/// The size at which one call of `f` takes about 2 ms (fastest of 5 calls, scaled).
fn calibrate<T>(name: &str, mut f: impl FnMut(u64) -> T, start: u64) -> u64 {
    let mut fastest = |size: u64| {
        (0..5)
            .map(|_| {
                let t = Instant::now();
                black_box(f(size));
                t.elapsed().as_nanos() as f64
            })
            .fold(f64::INFINITY, f64::min)
    };
    let mut size = start.max(1);
    for _ in 0..40 {
        let ns = fastest(size);
        if ns < 0.1 * TARGET_NS {
            size = size.saturating_mul(8);
            continue;
        }
        size = (size as f64 * TARGET_NS / ns).round().max(1.0) as u64;
        if (ns / TARGET_NS - 1.0).abs() < 0.03 {
            break;
        }
    }
    eprintln!(
        "calibrated {name}: size {size}, {:.3} ms a call",
        fastest(size) / 1e6
    );
    size
}

/// Runs every pair `reps` times for `secs` each, printing one JSON line per run.
pub fn wander(secs: f64, reps: usize) {
    let state = Cell::new(1u64);
    let steps = calibrate("work", |n| work(&state, n), 100_000);
    let next = random_cycle(16 << 20);
    let at = Cell::new(0u32);
    let mut zero = File::open("/dev/zero").expect("open /dev/zero");
    let chase_steps = calibrate("chase", |n| chase(&next, &at, n), 1_000);
    let strings = calibrate("allocate", allocate, 1_000);
    let reads = calibrate("read", |n| read_small(&mut zero, n), 100);
    let longer = (steps as f64 * 1.005).round() as u64;
    let config = DiffConfig {
        claim: None,
        precision: 0.0,
        max_time: Duration::from_secs_f64(secs),
        ..DiffConfig::default()
    };
    for rep in 0..reps {
        let other = Cell::new(2 + rep as u64);
        let compute = || black_box(work(&other, steps));
        let runs = [
            (
                "compute_1.005",
                compare(|| black_box(work(&state, longer)), compute, &config),
            ),
            (
                "memory_vs_compute",
                compare(
                    || black_box(chase(&next, &at, chase_steps)),
                    compute,
                    &config,
                ),
            ),
            (
                "alloc_vs_compute",
                compare(|| black_box(allocate(strings)), compute, &config),
            ),
            (
                "syscall_vs_compute",
                compare(|| black_box(read_small(&mut zero, reads)), compute, &config),
            ),
        ];
        for (pair, r) in runs {
            eprintln!(
                "{pair} rep {rep}: ratio {:.4}, {} duos, stride {}",
                r.ratio,
                r.duo_log_diffs.len(),
                r.duo_stride
            );
            let line = serde_json::json!({
                "pair": pair,
                "rep": rep,
                "ratio": r.ratio,
                "stride": r.duo_stride,
                "clock": r.clock.name(),
                "duos_set_aside": r.duos_set_aside,
                "duos_preempted": r.duos_preempted,
                "duo_log_diffs": r.duo_log_diffs,
            });
            println!("{line}");
        }
    }
}
