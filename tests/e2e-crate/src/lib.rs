//! Workloads of known relative cost for the end-to-end run.

use std::cell::Cell;
use std::hint::black_box;

/// `steps` dependent rotate-xor steps continuing from `state`: cost linear in `steps`.
#[inline(never)]
pub fn work(state: &Cell<u64>, steps: u64) -> u64 {
    let k = black_box(0x9E37_79B9_7F4A_7C15_u64);
    let mut x = state.get();
    for _ in 0..black_box(steps) {
        x = x.rotate_left(7) ^ k;
    }
    state.set(x);
    x
}
