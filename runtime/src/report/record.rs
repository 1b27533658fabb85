//! One measured comparison with everything the reports after the run need to show it, and
//! the sink the trials leave them in.

use super::diff_block::RoutineNames;
use super::paint::Paint;
use crate::analysis::diff_result::DiffResult;
use crate::analysis::verdict::ClaimText;
use crate::descriptor::{Claim, Descriptor};
use crate::progress::ProgressLine;
use std::sync::{Arc, Mutex};

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
}

impl DiffRecord {
    /// The record of `descriptor`'s trial `name`, judged against `claim` (unless
    /// `calibration`).
    #[must_use]
    pub fn new(
        name: String,
        descriptor: &'static Descriptor,
        claim: Option<Claim>,
        calibration: bool,
        result: DiffResult,
    ) -> Self {
        let names = match (calibration, descriptor.vs) {
            (true, _) => RoutineNames {
                first: "first",
                second: "first again",
            },
            (false, Some(vs)) => RoutineNames {
                first: descriptor.fn_name,
                second: vs,
            },
            (false, None) => RoutineNames {
                first: "first",
                second: "second",
            },
        };
        let module_path = descriptor.module_path;
        Self {
            name,
            bench_target: module_path.split("::").next().unwrap_or(module_path),
            names,
            claim: claim.filter(|_| !calibration),
            calibration,
            result,
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

/// Where trials leave their comparisons for the reports after the run, and how the running
/// ones are shown. Cloned into every trial; the clones share one list.
#[derive(Clone, Debug)]
pub struct DiffSink {
    records: Arc<Mutex<Vec<DiffRecord>>>,
    /// Colour for the terminal blocks on stdout.
    pub paint: Paint,
    /// `Some` when a progress line is shown on stderr, with its colour.
    pub progress: Option<Paint>,
}

impl DiffSink {
    /// An empty sink.
    #[must_use]
    pub fn new(paint: Paint, progress: Option<Paint>) -> Self {
        Self {
            records: Arc::default(),
            paint,
            progress,
        }
    }

    /// Keeps `record` for the reports after the run.
    pub fn push(&self, record: DiffRecord) {
        if let Ok(mut records) = self.records.lock() {
            records.push(record);
        }
    }

    /// Every record kept so far, in the order the trials finished.
    #[must_use]
    pub fn records(&self) -> Vec<DiffRecord> {
        self.records.lock().map(|r| r.clone()).unwrap_or_default()
    }

    /// A progress line for one trial, when progress is shown.
    #[must_use]
    pub fn progress_line(&self) -> Option<ProgressLine> {
        self.progress.map(|paint| ProgressLine::new(paint.is_on()))
    }
}
