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
    let total = |f: fn(&DiffResult) -> usize| rounds.iter().map(|x| f(&x.result)).sum::<usize>();
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
