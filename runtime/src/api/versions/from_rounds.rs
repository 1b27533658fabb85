//! One cross-version result from its rounds: every figure describes all rounds of fresh
//! process pairs, not the last one. The ratio, interval and verdict are the decision over
//! rounds (`decide::process_pairs`); counts are sums; what the rounds' batches and duos
//! show (latency summaries, the histogram, the median-based ratio, the duo series) pools
//! them; the reference Student t takes one value per round, the unit that is independent;
//! what each round set for itself is the median over the rounds. `DiffResult`'s field docs
//! say each field's rule, and `OverRounds` tells the reports.

use crate::analysis::{drift, needs_explaining, stall_explanation, thin};
use crate::analysis::{DecidedEarly, DiffResult, LatencyBins, OverRounds};
use crate::analysis::{HISTOGRAM_BINS, MAX_SERIES_POINTS};
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

    /// A round known by its analysis alone, with no batches or duos to pool: a stand-in for
    /// tests of what drives rounds, which reads only their results.
    #[cfg(test)]
    pub(super) fn of_result(result: DiffResult) -> Round {
        Round {
            result,
            first_ns: Vec::new(),
            second_ns: Vec::new(),
            duo_means: Vec::new(),
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
    let duos = round.pairs / 2;
    if duos > 0 {
        pairs.hold_floor_for_duos_of(round.measure_time.as_secs_f64() * 1e9 / duos as f64);
    }
    pairs.push(round.ratio.ln(), kept_duos(round), within_se);
    pairs.len() > before
}

/// The duos of `round` that reached its estimate: all measured, less those set aside as
/// preempted before the test.
fn kept_duos(round: &DiffResult) -> usize {
    (round.pairs / 2).saturating_sub(round.preempted_set_aside)
}

/// The trial's result over `rounds`, those whose estimates `pairs` took (in order), a
/// further round taking `round_secs` with its process starts; `claimed` when a claim was judged (undecided is then `Inconclusive`,
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
        // The confidence sequence over rounds runs at the whole alpha.
        interval_alpha: last.alpha,
        rare_costs: None,
        decided_early: pairs
            .decided_before()
            .map(|(taken, interval)| DecidedEarly {
                pairs: rounds[..taken].iter().map(|r| r.result.pairs).sum(),
                interval: interval.map(|(low, high)| (low.exp(), high.exp())),
            }),
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
        units: false,
        path_lengths: None,
        pilot_duos: median_count(results().map(|r| r.pilot_duos as f64)) as usize,
        decision_floor: median_count(results().map(|r| r.decision_floor as f64)) as usize,
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
mod tests {
    use super::*;
    use crate::decide::DuoTimes;
    use crate::decide::{Basis, Sequential, SequentialSettings, Unsettled, MIN_DECISION_DUOS};
    use crate::decide::{GateDesign, Goal};
    use crate::measure::{ClockReason, Evidence, TimerCost};
    use crate::stats::{quantile, SplitMix64};

    const TIMER: TimerCost = TimerCost {
        overhead_ns: 20.0,
        resolution_ns: 10.0,
    };

    /// A round of `duos` duos in which the new routine takes `ratio` times the old one's 2 µs,
    /// with 1% log-normal noise drawn from `seed`, judged on `clock`, with the round's own
    /// `batch_iters`.
    fn round(seed: u64, ratio: f64, duos: usize, clock: Clock, batch_iters: u64) -> Round {
        let mut rng = SplitMix64::new(seed);
        let mut times = || {
            let mut noisy = |ns: f64| ns * (0.01 * rng.normal()).exp();
            DuoTimes {
                first_forward: noisy(2_000.0 * ratio),
                second_forward: noisy(2_000.0),
                second_backward: noisy(2_000.0),
                first_backward: noisy(2_000.0 * ratio),
            }
        };
        let pilot: Vec<DuoTimes> = (0..16).map(|_| times()).collect();
        let mut test = Sequential::new(SequentialSettings::new(0.05, None, 2), &pilot);
        let (mut first_ns, mut second_ns) = (Vec::new(), Vec::new());
        for _ in 0..duos {
            let t = times();
            first_ns.extend([t.first_forward, t.first_backward]);
            second_ns.extend([t.second_forward, t.second_backward]);
            if test.push_duo(&t).is_some() {
                break;
            }
        }
        let run = DuoRun {
            batch_iters,
            second_batch_iters: batch_iters,
            first_ns,
            second_ns,
            test,
            measured_on: None,
            warmup_time: Duration::from_millis(20),
            measure_time: Duration::from_millis(80),
            evidence: Evidence {
                clock,
                clock_reason: ClockReason::ShortBatches,
                duos_preempted: 4,
                preempted_set_aside: 1,
            },
            rss_kib: Vec::new(),
            rss_iters: Vec::new(),
            shortfall: None,
        };
        let result = DiffResult::from_run(&run, TIMER);
        Round::of(run, result)
    }

    /// The result over `rounds`, each taken by the decision over rounds as `run_paired` does.
    fn combined(rounds: &[Round]) -> DiffResult {
        let mut pairs = ProcessPairs::new(0.05, Goal::Precision(0.0));
        for r in rounds {
            assert!(take_round(&mut pairs, &r.result));
        }
        over_rounds(rounds, &pairs, false, 0.1).expect("rounds")
    }

    fn three_rounds() -> Vec<Round> {
        vec![
            round(1, 0.95, 300, Clock::Wall, 10),
            round(2, 1.00, 500, Clock::ThreadCpu, 40),
            round(3, 1.08, 100, Clock::ThreadCpu, 20),
        ]
    }

    #[test]
    fn counts_are_sums_over_the_rounds_not_the_last_rounds() {
        let rounds = three_rounds();
        let r = combined(&rounds);
        let total =
            |f: fn(&DiffResult) -> usize| rounds.iter().map(|x| f(&x.result)).sum::<usize>();
        assert_eq!(r.pairs, total(|x| x.pairs));
        assert_eq!(r.duos_preempted, 12);
        assert_eq!(r.preempted_set_aside, 3);
        assert_eq!(r.duos_set_aside, total(|x| x.duos_set_aside));
        assert_eq!(r.blocks, total(|x| x.blocks));
        assert_eq!(
            r.spike_split.first + r.spike_split.second,
            total(|x| x.spike_split.first + x.spike_split.second)
        );
        assert_eq!(r.measure_time, Duration::from_millis(240));
        assert_eq!(r.warmup_time, Duration::from_millis(60));
        // Negative control: the last round alone is a third of it.
        assert!(rounds[2].result.pairs < r.pairs / 3);
        assert!(rounds[2].result.blocks < r.blocks);
    }

    #[test]
    fn latency_summaries_the_histogram_and_the_median_pool_every_rounds_batches_and_duos() {
        let rounds = three_rounds();
        let r = combined(&rounds);
        let mut first: Vec<f64> = rounds.iter().flat_map(|x| x.first_ns.clone()).collect();
        let mean = first.iter().sum::<f64>() / first.len() as f64;
        first.sort_by(f64::total_cmp);
        let s = r.first.expect("a summary");
        assert_eq!(s.n, first.len());
        assert!((s.mean - mean).abs() < 1e-9 * mean, "{} {mean}", s.mean);
        assert_eq!(s.p95, quantile(&first, 0.95));
        assert_eq!((s.min, s.max), (first[0], first[first.len() - 1]));
        assert_eq!(r.second.expect("a summary").n, first.len());
        let bins = r.latency_bins.as_ref().expect("bins");
        let counted: u64 = bins.first.iter().chain(&bins.second).sum::<u64>() + bins.outside;
        assert_eq!(counted, 2 * first.len() as u64);
        let mut duos: Vec<f64> = rounds.iter().flat_map(|x| x.duo_means.clone()).collect();
        assert_eq!(r.duo_log_diffs.len() * r.duo_stride, duos.len());
        assert_eq!(r.duo_log_diffs[0], duos[0]);
        duos.sort_by(f64::total_cmp);
        assert_eq!(r.median_ratio, median(&duos).exp());
        // Negative control: the last round's own figures differ from the pooled ones.
        let last = &rounds[2].result;
        assert_ne!(last.first.expect("a summary").n, s.n);
        assert!((last.median_ratio - r.median_ratio).abs() > 0.02, "{r:?}");
    }

    #[test]
    fn the_reference_test_is_student_over_the_rounds_and_welch_is_absent() {
        let rounds = three_rounds();
        let r = combined(&rounds);
        let t = r.student.expect("three rounds");
        let logs: Vec<f64> = rounds.iter().map(|x| x.result.ratio.ln()).collect();
        assert_eq!(t.n, 3);
        assert_eq!(t.df, 2.0);
        assert!((t.estimate - logs.iter().sum::<f64>() / 3.0).abs() < 1e-12);
        // The same mean the decision over rounds estimates.
        assert!((t.estimate.exp() - r.ratio).abs() < 1e-12);
        assert!(r.welch.is_none());
        // Negative control: each round's own Student t is on its blocks, many more than rounds.
        assert!(rounds
            .iter()
            .all(|x| x.result.student.expect("blocks").n > 3));
        // One round gives no reference test at all.
        assert!(combined(&rounds[..1]).student.is_none());
    }

    #[test]
    fn what_each_round_set_for_itself_is_the_median_and_disagreements_are_counted() {
        let rounds = three_rounds();
        let r = combined(&rounds);
        assert_eq!((r.batch_iters, r.second_batch_iters), (20, 20));
        let mut fences: Vec<f64> = rounds.iter().map(|x| x.result.fence_half_width).collect();
        fences.sort_by(f64::total_cmp);
        assert_eq!(r.fence_half_width, fences[1]);
        // Two rounds of three on thread CPU time.
        assert_eq!(r.clock, Clock::ThreadCpu);
        let over = r.over_rounds.expect("across versions");
        assert_eq!((over.rounds, over.clock_rounds), (3, 2));
        // A tie goes to wall time.
        let tie = combined(&rounds[..2]);
        assert_eq!(tie.clock, Clock::Wall);
        assert_eq!(tie.over_rounds.expect("rounds").clock_rounds, 1);
        // Bases that differ are no basis, and said to differ.
        assert!(!over.mixed_basis);
        assert_eq!(r.basis, rounds[0].result.basis);
        let mut mixed = three_rounds();
        mixed[1].result.basis = Some(Basis::Unfenced);
        mixed[0].result.basis = Some(Basis::Fenced);
        let r = combined(&mixed);
        assert_eq!(r.basis, None);
        assert!(r.over_rounds.expect("rounds").mixed_basis);
        // Every duo counted in each round, unsettled for different reasons: one basis.
        let mut unsettled = three_rounds();
        for (round, reason) in
            unsettled
                .iter_mut()
                .zip([Unsettled::TooFew, Unsettled::Disagreeing, Unsettled::TooFew])
        {
            round.result.basis = Some(Basis::Unsettled(reason));
        }
        let r = combined(&unsettled);
        assert!(!r.over_rounds.expect("rounds").mixed_basis);
        assert!(
            matches!(r.basis, Some(Basis::Unsettled(_))),
            "{:?}",
            r.basis
        );
        // Nothing of this process's memory describes the serving processes' routines.
        assert!(r.memory_growth.is_none() && r.os.is_none());
    }

    #[test]
    fn drift_compares_the_first_half_of_the_rounds_with_the_second() {
        let rounds = |step: f64| -> Vec<Round> {
            (0..24)
                .map(|i| round(10 + i, 1.0 + step * i as f64, 100, Clock::Wall, 10))
                .collect()
        };
        let steady = combined(&rounds(0.0));
        assert_eq!(steady.drift, None);
        let rising = combined(&rounds(0.01)).drift.expect("drifts");
        assert!(
            rising.first_half < 1.07 && rising.second_half > 1.15,
            "{rising:?}"
        );
    }

    /// A gate at `max_regression`, both error rates at 5%.
    fn gated(max_regression: f64) -> Goal {
        Goal::Gate(GateDesign::new(max_regression, 0.05, 0.05))
    }

    /// A round with log ratio about ln 1.2 of `duos` duos, `preempted` of them set aside as
    /// preempted before the test.
    fn counted(i: usize, duos: usize, preempted: usize) -> DiffResult {
        let mut r = round(i as u64, 1.2, 40, Clock::Wall, 10).result;
        r.ratio = 1.2 * (1.0 + 0.002 * (i % 3) as f64);
        r.pairs = 2 * duos;
        r.preempted_set_aside = preempted;
        r
    }

    #[test]
    fn a_round_whose_duos_were_all_preempted_does_not_move_the_decision_floor() {
        // Six rounds keep 72 duos, three short of the floor; a seventh's 40 duos were all set
        // aside as preempted.
        assert_eq!(MIN_DECISION_DUOS, 75);
        let rounds: Vec<DiffResult> = (0..6)
            .map(|i| counted(i, 12, 0))
            .chain([counted(6, 40, 40)])
            .collect();
        let mut pairs = ProcessPairs::new(0.05, gated(0.05));
        for r in &rounds {
            assert!(take_round(&mut pairs, r));
            assert_eq!(pairs.decided(), None, "{} rounds", pairs.len());
        }
        // The floor still waits for three kept duos: a round with them decides.
        assert!(take_round(&mut pairs, &counted(7, 3, 0)));
        assert_eq!(pairs.decided(), Some(Verdict::Refuted));
        // Negative control: counting every duo measured lets the decision through at the
        // seventh round, on duos that never reached the estimate.
        let mut all_duos = ProcessPairs::new(0.05, gated(0.05));
        for r in &rounds {
            all_duos.push(r.ratio.ln(), r.pairs / 2, r.student.as_ref().map(|t| t.se));
        }
        assert_eq!(all_duos.decided(), Some(Verdict::Refuted));
        assert_eq!(all_duos.len(), 7);
    }
}
