//! One measured comparison with everything the reports after the run need to show it: the
//! `#[bench_diff]` counterpart of `bench_record.rs`.

use crate::analysis::DiffResult;
use crate::analysis::PairedResult;
use crate::analysis::Warning;
use crate::decide::ClaimText;
use crate::decide::{GateOutcome, Verdict};
use crate::model::bench_target;
use crate::model::BaselineName;
use crate::model::Claim;
use crate::util::percent_of;

/// Names shown for the two routines.
#[derive(Clone, Copy, Debug)]
pub struct RoutineNames<'a> {
    /// The first routine (the annotated function, or the first closure).
    pub first: &'a str,
    /// The second routine (`vs`, or the second closure).
    pub second: &'a str,
}

impl RoutineNames<'static> {
    /// The names of function `fn_name`'s routines: itself and `vs` when given, `first` and
    /// `second` for two closures, `first` twice under `--calibrate`.
    #[must_use]
    pub fn of(fn_name: &'static str, vs: Option<&'static str>, calibration: bool) -> Self {
        match (calibration, vs) {
            (true, _) => RoutineNames {
                first: "first",
                second: "first again",
            },
            (false, Some(vs)) => RoutineNames {
                first: fn_name,
                second: vs,
            },
            (false, None) => RoutineNames {
                first: "first",
                second: "second",
            },
        }
    }
}

/// A finished `#[bench_diff]` trial: its name, its routines' names, its claim and result.
#[derive(Clone, Debug)]
pub struct DiffRecord {
    /// The libtest name (`module::function/arg`).
    pub name: String,
    /// The bench target the trial belongs to (the first segment of its module path).
    pub bench_target: &'static str,
    /// The names shown for the two routines.
    pub names: RoutineNames<'static>,
    /// The claim judged, as written; `None` without one and under `--calibrate`.
    pub claim: Option<Claim>,
    /// `--calibrate`: the first routine ran against itself.
    pub calibration: bool,
    /// Across processes was asked for (`--across-processes` or the attribute's
    /// `across_processes`); a comparison counted instead of timed is counted in one process
    /// all the same, and its block says so.
    pub across_processes_asked: bool,
    /// What the comparison found.
    pub result: DiffResult,
    /// A `#[bench]` paired with the same trial in this baseline's stored executable (ratio
    /// new/old); `None` for a `#[bench_diff]`.
    pub versions: Option<BaselineName>,
    /// P of `--max-regression P` for such a `#[bench]`: the gate it was judged by.
    pub max_regression: Option<f64>,
    /// The benchmark doctor's warnings (filled after the run unless it is silenced).
    pub doctor: Vec<Warning>,
}

impl DiffRecord {
    /// The record of trial `name`, registered at `module_path`, its routines shown as
    /// `names`, judged against `claim` (unless `calibration`).
    #[must_use]
    pub fn new(
        name: String,
        module_path: &'static str,
        names: RoutineNames<'static>,
        claim: Option<Claim>,
        calibration: bool,
        result: DiffResult,
    ) -> Self {
        Self {
            name,
            bench_target: bench_target(module_path),
            names,
            claim: claim.filter(|_| !calibration),
            calibration,
            across_processes_asked: false,
            result,
            versions: None,
            max_regression: None,
            doctor: Vec::new(),
        }
    }

    /// The record of `#[bench]` trial `name` (registered at `module_path`) measured in duos
    /// against the same trial of a baseline's executable.
    #[must_use]
    pub fn paired_versions(name: String, module_path: &'static str, paired: PairedResult) -> Self {
        Self {
            name,
            bench_target: bench_target(module_path),
            names: RoutineNames {
                first: "new",
                second: "baseline",
            },
            claim: paired.claim,
            calibration: false,
            across_processes_asked: false,
            result: paired.result,
            versions: Some(paired.baseline),
            max_regression: paired.max_regression,
            doctor: Vec::new(),
        }
    }

    /// The gate a versions trial was judged by, P of `--max-regression P`, and how it came
    /// out: decided over rounds of process pairs when timed, on the counts (`new/old <= 1 +
    /// P`, exactly or over repeats) when counted. The counts' refuted claim is the gate's
    /// `regressed`, so one outcome has one word whichever measure decided it.
    #[must_use]
    pub fn gate(&self) -> Option<(f64, GateOutcome)> {
        let r = &self.result;
        if let Some(g) = r.process_pairs.as_ref().and_then(|p| p.gate.as_ref()) {
            return Some((g.design.max_regression, g.outcome));
        }
        let p = self.max_regression.filter(|_| r.counted.is_some())?;
        let outcome = match r.verdict {
            Verdict::Pass => GateOutcome::Pass,
            Verdict::Refuted => GateOutcome::Regressed,
            Verdict::Inconclusive | Verdict::Reported => GateOutcome::Inconclusive,
        };
        Some((p, outcome))
    }

    /// What the trial was judged by and the word for how it came out, as every report
    /// shows them: its gate (`max regression 5%`) and the gate's outcome, or its claim (as
    /// [`Self::claim_text`]) and the verdict.
    #[must_use]
    pub fn judged(&self) -> (String, &'static str) {
        match self.gate() {
            Some((p, outcome)) => (gate_name(p), outcome.word()),
            None => (self.claim_text(), self.result.verdict.word()),
        }
    }

    /// The claim as written, `calibration` under `--calibrate`, or `none`.
    #[must_use]
    pub fn claim_text(&self) -> String {
        match (&self.claim, self.calibration) {
            (_, true) => "calibration".to_owned(),
            (Some(claim), false) => ClaimText(claim).to_string(),
            (None, false) => "none".to_owned(),
        }
    }
}

/// A gate as every report names it: `max regression 5%`.
#[must_use]
pub fn gate_name(max_regression: f64) -> String {
    format!("max regression {}%", percent_of(max_regression))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::records::{counted_diff, counted_gate};
    use crate::report::{annotations, failure_message, markdown_table, record_block};
    use crate::report::{summary_table, to_json, Paint, Record};
    use serde_json::Value;

    /// Every output of `record`, one after the other: its block, its line in the summary
    /// table, its failure message, its JSON trial, its markdown row, its annotation and its
    /// HTML page.
    fn every_output(record: &DiffRecord) -> (String, Value) {
        let records = [Record::Diff(Box::new(record.clone()))];
        let run = crate::fixture::records::bench_run_info();
        let json = to_json(&records, &run);
        let doc: Value = serde_json::from_str(&json).expect("valid JSON");
        let claim = record.claim.as_ref().expect("a claim");
        let mut out = record_block(record, Paint::new(false), false);
        out.push_str(&summary_table(
            std::slice::from_ref(record),
            Paint::new(false),
        ));
        out.push_str(&failure_message(claim, record.gate(), &record.result));
        out.push('\n');
        out.push_str(&markdown_table(&doc, "duobench"));
        out.push_str(&annotations(&doc, |_, _| None));
        #[cfg(feature = "html")]
        {
            let page = crate::report::html::target_page("versions", &records, &[]);
            out.push_str(crate::report::html::page_content(&page).expect("a target page"));
        }
        (out, doc)
    }

    #[test]
    fn a_gate_on_counts_says_regressed_as_a_gate_over_rounds_does() {
        // 3% more instructions against a 1% gate: the counts refute `new/old <= 1.01`.
        let gated = counted_gate("versions::grows", 1.03, 0.01);
        assert_eq!(gated.result.verdict, Verdict::Refuted);
        assert_eq!(gated.gate(), Some((0.01, GateOutcome::Regressed)));
        let (out, doc) = every_output(&gated);
        // Nothing calls it refuted, but the markdown's count of refuted claims, none.
        assert!(!out.replace("0 refuted", "").contains("refuted"), "{out}");
        for said in [
            "  gate     max regression 1%: regressed\n",
            "max regression 1%  regressed",
            "gate max regression 1% regressed: ratio 1.0300",
            "| `max regression 1%` | regressed |",
            "1 trials: 1 regressed, 0 refuted, 0 inconclusive",
            "::gate `max regression 1%25` regressed: ratio 1.0300 (1.03 K / 1.00 K instructions) exact",
        ] {
            assert!(out.contains(said), "{said:?} missing:\n{out}");
        }
        #[cfg(feature = "html")]
        assert!(
            out.contains("gate <b>max regression 1%</b>")
                && out.contains("<span class=\"verdict regressed\">regressed</span>"),
            "{out}"
        );
        let gate = &doc["trials"][0]["gate"];
        assert_eq!(gate["outcome"], "regressed");
        assert_eq!(gate["decided_by"], "counts");
        assert_eq!(gate["max_regression"], 0.01);
        assert_eq!(gate["miss_rate"], Value::Null);
        let schema: Value =
            serde_json::from_str(include_str!("../../../docs/duobench.schema.json")).unwrap();
        let validator = jsonschema::validator_for(&schema).unwrap();
        let errors: Vec<String> = validator.iter_errors(&doc).map(|e| e.to_string()).collect();
        assert!(errors.is_empty(), "{errors:#?}");
        // Within the gate: its pass, as the rounds' gate says it.
        let within = counted_gate("versions::steady", 1.0, 0.01);
        assert_eq!(within.gate(), Some((0.01, GateOutcome::Pass)));
        assert!(every_output(&within).0.contains("max regression 1%: pass"));
    }

    #[test]
    fn a_refuted_claim_on_counts_without_a_gate_is_refuted() {
        // Negative control: the same counts judged by a `#[bench_diff]`'s own claim.
        let Record::Diff(claimed) = counted_diff("claims::slower", 1.03) else {
            unreachable!("a comparison")
        };
        assert_eq!(claimed.gate(), None);
        let (out, doc) = every_output(&claimed);
        assert!(out.contains("claim    ratio < 0.9: refuted"), "{out}");
        assert!(!out.contains("regressed"), "{out}");
        assert_eq!(doc["trials"][0]["gate"], Value::Null);
    }
}
