//! `--profile-time`: a routine run in its loop for a set time with nothing measured, so that
//! a profiler attached to the process (`perf record`, a flamegraph tool) sees the routine
//! and little else.

use std::time::{Duration, Instant};

/// Batches stop growing at this length: long enough that reading the clock between them is
/// nothing in a profile, short enough that the loop stops close to the time asked.
const BATCH_TARGET: Duration = Duration::from_millis(1);

/// Runs `batch(k)` (k iterations of the routine) in batches that double until one lasts
/// [`BATCH_TARGET`], until `time` has passed; returns the iterations run.
pub fn run_for(time: Duration, mut batch: impl FnMut(u64)) -> u64 {
    let start = Instant::now();
    let mut k: u64 = 1;
    let mut iterations: u64 = 0;
    while start.elapsed() < time {
        let batch_start = Instant::now();
        batch(k);
        iterations = iterations.saturating_add(k);
        if batch_start.elapsed() < BATCH_TARGET {
            k = k.saturating_mul(2);
        }
    }
    iterations
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_the_routine_for_the_time_asked_in_growing_batches() {
        let mut sizes = Vec::new();
        let time = Duration::from_millis(30);
        let start = Instant::now();
        let iterations = run_for(time, |k| {
            sizes.push(k);
            (0..k).for_each(|i| {
                std::hint::black_box(i);
            });
        });
        let took = start.elapsed();
        assert!(took >= time, "stopped after {took:?}");
        // Wide margin: a busy machine may stall a batch, never for seconds.
        assert!(took < Duration::from_secs(3), "ran for {took:?}");
        assert_eq!(iterations, sizes.iter().sum::<u64>());
        assert!(sizes.windows(2).all(|w| w[1] == w[0] || w[1] == 2 * w[0]));
        assert!(sizes.len() > 1);
    }

    #[test]
    fn no_time_runs_nothing() {
        assert_eq!(run_for(Duration::ZERO, |_| panic!("ran")), 0);
    }
}
