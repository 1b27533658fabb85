//! The benchmark doctor's warnings in every output: attached to the records after the run,
//! printed as lines after the blocks, and rendered for the JSON document (the HTML report's
//! list is `html/doctor_list`).
//! The checks themselves are in `analysis::doctor`.

use super::record::Record;
use crate::analysis::{bench_warnings, diff_warnings, Warning};
use serde::Serialize;
use std::fmt::Write;

/// Examines every record and attaches its warnings.
pub fn examine(records: &mut [Record]) {
    for record in records {
        match record {
            Record::Diff(d) => d.doctor = diff_warnings(&d.name, d.claim.as_ref(), &d.result),
            Record::Bench(b) => b.doctor = bench_warnings(&b.name, &b.result),
            Record::Unpaired(_) => {}
        }
    }
}

/// The warnings of a record.
#[must_use]
pub fn warnings_of(record: &Record) -> &[Warning] {
    match record {
        Record::Diff(d) => &d.doctor,
        Record::Bench(b) => &b.doctor,
        Record::Unpaired(_) => &[],
    }
}

/// One line per warning, the run's first: `doctor: NAME: finding; what to do`. Empty when
/// there is nothing to say.
#[must_use]
pub fn doctor_lines(records: &[Record], run: &[Warning]) -> String {
    let mut out = String::new();
    let trials = records
        .iter()
        .flat_map(|r| warnings_of(r).iter().map(move |w| (Some(r.name()), w)));
    for (trial, w) in run.iter().map(|w| (None, w)).chain(trials) {
        let subject = trial.map_or_else(String::new, |name| format!("{name}: "));
        let _ = writeln!(
            out,
            "warning (doctor, {}): {subject}{}. What to do: {}.",
            w.check.name(),
            w.finding,
            w.advice
        );
    }
    out
}

/// A warning as the JSON document has it.
#[derive(Serialize)]
pub struct WarningOut {
    check: &'static str,
    finding: String,
    advice: &'static str,
}

/// The JSON records of `warnings`.
#[must_use]
pub fn warnings_json(warnings: &[Warning]) -> Vec<WarningOut> {
    warnings
        .iter()
        .map(|w| WarningOut {
            check: w.check.name(),
            finding: w.finding.clone(),
            advice: w.advice,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{debug_build, long_name};
    use crate::decide::Verdict;
    use crate::fixture::records::{bench_record, diff, Baseline};
    use crate::model::Claim;

    #[test]
    fn warnings_reach_every_output_with_what_to_do() {
        let long = "x".repeat(70);
        let mut records = [
            diff(&long, 0.5, None, 500),
            bench_record("b", Baseline::First),
        ];
        examine(&mut records);
        assert_eq!(warnings_of(&records[0]), [long_name(&long).unwrap()]);
        let run = [debug_build(true).unwrap()];
        let lines = doctor_lines(&records, &run);
        let lines: Vec<&str> = lines.lines().collect();
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert!(lines[0].starts_with("warning (doctor, debug_build): this is an unoptimized"));
        assert!(lines[1].contains(&format!("long_name): {long}: the name has 70")));
        assert!(lines.iter().all(|l| l.contains("What to do: ")));
        assert_eq!(doctor_lines(&records[1..], &[]), "");
        let json = serde_json::to_value(warnings_json(&run)).unwrap();
        assert_eq!(json[0]["check"], "debug_build");
    }

    #[test]
    fn a_comparison_is_examined_against_its_own_claim() {
        // A decided claim 1% from its bound is warned of; the same result without the claim
        // (the control) is not.
        let near = Claim::Below {
            bound: 0.505,
            inclusive: false,
        };
        let mut records = [
            diff("near", 0.5, Some(near), 500),
            diff("none", 0.5, None, 500),
        ];
        for record in &mut records {
            if let Record::Diff(d) = record {
                (d.result.ratio, d.result.verdict) = (0.5, Verdict::Pass);
            }
        }
        examine(&mut records);
        let checks =
            |r: &Record| -> Vec<&str> { warnings_of(r).iter().map(|w| w.check.name()).collect() };
        assert_eq!(checks(&records[0]), ["near_bound_in_one_process"]);
        assert!(checks(&records[1]).is_empty());
    }
}
