//! A comparison's terminal block as the run prints it: the short one by default
//! (`diff_block_short`), the full statistics with `--verbose` (`diff_block`), and the lines
//! a calibration or a cross-version pairing adds.

use super::diff_block::{calibration_line, diff_block, gate_design_text, process_pairs_line};
use super::diff_block_short::short_block;
use super::measure_line::{executor_line, measure_line, os_line};
use super::paint::Paint;
use crate::report::DiffRecord;

/// The block of `record`: the short one, or with `verbose` the full statistics; with the
/// noise floor under `--calibrate`.
#[must_use]
pub fn record_block(record: &DiffRecord, paint: Paint, verbose: bool) -> String {
    // Counts have no statistics beyond the short block's.
    let block = if verbose && record.result.counted.is_none() {
        diff_block(
            &record.name,
            record.names,
            record.claim.as_ref(),
            record.gate(),
            &record.result,
            paint,
        ) + &measure_line(record.result.measure)
            + &executor_line(record.result.executor, record.result.executor_overhead_ns)
            + &os_line(record.result.os)
    } else {
        short_block(record, paint)
    };
    if record.calibration {
        block + &calibration_line(&record.result)
    } else if let Some(baseline) = record.versions {
        // A #[bench] paired with its baseline, not a #[bench_diff]: say so in the heading.
        block.replacen("[diff] ", "[versions] ", 1)
            + &if record.result.counted.is_some() {
                format!(
                    "  versions paired: this build (new) counted with the same trial in the \
                     stored executable of baseline `{baseline}` (old); ratio = new/old\n"
                )
            } else {
                format!(
                    "  versions paired: this build (new) in duos with the same trial in the \
                     stored executable of baseline `{baseline}` (old); ratio = new/old\n"
                )
            }
            + &record
                .result
                .process_pairs
                .as_ref()
                .map_or_else(String::new, process_pairs_line)
            + &record
                .result
                .process_pairs
                .as_ref()
                .and_then(|p| p.gate.as_ref())
                .map_or_else(String::new, |g| {
                    format!("  gate     {}\n", gate_design_text(g))
                })
    } else if let Some(pairs) = &record.result.process_pairs {
        // A #[bench_diff] decided across processes: each routine in a process of its own.
        block
            + "  across   each round a fresh pair of processes, one timing each routine; the \
               interval is over rounds\n"
            + &process_pairs_line(pairs)
    } else if record.across_processes_asked && record.result.counted.is_some() {
        block
            + "  across   counted in one process, as asked across processes: counts do not \
               move with where a process places the routines\n"
    } else {
        block
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::records::{record, BELOW};
    use crate::report::DiffRecord;

    #[test]
    fn routine_columns_line_up_and_the_verdict_is_coloured_when_asked() {
        let rec = record("sorting::radix", 0.5, Some(BELOW), 1_000);
        let plain = record_block(&rec, Paint::new(false), true);
        let first = plain.lines().find(|l| l.starts_with("  first")).unwrap();
        let second = plain.lines().find(|l| l.starts_with("  second")).unwrap();
        // `radix` is padded to the width of `std_sort`.
        assert!(first.starts_with("  first    radix     mean "), "{plain}");
        assert!(second.starts_with("  second   std_sort  mean "), "{plain}");
        let batches = |line: &str| {
            line.find("all batches:")
                .map(|at| line[..at].chars().count())
        };
        assert_eq!(batches(first), batches(second), "{plain}");
        assert!(plain.contains("claim    ratio < 0.8: pass\n"), "{plain}");
        assert!(!plain.contains('\x1b'));
        let coloured = record_block(&rec, Paint::new(true), true);
        assert!(
            coloured.contains("ratio < 0.8: \x1b[1m\x1b[32mpass\x1b[0m"),
            "{coloured:?}"
        );
    }

    /// A `#[bench]` paired across versions over three rounds, two of them judged on thread
    /// CPU time, with no Welch test (as `api::versions` assembles it).
    fn versions_record() -> DiffRecord {
        let mut rec = record("sorting::radix", 0.5, Some(BELOW), 1_000);
        rec.versions = Some(crate::model::BaselineName::parse("main").unwrap());
        let r = &mut rec.result;
        r.welch = None;
        crate::fixture::records::over_three_rounds(r, false);
        rec
    }

    #[test]
    fn a_cross_version_block_says_its_figures_cover_every_round() {
        let rec = versions_record();
        let verbose = record_block(&rec, Paint::new(false), true);
        for said in [
            "[versions] sorting::radix",
            "median-based 0.4996 (every round's duos)",
            "n 152 over 3 rounds",
            "  pairs    158 over 3 rounds (",
            "4 duos per block in the median round, 19 blocks",
            "judged on thread CPU time in 2 of 3 rounds (the others on wall time): ",
            "warmup over 3 rounds (timer",
            "(paired, the rounds' log ratios; one look only)",
            "  welch    none across processes: batches of different processes",
            "  process  3 pairs of fresh processes",
        ] {
            assert!(verbose.contains(said), "{said}\n{verbose}");
        }
        let short = record_block(&rec, Paint::new(false), false);
        assert!(
            short.contains(", 158 pairs over 3 rounds in 0.90 s"),
            "{short}"
        );
        // Negative control: the same figures within one process say nothing of rounds.
        let mut one = versions_record();
        one.versions = None;
        one.result.over_rounds = None;
        one.result.process_pairs = None;
        let plain = record_block(&one, Paint::new(false), true);
        assert!(!plain.contains("round"), "{plain}");
        assert!(plain.contains("(paired, block log ratios; one look only)"));
    }

    #[test]
    fn a_comparison_across_processes_says_each_routine_ran_in_a_process_of_its_own() {
        let mut rec = versions_record();
        rec.versions = None;
        let verbose = record_block(&rec, Paint::new(false), true);
        for said in [
            "[diff] sorting::radix",
            "n 152 over 3 rounds",
            "  across   each round a fresh pair of processes, one timing each routine",
            "  process  3 pairs of fresh processes",
        ] {
            assert!(verbose.contains(said), "{said}\n{verbose}");
        }
        assert!(!verbose.contains("versions"), "{verbose}");
        let short = record_block(&rec, Paint::new(false), false);
        assert!(short.contains("  across   each round"), "{short}");
    }

    #[test]
    fn a_counted_comparison_asked_across_processes_says_it_was_counted_in_one() {
        let crate::report::Record::Diff(counted) = crate::fixture::records::counted_diff("c", 0.5)
        else {
            unreachable!("a comparison")
        };
        let said = "  across   counted in one process, as asked across processes";
        let asked = DiffRecord {
            across_processes_asked: true,
            ..(*counted).clone()
        };
        assert!(record_block(&asked, Paint::new(false), false).contains(said));
        // Not asked, or asked of a timed comparison (which then has its rounds): nothing.
        assert!(!record_block(&counted, Paint::new(false), false).contains(said));
        let timed = DiffRecord {
            across_processes_asked: true,
            ..record("t", 0.5, Some(BELOW), 1_000)
        };
        assert!(!record_block(&timed, Paint::new(false), true).contains("across"));
    }

    #[test]
    fn calibration_adds_the_noise_floor() {
        let mut rec = record("same", 1.0, None, 1_000);
        rec.calibration = true;
        let block = record_block(&rec, Paint::new(false), true);
        assert!(
            block.contains("  floor    the first routine against itself"),
            "{block}"
        );
    }
}
