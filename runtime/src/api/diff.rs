//! The handle a `#[bench_diff]` function receives.

use crate::analysis::diff_result::DiffResult;
use crate::api::diff_fn::{compare_observed, DiffConfig};
use crate::measure::batch::BatchRunner;
use crate::measure::duo::DuoProgress;
use crate::model::mode::Mode;
use crate::session::options::Settings;
use crate::session::progress::ProgressLine;
use std::cell::RefCell;

/// Compares two routines; given to `#[bench_diff]` functions that take `&mut Diff`.
///
/// Do the setup the routines share first, then call [`Diff::compare`] once:
///
/// ```no_run
/// # use duobench::{bench_diff, Diff};
/// #[bench_diff(ratio in 0.9..=1.1)]
/// fn sums(d: &mut Diff) {
///     let data: Vec<u64> = (0..1_000).collect();
///     d.compare(|| data.iter().sum::<u64>(), || data.iter().fold(0, |a, b| a + b));
/// }
/// ```
#[derive(Debug)]
pub struct Diff {
    mode: Mode,
    settings: Settings,
    outcome: Option<DiffOutcome>,
    progress: Option<ProgressLine>,
}

/// What a `Diff` recorded.
#[derive(Debug)]
pub(crate) enum DiffOutcome {
    /// Test mode without a claim: each routine ran once.
    Smoke,
    /// The comparison ran its full procedure.
    Measured(Box<DiffResult>),
}

impl Diff {
    pub(crate) fn new(mode: Mode, settings: Settings) -> Self {
        Self {
            mode,
            settings,
            outcome: None,
            progress: None,
        }
    }

    /// Shows what the comparison is doing on `line` while it runs.
    pub(crate) fn show_progress(&mut self, line: ProgressLine) {
        self.progress = Some(line);
    }

    /// Measures `first` against `second` in duos — (first, second), then (second, first) —
    /// until the claim is decided or the time budget ends. The routines' outputs are
    /// black-boxed and dropped outside the timed region.
    ///
    /// # Panics
    ///
    /// If called more than once: a `#[bench_diff]` function compares exactly one pair.
    pub fn compare<O1, O2>(&mut self, first: impl FnMut() -> O1, second: impl FnMut() -> O2) {
        assert!(
            self.outcome.is_none(),
            "Diff::compare was called twice: a #[bench_diff] function compares exactly one pair"
        );
        // Dropped at the end of this call, which erases the line before libtest goes on.
        let mut progress = self.progress.take();
        let wanted = progress.is_some();
        let mut show = |p: &DuoProgress| progress.iter_mut().for_each(|line| line.update(p));
        let observe = wanted.then_some(&mut show as &mut dyn FnMut(&DuoProgress));
        let outcome = if self.settings.calibrate {
            // The first routine on both sides: one `RefCell` borrow per call on each side,
            // so the two sides stay identical.
            let first = RefCell::new(first);
            let config = DiffConfig {
                warmup: self.settings.warmup,
                max_time: self.settings.max_time,
                alpha: self.settings.alpha,
                claim: None,
                precision: 0.0,
            };
            let same = || (first.borrow_mut())();
            DiffOutcome::Measured(Box::new(compare_observed(same, same, &config, observe)))
        } else if self.mode == Mode::Test && self.settings.claim.is_none() {
            BatchRunner::new(first).run_once();
            BatchRunner::new(second).run_once();
            DiffOutcome::Smoke
        } else {
            let config = DiffConfig {
                warmup: self.settings.warmup,
                max_time: self.settings.max_time,
                alpha: self.settings.alpha,
                claim: self.settings.claim,
                ..DiffConfig::default()
            };
            DiffOutcome::Measured(Box::new(compare_observed(first, second, &config, observe)))
        };
        self.outcome = Some(outcome);
    }

    pub(crate) fn into_outcome(self) -> Option<DiffOutcome> {
        self.outcome
    }
}
