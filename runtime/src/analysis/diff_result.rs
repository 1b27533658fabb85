//! What a comparison found: estimates, intervals, tests and summaries, computed once from a
//! finished duo run.

use super::chart_data::{thin, LatencyBins, HISTOGRAM_BINS, MAX_SERIES_POINTS};
use super::drift::{drift, Drift};
use super::over_rounds::OverRounds;
use super::per_call::Counted;
use super::ratio_means::{on_basis, RatioMeans};
use crate::analysis::{memory_growth, MemoryGrowth};
use crate::decide::AnytimeP;
use crate::decide::Basis;
use crate::decide::PairSpread;
use crate::decide::PathLengths;
use crate::decide::RareCosts;
use crate::decide::SpikeSplit;
use crate::decide::Verdict;
use crate::measure::DuoRun;
use crate::measure::MachineStalls;
use crate::measure::OsUsage;
use crate::measure::Shortfall;
use crate::measure::TimerCost;
use crate::measure::DEFAULT_MEASURE;
use crate::measure::{Clock, ClockReason};
use crate::model::Measure;
use crate::stats::{median, student_t, welch, Sample, Summary, TTest};
use std::time::Duration;

/// A claim's verdict reached before the measurement it is shown with ended: under `cargo
/// bench` the ratio and interval are measured on to a finer precision after it.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct DecidedEarly {
    /// The pairs the verdict was reached after.
    pub pairs: usize,
    /// The interval for the ratio at that look, which decided the claim.
    pub interval: Option<(f64, f64)>,
}

/// The result of one `#[bench_diff]` comparison.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct DiffResult {
    /// How the comparison ended.
    pub verdict: Verdict,
    /// The claim's anytime-valid p-value (`decide::p_value`): the least error rate at which
    /// the test decided it at some look, and which way; what Holm's step-down over a group
    /// reads. `None` without a claim, when no look decided at any error rate, and across
    /// versions (the verdict there rests on rounds of process pairs).
    pub p_value: Option<AnytimeP>,
    /// The error rate the comparison was run at: its verdict is wrong at most this often.
    pub alpha: f64,
    /// The error rate of the confidence sequence the printed interval belongs to, whose
    /// level the reports print: within one process the fenced estimate's sequence spends
    /// 0.8 of `alpha` and the unfenced one's 0.2 (a test on thread CPU time 0.9 of that),
    /// so that both hold at once at `alpha` (`decide::sequential`); across versions and on
    /// counts, `alpha`.
    pub interval_alpha: f64,
    /// Set while one routine's own rare slow batches held the verdict back: too few seen
    /// for the estimate to count as enough blocks.
    pub(crate) rare_costs: Option<RareCosts>,
    /// When the verdict was reached before the figures' last duo (`cargo bench` measures on
    /// after it): the pairs it was reached after and the interval it rested on.
    pub decided_early: Option<DecidedEarly>,
    /// Ratio estimate: the ratio of the two routines' mean per-call latencies, over the duos
    /// the verdict rests on (`basis`), `means.first / means.second`; the median-based
    /// estimate when fewer than two blocks were completed. Across versions, exp of the mean
    /// of the rounds' log ratios.
    pub ratio: f64,
    /// The two means `ratio` is of, and the duos they are over; `None` when the ratio is not
    /// a ratio of means (before two blocks, across versions, counted).
    pub means: Option<RatioMeans>,
    /// The (1 − alpha) anytime-valid interval for the ratio; `None` if still unbounded.
    /// Across versions, the confidence sequence over rounds (`decide::process_pairs`).
    pub interval: Option<(f64, f64)>,
    /// Robust estimate: exp of the median of all duos' mean log-differences (across
    /// versions, of every round's duos together).
    pub median_ratio: f64,
    /// Fixed-sample paired Student t on the blocks' log ratios (for reference: it is not
    /// valid under repeated looks). Across versions, on the rounds' log ratios instead: the
    /// round (a fresh pair of processes) is the independent unit there, and blocks within a
    /// round share its processes' placement.
    pub student: Option<TTest>,
    /// Welch's t on the log per-iteration latencies of the two routines. `None` across
    /// versions: the batches of different rounds come from different processes, each pair
    /// with its own placement offset, so pooling them as one sample per routine would
    /// count thousands of batches as independent where only the rounds are; the rounds'
    /// `student` is the reference there.
    pub welch: Option<TTest>,
    /// Per-iteration latency of every timed batch of the first routine, in nanoseconds:
    /// outliers, preempted duos and duos after the last block included, so its mean is not
    /// the one `ratio` is of (`means`). Across versions, every round's batches pooled: each
    /// batch one value, so a round weighs by its batches.
    pub first: Option<Summary>,
    /// Per-iteration latency of every timed batch of the second routine, as `first`.
    pub second: Option<Summary>,
    /// Pairs measured after warmup (two per duo), set aside or not. This and the other
    /// counts below (set-aside and preempted duos, `spike_split`, `blocks`) are sums over the
    /// rounds across versions.
    pub pairs: usize,
    /// Duos set aside as outliers by the fence.
    pub duos_set_aside: usize,
    /// Duos in which the OS showed the measuring thread preempted (an involuntary context
    /// switch); 0 where the OS does not count them.
    pub duos_preempted: usize,
    /// Of those, duos set aside before the test as machine noise (wall time only).
    pub preempted_set_aside: usize,
    /// The clock whose batch times the test judged (across versions, the clock most rounds
    /// were judged on, wall time on a tie: `over_rounds` counts them).
    pub clock: Clock,
    /// Why that clock (across versions, the last such round's reason).
    pub clock_reason: ClockReason,
    /// Which routine's batch was the slow one in the set-aside duos.
    pub spike_split: SpikeSplit,
    /// Half the width of the fence that set duos aside, in log units: a pair whose log
    /// ratio strays further from the recent ones is an outlier (infinite without a pilot).
    /// Across versions each round set its own fence from its own pilot: the median over the
    /// rounds, the fence a typical round applied.
    pub fence_half_width: f64,
    /// How often this machine stalls a running thread, measured right after the run when a
    /// comparison set aside more than a few percent of its duos (`None` otherwise): the
    /// share of duos such stalls explain is
    /// `analysis::machine_noise::StallExplanation::expected_share`.
    /// Across versions, of the rounds' measurements the busiest against the rounds' duos
    /// together (the rule of `spin_until_explained`), or one taken after the rounds.
    pub machine_stalls: Option<MachineStalls>,
    /// Which duos the estimate and interval rest on (`None` before two blocks). Across
    /// versions, the basis of every round's estimate when they agree, else `None` with
    /// `over_rounds` saying they differed.
    pub basis: Option<Basis>,
    /// Blocks per effectively independent block behind the interval (1: uncorrelated).
    /// Across versions the interval rests on rounds, not blocks: the median over the rounds
    /// of each round's own factor, which the interval does not use.
    pub dependence: f64,
    /// Set when the ratio in the first half of the run differs from the second's. Across
    /// versions, the first half of the rounds against the second, each round one value.
    pub drift: Option<Drift>,
    /// Completed blocks fed to the confidence sequence.
    pub blocks: usize,
    /// Kept duos per block (across versions, the median over the rounds: each round set its
    /// own from its pilot).
    pub duos_per_block: usize,
    /// The blocks are units counted as independent by design, with no dependence factor
    /// (a pilot too short to measure the dependence); never across versions, whose rounds
    /// are the units.
    pub units: bool,
    /// The lengths that set the path (units or the dependence measured), so that a report
    /// can say why it took it; `None` across versions, whose rounds are the units.
    pub path_lengths: Option<PathLengths>,
    /// Duos the pilot measured before the test, which measure the dependence between blocks
    /// when they are enough (across versions, the median over the rounds).
    pub pilot_duos: usize,
    /// Duos a decision waited for at least: the sample floor, and on units the units of the
    /// first decisive look (across versions, the median over the rounds).
    pub decision_floor: usize,
    /// An empty routine's time per iteration in the same batch loop, measured right after
    /// the run (`None` where it was not): the doctor's floor for work optimized away.
    /// Across versions, the median over the rounds.
    pub empty_iteration_ns: Option<f64>,
    /// Iterations per timed batch (of the first routine when the two differ). Across
    /// versions each round sized its own batches: the median over the rounds.
    pub batch_iters: u64,
    /// Iterations per timed batch of the second routine: the first's unless the routines
    /// are far apart in speed and each ran its own (across versions, as `batch_iters`).
    pub second_batch_iters: u64,
    /// Warmup and batch sizing.
    pub warmup_time: Duration,
    /// Measuring after warmup.
    pub measure_time: Duration,
    /// Clock cost at start-up.
    pub timer: TimerCost,
    /// Each duo's mean log-difference, kept or set aside, in the order measured (across
    /// versions, round after round); only every `duo_stride`-th is kept (at most 1,000), for
    /// the report's chart of noise and drift.
    pub duo_log_diffs: Vec<f64>,
    /// Duos between two consecutive values of `duo_log_diffs`.
    pub duo_stride: usize,
    /// Both routines' per-iteration latencies on one histogram scale, for the report (across
    /// versions, every round's batches).
    pub latency_bins: Option<LatencyBins>,
    /// What the per-iteration values are (wall time unless `measure = ...` said otherwise):
    /// nanoseconds of wall or CPU time, allocations, or instructions.
    pub measure: Measure,
    /// Async routines: what the built-in executor adds to each iteration, in nanoseconds
    /// (included in the figures; `None` for plain routines).
    pub executor_overhead_ns: Option<f64>,
    /// Async routines: which executor ran them, `built-in` or `tokio` (`None` for plain
    /// routines).
    pub executor: Option<&'static str>,
    /// Peak-memory growth and context switches during the trial (`None` where the
    /// platform does not count them).
    pub os: Option<OsUsage>,
    /// The process's memory kept growing with the iterations while measuring (a routine
    /// keeps memory from every call); `None` when it did not, or was not read. Always
    /// `None` across versions: the routines ran in the serving processes, and this
    /// process's resident set says nothing of theirs.
    pub memory_growth: Option<MemoryGrowth>,
    /// Set when the time budget was too short for a meaningful comparison: what it would
    /// need. The verdict is then `Inconclusive`.
    pub shortfall: Option<Shortfall>,
    /// Across versions: the rounds of fresh process pairs behind the ratio and interval;
    /// `None` within one process.
    pub process_pairs: Option<PairSpread>,
    /// Across versions: how the other details combine the rounds (each field's doc says its
    /// rule); `None` within one process.
    pub over_rounds: Option<OverRounds>,
    /// Counted under Valgrind instead of timed: both routines' per-call counts, which the
    /// ratio is of. The duo statistics above are then empty.
    pub counted: Option<Counted>,
}

impl DiffResult {
    /// Analyses a finished run. `verdict` overrides the run's own when the budget ended
    /// without a decision (then it is `Inconclusive`, or `Reported` without a claim).
    #[must_use]
    pub fn from_run(run: &DuoRun, timer: TimerCost) -> Self {
        // The verdict is the claimed test's, as reached when it was decided; the estimate,
        // its interval and the statistics are those of the test that went on measuring
        // after it, when one did (`cargo bench`; `DuoRun::measured_on`).
        let settings = run.test.settings();
        let test = run.measured_on.as_ref().unwrap_or(&run.test);
        let verdict = match run.test.decided() {
            Some(decided) => decided,
            None if settings.claim.is_some() || run.shortfall.is_some() => Verdict::Inconclusive,
            None => Verdict::Reported,
        };
        let level = 1.0 - settings.alpha;
        let interval = test.log_interval().map(|(lo, hi)| (lo.exp(), hi.exp()));
        let mut duo_means = test.duo_means().to_vec();
        duo_means.sort_by(f64::total_cmp);
        let median_ratio = if duo_means.is_empty() {
            f64::NAN
        } else {
            median(&duo_means).exp()
        };
        let block_log_ratios = test.block_log_ratios();
        let student = Sample::new(&block_log_ratios)
            .ok()
            .map(|s| student_t(s, 0.0, level));
        let log_first: Vec<f64> = run.first_ns.iter().map(|t| t.ln()).collect();
        let log_second: Vec<f64> = run.second_ns.iter().map(|t| t.ln()).collect();
        let welch = match (Sample::new(&log_first), Sample::new(&log_second)) {
            (Ok(a), Ok(b)) => Some(welch(a, b, level)),
            _ => None,
        };
        let summary = |xs: &[f64]| Sample::new(xs).ok().map(Summary::of);
        let (duo_log_diffs, duo_stride) = thin(test.duo_means(), MAX_SERIES_POINTS);
        let estimate = test.estimate();
        let dependence = estimate.map_or(1.0, |e| e.dependence);
        let drift = estimate.and_then(|e| {
            let sums: Vec<(f64, f64)> = test
                .blocks()
                .iter()
                .map(|b| {
                    let (first, second, _) = on_basis(b, e.basis, settings.duos_per_block);
                    (first, second)
                })
                .collect();
            drift(&sums, dependence)
        });
        DiffResult {
            measure: DEFAULT_MEASURE,
            executor_overhead_ns: None,
            executor: None,
            os: None,
            memory_growth: memory_growth(&run.rss_iters, &run.rss_kib),
            verdict,
            p_value: run.test.p_value(),
            alpha: settings.alpha,
            interval_alpha: test.interval_alpha(),
            rare_costs: estimate.and_then(|e| e.rare_costs),
            decided_early: run.measured_on.as_ref().map(|_| DecidedEarly {
                pairs: 2 * run.test.duo_means().len(),
                interval: run.test.log_interval().map(|(lo, hi)| (lo.exp(), hi.exp())),
            }),
            // Before two blocks the robust estimate is the only one there is.
            ratio: estimate.map_or(median_ratio, |e| e.log_ratio.exp()),
            means: RatioMeans::of(test),
            interval,
            median_ratio,
            student,
            welch,
            first: summary(&run.first_ns),
            second: summary(&run.second_ns),
            pairs: 2 * (test.duo_means().len() + run.evidence.preempted_set_aside),
            duos_set_aside: test.duos_set_aside(),
            duos_preempted: run.evidence.duos_preempted,
            preempted_set_aside: run.evidence.preempted_set_aside,
            clock: run.evidence.clock,
            clock_reason: run.evidence.clock_reason,
            spike_split: test.spike_split(),
            fence_half_width: test.fence_half_width(),
            machine_stalls: None,
            basis: estimate.map(|e| e.basis),
            dependence,
            drift,
            blocks: test.blocks().len(),
            duos_per_block: settings.duos_per_block,
            units: settings.counts_units(),
            path_lengths: settings.path_lengths,
            pilot_duos: test.pilot_duos(),
            decision_floor: settings.decision_floor(),
            empty_iteration_ns: None,
            batch_iters: run.batch_iters,
            second_batch_iters: run.second_batch_iters,
            warmup_time: run.warmup_time,
            measure_time: run.measure_time,
            timer,
            duo_log_diffs,
            duo_stride,
            latency_bins: LatencyBins::of(&run.first_ns, &run.second_ns, HISTOGRAM_BINS),
            shortfall: run.shortfall,
            process_pairs: None,
            over_rounds: None,
            counted: None,
        }
    }

    /// Warmup plus measuring.
    #[must_use]
    pub fn total_time(&self) -> Duration {
        self.warmup_time + self.measure_time
    }
}
