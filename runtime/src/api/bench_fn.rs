//! Measuring one routine without the harness: the same linear sampling and analysis as a
//! `#[bench]` under `cargo bench`, called as a function. For self-checks, validation
//! programs and tools that drive measurements themselves.

use crate::analysis::BenchResult;
use crate::api::bencher::{BenchOutcome, Bencher};
use crate::measure::timer_cost;
use crate::measure::BatchRunner;
use crate::measure::DEFAULT_SAMPLES;
use crate::model::Mode;
use crate::model::{AttrOptions, Throughput};
use crate::session::{Overrides, Settings, DEFAULT_ALPHA, DEFAULT_MAX_TIME, DEFAULT_WARMUP};
use std::time::Duration;

/// Settings of one direct measurement; `Default` gives the attribute's defaults.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BenchConfig {
    /// Warmup time.
    pub warmup: Duration,
    /// Time budget, warmup included.
    pub max_time: Duration,
    /// Samples of linear sampling (at least 10 are taken).
    pub samples: u32,
    /// The intervals are at level 1 − alpha.
    pub alpha: f64,
    /// Work per iteration, for the throughput.
    pub throughput: Option<Throughput>,
}

impl Default for BenchConfig {
    fn default() -> Self {
        Self {
            warmup: DEFAULT_WARMUP,
            max_time: DEFAULT_MAX_TIME,
            // DEFAULT_SAMPLES is 100: it fits.
            samples: DEFAULT_SAMPLES as u32,
            alpha: DEFAULT_ALPHA,
            throughput: None,
        }
    }
}

/// Measures `routine` exactly as `#[bench]` does with `Bencher::iter` under `cargo bench`,
/// and returns the full result (no baseline is read or saved).
///
/// ```no_run
/// use duobench::{measure, BenchConfig};
/// let result = measure(|| (0..1_000u64).sum::<u64>(), &BenchConfig::default());
/// println!("{:.2} ns per iteration", result.slope.point);
/// ```
///
/// # Panics
///
/// If `routine` panics, or if `max_time` is too short for ten samples (the message says
/// what budget would do).
pub fn measure<O>(routine: impl FnMut() -> O, config: &BenchConfig) -> BenchResult {
    let nanos = |d: Duration| u64::try_from(d.as_nanos()).unwrap_or(u64::MAX);
    let attr = AttrOptions {
        warmup_ns: Some(nanos(config.warmup)),
        max_time_ns: Some(nanos(config.max_time)),
        alpha: Some(config.alpha),
        samples: Some(config.samples),
        throughput: config.throughput,
        ..AttrOptions::default()
    };
    let mut bencher = Bencher::new(Mode::Bench, Settings::resolve(&attr, Overrides::default()));
    bencher.iter(routine);
    match bencher.into_outcome() {
        Some(BenchOutcome::Measured(result)) => *result,
        Some(BenchOutcome::Failed(why)) => panic!("{why}"),
        other => unreachable!("a bench-mode measurement gave {other:?}"),
    }
}

/// What one timed batch costs beyond its routine's iterations.
#[must_use]
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct BatchOverhead {
    /// The clock read measured at start-up and subtracted from every timed batch, in
    /// nanoseconds.
    pub clock_read_ns: f64,
    /// Median raw time of a timed batch of zero iterations (two clock reads, the call into
    /// the batch loop and its setup), in nanoseconds.
    pub empty_batch_ns: f64,
}

impl BatchOverhead {
    /// What the subtraction leaves in every batch: `empty_batch_ns − clock_read_ns`.
    #[must_use]
    pub fn residual_ns(&self) -> f64 {
        self.empty_batch_ns - self.clock_read_ns
    }
}

/// Measures the harness's own overhead per timed batch: the median of 10,001 timed batches
/// of zero iterations, beside the clock read that every batch has subtracted. Takes about a
/// millisecond.
pub fn batch_overhead() -> BatchOverhead {
    const BATCHES: usize = 10_001;
    let mut runner = BatchRunner::new(|| ());
    // Warm the code path and the clock before keeping anything.
    for _ in 0..1_000 {
        runner.time(0);
    }
    let mut times: Vec<f64> = (0..BATCHES).map(|_| runner.time(0)).collect();
    times.sort_by(f64::total_cmp);
    BatchOverhead {
        clock_read_ns: timer_cost().overhead_ns,
        empty_batch_ns: times[BATCHES / 2],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_costs_at_least_nothing_and_measure_uses_the_config() {
        let o = batch_overhead();
        assert!(o.empty_batch_ns >= 0.0 && o.clock_read_ns >= 0.0, "{o:?}");
        assert_eq!(o.residual_ns(), o.empty_batch_ns - o.clock_read_ns);
        let config = BenchConfig {
            warmup: Duration::from_millis(1),
            // Room for all 12 samples on a busy machine: the budget cuts sampling short, and
            // this test is about the sample count the config asks for.
            max_time: Duration::from_millis(500),
            samples: 12,
            throughput: Some(Throughput::Elements(4)),
            ..BenchConfig::default()
        };
        let r = measure(black_box_sum, &config);
        // Twelve planned; a stall on a busy machine may cut the last ones, never the minimum.
        assert!(
            (10..=12).contains(&r.run.iters.len()),
            "{}",
            r.run.iters.len()
        );
        assert_eq!(r.throughput, Some(Throughput::Elements(4)));
    }

    fn black_box_sum() -> u64 {
        (0..std::hint::black_box(10u64)).sum()
    }
}
