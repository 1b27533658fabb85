//! One trial: runs a registered routine with its settings, turns what it recorded into a
//! record for the reports (comparing and saving a `#[bench]`'s baseline), and into libtest's
//! pass, fail or ignored.

use super::group::candidate;
use super::journal;
use super::previous_pace::{note_run, reference_pace};
use super::unjudged::left_unjudged;
use super::version_setup as versions;
use crate::analysis::BenchResult;
use crate::analysis::DiffResult;
use crate::analysis::{PairedResult, UnpairedGate};
use crate::api::BaselineExecutable;
use crate::api::CountRole;
use crate::api::{BenchOutcome, Bencher};
use crate::api::{Diff, DiffOutcome, DiffRole};
use crate::decide::Verdict;
use crate::harness::TrialSpec;
use crate::harness::{Descriptor, Routine};
use crate::model::BaselineName;
use crate::model::Mode;
use crate::model::OnInconclusive;
use crate::report::bench_block;
use crate::report::failure_message;
use crate::report::record_block;
use crate::report::UnpairedRecord;
use crate::report::{BaselineOutcome, BenchRecord};
use crate::report::{DiffRecord, RoutineNames};
use crate::report::{Record, RecordSink};
use crate::session::BaselineChoice;
use crate::session::ProgressLine;
use crate::session::{compare_and_save, BaselineKey};
use crate::session::{Overrides, Settings};
use crate::util::catch_panic;
use crate::util::interrupted;
use libtest_mimic::{Completion, Failed, Trial};
use std::sync::{Arc, Mutex};

/// What every trial of the run shares.
pub struct TrialContext {
    pub mode: Mode,
    pub overrides: Overrides,
    /// `--baseline NAME` under `cargo bench`: that baseline's executable.
    pub baseline_exe: Option<Arc<Mutex<BaselineExecutable>>>,
}

/// The libtest trial of one registered routine (one function, or one of its arguments).
pub fn trial(
    spec: TrialSpec,
    context: TrialContext,
    blocks: Arc<Mutex<Vec<String>>>,
    diffs: RecordSink,
) -> Trial {
    let name = spec.name();
    let kind = spec.kind();
    let ignored = spec.descriptor.ignore.is_some();
    Trial::ignorable_test(name.clone(), move || {
        if interrupted() {
            return Ok(Completion::ignored_with("interrupted before it ran"));
        }
        let _running = journal::running(&name);
        let root = versions::baseline_root(&context.overrides);
        let verbose = context.overrides.verbose == Some(true);
        let measure_once = context.overrides.measure_once == Some(true);
        let mut settings = Settings::resolve(&spec.descriptor.options, context.overrides);
        let key = BaselineKey::new(spec.descriptor.module_path, &name);
        settings.reference_pace_ns_per_step =
            reference_pace(&root, &key, context.mode, settings.measure).filter(|_| !measure_once);
        let role = versions::role(context.baseline_exe.as_ref(), &name);
        let routine = spec.descriptor.routine;
        let outcome = run_routine(spec, context.mode, settings, role, diffs.progress_line());
        // A diagnostic option that ran the trial without judging it fails what it kept
        // from being judged.
        let unjudged = || match left_unjudged(&settings, routine, context.mode) {
            Some(why) => Err(Failed::from(why)),
            None => Ok(Completion::Completed),
        };
        if interrupted() {
            // Cut short: neither reported nor saved as a baseline.
            return Err("interrupted: this trial's measurements were discarded".into());
        }
        let outcome = outcome?;
        match outcome {
            RoutineOutcome::Done => unjudged(),
            RoutineOutcome::Unavailable(why) => Ok(Completion::ignored_with(why)),
            RoutineOutcome::Diff(result, given) => {
                let d = spec.descriptor;
                let names = match given.filter(|_| !settings.calibrate) {
                    Some((first, second)) => RoutineNames { first, second },
                    None => {
                        RoutineNames::of(d.fn_name, candidate(&spec).or(d.vs), settings.calibrate)
                    }
                };
                let record = DiffRecord {
                    across_processes_asked: settings.across_processes,
                    ..DiffRecord::new(
                        name.clone(),
                        d.module_path,
                        names,
                        settings.claim,
                        settings.calibrate,
                        *result,
                    )
                };
                if let Ok(mut b) = blocks.lock() {
                    b.push(record_block(&record, diffs.paint, verbose));
                }
                let completion = if settings.calibrate {
                    unjudged()
                } else {
                    diff_completion(&settings, &record)
                };
                diffs.push(Record::Diff(Box::new(record)));
                completion
            }
            RoutineOutcome::Paired(paired) => {
                let module_path = spec.descriptor.module_path;
                let record = DiffRecord::paired_versions(name.clone(), module_path, *paired);
                if let Ok(mut b) = blocks.lock() {
                    b.push(record_block(&record, diffs.paint, verbose));
                }
                let gated = Settings {
                    claim: record.claim,
                    ..settings
                };
                let baseline = record.versions.map(|b| b.to_string()).unwrap_or_default();
                let completion = diff_completion(&gated, &record).map_err(|failed| {
                    let why = failed.message().unwrap_or_default();
                    Failed::from(format!("new/old against baseline `{baseline}`: {why}"))
                });
                diffs.push(Record::Diff(Box::new(record)));
                completion
            }
            RoutineOutcome::UnpairedGate(gate) => {
                // Kept as a trial, so the outputs after the run show it: failed, or new since
                // the baseline and passed.
                let line = gate.message();
                let fails = gate.fails();
                let record = UnpairedRecord::new(name.clone(), spec.descriptor.module_path, gate);
                if !fails {
                    if let Ok(mut b) = blocks.lock() {
                        b.push(format!("[versions] {name}\n  gate     {line}\n"));
                    }
                }
                diffs.push(Record::Unpaired(Box::new(record)));
                if fails {
                    Err(line.into())
                } else {
                    Ok(Completion::Completed)
                }
            }
            RoutineOutcome::Bench(result, unpaired_because) => {
                note_run(&result.run);
                let (mut record, completion) =
                    bench_outcome(&root, &spec, &name, &settings, *result);
                let compared = matches!(record.baseline, BaselineOutcome::Compared(_));
                record.unpaired_because =
                    versions::unpaired_note(unpaired_because.as_deref(), compared, &settings);
                if let Ok(mut b) = blocks.lock() {
                    let mut block = bench_block(&name, &record.result, record.baseline.status());
                    if let Some(note) = &record.unpaired_because {
                        block.push_str(&format!("  versions {note}\n"));
                    }
                    b.push(block);
                }
                diffs.push(Record::Bench(Box::new(record)));
                completion
            }
        }
    })
    .with_kind(kind)
    .with_ignored_flag(ignored)
}

enum RoutineOutcome {
    Done,
    /// The selected measure cannot be taken on this machine (one line saying why).
    Unavailable(String),
    /// With the routines' names given by `Diff::names`, if any.
    Diff(Box<DiffResult>, Option<(&'static str, &'static str)>),
    /// Measured alone; with why a paired cross-version comparison was not possible.
    Bench(Box<BenchResult>, Option<String>),
    Paired(Box<PairedResult>),
    /// Under a version gate, no pairing was possible: the trial fails, and is recorded.
    UnpairedGate(UnpairedGate),
}

fn run_routine(
    spec: TrialSpec,
    mode: Mode,
    settings: Settings,
    role: versions::Role,
    progress: Option<ProgressLine>,
) -> Result<RoutineOutcome, Failed> {
    let Descriptor { routine, .. } = *spec.descriptor;
    match routine {
        Routine::Diff(entry) => {
            let mut diff = Diff::new(mode, settings);
            diff.with_count_role(CountRole::Parent { trial: spec.name() });
            if settings.across_processes {
                diff.with_role(DiffRole::AcrossProcesses(spec.name()));
            }
            if let Some(line) = progress {
                diff.show_progress(line);
            }
            catch_panic(|| entry(&mut diff, spec.arg_index))?;
            let names = diff.routine_names();
            match diff.into_outcome() {
                None => Err("the #[bench_diff] function never called Diff::compare".into()),
                Some(DiffOutcome::Smoke) => Ok(RoutineOutcome::Done),
                Some(DiffOutcome::Unavailable(why)) => Ok(RoutineOutcome::Unavailable(why)),
                Some(DiffOutcome::Failed(why)) => Err(why.into()),
                Some(DiffOutcome::Measured(result)) => Ok(RoutineOutcome::Diff(result, names)),
                Some(DiffOutcome::Served) => Err("served batches outside serve mode".into()),
            }
        }
        Routine::Bench(entry) => {
            let mut bencher = Bencher::new(mode, settings)
                .with_role(role)
                .with_count_role(CountRole::Parent { trial: spec.name() });
            catch_panic(|| entry(&mut bencher, spec.arg_index))?;
            let unpaired_because = bencher.unpaired_because().map(str::to_owned);
            match bencher.into_outcome() {
                None => {
                    Err("the #[bench] function never called an iter method of its Bencher".into())
                }
                Some(BenchOutcome::Smoke) => Ok(RoutineOutcome::Done),
                Some(BenchOutcome::Measured(result)) => {
                    Ok(RoutineOutcome::Bench(result, unpaired_because))
                }
                Some(BenchOutcome::Paired(paired)) => Ok(RoutineOutcome::Paired(paired)),
                Some(BenchOutcome::Served) => Err("served batches outside serve mode".into()),
                Some(BenchOutcome::Failed(why)) => Err(why.into()),
                Some(BenchOutcome::UnpairedGate(gate)) => Ok(RoutineOutcome::UnpairedGate(gate)),
                Some(BenchOutcome::Unavailable(why)) => Ok(RoutineOutcome::Unavailable(why)),
            }
        }
    }
}

fn diff_completion(settings: &Settings, record: &DiffRecord) -> Result<Completion, Failed> {
    let Some(claim) = settings.claim.as_ref() else {
        return Ok(Completion::Completed);
    };
    let result = &record.result;
    match (result.verdict, settings.on_inconclusive) {
        (Verdict::Pass | Verdict::Reported, _) | (Verdict::Inconclusive, OnInconclusive::Pass) => {
            Ok(Completion::Completed)
        }
        (Verdict::Inconclusive, OnInconclusive::Ignore) => Ok(Completion::ignored_with(
            failure_message(claim, record.gate(), result),
        )),
        (Verdict::Refuted | Verdict::Inconclusive, _) => {
            Err(failure_message(claim, record.gate(), result).into())
        }
    }
}

/// Compares a measured `#[bench]` with its baseline and saves it; the record for the
/// reports, and the trial's outcome: a baseline that cannot be read or written fails the
/// trial.
fn bench_outcome(
    root: &std::path::Path,
    spec: &TrialSpec,
    name: &str,
    settings: &Settings,
    result: BenchResult,
) -> (BenchRecord, Result<Completion, Failed>) {
    let module_path = spec.descriptor.module_path;
    let key = BaselineKey::new(module_path, name);
    let (baseline, completion) =
        match compare_and_save(root, &key, &settings.baseline_settings(), &result) {
            Ok(Some(compared)) => (
                BaselineOutcome::Compared(Box::new(compared)),
                Ok(Completion::Completed),
            ),
            Ok(None) => (
                match settings.baseline {
                    BaselineChoice::Compare(name) => BaselineOutcome::NoFigures(name),
                    BaselineChoice::Save(name) => BaselineOutcome::FirstRun(name),
                    BaselineChoice::Previous => {
                        BaselineOutcome::FirstRun(BaselineName::previous_run())
                    }
                },
                Ok(Completion::Completed),
            ),
            Err(e) => {
                let why = e.to_string();
                (BaselineOutcome::Failed(e), Err(why.into()))
            }
        };
    let record = BenchRecord::new(name.to_owned(), module_path, result, baseline);
    (record, completion)
}
