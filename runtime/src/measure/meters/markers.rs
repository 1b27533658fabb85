//! The two functions Callgrind is told about by name (`--toggle-collect`, `--dump-after`):
//! it counts only while [`counted`] runs, and writes what it counted when [`segment_end`]
//! returns. Markers by name need no client request (no inline assembly, nothing unsafe) and
//! work on every architecture Valgrind runs on; the names are unusual enough to match
//! nothing else. Outside Valgrind they are two ordinary calls, never made while timing.

use std::hint::black_box;

/// The pattern Callgrind's `--toggle-collect` matches: the demangled name of [`counted`]'s
/// every instance.
pub const COLLECT_PATTERN: &str = "*__duobench_callgrind_collect*";

/// The pattern of `--dump-after`: [`segment_end`].
pub const DUMP_PATTERN: &str = "*__duobench_callgrind_dump*";

/// Runs `work`; under Callgrind with [`COLLECT_PATTERN`], only what runs in here is counted.
#[inline(never)]
pub fn counted<R>(work: impl FnOnce() -> R) -> R {
    __duobench_callgrind_collect(work)
}

#[inline(never)]
fn __duobench_callgrind_collect<R>(work: impl FnOnce() -> R) -> R {
    black_box(work())
}

/// Ends a counted segment: under Callgrind with [`DUMP_PATTERN`], its counts are written to
/// the next numbered output file and zeroed.
#[inline(never)]
pub fn segment_end() {
    __duobench_callgrind_dump(black_box(0));
}

#[inline(never)]
fn __duobench_callgrind_dump(segment: u64) {
    black_box(segment);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outside_valgrind_the_markers_only_run_their_work() {
        assert_eq!(counted(|| 6 * 7), 42);
        segment_end();
    }
}
