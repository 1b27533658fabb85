//! The routines every tool times, compiled once into this library.
//!
//! Each routine is `#[inline(never)]`, so a bench file calls it instead of copying its body
//! into the bench binary: duobench, Criterion, Divan, Tango and bench_diff (the known-ratio
//! pairs) then time the same machine code, and a difference between their figures is a
//! difference between the tools, not between builds. The inputs are constants the caller passes through `black_box`.
//!
//! Two families:
//!
//! - **Per call** ([`PER_CALL`]): small routines of a few to a few hundred nanoseconds, one
//!   of them allocating ([`to_string`], [`to_string_len`]), whose time per call each tool
//!   estimates.
//! - **Known ratio** ([`BASES`]): [`work`] at three base latencies, the second routine of
//!   each pair doing 1% more steps, for each tool's verdict on a 1% difference.

use std::collections::HashMap;
use std::hint::black_box;

pub use duobench_examples::{work, work_on_thread_state};

/// Names of the per-call routines, as every bench file registers them.
pub const PER_CALL: [&str; 9] = [
    "add",
    "itoa",
    "to_string",
    "to_string_len",
    "sort64",
    "lookup",
    "chain_5ns",
    "chain_50ns",
    "chain_5us",
];

/// Steps of [`chain`] for `chain_5ns`, `chain_50ns` and `chain_5us`: about 4 ns, 45 ns and
/// 4.5 µs a call, a constant per call seen against one that grows with the work.
pub const CHAIN_STEPS: [u64; 3] = [6, 70, 7_000];

/// The number [`itoa()`] and [`to_string`] format (13 digits).
pub const NUMBER: u64 = 1_234_567_890_123;

/// The key [`lookup`] looks up (present in [`lookup_table`]).
pub const KEY: u64 = 777;

/// Adds two numbers: the cost of a call and little else.
#[inline(never)]
#[must_use]
pub fn add(a: u64, b: u64) -> u64 {
    a.wrapping_add(b)
}

/// Formats `n` in decimal with `itoa` into a buffer on the stack (no allocation) and
/// returns the number of digits. The digits go through `black_box`, so they are written.
#[inline(never)]
#[must_use]
pub fn itoa(n: u64) -> usize {
    let mut buffer = itoa::Buffer::new();
    black_box(buffer.format(n)).len()
}

/// Formats `n` in decimal into a new `String`: one heap allocation a call.
#[inline(never)]
#[must_use]
pub fn to_string(n: u64) -> String {
    n.to_string()
}

/// Formats `n` into a new `String` and frees it before returning its length: allocation
/// and free both happen here, so every tool times the same code for both. ([`to_string`]
/// leaves the free to the caller's drop, which each tool compiles, and times or not, in its
/// own loop.)
#[inline(never)]
#[must_use]
pub fn to_string_len(n: u64) -> usize {
    black_box(n.to_string()).len()
}

/// Sixty-four numbers in no order, the input of [`sort64`].
pub const UNSORTED: [u32; 64] = unsorted();

const fn unsorted() -> [u32; 64] {
    let mut values = [0u32; 64];
    let mut i = 0;
    while i < 64 {
        values[i] = (i as u32).wrapping_mul(2_654_435_761);
        i += 1;
    }
    values
}

/// Sorts a copy of `input` (on the stack, no allocation).
#[inline(never)]
#[must_use]
pub fn sort64(input: &[u32; 64]) -> [u32; 64] {
    let mut values = *input;
    values.sort_unstable();
    values
}

/// A serial chain of `n` dependent steps (a rotate and an xor) from `n`: its time is the
/// chain's latency and one call; the same at every call, so consecutive calls may overlap in
/// the core as far as the loop around them lets them.
#[inline(never)]
#[must_use]
pub fn chain(n: u64) -> u64 {
    let mut x = n;
    for _ in 0..n {
        x = x.rotate_left(7) ^ 0x9E37_79B9;
    }
    x
}

/// The table [`lookup`] searches: 1,024 keys with the standard hasher (SipHash 1-3).
#[must_use]
pub fn lookup_table() -> HashMap<u64, u64> {
    (0..1024u64).map(|k| (k, k.wrapping_mul(31))).collect()
}

/// Looks `key` up in `table`.
#[inline(never)]
#[must_use]
pub fn lookup(table: &HashMap<u64, u64>, key: u64) -> Option<u64> {
    table.get(&key).copied()
}

/// One known-ratio case: [`work`] at `steps` against `steps` plus 1%.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Base {
    /// The base latency in words, as names and tables show it.
    pub name: &'static str,
    /// Steps of the faster routine (about 0.55 ns a step).
    pub steps: u64,
}

impl Base {
    /// Steps of the slower routine: 1% more.
    #[must_use]
    pub fn slower_steps(self) -> u64 {
        self.steps + self.steps / 100
    }
}

/// The base latencies of the known-ratio table.
pub const BASES: [Base; 3] = [
    Base {
        name: "55ns",
        steps: 100,
    },
    Base {
        name: "100us",
        steps: 180_000,
    },
    Base {
        name: "2ms",
        steps: 3_600_000,
    },
];

/// Environment variable that makes a Criterion run time the slower routine of each base
/// under the same benchmark name: Criterion compares a benchmark only with its own saved
/// baseline, so the 1% comes from a second run with `RIVALS_SLOWER=1`.
pub const SLOWER_VAR: &str = "RIVALS_SLOWER";

/// The steps a Criterion run times for `base`: the slower routine's when [`SLOWER_VAR`] is
/// set to `1`.
#[must_use]
pub fn criterion_steps(base: Base) -> u64 {
    if std::env::var(SLOWER_VAR).as_deref() == Ok("1") {
        base.slower_steps()
    } else {
        base.steps
    }
}

/// Runs each per-call routine once and checks its result: the bench files call exactly
/// these.
#[must_use]
pub fn self_check() -> bool {
    let table = lookup_table();
    add(black_box(2), black_box(3)) == 5
        && itoa(black_box(NUMBER)) == 13
        && to_string(black_box(NUMBER)) == "1234567890123"
        && to_string_len(black_box(NUMBER)) == 13
        && sort64(black_box(&UNSORTED))
            .windows(2)
            .all(|w| w[0] <= w[1])
        && lookup(&table, black_box(KEY)) == Some(KEY * 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routines_compute_what_they_say() {
        assert!(self_check());
        assert_eq!(itoa(0), 1);
        assert_eq!(itoa(u64::MAX), 20);
    }

    #[test]
    fn the_slower_routine_does_one_percent_more_steps() {
        for base in BASES {
            assert_eq!(base.slower_steps() * 100, base.steps * 101, "{}", base.name);
        }
    }
}
