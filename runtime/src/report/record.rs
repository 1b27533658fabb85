//! A finished trial of any kind as the reports after the run take it, and the sink the
//! trials leave every measured result in.

use super::bench_record::BenchRecord;
use super::diff_record::DiffRecord;
use super::unpaired_record::UnpairedRecord;
use crate::report::Paint;
use crate::session::ProgressLine;
use std::fmt;
use std::sync::{Arc, Mutex};

/// A finished trial of any kind, as the reports after the run take it.
#[derive(Clone, Debug)]
pub enum Record {
    /// A `#[bench_diff]` comparison.
    Diff(Box<DiffRecord>),
    /// A `#[bench]`.
    Bench(Box<BenchRecord>),
    /// A `#[bench]` under a version gate that failed because it could not be paired.
    Unpaired(Box<UnpairedRecord>),
}

impl Record {
    /// The libtest name.
    #[must_use]
    pub fn name(&self) -> &str {
        match self {
            Record::Diff(d) => &d.name,
            Record::Bench(b) => &b.name,
            Record::Unpaired(u) => &u.name,
        }
    }

    /// The bench target the trial belongs to.
    #[must_use]
    pub fn bench_target(&self) -> &'static str {
        match self {
            Record::Diff(d) => d.bench_target,
            Record::Bench(b) => b.bench_target,
            Record::Unpaired(u) => u.bench_target,
        }
    }

    /// The comparison, if this is one.
    #[must_use]
    pub fn as_diff(&self) -> Option<&DiffRecord> {
        match self {
            Record::Diff(d) => Some(d),
            Record::Bench(_) | Record::Unpaired(_) => None,
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
    after_push: Option<AfterPush>,
}

/// Called with every record kept so far, after each one is kept: the runner writes them to
/// disk as the trials finish, so that a run ending inside a later trial loses none.
#[derive(Clone)]
pub struct AfterPush(pub Arc<RecordsHook>);

/// What [`AfterPush`] calls: every record kept so far.
pub type RecordsHook = dyn Fn(&[Record]) + Send + Sync;

impl fmt::Debug for AfterPush {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("AfterPush")
    }
}

impl RecordSink {
    /// An empty sink.
    #[must_use]
    pub fn new(paint: Paint, progress: Option<Paint>) -> Self {
        Self {
            records: Arc::default(),
            paint,
            progress,
            after_push: None,
        }
    }

    /// The same sink, calling `after_push` after each record it keeps.
    #[must_use]
    pub fn with_after_push(mut self, after_push: AfterPush) -> Self {
        self.after_push = Some(after_push);
        self
    }

    /// Keeps `record` for the reports after the run.
    pub fn push(&self, record: Record) {
        if let Ok(mut records) = self.records.lock() {
            records.push(record);
            if let Some(AfterPush(after)) = &self.after_push {
                after(&records);
            }
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
