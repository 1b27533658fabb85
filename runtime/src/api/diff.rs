//! The handle a `#[bench_diff]` function receives.
//!
//! Beside it, `counted` is its path under Valgrind (the claim decided on counts) and `tokio`
//! its `compare_tokio` methods (feature `tokio`).

use crate::analysis::DiffResult;
use crate::api::counting::CountRole;
use crate::api::diff_fn::{compare_batches, DiffConfig};
use crate::api::versions::{run_across_processes, serve_batches, DiffRole, DiffSide};
use crate::measure::run_for;
use crate::measure::timer_cost;
use crate::measure::BatchRunner;
use crate::measure::DuoProgress;
use crate::measure::UsageReading;
use crate::measure::{BlockOn, Executor};
use crate::measure::{ChunkedInputs, LocalRoutine};
use crate::measure::{Meter, Metered};
use crate::model::Mode;
use crate::session::ProgressLine;
use crate::session::Settings;
use std::cell::RefCell;
use std::future::Future;

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
/// # fn main() {}
/// ```
#[derive(Debug)]
pub struct Diff {
    mode: Mode,
    settings: Settings,
    outcome: Option<DiffOutcome>,
    progress: Option<ProgressLine>,
    names: Option<(&'static str, &'static str)>,
    counting: CountRole,
    role: DiffRole,
}

/// What a `Diff` recorded.
#[derive(Debug)]
pub(crate) enum DiffOutcome {
    /// Test mode without a claim: each routine ran once.
    Smoke,
    /// The comparison ran its full procedure.
    Measured(Box<DiffResult>),
    /// The selected measure cannot be taken here (one line saying why).
    Unavailable(String),
    /// The comparison could not be measured (one line saying why).
    Failed(String),
    /// In serve mode: one routine's batches were timed for the parent.
    Served,
}

impl Diff {
    pub(crate) fn new(mode: Mode, settings: Settings) -> Self {
        Self {
            mode,
            settings,
            outcome: None,
            progress: None,
            names: None,
            counting: CountRole::default(),
            role: DiffRole::default(),
        }
    }

    /// This comparison measures as `role` says.
    pub(crate) fn with_role(&mut self, role: DiffRole) {
        self.role = role;
    }

    /// Shows what the comparison is doing on `line` while it runs.
    pub(crate) fn show_progress(&mut self, line: ProgressLine) {
        self.progress = Some(line);
    }

    /// Names the two routines of the next `compare` in every output (the terminal block, the
    /// summary, JSON and HTML), instead of `first` and `second`:
    ///
    /// ```no_run
    /// # use duobench::{bench_diff, Diff};
    /// #[bench_diff(ratio in 0.9..=1.1)]
    /// fn sums(d: &mut Diff) {
    ///     let data: Vec<u64> = (0..1_000).collect();
    ///     d.names("sum", "fold")
    ///         .compare(|| data.iter().sum::<u64>(), || data.iter().fold(0, |a, b| a + b));
    /// }
    /// # fn main() {}
    /// ```
    pub fn names(&mut self, first: &'static str, second: &'static str) -> &mut Self {
        self.names = Some((first, second));
        self
    }

    /// The names given with [`Diff::names`], if any.
    pub(crate) fn routine_names(&self) -> Option<(&'static str, &'static str)> {
        self.names
    }

    /// Measures `first` against `second` in duos — (first, second), then (second, first) —
    /// until the claim is decided or the time budget ends. The routines' outputs are
    /// black-boxed and dropped outside the timed region.
    ///
    /// # Panics
    ///
    /// If a `compare` method was already called: a `#[bench_diff]` function compares
    /// exactly one pair.
    pub fn compare<O1, O2>(&mut self, first: impl FnMut() -> O1, second: impl FnMut() -> O2) {
        self.begin();
        let outcome = if self.settings.calibrate {
            // The first routine on both sides: one `RefCell` borrow per call on each side,
            // so the two sides stay identical.
            let first = RefCell::new(first);
            let same = || (first.borrow_mut())();
            self.measure(BatchRunner::new(same), BatchRunner::new(same))
        } else {
            self.smoke_or_measure(BatchRunner::new(first), BatchRunner::new(second))
        };
        self.outcome = Some(outcome);
    }

    /// Like [`Diff::compare`], for routines that consume an input made per iteration:
    /// `setup` makes each input outside the timed region, and each routine gets inputs
    /// made the same way. Inputs are made a chunk at a time (about 20 µs of routine, at
    /// most 4 MiB of inputs and outputs), so large inputs do not exhaust memory; the drop of
    /// inputs and outputs is not timed either. The equivalent of `Bencher::iter_batched`.
    ///
    /// ```no_run
    /// # use duobench::{bench_diff, Diff};
    /// #[bench_diff(ratio < 1.2)]
    /// fn sorts(d: &mut Diff) {
    ///     let data: Vec<u32> = (0..1_000u32).map(|i| i.wrapping_mul(2_654_435_761)).collect();
    ///     d.compare_batched(
    ///         || data.clone(),
    ///         |mut v| { v.sort_unstable(); v },
    ///         |mut v| { v.sort(); v },
    ///     );
    /// }
    /// # fn main() {}
    /// ```
    ///
    /// # Panics
    ///
    /// If a `compare` method was already called.
    pub fn compare_batched<I, O1, O2>(
        &mut self,
        setup: impl FnMut() -> I,
        first: impl FnMut(I) -> O1,
        second: impl FnMut(I) -> O2,
    ) {
        self.begin();
        let timer = timer_cost();
        // One setup for both sides, so both get inputs made the same way.
        let setup = RefCell::new(setup);
        let make = || (setup.borrow_mut())();
        let outcome = if self.settings.calibrate {
            let first = RefCell::new(first);
            let same = |input| (first.borrow_mut())(input);
            self.measure(
                ChunkedInputs::new(make, same, &timer),
                ChunkedInputs::new(make, same, &timer),
            )
        } else {
            self.smoke_or_measure(
                ChunkedInputs::new(make, first, &timer),
                ChunkedInputs::new(make, second, &timer),
            )
        };
        self.outcome = Some(outcome);
    }

    /// Like [`Diff::compare`], for async routines: each iteration runs the future a routine
    /// returns to completion on duobench's built-in executor, one per routine, so both pay
    /// the same executor cost (measured first and reported beside the result).
    ///
    /// # Panics
    ///
    /// If a `compare` method was already called.
    pub fn compare_async<F1: Future, F2: Future>(
        &mut self,
        mut first: impl FnMut() -> F1,
        mut second: impl FnMut() -> F2,
    ) {
        let (one, other) = (Executor::new(), Executor::new());
        let measuring = (self.mode == Mode::Bench || self.settings.claim.is_some())
            && self.settings.profile_time.is_none();
        let overhead = measuring.then(|| one.overhead_ns(timer_cost().overhead_ns));
        self.compare(|| one.block_on(first()), || other.block_on(second()));
        if let Some(DiffOutcome::Measured(result)) = &mut self.outcome {
            result.executor_overhead_ns = overhead;
            result.executor = Some("built-in");
        }
    }

    /// Compares two routines that time their own batches (`threads = [..]` sides).
    pub(crate) fn compare_local(&mut self, first: impl LocalRoutine, second: impl LocalRoutine) {
        self.begin();
        let outcome = self.smoke_or_measure(first, second);
        self.outcome = Some(outcome);
    }

    fn begin(&self) {
        assert!(
            self.outcome.is_none(),
            "Diff::compare was called twice: a #[bench_diff] function compares exactly one pair"
        );
    }

    /// Test mode without a claim runs each routine once; otherwise the full procedure.
    fn smoke_or_measure(
        &mut self,
        mut first: impl LocalRoutine,
        mut second: impl LocalRoutine,
    ) -> DiffOutcome {
        let profiling = self.settings.profile_time.is_some();
        if self.mode == Mode::Test && self.settings.claim.is_none() && !profiling {
            first.run_once();
            second.run_once();
            DiffOutcome::Smoke
        } else {
            self.measure(first, second)
        }
    }

    fn measure(
        &mut self,
        mut first: impl LocalRoutine,
        mut second: impl LocalRoutine,
    ) -> DiffOutcome {
        if let Some(outcome) = self.counted(&mut first, &mut second) {
            return outcome;
        }
        if let Some(time) = self.settings.profile_time {
            // Both routines in turn, as duos run them, so the profile shows each.
            run_for(time, |k| {
                first.time_batch(k);
                second.time_batch(k);
            });
            return DiffOutcome::Smoke;
        }
        if let DiffRole::AcrossProcesses(trial) = &self.role {
            // The routines run in the serving processes; this one only orchestrates.
            return match run_across_processes(trial, &self.settings, self.mode == Mode::Bench) {
                Ok(result) => DiffOutcome::Measured(Box::new(result)),
                Err(why) => DiffOutcome::Failed(why),
            };
        }
        let timer = timer_cost();
        let measure = self.settings.measure;
        let meters = Meter::new(measure, &timer)
            .and_then(|one| Meter::new(measure, &timer).map(|other| (one, other)));
        let (first, second) = match meters {
            Ok((one, other)) => (
                Metered::new(first, one, timer),
                Metered::new(second, other, timer),
            ),
            Err(why) => return DiffOutcome::Unavailable(why),
        };
        if let DiffRole::Serve(side) = self.role {
            let (mut first, mut second) = (first, second);
            match side {
                DiffSide::First => serve_batches(&mut first),
                DiffSide::Second => serve_batches(&mut second),
            }
            return DiffOutcome::Served;
        }
        // Dropped at the end of this call, which erases the line before libtest goes on.
        let mut progress = self.progress.take();
        let wanted = progress.is_some();
        let mut show = |p: &DuoProgress| progress.iter_mut().for_each(|line| line.update(p));
        let observe = wanted.then_some(&mut show as &mut dyn FnMut(&DuoProgress));
        let config = if self.settings.calibrate {
            DiffConfig {
                warmup: self.settings.warmup,
                warmup_exact: self.settings.warmup_exact,
                max_time: self.settings.max_time,
                alpha: self.settings.alpha,
                claim: None,
                precision: 0.0,
                ..DiffConfig::default()
            }
        } else {
            DiffConfig {
                warmup: self.settings.warmup,
                warmup_exact: self.settings.warmup_exact,
                max_time: self.settings.max_time,
                alpha: self.settings.alpha,
                claim: self.settings.claim,
                // `cargo bench` measures: a claim decided early still reports the ratio to
                // the precision a comparison without one would.
                measure_on: self.mode == Mode::Bench,
                ..DiffConfig::default()
            }
        };
        let usage = UsageReading::now();
        let mut result = compare_batches(first, second, &config, measure, observe);
        result.measure = self.settings.measure;
        result.os = usage.zip(UsageReading::now()).map(|(a, b)| b.since(a));
        DiffOutcome::Measured(Box::new(result))
    }

    pub(crate) fn into_outcome(self) -> Option<DiffOutcome> {
        self.outcome
    }
}

mod counted;
#[cfg(feature = "tokio")]
mod tokio;
