//! Amortized costs: a routine whose every N-th call does much extra work (a flush, a rehash)
//! against the same routine without it, at three scales. The mean per-call latency of the
//! first is twice the second's, though most of its batches cost the same. A verdict must be
//! about the mean: `ratio < 1.2` is refuted, and the estimate is compared with the ratio of
//! `#[bench]`-style slopes (`duobench::measure`) of the same two routines.

use crate::table;
use duobench::result::Verdict;
use duobench::{compare, measure, BenchConfig, Claim, DiffConfig};
use duobench_examples::work;
use std::cell::Cell;
use std::time::{Duration, Instant};

/// A base latency, its steps, and how often the extra work comes: every `every`-th call adds
/// `every × steps` steps, so the mean cost is exactly twice the base.
struct Case {
    base: &'static str,
    steps: u64,
    every: u64,
}

fn cases(ns_per_step: f64) -> [Case; 3] {
    [
        Case {
            base: "~55 ns",
            steps: 100,
            every: 2_000,
        },
        Case {
            base: "100 µs",
            steps: (100_000.0 / ns_per_step) as u64,
            every: 20,
        },
        Case {
            base: "2 ms",
            steps: (2_000_000.0 / ns_per_step) as u64,
            every: 5,
        },
    ]
}

/// The routine with amortized costs, continuing from `state`, counting its calls in `calls`.
fn amortized(state: &Cell<u64>, calls: &Cell<u64>, case: &Case) -> u64 {
    calls.set(calls.get() + 1);
    let extra = if calls.get().is_multiple_of(case.every) {
        case.every * case.steps
    } else {
        0
    };
    work(state, case.steps + extra)
}

/// Runs `runs` comparisons per case: verdicts on `ratio < 1.2` (refuted is right), the
/// estimates, and the ratio of `#[bench]` slopes measured once per run beside them.
pub fn run(runs: usize, ns_per_step: f64, only_base: Option<&str>) {
    println!("| base | extra work | runs | refuted (right) | pass (wrong) | inconclusive | median ratio | median #[bench] ratio | median |ratio / #[bench] − 1| | median s |");
    println!("|---|---|---|---|---|---|---|---|---|---|");
    let claim = Claim::Below {
        bound: 1.2,
        inclusive: false,
    };
    for case in cases(ns_per_step) {
        if only_base.is_some_and(|b| !case.base.contains(b)) {
            continue;
        }
        let (mut refuted, mut passed, mut inconclusive) = (0, 0, 0);
        let (mut ratios, mut slopes, mut errors, mut secs) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for _ in 0..runs {
            let state = Cell::new(1);
            let calls = Cell::new(0);
            let config = DiffConfig {
                claim: Some(claim),
                ..DiffConfig::default()
            };
            let start = Instant::now();
            let r = compare(
                || amortized(&state, &calls, &case),
                || work(&state, case.steps),
                &config,
            );
            secs.push(start.elapsed().as_secs_f64());
            match r.verdict {
                Verdict::Refuted => refuted += 1,
                Verdict::Pass => passed += 1,
                _ => inconclusive += 1,
            }
            let bench = BenchConfig {
                max_time: Duration::from_secs(3),
                ..BenchConfig::default()
            };
            let slow = measure(|| amortized(&state, &calls, &case), &bench)
                .slope
                .point;
            let plain = measure(|| work(&state, case.steps), &bench).slope.point;
            let reference = slow / plain;
            if crate::verbose() {
                eprintln!(
                    "{} every {}: {:?} ratio {:.4} {:?} #[bench] {reference:.4} pairs {} set aside {} basis {:?}",
                    case.base, case.every, r.verdict, r.ratio, r.interval, r.pairs, r.duos_set_aside, r.basis
                );
            }
            errors.push((r.ratio / reference - 1.0).abs());
            ratios.push(r.ratio);
            slopes.push(reference);
        }
        println!(
            "| {} | every {} calls | {runs} | {refuted} | {passed} | {inconclusive} | {:.4} | {:.4} | {:.2}% | {:.2} |",
            case.base,
            case.every,
            table::median(&mut ratios),
            table::median(&mut slopes),
            100.0 * table::median(&mut errors),
            table::median(&mut secs)
        );
    }
}
