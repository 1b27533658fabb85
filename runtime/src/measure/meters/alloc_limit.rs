//! `allocs == 0` on `#[bench]`: counts what the routine allocates per iteration and says, in
//! the trial's failure, by how much a limit is broken.

use super::alloc::{counting_allocator_installed, AllocCount, INSTALL_LINE};
use crate::measure::LocalRoutine;
use crate::model::AllocLimit;

/// Iterations counted; the first call is run but not counted, so one-time lazy
/// initialisation (a thread-local, a `OnceLock`) is not taken for per-iteration work.
pub const COUNTED_ITERS: u64 = 64;

/// Checks `limit` against the routine in `batch`; `Err` is the trial's failure message.
pub fn check_alloc_limit(limit: AllocLimit, batch: &mut impl LocalRoutine) -> Result<(), String> {
    if !counting_allocator_installed() {
        return Err(format!(
            "{} needs duobench's counting allocator; add to the bench file: {INSTALL_LINE}",
            written(limit)
        ));
    }
    verdict(limit, count(batch))
}

/// Bytes the routine in `batch` allocates per iteration, counted as `check_alloc_limit` counts; `None`
/// without the counting allocator.
pub fn alloc_bytes_per_iteration(batch: &mut impl LocalRoutine) -> Option<f64> {
    counting_allocator_installed().then(|| count(batch).bytes as f64 / COUNTED_ITERS as f64)
}

/// What [`COUNTED_ITERS`] iterations allocate, after one uncounted call.
fn count(batch: &mut impl LocalRoutine) -> AllocCount {
    batch.allocs_once();
    let mut total = AllocCount::default();
    for _ in 0..COUNTED_ITERS {
        let one = batch.allocs_once();
        total.allocations += one.allocations;
        total.bytes += one.bytes;
    }
    total
}

/// The verdict on `total`, counted over [`COUNTED_ITERS`] iterations.
fn verdict(limit: AllocLimit, total: AllocCount) -> Result<(), String> {
    let holds = match limit {
        AllocLimit::Exactly(n) => total.allocations == n * COUNTED_ITERS,
        AllocLimit::AtMost(n) => total.allocations <= n * COUNTED_ITERS,
    };
    if holds {
        return Ok(());
    }
    let per_iter = |x: u64| x as f64 / COUNTED_ITERS as f64;
    Err(format!(
        "{} broken: {} allocations ({} bytes) per iteration, counted over {COUNTED_ITERS} \
         iterations",
        written(limit),
        trim(per_iter(total.allocations)),
        trim(per_iter(total.bytes)),
    ))
}

fn written(limit: AllocLimit) -> String {
    match limit {
        AllocLimit::Exactly(n) => format!("allocs == {n}"),
        AllocLimit::AtMost(n) => format!("allocs <= {n}"),
    }
}

/// `2` rather than `2.00`, but `0.5` stays.
fn trim(x: f64) -> String {
    let text = format!("{x:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(allocations: u64, bytes: u64) -> AllocCount {
        AllocCount { allocations, bytes }
    }

    #[test]
    fn limits_hold_or_say_how_many_allocations_per_iteration() {
        assert_eq!(verdict(AllocLimit::Exactly(0), count(0, 0)), Ok(()));
        assert_eq!(verdict(AllocLimit::AtMost(2), count(128, 4096)), Ok(()));
        let e = verdict(AllocLimit::Exactly(0), count(128, 3072)).unwrap_err();
        assert_eq!(
            e,
            "allocs == 0 broken: 2 allocations (48 bytes) per iteration, counted over 64 iterations"
        );
        let e = verdict(AllocLimit::AtMost(1), count(96, 32)).unwrap_err();
        assert!(
            e.starts_with("allocs <= 1 broken: 1.5 allocations (0.5 bytes)"),
            "{e}"
        );
    }

    #[test]
    fn without_the_counting_allocator_the_check_says_how_to_install_it() {
        let mut batch = crate::measure::BatchRunner::new(|| 1);
        let e = check_alloc_limit(AllocLimit::Exactly(0), &mut batch).unwrap_err();
        assert!(e.contains("#[global_allocator]"), "{e}");
    }
}
