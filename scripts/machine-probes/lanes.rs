//! The host's slow stretches against four probes: an allocating routine (`to_string` of a
//! 13-digit number, freed) timed in batches of 100,000 calls, each batch followed by four
//! probes, fastest of four pieces each: a serial chain of arithmetic (duobench's probe before),
//! eight independent lanes (its probe since), 200 small allocations, and 300 dependent reads
//! over a 1 MiB random cycle. Prints one CSV row a batch: seconds, ns per call, and the
//! four probes' ns. Build: `rustc -C opt-level=3 -o lanes lanes.rs`; run `./lanes 90`.

use std::hint::black_box;
use std::time::Instant;

#[inline(never)]
pub fn to_string_len(n: u64) -> usize {
    black_box(n.to_string()).len()
}

fn fastest(pieces: usize, mut f: impl FnMut() -> u64) -> f64 {
    (0..pieces)
        .map(|_| {
            let s = Instant::now();
            black_box(f());
            s.elapsed().as_nanos() as f64
        })
        .fold(f64::INFINITY, f64::min)
}

#[inline(never)]
fn chain(mut x: u64, steps: u64) -> u64 {
    let k = black_box(0x9E37_79B9_7F4A_7C15_u64);
    for _ in 0..black_box(steps) {
        x = x.rotate_left(7) ^ k;
    }
    x
}

#[inline(never)]
fn wide(steps: u64) -> u64 {
    // Eight independent chains: throughput-bound, shares ports with a sibling thread.
    let k = black_box(0x9E37_79B9_7F4A_7C15_u64);
    let mut v = [1u64, 2, 3, 4, 5, 6, 7, 8];
    for _ in 0..black_box(steps) {
        for x in &mut v {
            *x = x.wrapping_mul(k).rotate_left(13) ^ k;
        }
    }
    v.iter().fold(0, |a, b| a ^ b)
}

#[inline(never)]
fn allocs(n: u64) -> u64 {
    let mut s = 0;
    for i in 0..black_box(n) {
        let b = black_box(Box::new([i as u8; 24]));
        s += u64::from(b[0]);
    }
    s
}

#[inline(never)]
fn walk(buf: &[u32], steps: u64) -> u64 {
    let mut i = 0usize;
    for _ in 0..black_box(steps) {
        i = buf[i] as usize;
    }
    i as u64
}

fn main() {
    let secs: f64 = std::env::args().nth(1).map_or(60.0, |s| s.parse().unwrap());
    // a 1 MiB random cycle
    let n = 1 << 18;
    let mut perm: Vec<u32> = (0..n as u32).collect();
    let mut x = 12345u64;
    for i in (1..n).rev() {
        x ^= x << 13; x ^= x >> 7; x ^= x << 17;
        let j = (x % (i as u64 + 1)) as usize;
        perm.swap(i, j);
    }
    let mut buf = vec![0u32; n];
    for w in 0..n { buf[perm[w] as usize] = perm[(w + 1) % n]; }
    let start = Instant::now();
    println!("t,routine,chain,wide,alloc,walk");
    while start.elapsed().as_secs_f64() < secs {
        let t = start.elapsed().as_secs_f64();
        let s = Instant::now();
        for _ in 0..100_000 {
            black_box(to_string_len(black_box(1_234_567_890_123)));
        }
        let r = s.elapsed().as_nanos() as f64 / 100_000.0;
        let c = fastest(4, || chain(1, 2000));
        let w = fastest(4, || wide(300));
        let a = fastest(4, || allocs(200));
        let m = fastest(4, || walk(&buf, 300));
        println!("{t:.3},{r:.2},{c:.0},{w:.0},{a:.0},{m:.0}");
    }
}
