//! After the trials: the notes, the output files and the exit status.

use crate::analysis::doctor::Warning;
use crate::harness::cli::Invocation;
use crate::harness::preflight::report_dir;
use crate::harness::profile::profiling;
use crate::measure::timer::timer_cost;
use crate::model::mode::Mode;
use crate::report::json::RunInfo;
use crate::report::outputs::{write_export, write_html, write_json};
use crate::report::record::Record;
use crate::report::run_meta::RunMeta;
use crate::util::interrupt::{interrupted, INTERRUPTED_EXIT};
use libtest_mimic::Conclusion;

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

/// Writes the `--json` document and, after `cargo bench`, the HTML report, then exits with
/// libtest's status. A JSON file that cannot be written fails the run (a CI job relies on
/// it); an HTML report that cannot be written is only a warning.
pub fn write_outputs(
    invocation: &Invocation,
    records: &[Record],
    pretty: bool,
    conclusion: Conclusion,
    run_meta: &RunMeta,
    run_warnings: &[Warning],
) -> ! {
    let options = &invocation.overrides;
    if invocation.libtest.list || profiling(invocation) {
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
