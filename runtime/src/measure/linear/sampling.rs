//! Linear sampling for `#[bench]`: warm up, then time N samples of d, 2d, …, Nd iterations
//! (Criterion.rs's method), with d chosen from the warmup so that the samples fill the time
//! budget. Fitting time against iterations then separates the per-iteration cost from any
//! fixed cost per sample.
//!
//! Unlike Criterion, the samples are taken in a shuffled order ([`sample_order`]): taken by
//! size, a machine that speeds up or slows down during the run (a virtual machine does, for
//! hundreds of milliseconds at a time) makes time a second cause of the size trend, and the
//! fitted line tilts — its intercept then reads as a fixed cost per sample that no code pays
//! (docs/VALIDATION.md, section "The doctor on the examples"), and its slope follows the
//! machine of the run's last, longest samples. Shuffled, a drift
//! only scatters the samples around the line.

use crate::measure::resident_kib;
use crate::measure::PaceProbe;
use crate::measure::TimerCost;
use crate::measure::{Deadline, Shortfall};
use crate::stats::SplitMix64;
use crate::util::interrupted;
use std::time::{Duration, Instant};

/// Samples taken unless `samples = N` says otherwise (Criterion's default).
pub const DEFAULT_SAMPLES: usize = 100;
/// Fewest samples of a meaningful run: fewer give no usable interval. A budget that cannot
/// fit them ends the run with a [`Shortfall`] instead.
pub const MIN_SAMPLES: usize = 10;
/// Most samples a run takes: bootstrapping N samples costs 10,000 · N steps.
pub const MAX_SAMPLES: usize = 5_000;
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
    /// A routine too slow for the fewest samples within `max_time` takes them past it, one
    /// call each, instead of falling short (Criterion's rule, for its compatibility layer).
    pub past_budget_for_fewest: bool,
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
/// to what fits, which may be fewer than `MIN_SAMPLES` (the run then reports a shortfall).
#[must_use]
pub fn plan(wall_ns_per_iter: f64, budget_ns: f64, samples: usize) -> Plan {
    let samples = samples.clamp(MIN_SAMPLES, MAX_SAMPLES);
    let n = samples as f64;
    // A routine that reports no time still takes some; 1 ps keeps the divisions finite.
    let per_iter = wall_ns_per_iter.max(1e-3);
    let budget = budget_ns.max(0.0);
    // Rounded down, so the plan never asks for more than the budget.
    let step = (budget / (per_iter * n * (n + 1.0) / 2.0)).floor();
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
        samples: ((budget / per_iter).floor() as usize).min(samples),
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
    /// Set when the budget could not fit the fewest samples (10): the samples taken are
    /// too few to analyse.
    pub shortfall: Option<Shortfall>,
    /// The process's resident set after each sample, in KiB (empty where the OS does not
    /// report it): memory that keeps growing with the iterations shows here.
    pub rss_kib: Vec<u64>,
    /// The machine's pace right after each sample: how long a fixed 2.5 µs piece of
    /// arithmetic took, fastest of four, in nanoseconds (empty where not read). Samples
    /// taken while the machine ran slower show here.
    pub pace_ns: Vec<f64>,
    /// Steps of the probe's arithmetic behind each of `pace_ns` (0 where none was read).
    pub pace_steps: u64,
    /// The budget the sampling ran past to take the fewest samples, when it did (only for
    /// the Criterion layer's benchmarks, which follow Criterion's rule).
    pub past_budget: Option<Duration>,
}

impl LinearRun {
    /// The machine's median time per step of the pace probe over this run, in nanoseconds:
    /// comparable with another run's, so that a change between two unpaired runs can be set
    /// beside how much the machine's own speed moved. `None` where no pace was read.
    #[must_use]
    pub fn pace_ns_per_step(&self) -> Option<f64> {
        if self.pace_steps == 0 || self.pace_ns.is_empty() {
            return None;
        }
        let mut sorted = self.pace_ns.clone();
        sorted.sort_by(f64::total_cmp);
        let median = crate::stats::median(&sorted);
        (median.is_finite() && median > 0.0).then(|| median / self.pace_steps as f64)
    }
}

/// Warms up and samples, within the budget plus at most one call (see
/// [`Deadline`]). `time_batch(k)` runs k iterations and returns their net time in
/// nanoseconds; everything else it does (setup, drops) counts against the wall-time budget
/// but not in the samples.
pub fn run_linear(mut time_batch: impl FnMut(u64) -> f64, settings: &LinearSettings) -> LinearRun {
    let deadline = Deadline::start(settings.max_time);
    let target_ns = settings.timer.target_batch_ns();
    // Warmup: double the batch until one is long against the clock's cost, then keep that
    // size until the warmup time has passed (Criterion doubles throughout, overshooting the
    // warmup by up to 2x). It ends early when only the fewest samples still fit after it.
    let (mut iters, mut total_iters) = (1u64, 0u64);
    let mut wall_ns_per_iter = 0.0;
    loop {
        if total_iters > 0 && !deadline.fits(wall_ns_per_iter * iters as f64) {
            break;
        }
        let ns = time_batch(iters);
        total_iters = total_iters.saturating_add(iters);
        let elapsed = deadline.elapsed();
        wall_ns_per_iter = elapsed.as_nanos() as f64 / total_iters as f64;
        let long_enough = ns >= target_ns;
        // Room for twice the fewest samples, so that the plan, with its slack, still has them.
        let fewest_samples_ns = 2.0 * MIN_SAMPLES as f64 * wall_ns_per_iter;
        let warm = elapsed >= settings.warmup || !deadline.fits_after(elapsed, fewest_samples_ns);
        if long_enough && warm {
            break;
        }
        if !long_enough {
            iters = iters.saturating_mul(2);
        }
    }
    let warmup_time = deadline.elapsed();
    // A tenth of the budget is left as slack, so that sampling noise does not push the last
    // samples past the deadline.
    let budget = settings.max_time.saturating_sub(warmup_time).mul_f64(0.9);
    let mut plan = plan(wall_ns_per_iter, budget.as_nanos() as f64, settings.samples);
    if settings.past_budget_for_fewest && plan.samples < MIN_SAMPLES {
        plan.samples = MIN_SAMPLES;
    }

    let mut run = LinearRun {
        iters: Vec::with_capacity(plan.samples),
        ns: Vec::with_capacity(plan.samples),
        sampling: plan.sampling,
        warmup_time,
        measure_time: Duration::ZERO,
        shortfall: None,
        rss_kib: Vec::with_capacity(plan.samples),
        pace_ns: Vec::with_capacity(plan.samples),
        pace_steps: 0,
        past_budget: None,
    };
    let probe = PaceProbe::calibrated();
    run.pace_steps = probe.steps();
    let measure_start = Instant::now();
    // Wall time per iteration over all samples so far: one preempted sample does not stop
    // the run, and a routine that really became slower is caught.
    let mut per_iter = wall_ns_per_iter;
    let mut fastest = wall_ns_per_iter;
    let mut sampled_iters = 0u64;
    for i in sample_order(plan.samples) {
        let mut k = plan.sampling.iters_of(i);
        if !deadline.fits(per_iter * k as f64) {
            // Slower than the warmup measured (a busy machine): short of the minimum, share
            // what is left among the samples still missing, but never below the warmup's
            // batch, which is long against the clock. Least squares takes any counts.
            let missing = MIN_SAMPLES.saturating_sub(run.ns.len()).max(1);
            let left_ns = settings
                .max_time
                .saturating_sub(deadline.elapsed())
                .as_nanos() as f64;
            k = shrunk_iters(k, iters, left_ns, per_iter, missing);
            // Past the budget, the missing samples are still taken when the routine itself
            // is fast (at its fastest they take under 5% of the budget): the run was
            // stalled by the machine, and a few more batches beat a failed trial.
            let stalled = fastest * (k * missing as u64) as f64
                <= STALL_ALLOWANCE * settings.max_time.as_nanos() as f64;
            // An interrupt still stops it: the trial ends at its next step.
            let fewest_anyway = settings.past_budget_for_fewest && !interrupted();
            if run.ns.len() >= MIN_SAMPLES
                || !(deadline.fits(per_iter * k as f64) || stalled || fewest_anyway)
            {
                break;
            }
        }
        let sample_start = Instant::now();
        let Some(ns) = time_in_parts(&mut time_batch, k, per_iter, interrupted) else {
            break;
        };
        run.ns.push(ns);
        run.iters.push(k);
        // Read outside the timed batch.
        run.rss_kib.extend(resident_kib());
        fastest = fastest.min(sample_start.elapsed().as_nanos() as f64 / k as f64);
        run.pace_ns.push(probe.read());
        sampled_iters = sampled_iters.saturating_add(k);
        per_iter = measure_start.elapsed().as_nanos() as f64 / sampled_iters as f64;
    }
    run.measure_time = measure_start.elapsed();
    if settings.past_budget_for_fewest && deadline.elapsed() > settings.max_time {
        run.past_budget = Some(settings.max_time);
    }
    if run.ns.len() < MIN_SAMPLES {
        // The warmup asked for, or one call if that is longer, then the fewest samples of
        // one call each (and one more for rounding), with the plan's slack.
        let warmup_ns = (settings.warmup.as_nanos() as f64).max(per_iter);
        let needed_ns = warmup_ns + (MIN_SAMPLES + 1) as f64 * per_iter / 0.9;
        run.shortfall = Some(Shortfall::new(settings.max_time, needed_ns, FEWEST));
    }
    run
}

/// Iterations of a sample that no longer fits at its `planned` size: its share of the
/// `left_ns` still in the budget among the `missing` samples, never above the plan and never
/// below the warmup's batch (`warm_batch`, long against the clock) unless the plan itself
/// asked for less. The floor is capped by the plan so the bounds never cross: a flat plan of
/// one call a sample can follow a warmup that doubled its batch (a tiny `max_time`).
#[must_use]
pub fn shrunk_iters(
    planned: u64,
    warm_batch: u64,
    left_ns: f64,
    per_iter: f64,
    missing: usize,
) -> u64 {
    let share = 0.9 * left_ns.max(0.0) / (per_iter.max(1e-3) * missing.max(1) as f64);
    (share as u64).min(planned).max(warm_batch.min(planned))
}

/// Longest part of a sample: an interrupt is honoured within about this long, never only
/// after a sample of minutes (a budget of an hour has samples of a minute).
const LONGEST_PART_NS: f64 = 1e9;

/// Times `k` iterations in parts of at most [`LONGEST_PART_NS`] at `per_iter_ns`, summing
/// their net times; `None` when `stop()` said to give up between parts. A part's clock
/// reads cost nothing next to a second, so the sum is the sample's time.
pub fn time_in_parts(
    time_batch: &mut impl FnMut(u64) -> f64,
    k: u64,
    per_iter_ns: f64,
    stop: fn() -> bool,
) -> Option<f64> {
    let part = ((LONGEST_PART_NS / per_iter_ns.max(1e-3)) as u64).max(1);
    let (mut left, mut ns) = (k, 0.0);
    while left > 0 {
        if left < k && stop() {
            return None;
        }
        let iters = left.min(part);
        ns += time_batch(iters);
        left -= iters;
    }
    Some(ns)
}

/// The sizes 1..=n (in steps) in the order the samples take them: a shuffle, the same in
/// every run (Fisher–Yates on a fixed seed), so that runs stay comparable and tests
/// repeatable.
#[must_use]
pub fn sample_order(n: usize) -> Vec<usize> {
    const SEED: u64 = 0x0005_EED0_F5A3_B1E5;
    let mut order: Vec<usize> = (1..=n).collect();
    let mut rng = SplitMix64::new(SEED);
    for i in (1..n).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        order.swap(i, j);
    }
    order
}

/// Share of the budget that samples still missing after a stall may take beyond it.
const STALL_ALLOWANCE: f64 = 0.05;

/// The minimum of a `#[bench]`, in words.
const FEWEST: &str = "10 samples";

#[cfg(test)]
mod tests;
