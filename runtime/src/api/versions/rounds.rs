//! One cross-version result from its rounds: every figure describes all rounds of fresh
//! process pairs, not the last one. The ratio, interval and verdict are the decision over
//! rounds (`decide::process_pairs`); counts are sums; what the rounds' batches and duos
//! show (latency summaries, the histogram, the median-based ratio, the duo series) pools
//! them; the reference Student t takes one value per round, the unit that is independent;
//! what each round set for itself is the median over the rounds. `DiffResult`'s field docs
//! say each field's rule, and `OverRounds` tells the reports.

use crate::analysis::{drift, needs_explaining, stall_explanation, thin};
use crate::analysis::{DiffResult, LatencyBins, OverRounds, HISTOGRAM_BINS, MAX_SERIES_POINTS};
use crate::decide::Verdict;
use crate::decide::{Basis, ProcessPairs};
use crate::measure::{Clock, DuoRun};
use crate::stats::{median, student_t, Sample, Summary};
use std::time::Duration;

/// One round's result, with the per-batch and per-duo values its trial's result pools.
#[derive(Clone, Debug)]
pub(super) struct Round {
    /// The round's own analysis.
    pub(super) result: DiffResult,
    /// Per-iteration latency of each batch of the new routine, in nanoseconds.
    first_ns: Vec<f64>,
    /// The same for the old routine.
    second_ns: Vec<f64>,
    /// Each duo's mean log-difference, kept or set aside, in the order measured.
    duo_means: Vec<f64>,
}

impl Round {
    /// The round measured in `run`, analysed as `result`.
    pub(super) fn of(run: DuoRun, result: DiffResult) -> Round {
        // The same test the round's result describes (`DiffResult::from_run`).
        let test = run.measured_on.as_ref().unwrap_or(&run.test);
        Round {
            result,
            duo_means: test.duo_means().to_vec(),
            first_ns: run.first_ns,
            second_ns: run.second_ns,
        }
    }
}

/// Adds `round`'s estimate to `pairs`, weighed for the decision floor by the duos that
/// reached it: duos set aside as preempted never reached the estimate, so they do not count
/// towards the duos a decision waits for. Whether `pairs` took it (not after a verdict, nor
/// a ratio that is not finite).
pub(super) fn take_round(pairs: &mut ProcessPairs, round: &DiffResult) -> bool {
    let before = pairs.len();
    let within_se = round.student.as_ref().map(|t| t.se);
    pairs.push(round.ratio.ln(), kept_duos(round), within_se);
    pairs.len() > before
}

/// The duos of `round` that reached its estimate: all measured, less those set aside as
/// preempted before the test.
fn kept_duos(round: &DiffResult) -> usize {
    (round.pairs / 2).saturating_sub(round.preempted_set_aside)
}

/// The trial's result over `rounds`, those whose estimates `pairs` took (in order), each
/// `round_secs` long; `claimed` when a claim was judged (undecided is then `Inconclusive`,
/// else `Reported`). `None` before the decision took a round.
pub(super) fn over_rounds(
    rounds: &[Round],
    pairs: &ProcessPairs,
    claimed: bool,
    round_secs: f64,
) -> Option<DiffResult> {
    if pairs.is_empty() {
        return None;
    }
    let last = &rounds.last()?.result;
    let results = || rounds.iter().map(|r| &r.result);
    let sum = |f: fn(&DiffResult) -> usize| results().map(f).sum::<usize>();
    let pooled = |f: fn(&Round) -> &[f64]| -> Vec<f64> {
        rounds.iter().flat_map(|r| f(r).iter().copied()).collect()
    };
    let (first_ns, second_ns) = (pooled(|r| &r.first_ns), pooled(|r| &r.second_ns));
    let duo_means = pooled(|r| &r.duo_means);
    let summary = |xs: &[f64]| Sample::new(xs).ok().map(Summary::of);
    let (duo_log_diffs, duo_stride) = thin(&duo_means, MAX_SERIES_POINTS);
    let log_ratios: Vec<f64> = results().map(|r| r.ratio.ln()).collect();
    let (clock, clock_rounds) = majority_clock(rounds);
    let basis = last.basis;
    // Which duos each round's estimate rested on; why an unsettled one was unsettled does
    // not make the rounds differ.
    let kind = |b: Option<Basis>| b.map(|b| std::mem::discriminant(&b));
    let mixed_basis = results().any(|r| kind(r.basis) != kind(basis));
    let mut result = DiffResult {
        verdict: pairs.decided().unwrap_or(if claimed {
            Verdict::Inconclusive
        } else {
            Verdict::Reported
        }),
        // The verdict is the rounds', which have no p-value.
        p_value: None,
        alpha: last.alpha,
        ratio: pairs.log_ratio().exp(),
        // The rounds' geometric mean ratio is the ratio of no two means.
        means: None,
        interval: pairs
            .log_interval()
            .map(|(low, high)| (low.exp(), high.exp())),
        median_ratio: median_of(duo_means).exp(),
        student: Sample::new(&log_ratios)
            .ok()
            .map(|s| student_t(s, 0.0, 1.0 - last.alpha)),
        welch: None,
        first: summary(&first_ns),
        second: summary(&second_ns),
        pairs: sum(|r| r.pairs),
        duos_set_aside: sum(|r| r.duos_set_aside),
        duos_preempted: sum(|r| r.duos_preempted),
        preempted_set_aside: sum(|r| r.preempted_set_aside),
        clock,
        clock_reason: results()
            .rev()
            .find(|r| r.clock == clock)
            .map_or(last.clock_reason, |r| r.clock_reason),
        spike_split: crate::decide::SpikeSplit {
            first: sum(|r| r.spike_split.first),
            second: sum(|r| r.spike_split.second),
        },
        fence_half_width: median_of(results().map(|r| r.fence_half_width).collect()),
        machine_stalls: None,
        basis: if mixed_basis { None } else { basis },
        dependence: median_of(results().map(|r| r.dependence).collect()),
        // Each round one value, independent of the others: its own processes.
        drift: drift(
            &log_ratios
                .iter()
                .map(|x| (x.exp(), 1.0))
                .collect::<Vec<_>>(),
            1.0,
        ),
        blocks: sum(|r| r.blocks),
        duos_per_block: median_count(results().map(|r| r.duos_per_block as f64)) as usize,
        pilot_duos: median_count(results().map(|r| r.pilot_duos as f64)) as usize,
        empty_iteration_ns: {
            let floors: Vec<f64> = results().filter_map(|r| r.empty_iteration_ns).collect();
            (!floors.is_empty()).then(|| median_of(floors))
        },
        batch_iters: median_count(results().map(|r| r.batch_iters as f64)) as u64,
        second_batch_iters: median_count(results().map(|r| r.second_batch_iters as f64)) as u64,
        warmup_time: results().map(|r| r.warmup_time).sum::<Duration>(),
        measure_time: results().map(|r| r.measure_time).sum::<Duration>(),
        timer: last.timer,
        duo_log_diffs,
        duo_stride,
        latency_bins: LatencyBins::of(&first_ns, &second_ns, HISTOGRAM_BINS),
        measure: last.measure,
        executor_overhead_ns: last.executor_overhead_ns,
        executor: last.executor,
        os: None,
        // The routines ran in the serving processes: this process's memory is not theirs.
        memory_growth: None,
        shortfall: None,
        process_pairs: Some(pairs.spread(round_secs)),
        counted: None,
        over_rounds: Some(OverRounds {
            rounds: rounds.len(),
            clock_rounds,
            mixed_basis,
        }),
    };
    result.machine_stalls = busiest_stalls(&result, rounds);
    Some(result)
}

/// The clock most rounds were judged on, wall time on a tie (the clock that counts
/// everything a caller waits for), and how many rounds were judged on it.
fn majority_clock(rounds: &[Round]) -> (Clock, usize) {
    let cpu = rounds
        .iter()
        .filter(|r| r.result.clock == Clock::ThreadCpu)
        .count();
    let wall = rounds.len() - cpu;
    if cpu > wall {
        (Clock::ThreadCpu, cpu)
    } else {
        (Clock::Wall, wall)
    }
}

/// When the rounds' duos together set aside a share that needs explaining: of the stall
/// rates measured after the rounds, the one that explains most of it (the rule of
/// `spin_until_explained`, which keeps the busiest of its spins).
fn busiest_stalls(result: &DiffResult, rounds: &[Round]) -> Option<crate::measure::MachineStalls> {
    if !needs_explaining(result) {
        return None;
    }
    rounds
        .iter()
        .filter_map(|r| r.result.machine_stalls.as_ref())
        .max_by(|a, b| {
            let share = |s| stall_explanation(result, s).map_or(0.0, |e| e.expected_share);
            share(a).total_cmp(&share(b))
        })
        .cloned()
}

/// The median of `values` (`NaN` when empty).
fn median_of(mut values: Vec<f64>) -> f64 {
    if values.is_empty() {
        return f64::NAN;
    }
    values.sort_by(f64::total_cmp);
    median(&values)
}

/// The median of counts, rounded to a count (at least 1: every round had one).
fn median_count(values: impl Iterator<Item = f64>) -> f64 {
    median_of(values.collect()).round().max(1.0)
}

#[cfg(test)]
mod tests;
