//! After the trials: the notes, the output files and the exit status.

use super::ci_report::write_ci_report;
use super::journal;
use super::profile::profiling;
use crate::analysis::Warning;
use crate::harness::Invocation;
use crate::measure::timer_cost;
use crate::model::ExportFormat;
use crate::report::RunInfo;
use crate::report::RunMeta;
use crate::report::Scope;
use crate::report::{write_export, write_json};
use crate::report::{AfterPush, Record};
use crate::util::resolve_links;
use crate::util::{interrupted, INTERRUPTED_EXIT};
use libtest_mimic::Conclusion;
use std::path::Path;
use std::sync::Arc;

/// One line after the run when claims were judged on an unoptimized build: their verdicts
/// are about debug code, which can be many times slower and differently so.
pub fn unoptimized_claims_note(debug_build: bool, records: &[Record]) -> Option<String> {
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

/// Writes the `--json` document, the exports and, after `cargo bench`, the HTML report, then
/// exits with libtest's status. An output that cannot be written fails the run (status 1,
/// or 130 after an interrupt), after the others were tried.
pub fn write_outputs(
    invocation: &Invocation,
    records: &[Record],
    pretty: bool,
    conclusion: Conclusion,
    run_meta: &RunMeta,
    run_warnings: &[Warning],
    bench_target: Option<&'static str>,
) -> ! {
    journal::close();
    if invocation.libtest.list || profiling(invocation) {
        conclusion.exit()
    }
    // A run an interrupt cut short is marked in the JSON document, so that a merge of shards
    // or a gate reading it does not take it for complete.
    let unfinished = bench_target.filter(|_| interrupted()).map(str::to_owned);
    let unwritten = !write_files(
        invocation,
        records,
        pretty,
        run_meta,
        run_warnings,
        unfinished,
    );
    if interrupted() {
        eprintln!(
            "interrupted: the {} results measured before it were kept",
            records.len()
        );
        std::process::exit(INTERRUPTED_EXIT)
    }
    if unwritten && !conclusion.has_failed() {
        std::process::exit(1);
    }
    conclusion.exit()
}

/// Writes every output file, each failure in one line on stderr; whether all were written.
fn write_files(
    invocation: &Invocation,
    records: &[Record],
    // Only the HTML report's line is printed differently when the output is pretty.
    #[cfg_attr(not(feature = "html"), allow(unused_variables))] pretty: bool,
    run_meta: &RunMeta,
    run_warnings: &[Warning],
    unfinished: Option<String>,
) -> bool {
    let options = &invocation.overrides;
    let mut unwritten = false;
    let run = RunInfo {
        mode: invocation.mode,
        timer: timer_cost(),
        meta: run_meta.clone(),
        doctor: run_warnings.to_vec(),
        unfinished,
        exited_inside: None,
    };
    if let Some(path) = &options.json {
        if let Err(e) = write_json(path, records, &run, scope(invocation)) {
            eprintln!("error: {e}");
            unwritten = true;
        }
    }
    let json_exports = options
        .exports
        .iter()
        .filter(|e| e.format != ExportFormat::Markdown);
    for export in json_exports {
        if let Err(e) = write_export(export, records) {
            eprintln!("error: {e}");
            unwritten = true;
        }
    }
    for e in write_ci_report(&options.exports, records, &run) {
        eprintln!("error: {e}");
        unwritten = true;
    }
    #[cfg(feature = "html")]
    if !write_report(invocation, records, pretty, run_warnings) {
        unwritten = true;
    }
    !unwritten
}

/// Writes the HTML report when this run has one, a failure in one line on stderr; whether
/// it was written.
#[cfg(feature = "html")]
fn write_report(
    invocation: &Invocation,
    records: &[Record],
    pretty: bool,
    run_warnings: &[Warning],
) -> bool {
    use super::preflight::report_dir;
    use crate::model::Mode;
    use crate::report::write_html;
    let Some(dir) = report_dir(&invocation.overrides).filter(|_| invocation.mode == Mode::Bench)
    else {
        return true;
    };
    match write_html(&dir, records, run_warnings, scope(invocation)) {
        Ok(Some(index)) if pretty => println!("HTML report: {}\n", index.display()),
        Ok(_) => {}
        Err(e) => {
            eprintln!("error: {e}");
            return false;
        }
    }
    true
}

/// Writes the `--json` document and the exports again after each trial, with the results
/// so far, so that a run ending inside a later trial (an exit, an abort, a kill) leaves the
/// finished ones on disk. Earlier results of trials not yet run are kept until the run's
/// last write. Only regular files are rewritten: a FIFO or a device takes the one document
/// written at the end. Failures are left to that last write to report.
#[must_use]
pub fn write_as_trials_finish(
    invocation: &Invocation,
    run_meta: &RunMeta,
    bench_target: &'static str,
) -> AfterPush {
    let options = invocation.overrides.clone();
    let run = unfinished_run(invocation, run_meta, bench_target);
    AfterPush(Arc::new(move |records: &[Record]| {
        if let Some(path) = options.json.as_deref().filter(|p| rewritable(p)) {
            let _ = write_json(path, records, &run, Scope::SameNames);
        }
        let json_exports = options
            .exports
            .iter()
            .filter(|e| e.format != ExportFormat::Markdown && rewritable(&e.path));
        for export in json_exports {
            let _ = write_export(export, records);
        }
        journal::finished_one();
    }))
}

/// What the `--json` document says of a run still going on: marked unfinished until the
/// last write clears it, so that a run killed between trials leaves a document that says so.
fn unfinished_run(invocation: &Invocation, run_meta: &RunMeta, bench_target: &str) -> RunInfo {
    RunInfo {
        mode: invocation.mode,
        timer: timer_cost(),
        meta: run_meta.clone(),
        doctor: Vec::new(),
        unfinished: Some(bench_target.to_owned()),
        exited_inside: None,
    }
}

/// What the exit handler does when the process exits inside a trial: the `--json` document
/// (a regular file) is marked with that trial (`exited_in`), its finished trials kept, so
/// that `cargo duobench compare` and `merge` can say what ended the run.
#[must_use]
pub fn mark_exit_inside_trial(
    invocation: &Invocation,
    run_meta: &RunMeta,
    bench_target: &str,
) -> journal::OnExit {
    let json = invocation.overrides.json.clone();
    let run = unfinished_run(invocation, run_meta, bench_target);
    Box::new(move |trial: &str| {
        if let Some(path) = json.as_deref().filter(|p| rewritable(p)) {
            let run = RunInfo {
                exited_inside: Some(trial.to_owned()),
                ..run.clone()
            };
            let _ = write_json(path, &[], &run, Scope::SameNames);
        }
    })
}

/// A regular file, or none yet (after following links).
fn rewritable(path: &Path) -> bool {
    resolve_links(path).is_ok_and(|real| match std::fs::metadata(real) {
        Ok(meta) => meta.is_file(),
        Err(e) => e.kind() == std::io::ErrorKind::NotFound,
    })
}

/// How much of the target's earlier results this run replaces: a run that a filter
/// narrowed keeps the trials it did not run.
#[must_use]
pub fn scope(invocation: &Invocation) -> Scope {
    let args = &invocation.libtest;
    if args.filter.is_some() || !args.skip.is_empty() {
        Scope::SameNames
    } else {
        Scope::WholeTarget
    }
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

    #[test]
    #[cfg(feature = "html")]
    fn an_html_report_that_cannot_be_written_counts_as_a_failed_output() {
        use super::write_files;
        use crate::harness::Invocation;
        let parse = |args: &[&str]| {
            Invocation::parse(args.iter().map(|a| (*a).to_owned()), |_| None).unwrap()
        };
        let records = [diff("a", 0.5, Some(BELOW), 500)];
        let meta = crate::fixture::records::run_meta();
        // Under a regular file, nothing can be made, even by root.
        let dir = crate::fixture::scratch::scratch_dir("finish-html");
        let file = dir.join("plain");
        std::fs::write(&file, "x").unwrap();
        let report = file.join("report");
        let bad = parse(&["--bench", "--report", report.to_str().unwrap()]);
        assert!(!write_files(&bad, &records, false, &meta, &[], None));
        let good_dir = dir.join("report");
        let good = parse(&["--bench", "--report", good_dir.to_str().unwrap()]);
        assert!(write_files(&good, &records, false, &meta, &[], None));
        assert!(good_dir.join("index.html").is_file());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
