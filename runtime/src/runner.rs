//! The harness: turns registered benchmarks into libtest trials, runs them one at a time,
//! prints the reports after libtest's summary and exits with libtest's status.

use crate::analysis::diff_result::DiffResult;
use crate::analysis::verdict::Verdict;
use crate::bencher::Bencher;
use crate::cli::{Invocation, Mode};
use crate::descriptor::{Descriptor, OnInconclusive, Routine};
use crate::diff::{Diff, DiffOutcome};
use crate::options::{Overrides, Settings};
use crate::panic::catch_panic;
use crate::registry::{trial_specs, TrialSpec};
use crate::report::diff_block::{calibration_line, diff_block, failure_message, RoutineNames};
use libtest_mimic::{Completion, Failed, FormatSetting, Trial};
use std::sync::{Arc, Mutex};

/// Runs every registered benchmark as the command line asks. Call it from the bench
/// target's `main` (with `harness = false` in Cargo.toml).
pub fn main() -> ! {
    let invocation = match Invocation::from_env() {
        Ok(invocation) => invocation,
        Err(error) => {
            eprintln!("error: {error}");
            std::process::exit(2);
        }
    };
    if cfg!(debug_assertions) && !invocation.libtest.list {
        eprintln!(
            "warning: duobench is running an unoptimized build (debug assertions on); timings \
             do not reflect release code. Use `cargo bench` or `cargo test --release --benches`."
        );
    }
    let blocks = Arc::new(Mutex::new(Vec::new()));
    let specs = trial_specs();
    let overrides = share_family_alpha(&invocation, &specs);
    let trials = specs
        .into_iter()
        .map(|spec| trial(spec, invocation.mode, overrides, Arc::clone(&blocks)))
        .collect();
    let conclusion = libtest_mimic::run(&invocation.libtest, trials);
    let pretty = matches!(
        invocation.libtest.format,
        None | Some(FormatSetting::Pretty)
    );
    let blocks = blocks.lock().map(|b| b.clone()).unwrap_or_default();
    if pretty && !invocation.libtest.quiet && !blocks.is_empty() {
        println!("duobench results\n");
        for block in blocks {
            println!("{block}");
        }
    }
    conclusion.exit()
}

/// With `--family-alpha A`, the m claims that will run share A: each is judged at A / m
/// (Bonferroni). Each claim's confidence sequence holds at all times with probability
/// 1 − A/m, so by the union bound all of them hold together with probability 1 − A, early
/// stopping included.
fn share_family_alpha(invocation: &Invocation, specs: &[TrialSpec]) -> Overrides {
    let Some(family_alpha) = invocation.overrides.family_alpha else {
        return invocation.overrides;
    };
    let args = &invocation.libtest;
    let claims = specs
        .iter()
        .filter(|spec| spec.descriptor.options.claim.is_some())
        .filter(|spec| {
            // libtest decides what runs; ask it with a trial that carries only the name.
            let probe = Trial::test(spec.name(), || Ok(()))
                .with_kind(spec.kind())
                .with_ignored_flag(spec.descriptor.ignore.is_some());
            !args.is_filtered_out(&probe) && !args.is_ignored(&probe)
        })
        .count()
        .max(1);
    Overrides {
        alpha: Some(family_alpha / claims as f64),
        ..invocation.overrides
    }
}

fn trial(
    spec: TrialSpec,
    mode: Mode,
    overrides: Overrides,
    blocks: Arc<Mutex<Vec<String>>>,
) -> Trial {
    let name = spec.name();
    let kind = spec.kind();
    let ignored = spec.descriptor.ignore.is_some();
    Trial::ignorable_test(name.clone(), move || {
        let settings = Settings::resolve(&spec.descriptor.options, overrides);
        let outcome = run_routine(spec, mode, settings)?;
        match outcome {
            RoutineOutcome::Done => Ok(Completion::Completed),
            RoutineOutcome::Diff(result) => {
                let block = if settings.calibrate {
                    let names = RoutineNames {
                        first: "first",
                        second: "first again",
                    };
                    diff_block(&name, names, None, &result) + &calibration_line(&result)
                } else {
                    let names = match spec.descriptor.vs {
                        Some(vs) => RoutineNames {
                            first: spec.descriptor.fn_name,
                            second: vs,
                        },
                        None => RoutineNames {
                            first: "first",
                            second: "second",
                        },
                    };
                    diff_block(&name, names, settings.claim.as_ref(), &result)
                };
                if let Ok(mut b) = blocks.lock() {
                    b.push(block);
                }
                diff_completion(&settings, &result)
            }
        }
    })
    .with_kind(kind)
    .with_ignored_flag(ignored)
}

enum RoutineOutcome {
    Done,
    Diff(Box<DiffResult>),
}

fn run_routine(spec: TrialSpec, mode: Mode, settings: Settings) -> Result<RoutineOutcome, Failed> {
    let Descriptor { routine, .. } = *spec.descriptor;
    match routine {
        Routine::Diff(entry) => {
            let mut diff = Diff::new(mode, settings);
            catch_panic(|| entry(&mut diff, spec.arg_index))?;
            match diff.into_outcome() {
                None => Err("the #[bench_diff] function never called Diff::compare".into()),
                Some(DiffOutcome::Smoke) => Ok(RoutineOutcome::Done),
                Some(DiffOutcome::Measured(result)) => Ok(RoutineOutcome::Diff(result)),
            }
        }
        Routine::Bench(entry) => {
            let mut bencher = Bencher::new();
            catch_panic(|| entry(&mut bencher, spec.arg_index))?;
            if bencher.ran() {
                Ok(RoutineOutcome::Done)
            } else {
                Err("the #[bench] function never called an iter method of its Bencher".into())
            }
        }
    }
}

fn diff_completion(settings: &Settings, result: &DiffResult) -> Result<Completion, Failed> {
    let Some(claim) = settings.claim.as_ref().filter(|_| !settings.calibrate) else {
        return Ok(Completion::Completed);
    };
    match (result.verdict, settings.on_inconclusive) {
        (Verdict::Pass | Verdict::Reported, _) | (Verdict::Inconclusive, OnInconclusive::Pass) => {
            Ok(Completion::Completed)
        }
        (Verdict::Inconclusive, OnInconclusive::Ignore) => {
            Ok(Completion::ignored_with(failure_message(claim, result)))
        }
        (Verdict::Refuted | Verdict::Inconclusive, _) => Err(failure_message(claim, result).into()),
    }
}
