//! One measured comparison with everything the reports after the run need to show it, and
//! the sink the trials leave every measured result in.

use super::bench_record::BenchRecord;
use super::diff_block::RoutineNames;
use super::paint::Paint;
use crate::analysis::diff_result::DiffResult;
use crate::analysis::verdict::ClaimText;
use crate::baseline::BaselineName;
use crate::descriptor::{Claim, Descriptor};
use crate::progress::ProgressLine;
use crate::versions::PairedResult;
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
    /// A `#[bench]` paired with the same trial in this baseline's stored executable (ratio
    /// new/old); `None` for a `#[bench_diff]`.
    pub versions: Option<BaselineName>,
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
            versions: None,
        }
    }

    /// The record of `#[bench]` trial `name` (registered at `module_path`) measured in duos
    /// against the same trial of a baseline's executable.
    #[must_use]
    pub fn paired_versions(name: String, module_path: &'static str, paired: PairedResult) -> Self {
        Self {
            name,
            bench_target: module_path.split("::").next().unwrap_or(module_path),
            names: RoutineNames {
                first: "new",
                second: "baseline",
            },
            claim: paired.claim,
            calibration: false,
            result: paired.result,
            versions: Some(paired.baseline),
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

/// A measured trial of either kind, as the reports after the run take it.
#[derive(Clone, Debug)]
pub enum Record {
    /// A `#[bench_diff]` comparison.
    Diff(Box<DiffRecord>),
    /// A `#[bench]`.
    Bench(Box<BenchRecord>),
}

impl Record {
    /// The libtest name.
    #[must_use]
    pub fn name(&self) -> &str {
        match self {
            Record::Diff(d) => &d.name,
            Record::Bench(b) => &b.name,
        }
    }

    /// The bench target the trial belongs to.
    #[must_use]
    pub fn bench_target(&self) -> &'static str {
        match self {
            Record::Diff(d) => d.bench_target,
            Record::Bench(b) => b.bench_target,
        }
    }

    /// The comparison, if this is one.
    #[must_use]
    pub fn as_diff(&self) -> Option<&DiffRecord> {
        match self {
            Record::Diff(d) => Some(d),
            Record::Bench(_) => None,
        }
    }
}

/// Where trials leave their results for the reports after the run, and how the running
/// ones are shown. Cloned into every trial; the clones share one list, so the reports keep
/// the order in which the trials finished.
#[derive(Clone, Debug)]
pub struct RecordSink {
    records: Arc<Mutex<Vec<Record>>>,
    /// Colour for the terminal blocks on stdout.
    pub paint: Paint,
    /// `Some` when a progress line is shown on stderr, with its colour.
    pub progress: Option<Paint>,
}

impl RecordSink {
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
    pub fn push(&self, record: Record) {
        if let Ok(mut records) = self.records.lock() {
            records.push(record);
        }
    }

    /// Every record kept so far, in the order the trials finished.
    #[must_use]
    pub fn records(&self) -> Vec<Record> {
        self.records.lock().map(|r| r.clone()).unwrap_or_default()
    }

    /// A progress line for one trial, when progress is shown.
    #[must_use]
    pub fn progress_line(&self) -> Option<ProgressLine> {
        self.progress.map(|paint| ProgressLine::new(paint.is_on()))
    }
}
