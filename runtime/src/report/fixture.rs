//! Test data for the report modules: records of simulated comparisons and `#[bench]`es,
//! analysed by the real `DiffResult::from_run`, `BenchResult::from_run` and `compare_runs`,
//! so reports are tested on what a run produces.

use super::bench_record::{BaselineOutcome, BenchRecord};
use super::record::{DiffRecord, Record};
use crate::analysis::bench_result::synthetic;
use crate::analysis::change::{compare_runs, RunSamples};
use crate::analysis::diff_result::DiffResult;
use crate::analysis::duo_times::DuoTimes;
use crate::analysis::sequential::{Sequential, SequentialSettings};
use crate::baseline::{BaselineName, Compared};
use crate::descriptor::{AttrOptions, Claim, Descriptor, Routine, Throughput};
use crate::diff::Diff;
use crate::measure::duo::DuoRun;
use crate::measure::timer::TimerCost;
use crate::stats::SplitMix64;
use std::time::Duration;

fn entry(_: &mut Diff, _: usize) {}

/// A `vs` comparison registered in bench target `claims`.
pub static DESCRIPTOR: Descriptor = Descriptor {
    fn_name: "radix",
    name: None,
    module_path: "claims::sorting",
    file: "benches/claims.rs",
    line: 1,
    ignore: None,
    vs: Some("std_sort"),
    args: &[],
    routine: Routine::Diff(entry),
    options: AttrOptions::NONE,
};

/// `ratio < 0.8`.
pub const BELOW: Claim = Claim::Below {
    bound: 0.8,
    inclusive: false,
};

/// `ratio in 0.97..=1.03`.
pub const BAND: Claim = Claim::Within {
    low: 0.97,
    high: 1.03,
    high_inclusive: true,
};

/// The timer every fixture reports.
pub const TIMER: TimerCost = TimerCost {
    overhead_ns: 25.0,
    resolution_ns: 10.0,
};

/// A comparison whose first routine takes `ratio` times as long as the second (1 µs), with
/// 2% log-normal noise, run for `duos` duos (or until `claim` is decided).
#[must_use]
pub fn result(ratio: f64, claim: Option<Claim>, duos: usize) -> DiffResult {
    let mut rng = SplitMix64::new(7);
    let mut noisy = |ns: f64| ns * (0.02 * rng.normal()).exp();
    let settings = SequentialSettings::new(0.05, claim, 4);
    let mut duo = || DuoTimes {
        first_forward: noisy(1_000.0 * ratio),
        second_forward: noisy(1_000.0),
        second_backward: noisy(1_000.0),
        first_backward: noisy(1_000.0 * ratio),
    };
    let pilot: Vec<DuoTimes> = (0..16).map(|_| duo()).collect();
    let mut test = Sequential::new(settings, &pilot);
    let (mut first_ns, mut second_ns) = (Vec::new(), Vec::new());
    for _ in 0..duos {
        let t = duo();
        first_ns.extend([t.first_forward, t.first_backward]);
        second_ns.extend([t.second_forward, t.second_backward]);
        if test.push_duo(&t).is_some() {
            break;
        }
    }
    let run = DuoRun {
        batch_iters: 20,
        first_ns,
        second_ns,
        test,
        warmup_time: Duration::from_millis(200),
        measure_time: Duration::from_millis(700),
    };
    DiffResult::from_run(&run, TIMER)
}

/// A record named `name` for [`result`].
#[must_use]
pub fn record(name: &str, ratio: f64, claim: Option<Claim>, duos: usize) -> DiffRecord {
    DiffRecord::new(
        name.to_owned(),
        &DESCRIPTOR,
        claim,
        false,
        result(ratio, claim, duos),
    )
}

/// [`record`] as the reports after the run take it.
#[must_use]
pub fn diff(name: &str, ratio: f64, claim: Option<Claim>, duos: usize) -> Record {
    Record::Diff(Box::new(record(name, ratio, claim, duos)))
}

/// How the fixture `#[bench]` went with its baseline.
#[derive(Clone, Copy, Debug)]
pub enum Baseline {
    /// Compared with the previous run, which took `per_iter_ns` an iteration.
    Previous(f64),
    /// Nothing to compare with yet.
    First,
}

/// A `#[bench]` record in bench target `single`: 40 linear samples at 2 ns an iteration (one
/// slowed threefold), 1,000 elements an iteration, and its baseline as `baseline` says.
#[must_use]
pub fn bench_record(name: &str, baseline: Baseline) -> Record {
    let run = synthetic::run(2.0, 40, 1_000, Some((7_000, 3.0)));
    let result = synthetic::result(run, Some(Throughput::Elements(1_000)));
    let outcome = match baseline {
        Baseline::First => BaselineOutcome::FirstRun(BaselineName::previous_run()),
        Baseline::Previous(per_iter_ns) => {
            let old = synthetic::result(synthetic::run(per_iter_ns, 40, 1_000, None), None);
            let change = compare_runs(
                RunSamples {
                    iters: &old.run.iters,
                    ns: &old.run.ns,
                },
                RunSamples {
                    iters: &result.run.iters,
                    ns: &result.run.ns,
                },
                0.02,
                0.05,
            )
            .expect("synthetic runs are valid");
            BaselineOutcome::Compared(Compared {
                baseline: BaselineName::previous_run(),
                previous_run: true,
                baseline_slope: old.slope,
                change,
            })
        }
    };
    Record::Bench(Box::new(BenchRecord::new(
        name.to_owned(),
        "single::inner",
        result,
        outcome,
    )))
}
