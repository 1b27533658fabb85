//! One measured comparison with everything the reports after the run need to show it: the
//! `#[bench_diff]` counterpart of `bench_record.rs`.

use crate::analysis::DiffResult;
use crate::analysis::PairedResult;
use crate::analysis::Warning;
use crate::decide::ClaimText;
use crate::model::bench_target;
use crate::model::BaselineName;
use crate::model::Claim;

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
    /// What the comparison found.
    pub result: DiffResult,
    /// A `#[bench]` paired with the same trial in this baseline's stored executable (ratio
    /// new/old); `None` for a `#[bench_diff]`.
    pub versions: Option<BaselineName>,
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
            result,
            versions: None,
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
            result: paired.result,
            versions: Some(paired.baseline),
            doctor: Vec::new(),
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
