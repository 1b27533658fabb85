//! The busy-machine validation's routines (`scripts/busy-machine/run`): a serial chain of
//! arithmetic at about 5 ns, 50 ns and 5 µs a call, timed as `#[bench]`es quiet and beside
//! busy processes, and compared run to run with the previous run. With `BUSY_SLOWER=1`
//! every chain takes 20% more steps: a real slowdown, which the comparison with a quiet
//! previous run must still call regressed.

use duobench::{bench, black_box, Bencher};

/// A serial chain of `n` dependent steps (a rotate and an xor) from `n`.
#[inline(never)]
fn chain(n: u64) -> u64 {
    let mut x = n;
    for _ in 0..n {
        x = x.rotate_left(7) ^ 0x9E37_79B9;
    }
    x
}

/// `n` steps, or 20% more under `BUSY_SLOWER=1`; read once, before the routine is timed.
fn steps(n: u64) -> u64 {
    if std::env::var_os("BUSY_SLOWER").is_some() {
        n * 6 / 5
    } else {
        n
    }
}

#[bench]
fn chain_5ns(b: &mut Bencher) {
    let n = steps(5);
    b.iter(|| chain(black_box(n)));
}

#[bench]
fn chain_50ns(b: &mut Bencher) {
    let n = steps(70);
    b.iter(|| chain(black_box(n)));
}

#[bench]
fn chain_5us(b: &mut Bencher) {
    let n = steps(7_000);
    b.iter(|| chain(black_box(n)));
}

fn main() {
    duobench::main()
}
