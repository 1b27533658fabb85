//! The duo loop: warm up and size batches (`warmup`), size the blocks and set up the tests
//! (`blocks`), then alternate (first, second), (second, first) until the sequential test
//! decides or the time budget ends (`measuring`).

use super::blocks::{plan_blocks, Blocks};
use super::cost::DuoCost;
use super::measuring::{measure, Measured};
use super::one_duo::{Duo, KernelCounters, ThreadCounters};
use super::progress::{DuoProgress, Progress};
use super::screen::{DuoScreen, Evidence};
use super::settings::DuoSettings;
use super::warmup::warm_up;
use crate::decide::{Sequential, MIN_DECISION_DUOS};
use crate::measure::{BatchRunner, Deadline, Shortfall, TimeBatch};
use std::time::Duration;

/// Everything measured in one duo run, before analysis.
#[derive(Clone, Debug)]
pub struct DuoRun {
    /// Iterations per timed batch of the first routine.
    pub batch_iters: u64,
    /// Iterations per timed batch of the second routine: the same as the first's unless
    /// the routines are far apart in speed (`super::sizes`).
    pub second_batch_iters: u64,
    /// Per-iteration latency of each batch of the first routine, in nanoseconds.
    pub first_ns: Vec<f64>,
    /// Per-iteration latency of each batch of the second routine, in nanoseconds.
    pub second_ns: Vec<f64>,
    /// The sequential test, with its verdict if it reached one.
    pub test: Sequential,
    /// With [`DuoSettings::measure_on_to`], when it went on measuring after the claimed
    /// test's verdict: the claimless test beside it, fed every duo, the claimed test's until
    /// its verdict and those measured after; the estimate, interval and counts the report
    /// shows. `None` when the claimed test saw as many duos (undecided, or decided after the
    /// claimless one reached its precision): its own figures are the run's then.
    pub measured_on: Option<Sequential>,
    /// Time spent warming up and sizing batches.
    pub warmup_time: Duration,
    /// Time spent measuring after warmup.
    pub measure_time: Duration,
    /// The clock that judged, and the duos the OS showed preempted, as the screen in front
    /// of the test whose figures are shown saw them.
    pub evidence: Evidence,
    /// Set when the budget could not fit the pilot and the sequential test's fewest blocks:
    /// nothing was measured after the warmup, and the verdict is inconclusive.
    pub shortfall: Option<Shortfall>,
    /// The process's resident set (KiB) less the duo loop's own share (its records, and
    /// every growth of their buffers), read at most every
    /// [`RSS_EVERY`](super::measuring::RSS_EVERY) while measuring (empty where the OS does
    /// not report it).
    pub rss_kib: Vec<u64>,
    /// Iterations between one resident-set reading and the previous one, of the routine with
    /// the larger batches.
    pub rss_iters: Vec<u64>,
}

/// Measures `first` against `second`, reporting progress to `observe` (if any) between
/// duos, at most every [`PROGRESS_EVERY`](super::progress::PROGRESS_EVERY). The check reuses
/// the clock read the budget needs anyway. The process's resident set is read between duos
/// too.
pub fn run_duos<O1, O2>(
    first: impl FnMut() -> O1,
    second: impl FnMut() -> O2,
    settings: &DuoSettings,
    observe: Option<&mut dyn FnMut(&DuoProgress)>,
) -> DuoRun {
    run_duo_batches(
        BatchRunner::new(first),
        BatchRunner::new(second),
        settings,
        observe,
    )
}

/// [`run_duos`] over any two [`TimeBatch`] sides (routines with untimed inputs, for one).
pub fn run_duo_batches(
    first: impl TimeBatch,
    second: impl TimeBatch,
    settings: &DuoSettings,
    observe: Option<&mut dyn FnMut(&DuoProgress)>,
) -> DuoRun {
    run_duos_probed(first, second, settings, observe, KernelCounters)
}

/// [`run_duo_batches`] with the OS's evidence read from `counters` (tests inject their own).
pub(crate) fn run_duos_probed(
    first: impl TimeBatch,
    second: impl TimeBatch,
    settings: &DuoSettings,
    observe: Option<&mut dyn FnMut(&DuoProgress)>,
    counters: impl ThreadCounters,
) -> DuoRun {
    let deadline = Deadline::start(settings.max_time);
    let mut progress = Progress::start(observe);
    let mut duo = Duo {
        first,
        second,
        iters: [1, 1],
        overhead_ns: settings.timer.overhead_ns,
        mirrored: false,
        // Until the first duo says how long a batch is, read everything.
        per_batch: true,
        counters,
    };
    // The duos a decision waits for, unless the caller decides elsewhere (the rounds of a
    // cross-version comparison, each one observation of a decision taken across them).
    let floor = if settings.sequential.safeguards.sample_floor {
        MIN_DECISION_DUOS
    } else {
        0
    };

    // One call of each routine, so that no duo starts that would overrun the budget by more
    // than one call: after these, a duo's length is known in advance.
    let mut cost = DuoCost::probe(&mut duo.first, &mut duo.second, &deadline);
    let warmup = warm_up(
        &mut duo,
        &mut cost,
        &deadline,
        settings,
        floor,
        &mut progress,
    );
    let warmup_time = warmup.time;
    let mut blocks = plan_blocks(warmup, duo.iters, &cost, &deadline, settings, floor);
    let measured = measure(&mut duo, &mut blocks, &mut cost, &deadline, &mut progress);
    finish(duo.iters, blocks, measured, warmup_time)
}

/// The run's record once measuring ended: the tests' verdicts and the evidence of the one
/// that saw every duo.
fn finish(iters: [u64; 2], blocks: Blocks, measured: Measured, warmup_time: Duration) -> DuoRun {
    let Blocks {
        shortfall,
        screen,
        plain,
        ..
    } = blocks;
    let (test, mut evidence) = screen.finish();
    // The claimless test stands for the run only when it went on after the claim's verdict.
    // A claim still undecided saw every duo, as under `cargo test`, while a claimless test
    // that reached its precision earlier stopped taking duos: its figures would describe a
    // fraction of the run.
    let measured_on = plain
        .map(DuoScreen::finish)
        .filter(|(plain, _)| {
            test.decided().is_some() && plain.duo_means().len() > test.duo_means().len()
        })
        .map(|(plain, plain_evidence)| {
            evidence = plain_evidence;
            plain
        });
    DuoRun {
        batch_iters: iters[0],
        second_batch_iters: iters[1],
        first_ns: measured.first_ns,
        second_ns: measured.second_ns,
        test,
        measured_on,
        warmup_time,
        measure_time: measured.time,
        evidence,
        shortfall,
        rss_kib: measured.rss_kib,
        rss_iters: measured.rss_iters,
    }
}

#[cfg(test)]
mod tests {
    use super::super::one_duo::{MeasuredDuo, FIRST_SLOTS, SECOND_SLOTS};
    use super::*;
    use crate::decide::SequentialSettings;
    use crate::measure::timer_cost;
    use crate::measure::ContextSwitches;
    use crate::measure::WarmupRule;
    use crate::model::Claim;
    use std::cell::Cell;
    use std::rc::Rc;

    /// Counts as involuntary context switches the preemptions the routine itself reports
    /// (`stolen`), and has no CPU clock: a scheduler that interferes on cue.
    struct Preempting {
        stolen: Rc<Cell<u64>>,
        reads: Rc<Cell<u64>>,
    }

    impl ThreadCounters for Preempting {
        fn switches(&mut self) -> Option<ContextSwitches> {
            self.reads.set(self.reads.get() + 1);
            Some(ContextSwitches {
                voluntary: 0,
                involuntary: self.stolen.get(),
            })
        }

        fn cpu_ns(&mut self) -> Option<u64> {
            None
        }
    }

    /// One 300 ms comparison whose first routine the probe shows "preempted" once every
    /// 5,000 calls (no time is stolen); returns the screen's evidence and how many duos the
    /// test saw and were measured. The budget leaves room for a thread that the suite's other
    /// tests keep off its core for tens of milliseconds.
    fn run_with_fake_preemptions() -> (Evidence, usize, usize) {
        let settings = DuoSettings {
            warmup: WarmupRule::For(Duration::from_millis(5)),
            max_time: Duration::from_millis(300),
            timer: timer_cost(),
            sequential: SequentialSettings {
                precision: 0.0,
                ..SequentialSettings::new(0.05, None, 1)
            },
            measure_on_to: None,
            metered: false,
            keep_preempted: false,
            pilot_time: None,
        };
        let (stolen, reads) = (Rc::new(Cell::new(0)), Rc::new(Cell::new(0)));
        let probe = Preempting {
            stolen: Rc::clone(&stolen),
            reads: Rc::clone(&reads),
        };
        let calls = Cell::new(0u64);
        let first = || {
            calls.set(calls.get() + 1);
            if calls.get().is_multiple_of(5_000) {
                stolen.set(stolen.get() + 1);
            }
            (0..200u64).map(std::hint::black_box).sum::<u64>()
        };
        let second = || (0..200u64).map(std::hint::black_box).sum::<u64>();
        let run = run_duos_probed(
            BatchRunner::new(first),
            BatchRunner::new(second),
            &settings,
            None,
            probe,
        );
        let measured = run.first_ns.len() / 2;
        assert!(reads.get() >= 2 * measured as u64);
        (run.evidence, run.test.duo_means().len(), measured)
    }

    #[test]
    fn the_probes_preemptions_reach_the_screen_and_every_duo_is_accounted_for() {
        // The wiring: the probe is read around every duo, its preemptions are counted, and
        // every measured duo either reached the test or was set aside as preempted. Whether
        // the screen sets them aside is its own unit tests' subject
        // (`screen.rs`): on a busy machine real load makes some flagged duos
        // outlying, and chance can then give them to one routine, which hands them back.
        let (e, tested, measured) = run_with_fake_preemptions();
        assert_eq!(e.clock, crate::measure::Clock::Wall);
        assert!(e.duos_preempted >= 3, "{e:?}");
        assert!(e.preempted_set_aside <= e.duos_preempted, "{e:?}");
        assert_eq!(tested + e.preempted_set_aside, measured, "{e:?}");
    }

    #[test]
    fn a_decided_claim_keeps_its_verdict_while_the_measurement_goes_on() {
        use crate::decide::Verdict;
        let claim = Claim::Above {
            bound: 1.5,
            inclusive: false,
        };
        let settings = DuoSettings {
            warmup: WarmupRule::For(Duration::from_millis(20)),
            max_time: Duration::from_millis(1_500),
            timer: timer_cost(),
            sequential: SequentialSettings::new(0.05, Some(claim), 1),
            // Finer than the default, so that the claimless test cannot be done by the time
            // the claim's sample floor lets it decide, however quiet the machine.
            measure_on_to: Some(0.0005),
            metered: false,
            keep_preempted: false,
            pilot_time: None,
        };
        let work = |n: u64| move || (0..n).map(std::hint::black_box).sum::<u64>();
        let run = run_duos(work(3_000), work(1_000), &settings, None);
        assert_eq!(run.test.decided(), Some(Verdict::Pass));
        let plain = run
            .measured_on
            .as_ref()
            .expect("a claimless test beside it");
        // The claim is three times clear of its boundary: it was decided long before the
        // ratio was known to ±0.05%, and the measurement went on.
        assert!(
            plain.duo_means().len() > run.test.duo_means().len(),
            "{} duos against {}",
            plain.duo_means().len(),
            run.test.duo_means().len()
        );
        // The verdict is the claim's; the ratio and interval shown are the longer run's
        // (which a busy machine can leave wider than the claim's was at its decision).
        let result = crate::analysis::DiffResult::from_run(&run, settings.timer);
        assert_eq!(result.verdict, Verdict::Pass);
        // (A loaded machine can leave it unbounded: then none is shown either.)
        let shown = plain.log_interval().map(|(lo, hi)| (lo.exp(), hi.exp()));
        assert_eq!(result.interval, shown);
        assert_eq!(result.pairs, run.first_ns.len());
    }

    /// Duos at ratio 1 with 2% noise, judged on `claim` (with `precision` for a claimless
    /// test beside it, as under `cargo bench`) as the duo loop feeds them, for at most
    /// `duos` duos: the run's record.
    fn fed(claim: crate::model::Claim, beside: Option<f64>, duos: usize) -> DuoRun {
        let mut rng = crate::stats::SplitMix64::new(5);
        let mut duo =
            || MeasuredDuo::wall_only([(); 4].map(|()| 1_000.0 * (0.02 * rng.normal()).exp()));
        let pilot: Vec<MeasuredDuo> = (0..16).map(|_| duo()).collect();
        let settings = SequentialSettings::new(0.05, Some(claim), 4);
        let plain = beside.map(|precision| {
            let plain = SequentialSettings {
                claim: None,
                precision,
                ..settings
            };
            DuoScreen::new(plain, pilot.clone())
        });
        let mut blocks = Blocks {
            duo_ns: 4_000.0,
            shortfall: None,
            screen: DuoScreen::new(settings, pilot),
            plain,
        };
        let (mut first_ns, mut second_ns) = (Vec::new(), Vec::new());
        for _ in 0..duos {
            let t = duo();
            first_ns.extend(FIRST_SLOTS.map(|slot| t.wall_ns[slot]));
            second_ns.extend(SECOND_SLOTS.map(|slot| t.wall_ns[slot]));
            // The rule of `measuring::measure`.
            let decided =
                blocks.screen.test().decided().is_some() || blocks.screen.push(t).is_some();
            let enough = blocks.plain.as_mut().is_none_or(|p| p.push(t).is_some());
            if decided && enough {
                break;
            }
        }
        let measured = Measured {
            first_ns,
            second_ns,
            time: Duration::from_secs(5),
            rss_kib: Vec::new(),
            rss_iters: Vec::new(),
        };
        finish([1, 1], blocks, measured, Duration::from_millis(500))
    }

    #[test]
    fn an_undecided_claim_reports_the_same_figures_under_cargo_test_and_cargo_bench() {
        use crate::analysis::DiffResult;
        use crate::report::failure_message;
        // A band no run of 3,000 duos at 2% noise can pass or refute; the claimless test
        // beside it reaches its ±5% within the first few hundred duos.
        let claim = Claim::Within {
            low: 0.9999,
            high: 1.0001,
            high_inclusive: true,
        };
        let test_mode = fed(claim, None, 3_000);
        let bench_mode = fed(claim, Some(0.05), 3_000);
        let [test_mode, bench_mode] =
            [test_mode, bench_mode].map(|run| DiffResult::from_run(&run, timer_cost()));
        for r in [&test_mode, &bench_mode] {
            assert_eq!(r.verdict, crate::decide::Verdict::Inconclusive);
            // Every measured duo: two pairs each, as many as each routine's batches.
            assert_eq!(r.pairs, 6_000);
            assert_eq!(r.first.map(|s| s.n), Some(r.pairs));
        }
        assert_eq!(bench_mode.interval, test_mode.interval);
        assert_eq!(bench_mode.ratio, test_mode.ratio);
        assert_eq!(bench_mode.means, test_mode.means);
        assert_eq!(
            failure_message(&claim, None, &bench_mode),
            failure_message(&claim, None, &test_mode)
        );
    }

    #[test]
    fn a_claimless_test_that_went_on_after_the_verdict_gives_the_figures() {
        // Decided within the first few hundred duos; ±0.5% takes longer.
        let claim = Claim::Below {
            bound: 1.5,
            inclusive: false,
        };
        let run = fed(claim, Some(0.005), 3_000);
        assert_eq!(run.test.decided(), Some(crate::decide::Verdict::Pass));
        let plain = run.measured_on.as_ref().expect("the longer test");
        assert!(plain.duo_means().len() > run.test.duo_means().len());
        let r = crate::analysis::DiffResult::from_run(&run, timer_cost());
        assert_eq!(r.pairs, run.first_ns.len());
        // Negative control: a claimless test that stopped before the verdict is not shown.
        let run = fed(claim, Some(0.5), 3_000);
        assert!(run.measured_on.is_none());
    }

    #[test]
    fn a_sleeping_routine_is_judged_on_wall_time() {
        let settings = DuoSettings {
            warmup: WarmupRule::For(Duration::from_millis(30)),
            max_time: Duration::from_millis(120),
            timer: timer_cost(),
            sequential: SequentialSettings::new(0.05, None, 1),
            measure_on_to: None,
            metered: false,
            keep_preempted: false,
            pilot_time: None,
        };
        let nap = || std::thread::sleep(Duration::from_millis(1));
        let run = run_duos(nap, nap, &settings, None);
        assert_eq!(run.evidence.clock, crate::measure::Clock::Wall);
        if cfg!(target_os = "linux") {
            assert_eq!(
                run.evidence.clock_reason,
                crate::measure::ClockReason::Waits
            );
        }
    }

    #[test]
    fn a_pilot_of_a_time_lets_a_round_of_long_duos_fit_where_eight_duos_do_not() {
        // Calls of 20 ms, duos of 80 ms, in 600 ms, as one round across processes runs
        // (2 blocks, no sample floor, no units): a pilot of 100 ms is two duos and leaves
        // room for the blocks; the control, a pilot of 8 duos (640 ms), does not fit.
        let settings = |pilot_time| {
            let mut sequential = SequentialSettings::new(0.05, None, 1);
            sequential.min_blocks = 2;
            sequential.safeguards.sample_floor = false;
            sequential.safeguards.units = false;
            sequential.safeguards.full_pilot = false;
            DuoSettings {
                warmup: WarmupRule::UntilSteady(Duration::from_millis(10)),
                max_time: Duration::from_millis(600),
                timer: timer_cost(),
                sequential,
                measure_on_to: None,
                metered: false,
                keep_preempted: false,
                pilot_time,
            }
        };
        let nap = || std::thread::sleep(Duration::from_millis(20));
        let short = settings(Some(Duration::from_millis(100)));
        assert_eq!(short.min_pilot_duos(80e6), 2);
        let run = run_duos(nap, nap, &short, None);
        assert!(run.shortfall.is_none(), "{:?}", run.shortfall);
        assert!(run.first_ns.len() >= 2, "{}", run.first_ns.len());
        let eight = settings(None);
        assert_eq!(eight.min_pilot_duos(80e6), 8);
        let run = run_duos(nap, nap, &eight, None);
        assert!(run.shortfall.is_some());
    }

    /// A comparison of `first` with a steady copy of its work under the default warmup of
    /// 200 ms: how long the warmup took. The claim is one any pair of these routines meets
    /// at once, so that measuring ends at the fewest duos and the budget can be ample: a
    /// budget that the suite's load made look short would end the warmup early instead.
    fn default_warmup_of(first: impl FnMut() -> u64) -> Duration {
        let claim = Claim::Below {
            bound: 10.0,
            inclusive: false,
        };
        let settings = DuoSettings {
            warmup: WarmupRule::UntilSteady(Duration::from_millis(200)),
            max_time: Duration::from_secs(5),
            timer: timer_cost(),
            sequential: SequentialSettings::new(0.05, Some(claim), 1),
            measure_on_to: None,
            metered: false,
            keep_preempted: false,
            pilot_time: None,
        };
        let second = || (0..200u64).map(std::hint::black_box).sum::<u64>();
        run_duos(first, second, &settings, None).warmup_time
    }

    #[test]
    fn the_default_warmup_waits_for_a_routine_that_speeds_up_and_not_for_a_steady_one() {
        // Half as slow again at the start, steady after 100 ms of this thread's CPU time:
        // wall time would pass while a busy machine (the test suite's other threads) kept
        // the thread waiting, and the routine would be warm before it was measured.
        let cpu_seconds = || crate::measure::thread_cpu_time_ns().map(|ns| ns as f64 / 1e9);
        let warmup_of_warming = || {
            let wall = std::time::Instant::now();
            let now = move || cpu_seconds().unwrap_or_else(|| wall.elapsed().as_secs_f64());
            let start = now();
            // The clock is read every 256 calls: read each call, it would cost ten times the
            // work, and the pilot's floor of duos would outlast the cap whatever the rule.
            let (mut calls, mut t) = (0u64, 0.0);
            default_warmup_of(move || {
                if calls.is_multiple_of(256) {
                    t = now() - start;
                }
                calls += 1;
                let n = (200.0 * (1.0 + 0.5 * (1.0 - t / 0.1).max(0.0))) as u64;
                (0..n).map(std::hint::black_box).sum::<u64>()
            })
        };
        // Up to three tries: under the suite's load a warmup can still end early to keep the
        // fewest duos within the budget. A rule that does not wait fails all three.
        let mut tries: Vec<Duration> = Vec::new();
        while tries.len() < 3 && tries.last().is_none_or(|w| *w < Duration::from_millis(100)) {
            tries.push(warmup_of_warming());
        }
        let warmed = *tries.last().unwrap();
        assert!(warmed >= Duration::from_millis(100), "{tries:?}");
        // A steady routine ends with its pilot's floor, about 40 ms of short duos, unless a
        // busy machine keeps its medians apart (then at the 200 ms cap, which this does not
        // check) or slows the duos of the pilot the path needs, which the warmup waits for
        // past the cap: bounded here with a margin for the suite's load.
        let steady = default_warmup_of(|| (0..200u64).map(std::hint::black_box).sum::<u64>());
        eprintln!("warming: {warmed:?}, steady: {steady:?}");
        assert!(steady <= Duration::from_secs(1), "{steady:?}");
    }
}
