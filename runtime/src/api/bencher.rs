//! The handle a `#[bench]` function receives.
//!
//! Beside it, `counted` is its path under Valgrind (counted instead of timed) and `tokio` its
//! `iter_tokio` methods (feature `tokio`).

use crate::analysis::spin_until_explained;
use crate::analysis::{bootstrap_pilot, BenchResult};
use crate::analysis::{judge_severe_with, severe_needs_explaining};
use crate::analysis::{set_aside_slow_samples, set_aside_waiting_samples};
use crate::analysis::{PairedResult, UnpairedGate};
use crate::api::counting::CountRole;
use crate::api::versions::{run_paired, serve_batches, Role};
use crate::measure::empty_iteration_ns;
use crate::measure::run_for;
use crate::measure::AnalysisBudget;
use crate::measure::BatchRunner;
use crate::measure::BatchedRunner;
use crate::measure::Chunker;
use crate::measure::LocalRoutine;
use crate::measure::Shortfall;
use crate::measure::UsageReading;
use crate::measure::{alloc_bytes_per_iteration, check_alloc_limit};
use crate::measure::{measure_stalls, MachineStalls};
use crate::measure::{run_at_pace, LinearRun, LinearSettings, MAX_SAMPLES, MIN_SAMPLES};
use crate::measure::{timer_cost, TimerCost};
use crate::measure::{BlockOn, Executor};
use crate::measure::{Meter, Metered};
use crate::measure::{TimeBatch, TimeWith};
use crate::model::Mode;
use crate::model::Throughput;
use crate::session::Settings;
use crate::stats::DEFAULT_RESAMPLES;
use std::future::Future;
use std::hint::black_box;
use std::mem::{needs_drop, size_of};
use std::time::Duration;

/// Measures one routine; given to `#[bench]` functions that take `&mut Bencher`.
///
/// Do the setup first, then call exactly one of the `iter` methods:
///
/// ```no_run
/// # use duobench::{bench, Bencher};
/// #[bench(args = [100, 10_000])]
/// fn sort(b: &mut Bencher, n: usize) {
///     let v: Vec<u64> = (0..n as u64).rev().collect();
///     b.iter_batched(|| v.clone(), |mut v| v.sort());
/// }
/// # fn main() {}
/// ```
///
/// Under `cargo bench` the routine is warmed up, then timed in samples of d, 2d, …, Nd
/// iterations; under `cargo test --benches` it runs once, as a smoke test.
#[derive(Debug)]
pub struct Bencher {
    mode: Mode,
    settings: Settings,
    ran: bool,
    outcome: Option<BenchOutcome>,
    role: Role,
    /// Why a cross-version comparison that was asked for could not be paired.
    unpaired_because: Option<String>,
    /// Whether two calls of a returning routine gave different results (set by the macro).
    result_varies: Option<bool>,
    /// The analysis's share of `max_time`, set when sampling starts.
    analysis: Option<AnalysisBudget>,
    /// What this bencher does about counting under Valgrind.
    counting: CountRole,
}

/// What a `Bencher` recorded.
#[derive(Debug)]
pub(crate) enum BenchOutcome {
    /// Test mode: the routine ran once.
    Smoke,
    /// Bench mode: the routine was measured and analysed.
    Measured(Box<BenchResult>),
    /// Serve mode: the batches the parent asked for were timed.
    Served,
    /// Bench mode with a baseline's executable: measured in duos against it.
    Paired(Box<PairedResult>),
    /// The trial failed with this message: the measurement produced nothing to analyse, or
    /// an `allocs` limit was broken.
    Failed(String),
    /// The selected measure cannot be taken here (one line saying why).
    Unavailable(String),
    /// Bench mode under a gate that could not pair with the baseline's executable: nothing
    /// was measured, and the trial fails.
    UnpairedGate(UnpairedGate),
}

impl Bencher {
    pub(crate) fn new(mode: Mode, settings: Settings) -> Self {
        Self {
            mode,
            settings,
            ran: false,
            outcome: None,
            role: Role::Local,
            unpaired_because: None,
            result_varies: None,
            analysis: None,
            counting: CountRole::default(),
        }
    }

    /// This bencher measures as `role` says.
    pub(crate) fn with_role(self, role: Role) -> Self {
        Self { role, ..self }
    }

    /// A bencher of a child in serve mode.
    pub(crate) fn serving(self) -> Self {
        self.with_role(Role::Serve)
    }

    /// Whether an `iter` method served the parent's batches (serve mode).
    pub(crate) fn served(&self) -> bool {
        matches!(self.outcome, Some(BenchOutcome::Served))
    }

    /// Why a cross-version comparison was asked for but not paired.
    pub(crate) fn unpaired_because(&self) -> Option<&str> {
        self.unpaired_because.as_deref()
    }

    /// Serves or pairs `side` as the role says; `false` leaves the measuring to linear
    /// sampling (no role, or a pairing that is not possible: the reason is kept).
    fn versions(&mut self, side: &mut dyn TimeBatch) -> bool {
        match &self.role {
            Role::Local => false,
            Role::Serve => {
                serve_batches(side);
                self.outcome = Some(BenchOutcome::Served);
                true
            }
            Role::Paired {
                baseline_exe,
                trial,
            } => match run_paired(baseline_exe, trial, &self.settings) {
                Ok(paired) => {
                    self.outcome = Some(BenchOutcome::Paired(Box::new(paired)));
                    true
                }
                Err(why) => match UnpairedGate::of(&self.settings, &why) {
                    // Under a gate nothing is measured: the trial fails with the reason.
                    Some(gate) => {
                        self.outcome = Some(BenchOutcome::UnpairedGate(gate));
                        true
                    }
                    None => {
                        self.unpaired_because = Some(why.why);
                        false
                    }
                },
            },
        }
    }

    /// Times `routine`; its output is black-boxed and dropped outside the timed region.
    /// A call of a microsecond or more is timed alone and its output dropped before the next
    /// call, as a program that calls it would; shorter calls are timed in chunks of about
    /// 20 µs whose outputs are dropped together when the chunk's clock has stopped.
    ///
    /// # Panics
    ///
    /// If an `iter` method was already called: a `#[bench]` measures one routine.
    pub fn iter<O>(&mut self, routine: impl FnMut() -> O) {
        self.start();
        let timer = timer_cost();
        let Some(meter) = self.meter(&timer) else {
            return;
        };
        let mut runner = Metered::new(BatchRunner::new(routine), meter, timer);
        // Outputs are parked until the clock stops: chunks keep that bounded.
        let chunker = needs_drop::<O>().then(|| Chunker::new(size_of::<O>(), &timer));
        self.measure_local(&mut runner, chunker, timer);
        // An empty routine's time, for the doctor's optimized-away check.
        self.record_floor(&timer);
    }

    /// Times `routine` on inputs made by `setup`; setup and the drop of inputs and outputs
    /// are not timed. Inputs are made a chunk at a time (about 20 µs of routine, and at most
    /// 4 MiB of inputs and outputs), so large inputs do not exhaust memory; for a routine of a
    /// microsecond or more, one at a time, each dropped before the next call.
    ///
    /// # Panics
    ///
    /// If an `iter` method was already called.
    pub fn iter_batched<I, O>(&mut self, setup: impl FnMut() -> I, routine: impl FnMut(I) -> O) {
        let runner = BatchedRunner::by_value(setup, routine);
        self.measure_with_inputs(runner, size_of::<I>() + size_of::<O>());
    }

    /// Times `routine` on a mutable reference to each input made by `setup`, in place:
    /// setup and the drop of inputs and outputs are not timed, and no input is moved into
    /// or out of the timed call. For inputs held inline and large (arrays of kilobytes),
    /// where [`iter_batched`](Self::iter_batched)'s move into the routine would cost a copy;
    /// inputs are made a chunk at a time, as there.
    ///
    /// ```no_run
    /// # use duobench::{bench, Bencher};
    /// #[bench]
    /// fn sort_in_place(b: &mut Bencher) {
    ///     b.iter_batched_ref(|| [7u32; 4096], |a| a.sort_unstable());
    /// }
    /// # fn main() { duobench::main() }
    /// ```
    ///
    /// # Panics
    ///
    /// If an `iter` method was already called.
    pub fn iter_batched_ref<I, O>(
        &mut self,
        setup: impl FnMut() -> I,
        routine: impl FnMut(&mut I) -> O,
    ) {
        let runner = BatchedRunner::by_ref(setup, routine);
        self.measure_with_inputs(runner, size_of::<I>() + size_of::<O>());
    }

    /// Measures a routine on inputs made outside the timed region, `item_bytes` of input and
    /// output an iteration, in chunks bounded by them.
    fn measure_with_inputs(&mut self, runner: impl LocalRoutine, item_bytes: usize) {
        self.start();
        let timer = timer_cost();
        let Some(meter) = self.meter(&timer) else {
            return;
        };
        let mut runner = Metered::new(runner, meter, timer);
        let chunker = Chunker::new(item_bytes, &timer);
        self.measure_local(&mut runner, Some(chunker), timer);
    }

    /// Measures a routine that times its own batches (`threads = [..]`), as `iter` does.
    pub(crate) fn iter_local(&mut self, runner: impl LocalRoutine) {
        self.start();
        let timer = timer_cost();
        let Some(meter) = self.meter(&timer) else {
            return;
        };
        let mut runner = Metered::new(runner, meter, timer);
        self.measure_local(&mut runner, None, timer);
    }

    /// The shared tail of `iter` and `iter_batched`: in bench mode, serve or pair the routine
    /// (cross-version runs) or sample it linearly; in test mode, run it once; then check an
    /// `allocs` limit. A `chunker` times batches in bounded chunks, for iterations that
    /// leave something behind until the clock stops; without one a batch is timed whole.
    fn measure_local(
        &mut self,
        runner: &mut impl LocalRoutine,
        mut chunker: Option<Chunker>,
        timer: TimerCost,
    ) {
        if let Some(time) = self.settings.profile_time {
            run_for(time, |k| match &mut chunker {
                Some(chunker) => {
                    chunker.time(k, |c| runner.time_batch(c));
                }
                None => {
                    runner.time_batch(k);
                }
            });
            self.outcome = Some(BenchOutcome::Smoke);
            return;
        }
        if self.mode == Mode::Bench && self.counted(runner, chunker.as_ref()) {
            // A child that prints its counts for a baseline's comparison reports nothing else.
            if !matches!(self.counting, CountRole::Outside | CountRole::ChildHere(_)) {
                self.record_alloc_bytes(runner);
                self.check_allocs(runner);
            }
            return;
        }
        if self.mode == Mode::Bench {
            // A duo side returns a batch's time with one clock read; linear sampling takes
            // it net.
            let mut side = TimeWith(|k| match &mut chunker {
                Some(chunker) => chunker.time(k, |c| runner.time_batch(c)) + timer.overhead_ns,
                None => runner.time_batch(k),
            });
            if self.versions(&mut side) {
                return;
            }
            let usage = UsageReading::now();
            let run = run_at_pace(
                |k| match &mut chunker {
                    Some(chunker) => chunker.time(k, |c| runner.time_batch(c)),
                    None => (runner.time_batch(k) - timer.overhead_ns).max(0.0),
                },
                &self.linear_settings(timer),
            );
            self.finish(run, timer);
            if let Some(BenchOutcome::Measured(result)) = &mut self.outcome {
                result.result_varies = self.result_varies;
            }
            self.record_usage(usage);
            self.record_alloc_bytes(runner);
        } else if self.settings.measure.is_users() {
            // A measurement of the user's own is read once, so that one whose readings are
            // no positive number fails under `cargo test` too.
            runner.time_batch(1);
            self.outcome = Some(BenchOutcome::Smoke);
        } else {
            runner.run_once();
            self.outcome = Some(BenchOutcome::Smoke);
        }
        self.check_allocs(runner);
    }

    /// The meter for the selected measure; when it cannot work here, records why and
    /// returns `None`.
    fn meter(&mut self, timer: &TimerCost) -> Option<Meter> {
        // Counted under Valgrind, or counts read here whole: the routine is counted, never
        // metered around each batch.
        let def = self.settings.measure.def();
        let counted = matches!(self.counting, CountRole::Child(_) | CountRole::ChildHere(_))
            || def.counted_under_valgrind()
            || (def.exact() && !matches!(self.role, Role::Serve));
        if counted {
            return Some(Meter::wall());
        }
        match Meter::new(self.settings.measure, timer) {
            Ok(meter) => Some(meter),
            Err(why) => {
                self.outcome = Some(BenchOutcome::Unavailable(why));
                None
            }
        }
    }

    /// Adds what the OS counted since `start` to the measured result.
    fn record_usage(&mut self, start: Option<UsageReading>) {
        let usage = start.zip(UsageReading::now()).map(|(a, b)| b.since(a));
        if let Some(BenchOutcome::Measured(result)) = &mut self.outcome {
            result.os = usage;
        }
    }

    /// For the doctor: an empty routine's time per iteration in the same loop, now, when
    /// the result is wall time (other measures have no time floor to compare with).
    fn record_floor(&mut self, timer: &TimerCost) {
        if let Some(BenchOutcome::Measured(result)) = &mut self.outcome {
            if result.measure.is_wall_clock() {
                result.empty_iteration_ns = Some(empty_iteration_ns(timer));
            }
        }
    }

    /// `measure = allocations`: the bytes beside the count, per iteration.
    fn record_alloc_bytes(&mut self, runner: &mut impl LocalRoutine) {
        if let Some(BenchOutcome::Measured(result)) = &mut self.outcome {
            if result.measure.def().shows_bytes() {
                result.alloc_bytes_per_iteration = alloc_bytes_per_iteration(runner);
            }
        }
    }

    /// `allocs == N`: after the measurement (or smoke run), counts the routine's
    /// allocations; a broken limit fails the trial.
    fn check_allocs(&mut self, runner: &mut impl LocalRoutine) {
        let Some(limit) = self.settings.allocs else {
            return;
        };
        if let Err(why) = check_alloc_limit(limit, runner) {
            self.outcome = Some(BenchOutcome::Failed(why));
        }
    }

    /// Times an async routine: each iteration runs the future `routine` returns to
    /// completion on duobench's built-in executor (see [async
    /// routines](crate::guide::async_routines)). The executor's own
    /// cost per iteration is measured first and reported beside the result.
    ///
    /// # Panics
    ///
    /// If an `iter` method was already called.
    pub fn iter_async<F: Future>(&mut self, mut routine: impl FnMut() -> F) {
        let executor = Executor::new();
        let measuring = self.mode == Mode::Bench && self.settings.profile_time.is_none();
        let overhead = measuring.then(|| executor.overhead_ns(timer_cost().overhead_ns));
        self.iter(|| executor.block_on(routine()));
        if let Some(BenchOutcome::Measured(result)) = &mut self.outcome {
            result.executor_overhead_ns = overhead;
            result.executor = Some("built-in");
        }
    }

    /// Lets `routine` run and time `iters` iterations itself, returning the elapsed time;
    /// for routines that need their own clock or setup inside the timed loop. The time is
    /// taken as returned: nothing is subtracted.
    ///
    /// # Panics
    ///
    /// If an `iter` method was already called.
    pub fn iter_custom(&mut self, mut routine: impl FnMut(u64) -> Duration) {
        self.custom_values(true, |k| routine(k).as_nanos() as f64);
    }

    /// [`iter_custom`](Self::iter_custom) for a routine that returns its batch's value in
    /// the trial's measurement of the user's own (the Criterion layer's `iter_custom` under
    /// a measurement of the file's own).
    pub(crate) fn iter_custom_values(&mut self, routine: impl FnMut(u64) -> f64) {
        self.custom_values(false, routine);
    }

    /// The shared body of the `iter_custom` forms: `routine(k)` gives k iterations' value,
    /// wall-clock nanoseconds (`wall`) or the trial's own measurement's.
    fn custom_values(&mut self, wall: bool, mut routine: impl FnMut(u64) -> f64) {
        self.start();
        let measure = self.settings.measure;
        let fits = if wall {
            measure.is_wall_clock()
        } else {
            measure.is_users()
        };
        if !fits || self.settings.allocs.is_some() {
            self.outcome = Some(BenchOutcome::Failed(
                if wall || self.settings.allocs.is_some() {
                    "iter_custom times itself: `measure` and `allocs` apply to iter and \
                 iter_batched only"
                        .to_owned()
                } else {
                    format!(
                        "iter_custom returns values of the bench file's own measurement, but the \
                     trial measures {} (--measure)",
                        measure.name()
                    )
                },
            ));
            return;
        }
        if let Some(time) = self.settings.profile_time {
            run_for(time, |k| {
                black_box(routine(k));
            });
            self.outcome = Some(BenchOutcome::Smoke);
            return;
        }
        if self.mode == Mode::Test {
            black_box(routine(1));
            self.outcome = Some(BenchOutcome::Smoke);
            return;
        }
        let timer = timer_cost();
        // The routine's own value, plus the clock read the duo loop subtracts.
        let mut side = TimeWith(|k| routine(k) + timer.overhead_ns);
        if self.versions(&mut side) {
            return;
        }
        let run = run_at_pace(routine, &self.linear_settings(timer));
        self.finish(run, timer);
    }

    /// Records whether two calls of a returning routine gave different results (the
    /// macro's check, for the doctor).
    pub(crate) fn set_result_varies(&mut self, varies: Option<bool>) {
        self.result_varies = varies;
    }

    /// Sets the throughput a `#[bench]` with an argument computes per trial
    /// (`throughput = bytes(n * 8)`).
    ///
    /// # Panics
    ///
    /// If the count is zero: a rate per zero items means nothing, and the attribute refuses
    /// a zero written as a constant too.
    pub(crate) fn set_throughput(&mut self, throughput: Throughput) {
        let (Throughput::Bytes(count) | Throughput::Elements(count)) = throughput;
        assert!(
            count > 0,
            "the throughput count is zero for this argument: it must be above zero"
        );
        self.settings.throughput = Some(throughput);
    }

    fn start(&mut self) {
        assert!(
            !self.ran,
            "a #[bench] function must call one of Bencher's iter methods exactly once"
        );
        self.ran = true;
    }

    /// The sampling's settings, its budget less the analysis's share: the analysis counts
    /// inside `max_time` (`measure::analysis_budget`), timed here with a short pilot.
    fn linear_settings(&mut self, timer: TimerCost) -> LinearSettings {
        let (max_time, alpha) = (self.settings.max_time, self.settings.alpha);
        let n = self.settings.samples.clamp(MIN_SAMPLES, MAX_SAMPLES);
        let analysis = AnalysisBudget::start(max_time, alpha, |resamples| {
            bootstrap_pilot(n, resamples, 1.0 - alpha);
        });
        self.analysis = Some(analysis);
        LinearSettings {
            warmup: self.settings.warmup,
            max_time: analysis.sampling_time(max_time),
            samples: self.settings.samples,
            timer,
            past_budget_for_fewest: self.settings.past_budget_for_fewest,
            reference_pace_ns_per_step: self.settings.reference_pace_ns_per_step,
        }
    }

    fn finish(&mut self, run: LinearRun, timer: TimerCost) {
        if let Some(shortfall) = run.shortfall {
            // Said of the whole budget, of which the sampling had all but the analysis's share.
            let kept = self.settings.max_time.saturating_sub(shortfall.max_time);
            let needed = (shortfall.needed + kept).as_nanos() as f64;
            let whole = Shortfall::new(self.settings.max_time, needed, shortfall.minimum);
            self.outcome = Some(BenchOutcome::Failed(whole.to_string()));
            return;
        }
        let level = 1.0 - self.settings.alpha;
        let max_time = self.settings.max_time;
        // A run taken again had the wait and the other run's time besides its budget.
        let besides = run
            .measured_again
            .map_or(Duration::ZERO, |m| m.time_besides());
        let resamples = self
            .analysis
            .map_or(DEFAULT_RESAMPLES, |a| a.resamples(max_time + besides));
        let throughput = self.settings.throughput;
        // Only times are slowed by the machine; counts of instructions or allocations are not.
        // The wait for a core first: it is direct evidence, where a slow pace is relative to
        // the run's other samples.
        // A measure that preemption moves (wall time, a time of the user's own) loses what a
        // wait for a core adds to it; CPU time does not count that wait.
        let run = if !self.settings.measure.keeps_preempted() {
            set_aside_slow_samples(set_aside_waiting_samples(run))
        } else if self.settings.measure.is_time() {
            set_aside_slow_samples(run)
        } else {
            run
        };
        self.outcome = Some(
            match BenchResult::from_run_resampled(run, timer, level, throughput, resamples) {
                Ok(mut result) => {
                    result.measure = self.settings.measure;
                    // Right after the samples, while the machine is in the same phase.
                    if severe_needs_explaining(&result) {
                        let judge = |s: &MachineStalls| judge_severe_with(&result, Some(s));
                        result.machine_stalls = Some(spin_until_explained(judge, measure_stalls));
                    }
                    BenchOutcome::Measured(Box::new(result))
                }
                Err(e) => BenchOutcome::Failed(format!("the measurement gave no samples: {e}")),
            },
        );
    }

    /// What was recorded; `None` if no `iter` method was called (or it panicked).
    pub(crate) fn into_outcome(self) -> Option<BenchOutcome> {
        self.outcome
    }
}

/// `bencher.iter_custom` for a routine that returns its value in the trial's measurement of
/// the user's own: the Criterion layer's `iter_custom` under such a measurement.
pub fn iter_custom_values(bencher: &mut Bencher, routine: impl FnMut(u64) -> f64) {
    bencher.iter_custom_values(routine);
}

mod counted;
#[cfg(feature = "tokio")]
mod tokio;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::counts_drops::CountsDrops;
    use crate::model::AttrOptions;
    use crate::session::Overrides;

    fn bencher(mode: Mode) -> Bencher {
        let attr = AttrOptions {
            warmup_ns: Some(1_000_000),
            max_time_ns: Some(30_000_000),
            samples: Some(10),
            ..AttrOptions::default()
        };
        Bencher::new(mode, Settings::resolve(&attr, Overrides::default()))
    }

    fn measured(b: Bencher) -> BenchResult {
        match b.into_outcome() {
            Some(BenchOutcome::Measured(r)) => *r,
            other => panic!("{other:?}"),
        }
    }

    /// Samples 60 to 79 slowed by 60% by the machine, its probe by 25%.
    fn stretched_run() -> LinearRun {
        crate::fixture::bench_runs::stretched(60..80, 1.6, 1.25)
    }

    #[test]
    fn a_timed_result_sets_aside_what_the_machine_slowed_and_a_counted_one_does_not() {
        let timer = crate::fixture::bench_runs::TIMER;
        let mut wall = bencher(Mode::Bench);
        wall.finish(stretched_run(), timer);
        let wall = measured(wall);
        assert_eq!(wall.run.set_aside_slow, 21);
        assert!(
            (wall.slope.point / 17.0 - 1.0).abs() < 0.003,
            "{:?}",
            wall.slope
        );
        // Allocations per iteration are not slowed by the machine: every sample counts.
        let mut allocs = bencher(Mode::Bench);
        allocs.settings.measure = crate::measure::by_name::allocations;
        allocs.finish(stretched_run(), timer);
        let allocs = measured(allocs);
        assert_eq!(allocs.run.set_aside_slow, 0);
        assert_eq!(allocs.run.ns.len(), 100);
    }

    #[test]
    fn a_wall_time_result_sets_aside_the_samples_that_waited_for_a_core_and_cpu_time_does_not() {
        let timer = crate::fixture::bench_runs::TIMER;
        let busy = || crate::fixture::bench_runs::loaded(|i| i >= 50, 0.8);
        let mut wall = bencher(Mode::Bench);
        wall.finish(busy(), timer);
        let wall = measured(wall);
        assert_eq!(wall.run.waiting.map(|w| w.set_aside), Some(50));
        assert!(
            (wall.slope.point / 17.0 - 1.0).abs() < 0.003,
            "{:?}",
            wall.slope
        );
        // The thread's CPU clock does not run while it waits: every sample counts.
        let mut cpu = bencher(Mode::Bench);
        cpu.settings.measure = crate::measure::by_name::cpu_time;
        cpu.finish(busy(), timer);
        let cpu = measured(cpu);
        assert_eq!(cpu.run.waiting, None);
        assert_eq!(cpu.run.ns.len(), 100);
    }

    #[test]
    fn iter_and_iter_custom_hold_a_run_to_the_previous_runs_pace() {
        // A previous pace no machine reaches: the run is slower than it, the wait (at most
        // `max_time`, 30 ms) ends without it, and the block will say so.
        let unreachable = |b: &mut Bencher| b.settings.reference_pace_ns_per_step = Some(1e-9);
        let mut b = bencher(Mode::Bench);
        unreachable(&mut b);
        b.iter(|| black_box(3u64).pow(2));
        let again = measured(b)
            .run
            .measured_again
            .expect("held to the previous pace");
        assert!(!again.came_back && again.kept_first, "{again:?}");
        let mut b = bencher(Mode::Bench);
        unreachable(&mut b);
        b.iter_custom(Duration::from_nanos);
        assert!(measured(b).run.measured_again.is_some());
        // The control: without a previous pace, nothing is said.
        let mut b = bencher(Mode::Bench);
        b.iter(|| black_box(3u64).pow(2));
        assert_eq!(measured(b).run.measured_again, None);
    }

    #[test]
    fn test_mode_runs_each_form_once() {
        let mut calls = 0;
        let mut b = bencher(Mode::Test);
        b.iter(|| calls += 1);
        assert!(matches!(b.into_outcome(), Some(BenchOutcome::Smoke)));
        let mut b = bencher(Mode::Test);
        b.iter_batched(|| 2, |x| calls += x);
        let mut b2 = bencher(Mode::Test);
        b2.iter_custom(|iters| {
            calls += iters as i32;
            Duration::ZERO
        });
        assert_eq!(calls, 4);
    }

    #[test]
    #[should_panic(expected = "exactly once")]
    fn a_second_iter_call_panics() {
        let mut b = bencher(Mode::Test);
        b.iter(|| 1);
        b.iter(|| 2);
    }

    #[test]
    fn each_form_measures_in_bench_mode() {
        let mut b = bencher(Mode::Bench);
        b.iter(|| black_box(3u64).pow(2));
        assert!(measured(b).run.iters.len() >= 10);

        let mut b = bencher(Mode::Bench);
        b.iter_batched(|| vec![1u8; 8], |v| v.len());
        assert!(measured(b).slope.point > 0.0);

        // Outputs that need dropping are parked in bounded chunks and all dropped.
        let made = std::cell::Cell::new(0);
        let dropped = std::rc::Rc::new(std::cell::Cell::new(0));
        let mut b = bencher(Mode::Bench);
        b.iter(|| {
            made.set(made.get() + 1);
            CountsDrops(std::rc::Rc::clone(&dropped))
        });
        assert!(measured(b).total_iters() > 0);
        assert_eq!(made.get(), dropped.get());

        // A call of a microsecond or more finds the last one's output dropped (the rule's
        // unit test in `measure::timing::chunks` is its control: chunks of several below).
        let (made, most_alive) = (std::cell::Cell::new(0), std::cell::Cell::new(0));
        let dropped = std::rc::Rc::new(std::cell::Cell::new(0));
        let mut b = bencher(Mode::Bench);
        b.iter(|| {
            let start = std::time::Instant::now();
            while start.elapsed() < Duration::from_micros(5) {}
            made.set(made.get() + 1);
            most_alive.set(most_alive.get().max(made.get() - dropped.get()));
            CountsDrops(std::rc::Rc::clone(&dropped))
        });
        assert!(measured(b).total_iters() > 10);
        assert_eq!(most_alive.get(), 1);

        // A custom routine that claims exactly 7 ns an iteration.
        let mut b = bencher(Mode::Bench);
        b.iter_custom(|iters| Duration::from_nanos(7 * iters));
        let r = measured(b);
        for x in [r.slope.point, r.slope.low, r.slope.high, r.median.point] {
            assert!((x - 7.0).abs() < 1e-9, "{:?}", r.slope);
        }
    }
}
