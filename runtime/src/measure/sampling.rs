//! Linear sampling for `#[bench]`: warm up, then time N samples of d, 2d, …, Nd iterations
//! (Criterion.rs's method), with d chosen from the warmup so that the samples fill the time
//! budget. Fitting time against iterations then separates the per-iteration cost from any
//! fixed cost per sample.
//!
//! Unlike Criterion, the samples are taken in a shuffled order ([`sample_order`]): taken by
//! size, a machine that speeds up or slows down during the run (a virtual machine does, for
//! hundreds of milliseconds at a time) makes time a second cause of the size trend, and the
//! fitted line tilts — its intercept then reads as a fixed cost per sample that no code pays
//! (docs/DESIGN-MEASUREMENTS.md), and its slope follows the
//! machine of the run's last, longest samples. Shuffled, a drift
//! only scatters the samples around the line.

use crate::measure::resident_kib;
use crate::measure::PaceProbe;
use crate::measure::TimerCost;
use crate::measure::{Deadline, Shortfall};
use crate::measure::{SampleWait, WaitMeter, Waiting};
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
    /// The pace probe's time per step in this trial's previous run, in nanoseconds: a run
    /// through most of which the machine ran more than 5% slower is taken again once its
    /// pace is back (`measure::run_at_pace`; `run_linear` alone does not read it). `None`:
    /// never taken again.
    pub reference_pace_ns_per_step: Option<f64>,
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
    /// What kept the thread from its core during each sample (its wait, its involuntary
    /// context switches), read right before and after the sample's batch; empty where not
    /// read (counted runs).
    pub waits: Vec<SampleWait>,
    /// What the samples waited, and the samples set aside or scaled for it
    /// (`analysis::set_aside_waiting_samples`); `None` as sampled.
    pub waiting: Option<Waiting>,
    /// The budget the sampling ran past to take the fewest samples, when it did (only for
    /// the Criterion layer's benchmarks, which follow Criterion's rule).
    pub past_budget: Option<Duration>,
    /// Samples taken while the machine ran slower, by its pace, and left out of the run
    /// before analysis (`analysis::set_aside_slow_samples`); 0 as measured.
    pub set_aside_slow: usize,
    /// Set when the machine ran slower than in the trial's previous run through most of a
    /// first run, which was then taken again (`measure::run_at_pace`); `None` as sampled.
    pub measured_again: Option<MeasuredAgain>,
}

/// A run taken again because the machine ran slower through most of the first one than in
/// the trial's previous run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MeasuredAgain {
    /// How much slower the machine's median pace was through the first run than in the
    /// trial's previous run (0.3: 30% slower).
    pub first_pace_change: f64,
    /// The first run's time, warmup and samples.
    pub first_took: Duration,
    /// The wait after the first run for the pace to come back.
    pub waited: Duration,
    /// Whether the pace came back before the wait's cap (the trial's `max_time`); if not,
    /// no second run was taken: the machine itself is slower than it was.
    pub came_back: bool,
    /// Whether the run kept is the first: no second run was taken, or the second ran at a
    /// slower pace still.
    pub kept_first: bool,
}

impl MeasuredAgain {
    /// The time spent besides the kept run's own: the wait, and one run's time where a
    /// second was taken.
    #[must_use]
    pub fn time_besides(&self) -> Duration {
        if self.came_back {
            self.waited + self.first_took
        } else {
            self.waited
        }
    }
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
        waits: Vec::with_capacity(plan.samples),
        waiting: None,
        past_budget: None,
        set_aside_slow: 0,
        measured_again: None,
    };
    let probe = PaceProbe::calibrated();
    let mut wait_meter = WaitMeter::of_this_thread();
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
        // Read right around the batch, outside its timed region.
        let before = wait_meter.before();
        let Some(ns) = time_in_parts(&mut time_batch, k, per_iter, interrupted) else {
            break;
        };
        run.waits.push(wait_meter.since(before));
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
mod tests {
    //! The sampling plan's tests: the plan's shape here, its budgets and panics in `plan`.

    use super::*;
    use crate::stats::{Line, Points};

    #[test]
    fn linear_plan_fills_the_budget() {
        // 10 ns per iteration, 1 s: step = 1e9 / (10 · 5050) = 19 801.98 → 19 801.
        let p = plan(10.0, 1e9, 100);
        assert_eq!(p.sampling, Sampling::Linear { step: 19_801 });
        assert_eq!(p.samples, 100);
        let total: u64 = (1..=100).map(|i| p.sampling.iters_of(i)).sum();
        assert!((total as f64 * 10.0 - 1e9).abs() < 1e-4 * 1e9);
    }

    #[test]
    fn slow_routines_get_flat_sampling_and_at_least_min_samples() {
        // 1 ms per iteration, 1 s: linear needs 5.05 s even at step 1.
        let p = plan(1e6, 1e9, 100);
        assert_eq!(p.sampling, Sampling::Flat { iters: 10 });
        // 1 s per iteration: one iteration a sample, and only what fits, even below the
        // minimum (the run reports the shortfall rather than overrunning).
        let p = plan(1e9, 3e9, 100);
        assert_eq!((p.sampling, p.samples), (Sampling::Flat { iters: 1 }, 3));
        let p = plan(1e7, 5e8, 100);
        assert_eq!((p.sampling, p.samples), (Sampling::Flat { iters: 1 }, 50));
        assert_eq!(plan(1e9, 0.0, 100).samples, 0);
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
            past_budget_for_fewest: false,
            reference_pace_ns_per_step: None,
        };
        let run = run_linear(|k| 10.0 * k as f64, &settings);
        let Sampling::Linear { step } = run.sampling else {
            panic!("{:?}", run.sampling)
        };
        assert_eq!(run.iters.len(), 30);
        for ((&k, &ns), i) in run.iters.iter().zip(&run.ns).zip(sample_order(30)) {
            assert_eq!(k, step * i as u64);
            assert_eq!(ns, 10.0 * k as f64);
        }
        let mut sizes = run.iters.clone();
        sizes.sort_unstable();
        assert_eq!(sizes, (1..=30).map(|i| step * i).collect::<Vec<_>>());
        // The machine's pace, read once after every sample, and its wait around each.
        assert_eq!(run.pace_ns.len(), 30);
        assert_eq!(run.waits.len(), 30);
        assert!(
            run.waits.iter().all(|w| w.window_ns > 0.0),
            "{:?}",
            run.waits
        );
        #[cfg(target_os = "linux")]
        assert!(
            run.waits
                .iter()
                .all(|w| w.evidence() == crate::measure::WaitEvidence::RunDelay),
            "{:?}",
            run.waits
        );
        assert!(run.pace_ns.iter().all(|&p| p > 0.0), "{:?}", run.pace_ns);
        // Per step of the probe's arithmetic: well under a microsecond on any machine.
        let per_step = run.pace_ns_per_step().expect("a pace was read");
        assert!(per_step > 0.0 && per_step < 1_000.0, "{per_step}");
        assert!(run.warmup_time >= Duration::from_millis(1));
        assert_eq!(run.shortfall, None);
    }

    #[test]
    fn a_machine_that_speeds_up_during_the_run_does_not_tilt_the_line() {
        // The machine runs 40% slow at the first sample and speeds up steadily to the last;
        // the routine costs 10 ns an iteration and nothing per sample.
        let n = 100;
        let drifting = |order: &[usize]| -> Line {
            let x: Vec<f64> = order.iter().map(|&i| (1_000 * i) as f64).collect();
            let y: Vec<f64> = x
                .iter()
                .enumerate()
                .map(|(call, &k)| 10.0 * k * (1.4 - 0.4 * call as f64 / n as f64))
                .collect();
            Points::new(&x, &y).unwrap().least_squares().unwrap()
        };
        let mean_sample = 10.0 * 1_000.0 * (n + 1) as f64 / 2.0;
        let by_size = drifting(&(1..=n).collect::<Vec<_>>());
        let shuffled = drifting(&sample_order(n));
        // By size (Criterion's order), the intercept is an eighth of a sample: "setup".
        assert!(by_size.intercept / mean_sample > 0.1, "{by_size:?}");
        assert!(
            shuffled.intercept.abs() / mean_sample < 0.05,
            "{shuffled:?}"
        );
        assert!(shuffled.intercept.abs() < by_size.intercept / 4.0);
    }

    #[test]
    fn the_order_is_a_fixed_permutation() {
        let order = sample_order(100);
        let mut sorted = order.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (1..=100).collect::<Vec<_>>());
        assert_ne!(order, sorted);
        assert_eq!(order, sample_order(100));
        assert_eq!(sample_order(1), [1]);
        assert!(sample_order(0).is_empty());
    }

    fn sleep_settings(warmup_ms: u64, max_time_ms: u64) -> LinearSettings {
        LinearSettings {
            warmup: Duration::from_millis(warmup_ms),
            max_time: Duration::from_millis(max_time_ms),
            samples: 100,
            timer: TimerCost {
                overhead_ns: 20.0,
                resolution_ns: 10.0,
            },
            past_budget_for_fewest: false,
            reference_pace_ns_per_step: None,
        }
    }

    fn sleeping(ms: u64) -> impl FnMut(u64) -> f64 {
        move |k| {
            std::thread::sleep(Duration::from_millis(ms * k));
            (ms * k) as f64 * 1e6
        }
    }

    #[test]
    fn a_slow_routine_stays_within_budget_plus_one_call_and_says_what_it_needs() {
        let start = Instant::now();
        let run = run_linear(sleeping(300), &sleep_settings(50, 100));
        let took = start.elapsed();
        // Budget plus one call, with room for a busy machine's scheduling.
        assert!(took < Duration::from_millis(100 + 300 + 150), "{took:?}");
        let shortfall = run.shortfall.expect("a shortfall");
        // Warmup (one call) plus ten samples of 300 ms: over 3 s.
        assert!(
            shortfall.needed >= Duration::from_millis(3_300),
            "{shortfall}"
        );
        assert!(run.ns.len() < MIN_SAMPLES);
        assert_eq!(run.past_budget, None);
    }

    #[test]
    fn under_criterions_rule_a_slow_routine_takes_the_fewest_samples_past_its_budget() {
        // 20 ms a call against a 100 ms budget: ten samples of one call need twice the budget.
        let settings = LinearSettings {
            past_budget_for_fewest: true,
            ..sleep_settings(10, 100)
        };
        let start = Instant::now();
        let run = run_linear(sleeping(20), &settings);
        let took = start.elapsed();
        assert_eq!(run.shortfall, None);
        assert_eq!(run.ns.len(), MIN_SAMPLES, "{:?}", run.iters);
        assert!(run.iters.iter().all(|&k| k == 1), "{:?}", run.iters);
        assert_eq!(run.past_budget, Some(Duration::from_millis(100)));
        // The warmup's calls and the ten samples, no more: bounded however slow the routine.
        assert!(took < Duration::from_millis(20 * 14 + 150), "{took:?}");
    }

    #[test]
    fn warmup_shrinks_so_the_fewest_samples_fit() {
        // 10 ms a call, 200 ms warmup asked, 250 ms budget: the warmup gives way to ten
        // samples.
        let start = Instant::now();
        let run = run_linear(sleeping(10), &sleep_settings(200, 250));
        assert!(start.elapsed() < Duration::from_millis(250 + 10 + 100));
        assert!(run.ns.len() >= MIN_SAMPLES, "{} samples", run.ns.len());
        assert_eq!(run.shortfall, None);
    }

    mod plan {
        //! Property tests of `#[bench]` sampling over every budget and sample count a user can ask
        //! for: no panic, and a plan that fits its budget. The cases are drawn from a fixed seed
        //! (log-uniform budgets and costs), so a failure names a case that reproduces.

        use super::super::{
            plan, run_linear, shrunk_iters, time_in_parts, LinearSettings, Sampling, MAX_SAMPLES,
        };
        use crate::measure::TimerCost;
        use crate::stats::SplitMix64;
        use std::time::Duration;

        /// A draw from `lo..hi`, uniform in the logarithm.
        fn log_uniform(rng: &mut SplitMix64, lo: f64, hi: f64) -> f64 {
            (lo.ln() + rng.uniform() * (hi.ln() - lo.ln())).exp()
        }

        #[test]
        fn every_budget_and_sample_count_plans_without_a_panic_and_fits_the_budget() {
            let mut rng = SplitMix64::new(24);
            for case in 0..200_000 {
                // max_time from 1 µs to an hour, samples from 2 to 10,000, a call from 1 ps to 100 s.
                let max_time_ns = log_uniform(&mut rng, 1e3, 3.6e12);
                let samples = 2 + (rng.next_u64() % 9_999) as usize;
                let per_iter = log_uniform(&mut rng, 1e-3, 1e11);
                let warmup_share = rng.uniform();
                let budget = 0.9 * max_time_ns * (1.0 - warmup_share);
                let p = plan(per_iter, budget, samples);
                let n = p.samples as u64;
                assert!(p.samples <= MAX_SAMPLES, "case {case}: {p:?}");
                let planned_iters: u64 = match p.sampling {
                    Sampling::Linear { step } => step * n * (n + 1) / 2,
                    Sampling::Flat { iters } => iters * n,
                };
                assert!(
                    planned_iters as f64 * per_iter <= budget * (1.0 + 1e-9),
                    "case {case}: {p:?} takes {} ns of {budget} ns",
                    planned_iters as f64 * per_iter
                );
                // A sample that no longer fits shrinks to what is left, whatever the warmup's
                // batch was.
                let planned = p
                    .sampling
                    .iters_of(1 + (rng.next_u64() % n.max(1)) as usize);
                let warm_batch = 1u64 << (rng.next_u64() % 40);
                let left_ns = log_uniform(&mut rng, 1.0, max_time_ns);
                let missing = 1 + (rng.next_u64() % 10) as usize;
                let k = shrunk_iters(planned, warm_batch, left_ns, per_iter, missing);
                assert!(k <= planned, "case {case}: {k} > {planned}");
                assert!(
                    k >= warm_batch.min(planned),
                    "case {case}: {k} < {warm_batch}"
                );
            }
        }

        #[test]
        fn a_warmup_batch_larger_than_a_flat_plan_shrinks_to_the_plan() {
            // The panic behind `--max-time 78us`: the warmup doubled its batch to 64 calls, the plan
            // then gave one call a sample, and the sample did not fit.
            assert_eq!(shrunk_iters(1, 64, 0.0, 1_000.0, 10), 1);
            assert_eq!(shrunk_iters(100, 8, 1e9, 1.0, 1), 100);
            assert_eq!(shrunk_iters(100, 8, 50.0, 1.0, 1), 45);
            assert_eq!(shrunk_iters(100, 8, 0.0, 1.0, 1), 8);
        }

        #[test]
        fn tiny_budgets_run_without_a_panic() {
            // A routine that never reports a batch long against the clock keeps the warmup doubling
            // until the budget ends; then the plan is flat and nothing fits.
            for max_time_us in [1, 2, 5, 10, 20, 39, 78, 150, 300] {
                for samples in [2, 10, 100, 5_000, 10_000] {
                    let settings = LinearSettings {
                        warmup: Duration::from_nanos(max_time_us * 500),
                        max_time: Duration::from_micros(max_time_us),
                        samples,
                        timer: TimerCost {
                            overhead_ns: 20.0,
                            resolution_ns: 1e9,
                        },
                        past_budget_for_fewest: false,
                        reference_pace_ns_per_step: None,
                    };
                    let run = run_linear(|k| std::hint::black_box(k) as f64 * 1e-3, &settings);
                    assert_eq!(run.ns.len(), run.iters.len());
                }
            }
        }

        #[test]
        fn a_sample_longer_than_a_second_is_timed_in_parts_and_an_interrupt_ends_it_between_them() {
            // 10 ms an iteration: a sample of 1,000 iterations (10 s) is ten parts of 100.
            let mut parts = Vec::new();
            let mut batch = |k: u64| {
                parts.push(k);
                k as f64 * 1e7
            };
            assert_eq!(time_in_parts(&mut batch, 1_000, 1e7, || false), Some(1e10));
            assert_eq!(parts, [100; 10]);
            parts.clear();
            let mut batch = |k: u64| {
                parts.push(k);
                k as f64 * 1e7
            };
            assert_eq!(time_in_parts(&mut batch, 1_000, 1e7, || true), None);
            assert_eq!(parts, [100], "only the first part ran");
            // A short sample is one call, whatever the flag says.
            let mut calls = 0;
            let mut batch = |k: u64| {
                calls += 1;
                k as f64
            };
            assert_eq!(time_in_parts(&mut batch, 50, 1.0, || true), Some(50.0));
            assert_eq!(calls, 1);
        }
    }
}
