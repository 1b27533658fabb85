//! The harness's entry point: turns registered benchmarks into libtest trials, runs them one
//! at a time, prints the reports after libtest's summary and exits with libtest's status.

use super::family_alpha::share_family_alpha;
use super::finish::{mark_exit_inside_trial, unoptimized_claims_note};
use super::finish::{write_as_trials_finish, write_outputs};
use super::group::{groups, member_overrides};
use super::journal;
use super::list::listing;
use super::preflight::{check_counting, check_outputs};
use super::profile::{check_one_selected, profiling};
use super::trial::{trial, TrialContext};
use super::version_setup as versions;
use super::watchdog;
use crate::analysis::{run_warnings, Warning};
use crate::api::{COUNT_FLAG, COUNT_HERE_FLAG, SERVE_FLAG};
use crate::harness::all_trial_specs;
use crate::harness::check_trial_budgets;
use crate::harness::check_unique_names;
use crate::harness::oversubscribed_note;
use crate::harness::selected_specs;
use crate::harness::Invocation;
use crate::harness::{probe, select_any};
use crate::measure::MachineFacts;
use crate::model::bench_target;
use crate::report::group_table;
use crate::report::summary_table;
use crate::report::DiffRecord;
use crate::report::Paint;
use crate::report::RunMeta;
use crate::report::{doctor_lines, examine};
use crate::report::{Record, RecordSink};
use crate::util::install_interrupt_flag;
use libtest_mimic::{Conclusion, FormatSetting, Trial};
use std::io::IsTerminal;
use std::sync::{Arc, Mutex};

/// Runs every registered benchmark as the command line asks. Call it from the bench
/// target's `main` (with `harness = false` in Cargo.toml).
pub fn main() -> ! {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some(SERVE_FLAG) => versions::serve(&all_trial_specs()),
        Some(COUNT_FLAG) => versions::count_child(&all_trial_specs(), &args[2..]),
        Some(COUNT_HERE_FLAG) => versions::count_here_child(&all_trial_specs(), &args[2..]),
        _ => {}
    }
    let mut invocation = match Invocation::from_env() {
        Ok(invocation) => invocation,
        Err(error) => {
            eprintln!("error: {error}");
            std::process::exit(2);
        }
    };
    let specs = all_trial_specs();
    let target = specs
        .first()
        .map(|spec| bench_target(spec.descriptor.module_path));
    let outputs = if profiling(&invocation) {
        Ok(())
    } else {
        check_outputs(&invocation, target)
    };
    if let Err(error) = outputs {
        eprintln!("error: {error}");
        std::process::exit(2);
    }
    install_interrupt_flag();
    if cfg!(debug_assertions) && !invocation.libtest.list {
        eprintln!(
            "warning: duobench is running an unoptimized build (debug assertions on); timings \
             do not reflect release code. Use `cargo bench` or `cargo test --release --benches`."
        );
    }
    let run_meta = RunMeta::collect();
    let blocks = Arc::new(Mutex::new(Vec::new()));
    // Several filter words become libtest's one filter and exact skips, before anything
    // asks libtest which trials will start.
    let probes: Vec<_> = specs.iter().map(probe).collect();
    invocation.libtest = select_any(&invocation.libtest, &invocation.filters, &probes);
    let checked = check_unique_names(&specs)
        .and_then(|()| {
            let starting = selected_specs(&invocation.libtest, &specs);
            check_trial_budgets(&starting, &invocation.overrides)
                .and_then(|()| versions::check_baseline_saved(&invocation, &starting))
        })
        .and_then(|()| check_one_selected(&invocation, &specs))
        .and_then(|()| check_counting(&invocation));
    if let Err(error) = checked {
        eprintln!("error: {error}");
        std::process::exit(2);
    }
    if invocation.overrides.store_only == Some(true) && !invocation.libtest.list {
        versions::store_only(&invocation, &specs);
    }
    let overrides = share_family_alpha(&invocation, &specs);
    let pretty = !invocation.libtest.quiet
        && matches!(
            invocation.libtest.format,
            None | Some(FormatSetting::Pretty)
        );
    let mut diffs = diff_sink(&invocation, pretty);
    if !invocation.libtest.list && !profiling(&invocation) {
        if let Some(target) = target {
            diffs = diffs.with_after_push(write_as_trials_finish(&invocation, &run_meta, target));
            let on_exit = mark_exit_inside_trial(&invocation, &run_meta, target);
            for note in journal::open(&journal::default_dir(), target, on_exit) {
                eprintln!("{note}");
            }
            watchdog::start();
        }
    }
    // A profiling run pairs with no baseline's executable: it would store or start one.
    let groups = groups(&specs, &invocation.libtest, &overrides);
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    if let Some(note) = oversubscribed_note(&specs, &invocation.libtest, cores) {
        if !invocation.libtest.list {
            eprintln!("{note}");
        }
    }
    let baseline_exe = if profiling(&invocation) {
        None
    } else {
        versions::prepare(&invocation, &specs)
    };
    let trials: Vec<Trial> = specs
        .into_iter()
        .map(|spec| {
            let blocks = Arc::clone(&blocks);
            let context = TrialContext {
                mode: invocation.mode,
                overrides: member_overrides(&overrides, &spec, &groups),
                baseline_exe: baseline_exe.clone(),
            };
            trial(spec, context, blocks, diffs.clone())
        })
        .collect();
    let conclusion = if invocation.libtest.list {
        print!("{}", listing(&invocation.libtest, &trials));
        Conclusion {
            num_filtered_out: 0,
            num_passed: 0,
            num_failed: 0,
            num_ignored: 0,
            num_measured: 0,
        }
    } else {
        libtest_mimic::run(&invocation.libtest, trials)
    };
    // Reaps the baseline's executable now: `exit` below runs no destructors.
    drop(baseline_exe);
    let blocks = blocks.lock().map(|b| b.clone()).unwrap_or_default();
    let mut records = diffs.records();
    let run_warnings = run_doctor(&invocation, &mut records);
    // The terminal table lists comparisons only: a #[bench] has no claim or ratio.
    let comparisons: Vec<DiffRecord> = records
        .iter()
        .filter_map(Record::as_diff)
        .cloned()
        .collect();
    if pretty && !blocks.is_empty() {
        println!("duobench results\n");
        for block in blocks {
            println!("{block}");
        }
        if !comparisons.is_empty() {
            println!("{}", summary_table(&comparisons, diffs.paint));
        }
        for group in &groups {
            let members: Vec<&DiffRecord> = comparisons
                .iter()
                .filter(|r| group.members.contains(&r.name))
                .collect();
            let table = group_table(&group.reference, group.family_alpha, &members, diffs.paint);
            if !table.is_empty() {
                println!("{table}");
            }
        }
    } else if terse(&invocation) && !comparisons.is_empty() {
        // `-q` keeps the one table that says how every comparison came out.
        println!("\n{}", summary_table(&comparisons, diffs.paint));
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
        target,
    )
}

/// libtest's terse format (`-q` or `--format terse`), where the blocks are left out.
fn terse(invocation: &Invocation) -> bool {
    !invocation.libtest.list
        && (invocation.libtest.quiet || invocation.libtest.format == Some(FormatSetting::Terse))
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
