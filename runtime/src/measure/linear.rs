//! Linear sampling for `#[bench]`: warm up, then time N samples of d, 2d, …, Nd iterations
//! (Criterion.rs's method), with d chosen from the warmup so that the samples fill the time
//! budget. Fitting time against iterations then separates the per-iteration cost from any
//! fixed cost per sample.

use super::timer::TimerCost;
use std::time::{Duration, Instant};

/// Samples taken unless `samples = N` says otherwise (Criterion's default).
pub const DEFAULT_SAMPLES: usize = 100;
/// Fewest samples a run takes, even past its budget: fewer give no usable interval.
pub const MIN_SAMPLES: usize = 10;
/// Most samples a run takes: bootstrapping N samples costs 10,000 · N steps.
pub const MAX_SAMPLES: usize = 5_000;
/// Sampling stops early (after `MIN_SAMPLES`) once it has run this many times its budget,
/// which only happens when the routine became much slower than the warmup measured.
const OVERRUN: u32 = 2;
/// Largest iteration count of a sample: far beyond any real run, it keeps counts and their
/// sums exact and finite even for a routine that reports zero time.
const MAX_SAMPLE_ITERS: f64 = 1e15;

/// Settings of one linear-sampling run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LinearSettings {
    /// Warmup time.
    pub warmup: Duration,
    /// Time budget, warmup included.
    pub max_time: Duration,
    /// Samples wanted (clamped to `MIN_SAMPLES..=MAX_SAMPLES`).
    pub samples: usize,
    /// Clock cost; the warmup grows batches until one lasts its `target_batch_ns`.
    pub timer: TimerCost,
}

/// How many iterations each sample runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sampling {
    /// Sample `i` (from 1) runs `i · step` iterations.
    Linear {
        /// Iterations of the first sample.
        step: u64,
    },
    /// Every sample runs `iters` iterations: for routines so slow that even one iteration
    /// per step would overrun the budget (Criterion's flat sampling).
    Flat {
        /// Iterations of every sample.
        iters: u64,
    },
}

impl Sampling {
    /// Iterations of sample `i`, counting from 1.
    #[must_use]
    pub fn iters_of(self, i: usize) -> u64 {
        match self {
            Sampling::Linear { step } => step.saturating_mul(i as u64),
            Sampling::Flat { iters } => iters,
        }
    }
}

/// The sampling chosen for a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Iterations per sample.
    pub sampling: Sampling,
    /// Number of samples.
    pub samples: usize,
}

/// Chooses the sampling that fits `budget_ns` of wall time, given the wall time one
/// iteration took during warmup (setup included, for `iter_batched`). Pure.
///
/// Linear sampling runs `step · N(N+1)/2` iterations, so `step = budget / (per_iter ·
/// N(N+1)/2)`, rounded. When that rounds to zero, flat sampling gives each sample its share
/// of the budget, and when even one iteration per sample overruns, the sample count drops
/// to what fits, but never below `MIN_SAMPLES`.
#[must_use]
pub fn plan(wall_ns_per_iter: f64, budget_ns: f64, samples: usize) -> Plan {
    let samples = samples.clamp(MIN_SAMPLES, MAX_SAMPLES);
    let n = samples as f64;
    // A routine that reports no time still takes some; 1 ps keeps the divisions finite.
    let per_iter = wall_ns_per_iter.max(1e-3);
    let budget = budget_ns.max(0.0);
    let step = (budget / (per_iter * n * (n + 1.0) / 2.0)).round();
    if step >= 1.0 {
        let step = step.min(MAX_SAMPLE_ITERS / n) as u64;
        return Plan {
            sampling: Sampling::Linear { step },
            samples,
        };
    }
    let iters = (budget / (per_iter * n)).floor();
    if iters >= 1.0 {
        return Plan {
            sampling: Sampling::Flat {
                iters: iters as u64,
            },
            samples,
        };
    }
    Plan {
        sampling: Sampling::Flat { iters: 1 },
        samples: ((budget / per_iter).floor() as usize).clamp(MIN_SAMPLES, samples),
    }
}

/// Everything measured in one linear-sampling run, before analysis.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct LinearRun {
    /// Iterations of each sample.
    pub iters: Vec<u64>,
    /// Net time of each sample in nanoseconds (clock overhead already subtracted).
    pub ns: Vec<f64>,
    /// The sampling used.
    pub sampling: Sampling,
    /// Time spent warming up.
    pub warmup_time: Duration,
    /// Time spent sampling.
    pub measure_time: Duration,
}

/// Warms up and samples. `time_batch(k)` runs k iterations and returns their net time in
/// nanoseconds; everything else it does (setup, drops) counts against the wall-time budget
/// but not in the samples.
pub fn run_linear(mut time_batch: impl FnMut(u64) -> f64, settings: &LinearSettings) -> LinearRun {
    let start = Instant::now();
    let target_ns = settings.timer.target_batch_ns();
    // Warmup: double the batch until one is long against the clock's cost, then keep that
    // size until the warmup time has passed (Criterion doubles throughout, overshooting the
    // warmup by up to 2x).
    let (mut iters, mut total_iters) = (1u64, 0u64);
    loop {
        let ns = time_batch(iters);
        total_iters = total_iters.saturating_add(iters);
        let elapsed = start.elapsed();
        let long_enough = ns >= target_ns;
        if (long_enough && elapsed >= settings.warmup) || elapsed >= settings.max_time {
            break;
        }
        if !long_enough {
            iters = iters.saturating_mul(2);
        }
    }
    let warmup_time = start.elapsed();
    let wall_ns_per_iter = warmup_time.as_nanos() as f64 / total_iters as f64;
    let budget = settings.max_time.saturating_sub(warmup_time);
    let plan = plan(wall_ns_per_iter, budget.as_nanos() as f64, settings.samples);

    let mut run = LinearRun {
        iters: Vec::with_capacity(plan.samples),
        ns: Vec::with_capacity(plan.samples),
        sampling: plan.sampling,
        warmup_time,
        measure_time: Duration::ZERO,
    };
    let measure_start = Instant::now();
    for i in 1..=plan.samples {
        let k = plan.sampling.iters_of(i);
        run.ns.push(time_batch(k));
        run.iters.push(k);
        if i >= MIN_SAMPLES && measure_start.elapsed() > budget * OVERRUN {
            break;
        }
    }
    run.measure_time = measure_start.elapsed();
    run
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn linear_plan_fills_the_budget() {
        // 10 ns per iteration, 1 s: step = 1e9 / (10 · 5050) = 19 801.98 → 19 802.
        let p = plan(10.0, 1e9, 100);
        assert_eq!(p.sampling, Sampling::Linear { step: 19_802 });
        assert_eq!(p.samples, 100);
        let total: u64 = (1..=100).map(|i| p.sampling.iters_of(i)).sum();
        assert!((total as f64 * 10.0 - 1e9).abs() < 1e-4 * 1e9);
    }

    #[test]
    fn slow_routines_get_flat_sampling_and_at_least_min_samples() {
        // 1 ms per iteration, 1 s: linear needs 5.05 s even at step 1.
        let p = plan(1e6, 1e9, 100);
        assert_eq!(p.sampling, Sampling::Flat { iters: 10 });
        // 1 s per iteration: one iteration a sample, and only the minimum of samples.
        let p = plan(1e9, 3e9, 100);
        assert_eq!(
            (p.sampling, p.samples),
            (Sampling::Flat { iters: 1 }, MIN_SAMPLES)
        );
        let p = plan(1e7, 5e8, 100);
        assert_eq!((p.sampling, p.samples), (Sampling::Flat { iters: 1 }, 50));
        assert_eq!(plan(1e9, 0.0, 100).samples, MIN_SAMPLES);
    }

    #[test]
    fn sample_counts_are_clamped_and_zero_time_stays_finite() {
        assert_eq!(plan(10.0, 1e9, 2).samples, MIN_SAMPLES);
        assert_eq!(plan(10.0, 1e9, 1_000_000).samples, MAX_SAMPLES);
        let p = plan(0.0, 1e9, 100);
        let Sampling::Linear { step } = p.sampling else {
            panic!("{p:?}")
        };
        assert!(step as f64 * 100.0 <= MAX_SAMPLE_ITERS);
    }

    #[test]
    fn run_takes_linear_samples_of_what_the_batch_reports() {
        let settings = LinearSettings {
            warmup: Duration::from_millis(1),
            max_time: Duration::from_millis(20),
            samples: 30,
            timer: TimerCost {
                overhead_ns: 20.0,
                resolution_ns: 10.0,
            },
        };
        let run = run_linear(|k| 10.0 * k as f64, &settings);
        let Sampling::Linear { step } = run.sampling else {
            panic!("{:?}", run.sampling)
        };
        assert_eq!(run.iters.len(), 30);
        for (i, (&k, &ns)) in run.iters.iter().zip(&run.ns).enumerate() {
            assert_eq!(k, step * (i as u64 + 1));
            assert_eq!(ns, 10.0 * k as f64);
        }
        assert!(run.warmup_time >= Duration::from_millis(1));
    }
}
