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
