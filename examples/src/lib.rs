//! Workloads whose relative cost is known by construction, shared by the example benches.
//!
//! `work(state, steps)` runs a serial chain of `x = x.rotate_left(7) ^ k` steps. Each step
//! depends on the one before, and the chain continues from where the previous call left
//! it, so in a batched loop the CPU cannot overlap calls: the cost is linear in `steps`, and
//! `work(s, 1100)` costs 1.10 times `work(s, 1000)` to within the fixed call overhead.

use std::cell::Cell;
use std::hint::black_box;

/// Runs `steps` dependent steps continuing from `state`, and stores where it ended.
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

thread_local! {
    static STATE: Cell<u64> = const { Cell::new(1) };
}

/// [`work`] on a per-thread state, for zero-argument routines (the `vs = ...` form).
pub fn work_on_thread_state(steps: u64) -> u64 {
    STATE.with(|state| work(state, steps))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn state_carries_over_between_calls() {
        let state = Cell::new(1);
        let once = work(&state, 10);
        let twice = work(&state, 10);
        assert_ne!(once, twice);
        let fresh = Cell::new(1);
        work(&fresh, 20);
        assert_eq!(fresh.get(), twice);
    }
}
