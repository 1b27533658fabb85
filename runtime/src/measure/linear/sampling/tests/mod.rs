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
    // The machine's pace, read once after every sample.
    assert_eq!(run.pace_ns.len(), 30);
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

mod plan;
