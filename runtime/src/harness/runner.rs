//! The harness: turns registered benchmarks into libtest trials, runs them one at a time,
//! prints the reports after libtest's summary and exits with libtest's status.

use crate::analysis::bench_result::BenchResult;
use crate::analysis::diff_result::DiffResult;
use crate::analysis::doctor::{run_warnings, Warning};
use crate::api::bencher::{BenchOutcome, Bencher};
use crate::api::diff::{Diff, DiffOutcome};
use crate::api::versions::protocol::SERVE_FLAG;
use crate::api::versions::{PairedResult, Versus};
use crate::decide::verdict::Verdict;
use crate::harness::cli::Invocation;
use crate::harness::descriptor::{Descriptor, Routine};
use crate::harness::limits::check_trial_budgets;
use crate::harness::preflight::{check_outputs, report_dir};
use crate::harness::registry::{check_unique_names, trial_specs, TrialSpec};
use crate::harness::version_setup as versions;
use crate::measure::machine::MachineFacts;
use crate::measure::timer::timer_cost;
use crate::model::attrs::OnInconclusive;
use crate::model::mode::Mode;
use crate::report::bench_block::bench_block;
use crate::report::bench_record::{BaselineOutcome, BenchRecord};
use crate::report::diff_block::{failure_message, record_block};
use crate::report::diff_record::{DiffRecord, RoutineNames};
use crate::report::doctor::{doctor_lines, examine};
use crate::report::json::RunInfo;
use crate::report::outputs::{write_export, write_html, write_json};
use crate::report::paint::Paint;
use crate::report::record::{Record, RecordSink};
use crate::report::run_meta::RunMeta;
use crate::report::summary_table::summary_table;
use crate::session::baseline::{compare_and_save, BaselineKey};
use crate::session::options::{Overrides, Settings};
use crate::session::progress::ProgressLine;
use crate::util::interrupt::{self, interrupted, INTERRUPTED_EXIT};
use crate::util::panic::catch_panic;
use libtest_mimic::{Completion, Conclusion, Failed, FormatSetting, Trial};
use std::io::IsTerminal;
use std::sync::{Arc, Mutex};

/// Runs every registered benchmark as the command line asks. Call it from the bench
/// target's `main` (with `harness = false` in Cargo.toml).
pub fn main() -> ! {
    if std::env::args().nth(1).as_deref() == Some(SERVE_FLAG) {
        versions::serve(&trial_specs());
    }
    let invocation = match Invocation::from_env() {
        Ok(invocation) => invocation,
        Err(error) => {
            eprintln!("error: {error}");
            std::process::exit(2);
        }
    };
    if let Err(error) = check_outputs(&invocation) {
        eprintln!("error: {error}");
        std::process::exit(2);
    }
    interrupt::install();
    if cfg!(debug_assertions) && !invocation.libtest.list {
        eprintln!(
            "warning: duobench is running an unoptimized build (debug assertions on); timings \
             do not reflect release code. Use `cargo bench` or `cargo test --release --benches`."
        );
    }
    let run_meta = RunMeta::collect();
    let blocks = Arc::new(Mutex::new(Vec::new()));
    let specs = trial_specs();
    let checked = check_unique_names(&specs)
        .and_then(|()| check_trial_budgets(&specs, &invocation.overrides));
    if let Err(error) = checked {
        eprintln!("error: {error}");
        std::process::exit(2);
    }
    let overrides = share_family_alpha(&invocation, &specs);
    let pretty = !invocation.libtest.quiet
        && matches!(
            invocation.libtest.format,
            None | Some(FormatSetting::Pretty)
        );
    let diffs = diff_sink(&invocation, pretty);
    let versus = versions::prepare(&invocation, &specs);
    let trials = specs
        .into_iter()
        .map(|spec| {
            let blocks = Arc::clone(&blocks);
            let context = TrialContext {
                mode: invocation.mode,
                overrides: overrides.clone(),
                versus: versus.clone(),
            };
            trial(spec, context, blocks, diffs.clone())
        })
        .collect();
    let conclusion = libtest_mimic::run(&invocation.libtest, trials);
    // Reaps the baseline's executable now: `exit` below runs no destructors.
    drop(versus);
    let blocks = blocks.lock().map(|b| b.clone()).unwrap_or_default();
    let mut records = diffs.records();
    let run_warnings = run_doctor(&invocation, &mut records);
    if pretty && !blocks.is_empty() {
        println!("duobench results\n");
        for block in blocks {
            println!("{block}");
        }
        // The terminal table lists comparisons only: a #[bench] has no claim or ratio.
        let comparisons: Vec<DiffRecord> = records
            .iter()
            .filter_map(Record::as_diff)
            .cloned()
            .collect();
        if !comparisons.is_empty() {
            println!("{}", summary_table(&comparisons, diffs.paint));
        }
    }
    if let Some(note) = unoptimized_claims_note(cfg!(debug_assertions), &records) {
        eprintln!("{note}");
    }
    if !invocation.libtest.list {
        eprint!("{}", doctor_lines(&records, &run_warnings));
    }
    write_outputs(
        &invocation,
        &records,
        pretty,
        conclusion,
        &run_meta,
        &run_warnings,
    )
}

/// The benchmark doctor, unless `--no-doctor`: attaches each record's warnings and returns
/// the run's own (build and machine, as the system reports them at the end of the run).
/// A smoke run under `cargo test` measured nothing, so only the build is judged there.
fn run_doctor(invocation: &Invocation, records: &mut [Record]) -> Vec<Warning> {
    if invocation.overrides.no_doctor == Some(true) || invocation.libtest.list {
        return Vec::new();
    }
    examine(records);
    let machine = if records.is_empty() {
        MachineFacts::default()
    } else {
        MachineFacts::read()
    };
    run_warnings(cfg!(debug_assertions), &machine)
}

/// One line after the run when claims were judged on an unoptimized build: their verdicts
/// are about debug code, which can be many times slower and differently so.
fn unoptimized_claims_note(debug_build: bool, records: &[Record]) -> Option<String> {
    let judged = records
        .iter()
        .filter_map(Record::as_diff)
        .filter(|d| d.claim.is_some())
        .count();
    (debug_build && judged > 0).then(|| {
        format!(
            "note: {judged} claim(s) judged on an unoptimized build (debug assertions on): the \
             verdicts are about debug code; judge release code with `cargo test --release \
             --benches`"
        )
    })
}

/// How comparisons are shown: blocks coloured as `--color` says for stdout; a progress line
/// only on a terminal's stderr, under libtest's pretty format (it sits after libtest's
/// `test name ... `), and never on a terminal that cannot move its cursor.
fn diff_sink(invocation: &Invocation, pretty: bool) -> RecordSink {
    let color = invocation.libtest.color;
    let paint = Paint::for_stream(color, &std::io::stdout());
    let stderr = std::io::stderr();
    let dumb = std::env::var("TERM").is_ok_and(|t| t == "dumb");
    let progress = (pretty && stderr.is_terminal() && !dumb && !invocation.libtest.list)
        .then(|| Paint::for_stream(color, &stderr));
    RecordSink::new(paint, progress)
}

/// Writes the `--json` document and, after `cargo bench`, the HTML report, then exits with
/// libtest's status. A JSON file that cannot be written fails the run (a CI job relies on
/// it); an HTML report that cannot be written is only a warning.
fn write_outputs(
    invocation: &Invocation,
    records: &[Record],
    pretty: bool,
    conclusion: Conclusion,
    run_meta: &RunMeta,
    run_warnings: &[Warning],
) -> ! {
    let options = &invocation.overrides;
    if invocation.libtest.list {
        conclusion.exit()
    }
    if let Some(path) = &options.json {
        let run = RunInfo {
            mode: invocation.mode,
            timer: timer_cost(),
            meta: run_meta.clone(),
            doctor: run_warnings.to_vec(),
        };
        if let Err(e) = write_json(path, records, &run) {
            eprintln!("error: {e}");
            if !conclusion.has_failed() {
                std::process::exit(1);
            }
        }
    }
    for export in &options.exports {
        if let Err(e) = write_export(export, records) {
            eprintln!("error: {e}");
            if !conclusion.has_failed() {
                std::process::exit(1);
            }
        }
    }
    if let Some(dir) = report_dir(options).filter(|_| invocation.mode == Mode::Bench) {
        match write_html(&dir, records, run_warnings) {
            Ok(Some(index)) if pretty => println!("HTML report: {}\n", index.display()),
            Ok(_) => {}
            Err(e) => eprintln!("warning: {e}"),
        }
    }
    if interrupted() {
        eprintln!(
            "interrupted: the {} results measured before it were kept",
            records.len()
        );
        std::process::exit(INTERRUPTED_EXIT)
    }
    conclusion.exit()
}

/// With `--family-alpha A`, the m claims that will run share A: each is judged at A / m
/// (Bonferroni). Each claim's confidence sequence holds at all times with probability
/// 1 − A/m, so by the union bound all of them hold together with probability 1 − A, early
/// stopping included.
fn share_family_alpha(invocation: &Invocation, specs: &[TrialSpec]) -> Overrides {
    let Some(family_alpha) = invocation.overrides.family_alpha else {
        return invocation.overrides.clone();
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
        ..invocation.overrides.clone()
    }
}

/// What every trial of the run shares.
struct TrialContext {
    mode: Mode,
    overrides: Overrides,
    /// `--baseline NAME` under `cargo bench`: that baseline's executable.
    versus: Option<Arc<Mutex<Versus>>>,
}

fn trial(
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
        let root = versions::baseline_root(&context.overrides);
        let settings = Settings::resolve(&spec.descriptor.options, context.overrides);
        let role = versions::role(context.versus.as_ref(), &name);
        let outcome = run_routine(spec, context.mode, settings, role, diffs.progress_line());
        if interrupted() {
            // Cut short: neither reported nor saved as a baseline.
            return Err("interrupted: this trial's measurements were discarded".into());
        }
        let outcome = outcome?;
        match outcome {
            RoutineOutcome::Done => Ok(Completion::Completed),
            RoutineOutcome::Unavailable(why) => Ok(Completion::ignored_with(why)),
            RoutineOutcome::Diff(result) => {
                let d = spec.descriptor;
                let record = DiffRecord::new(
                    name.clone(),
                    d.module_path,
                    RoutineNames::of(d.fn_name, d.vs, settings.calibrate),
                    settings.claim,
                    settings.calibrate,
                    *result,
                );
                if let Ok(mut b) = blocks.lock() {
                    b.push(record_block(&record, diffs.paint));
                }
                let completion = diff_completion(&settings, &record.result);
                diffs.push(Record::Diff(Box::new(record)));
                completion
            }
            RoutineOutcome::Paired(paired) => {
                let module_path = spec.descriptor.module_path;
                let record = DiffRecord::paired_versions(name.clone(), module_path, *paired);
                if let Ok(mut b) = blocks.lock() {
                    b.push(record_block(&record, diffs.paint));
                }
                let gated = Settings {
                    claim: record.claim,
                    ..settings
                };
                let baseline = record.versions.map(|b| b.to_string()).unwrap_or_default();
                let completion = diff_completion(&gated, &record.result).map_err(|failed| {
                    let why = failed.message().unwrap_or_default();
                    Failed::from(format!("new/old against baseline `{baseline}`: {why}"))
                });
                diffs.push(Record::Diff(Box::new(record)));
                completion
            }
            RoutineOutcome::Bench(result, unpaired_because) => {
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
    Diff(Box<DiffResult>),
    /// Measured alone; with why a paired cross-version comparison was not possible.
    Bench(Box<BenchResult>, Option<String>),
    Paired(Box<PairedResult>),
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
            if let Some(line) = progress {
                diff.show_progress(line);
            }
            catch_panic(|| entry(&mut diff, spec.arg_index))?;
            match diff.into_outcome() {
                None => Err("the #[bench_diff] function never called Diff::compare".into()),
                Some(DiffOutcome::Smoke) => Ok(RoutineOutcome::Done),
                Some(DiffOutcome::Unavailable(why)) => Ok(RoutineOutcome::Unavailable(why)),
                Some(DiffOutcome::Measured(result)) => Ok(RoutineOutcome::Diff(result)),
            }
        }
        Routine::Bench(entry) => {
            let mut bencher = Bencher::new(mode, settings).with_role(role);
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
                Some(BenchOutcome::Unavailable(why)) => Ok(RoutineOutcome::Unavailable(why)),
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
                BaselineOutcome::Compared(compared),
                Ok(Completion::Completed),
            ),
            Ok(None) => (
                BaselineOutcome::FirstRun(settings.baseline.save_as()),
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

#[cfg(test)]
mod tests {
    use super::unoptimized_claims_note;
    use crate::fixture::records::{bench_record, diff, Baseline, BELOW};

    #[test]
    fn claims_judged_on_debug_code_are_said_so_in_one_line() {
        let records = [
            diff("a", 0.5, Some(BELOW), 500),
            diff("b", 1.0, None, 500),
            bench_record("c", Baseline::First),
        ];
        let note = unoptimized_claims_note(true, &records).unwrap();
        assert!(
            note.starts_with("note: 1 claim(s) judged on an unoptimized build"),
            "{note}"
        );
        assert!(!note.contains('\n'));
        assert_eq!(unoptimized_claims_note(false, &records), None);
        assert_eq!(unoptimized_claims_note(true, &records[1..]), None);
    }
}
