//! The duo loop: warm up, size batches, then alternate (first, second), (second, first)
//! until the sequential test decides or the time budget ends.

use super::batches::{
    Duo, DuoTimings, Probe, Sizes, SystemProbe, FIRST_SLOTS, LONG_BATCH_NS, SECOND_SLOTS,
};
use super::pace::{duos_per_block, DuoPace, FEWEST, MIN_PILOT_DUOS};
use super::screen::{Evidence, Judge};
use super::sizes::{grow_own, shared};
use crate::decide::sequential::{Sequential, SequentialSettings, MIN_DECISION_DUOS};
use crate::measure::resident_kib;
use crate::measure::BatchRunner;
use crate::measure::TimeBatch;
use crate::measure::TimerCost;
use crate::measure::{Deadline, Shortfall};
use crate::stats::median;
use std::time::{Duration, Instant};

/// Long batches end warmup early once the last pilot duos' total times agree within this
/// (relative difference of the medians of the last two groups of `MIN_PILOT_DUOS / 2`).
const STABLE_SPREAD: f64 = 0.01;

/// Settings of one duo run.
#[derive(Clone, Copy, Debug)]
pub struct DuoSettings {
    /// Warmup by whole duos.
    pub warmup: Duration,
    /// Total time budget, warmup included.
    pub max_time: Duration,
    /// Clock cost, subtracted from every batch.
    pub timer: TimerCost,
    /// Alpha and claim for the sequential test (block size is chosen here).
    pub sequential: SequentialSettings,
    /// With a claim: after its verdict, go on measuring until the interval's half-width
    /// (log units) is at most this, as a comparison without a claim does (`cargo bench`).
    pub measure_on_to: Option<f64>,
    /// The batches' values are a meter's (CPU time, allocations, instructions), not wall
    /// time: they are judged as measured, never on another clock, and preemption, which
    /// does not change them, sets no duo aside.
    pub metered: bool,
}

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
    /// With [`DuoSettings::measure_on_to`]: the claimless test beside it, fed every duo,
    /// the claimed test's until its verdict and those measured after; the estimate and
    /// interval the report shows.
    pub measured_on: Option<Sequential>,
    /// Time spent warming up and sizing batches.
    pub warmup_time: Duration,
    /// Time spent measuring after warmup.
    pub measure_time: Duration,
    /// The clock that judged, and the duos the OS showed preempted.
    pub evidence: Evidence,
    /// Set when the budget could not fit the pilot and the sequential test's fewest blocks:
    /// nothing was measured after the warmup, and the verdict is inconclusive.
    pub shortfall: Option<Shortfall>,
    /// The process's resident set (KiB) less what the duo loop itself holds, read at most
    /// every [`RSS_EVERY`] while measuring (empty where the OS does not report it).
    pub rss_kib: Vec<u64>,
    /// Iterations between one resident-set reading and the previous one, of the routine with
    /// the larger batches.
    pub rss_iters: Vec<u64>,
}

/// Longest time between two readings of the resident set while measuring, for a few
/// microseconds each.
pub const RSS_EVERY: Duration = Duration::from_millis(20);
/// Shortest time between two readings of the resident set.
const RSS_EVERY_AT_FIRST: Duration = Duration::from_millis(2);

/// When the next reading of the resident set is due, `elapsed` into measuring: an eighth of
/// the time measured so far, between [`RSS_EVERY_AT_FIRST`] and [`RSS_EVERY`], so that
/// every doubling of the run adds about eight readings and the doctor sees memory that
/// grows with the iterations also in a comparison that decides in a few hundredths of a
/// second (measured in CI: a leaking comparison decided in 0.08 s had four readings at a
/// fixed 20 ms, too few for the three steps growth must show).
fn rss_interval(elapsed: Duration) -> Duration {
    (elapsed / 8).clamp(RSS_EVERY_AT_FIRST, RSS_EVERY)
}

/// Least time between two progress reports.
pub const PROGRESS_EVERY: Duration = Duration::from_millis(100);

/// What a running comparison is doing, for a progress display.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DuoProgress {
    /// Still warming up (`false`), or measuring.
    pub measuring: bool,
    /// Since the comparison started.
    pub elapsed: Duration,
    /// Pairs measured after warmup.
    pub pairs: usize,
    /// The current interval for the log ratio, once bounded.
    pub log_interval: Option<(f64, f64)>,
}

/// Measures `first` against `second`, reporting progress to `observe` (if any) between
/// duos, at most every [`PROGRESS_EVERY`]. The check reuses the clock read the budget needs
/// anyway. The process's resident set is read between duos too (`rss_interval`). When
/// duos are short (under 1% of [`PROGRESS_EVERY`]), the duo right after a report or a
/// reading is run but not recorded, so their cache disturbance touches no sample; longer duos
/// have batches long enough that a few microseconds of writing vanish in them.
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
    run_duos_probed(first, second, settings, observe, SystemProbe)
}

/// [`run_duo_batches`] with the OS's evidence read from `probe` (tests inject their own).
pub(crate) fn run_duos_probed(
    first: impl TimeBatch,
    second: impl TimeBatch,
    settings: &DuoSettings,
    mut observe: Option<&mut dyn FnMut(&DuoProgress)>,
    probe: impl Probe,
) -> DuoRun {
    let deadline = Deadline::start(settings.max_time);
    let start = Instant::now();
    let mut next_report = start + PROGRESS_EVERY;
    let mut duo = Duo {
        first,
        second,
        iters: [1, 1],
        overhead_ns: settings.timer.overhead_ns,
        mirrored: false,
        // Until the first duo says how long a batch is, read everything.
        per_batch: true,
        probe,
    };
    let target_ns = settings.timer.target_batch_ns();
    let min_blocks = settings.sequential.min_blocks;
    // The duos a decision waits for, unless the caller decides elsewhere (the rounds of a
    // cross-version comparison, each one observation of a decision taken across them).
    let floor = if settings.sequential.safeguards.sample_floor {
        MIN_DECISION_DUOS
    } else {
        0
    };

    // One call of each routine, so that no duo starts that would overrun the budget by more
    // than one call: after these, a duo's length is known in advance.
    let mut pace = DuoPace::probe(&mut duo.first, &mut duo.second, &deadline);

    // Warmup: size the batch, then keep running whole duos at that size. Pilot duos are
    // only those measured at the final size. The warmup gives way when only twice the
    // fewest duos a decision needs still fit.
    let mut pilot: Vec<DuoTimings> = Vec::new();
    let mut duo_ns = 0.0;
    // Each routine's batch size on its own; the duo runs them shared while they are close.
    let mut own: Sizes = [1, 1];
    while deadline.fits(pace.duo_ns(duo.iters)) {
        let before = Instant::now();
        let timings = duo.measure();
        pace.record(&timings, before.elapsed());
        duo_ns = timings.total_ns();
        let per_iter = timings.per_iter_ns();
        own = grow_own(own, per_iter, target_ns);
        let sizes = shared(own);
        // Judged on the sizes the next duo runs, so that the first pilot duo at new sizes
        // already has the per-batch evidence the clock's choice needs.
        duo.per_batch = !settings.metered
            && (0..2).all(|side| per_iter[side] * sizes[side] as f64 >= LONG_BATCH_NS);
        if sizes != duo.iters {
            duo.iters = sizes;
            pilot.clear();
        } else {
            pilot.push(timings);
        }
        let now = Instant::now();
        if let Some(observe) = observe.as_mut().filter(|_| now >= next_report) {
            next_report = now + PROGRESS_EVERY;
            observe(&DuoProgress {
                measuring: false,
                elapsed: now.duration_since(start),
                pairs: 0,
                log_interval: None,
            });
        }
        let elapsed = now.duration_since(start);
        let fewest = pace.fewest_duos_ns(duo.iters, pilot.len(), min_blocks, floor);
        let warm = elapsed >= settings.warmup
            || settled_early(&pilot)
            || !deadline.fits_after(elapsed, 2.0 * fewest);
        // Whether the minimum fits is judged only after two duos at the current batch size:
        // right after the batch grows, the pace is extrapolated from smaller batches, whose
        // fixed costs make it pessimistic (a comparison counting allocations grew to 10,000
        // iterations a batch and gave up at once, its pace taken from batches of one), and a
        // single duo may have waited for a busy machine.
        let measured_at_size = pilot.len() >= 2;
        if (warm && pilot.len() >= MIN_PILOT_DUOS)
            || (measured_at_size && !deadline.fits_after(elapsed, fewest))
        {
            break;
        }
    }
    let warmup_time = start.elapsed();

    // The typical (median) pilot duo sets the block length: the last duo alone may hold a
    // routine's rare slow call, which would make every block a single duo. Before any whole
    // duo (a budget overrun by the probes), the probes' pace stands in.
    let mut pilot_duo_ns: Vec<f64> = pilot.iter().map(DuoTimings::total_ns).collect();
    pilot_duo_ns.sort_by(f64::total_cmp);
    if !pilot_duo_ns.is_empty() {
        duo_ns = pilot_duo_ns[pilot_duo_ns.len() / 2];
    }
    let duos_per_block = duos_per_block(if duo_ns > 0.0 {
        duo_ns
    } else {
        pace.duo_ns(duo.iters)
    });
    let sequential = SequentialSettings {
        duos_per_block,
        log_batch_iters_ratio: (duo.iters[0] as f64 / duo.iters[1] as f64).ln(),
        ..settings.sequential
    };
    let fewest = pace.fewest_duos_ns(duo.iters, pilot.len(), min_blocks, floor);
    let shortfall = (pilot.len() < MIN_PILOT_DUOS || !deadline.fits(fewest)).then(|| {
        // The warmup asked for (or what probing took, if longer), the pilot, then room for
        // twice the fewest blocks, as the warmup leaves.
        let all_duos = pace.fewest_duos_ns(duo.iters, 0, 2 * min_blocks, floor);
        let warmup_ns = settings.warmup.max(pace.probe_time).as_nanos() as f64;
        Shortfall::new(settings.max_time, warmup_ns + all_duos, FEWEST)
    });
    // A second, claimless test beside the claimed one, which goes on after the verdict.
    let mut plain = settings
        .measure_on_to
        .filter(|_| sequential.claim.is_some())
        .map(|p| {
            let plain = SequentialSettings {
                claim: None,
                precision: p,
                ..sequential
            };
            Judge::new(plain, pilot.clone()).keeping_preempted(settings.metered)
        });
    let mut judge = Judge::new(sequential, pilot).keeping_preempted(settings.metered);
    let mut first_ns = Vec::new();
    let mut second_ns = Vec::new();
    let measure_start = Instant::now();
    // Measuring, while the next duo fits in the budget at the pace of those so far.
    let mut measured = 0u32;
    let (mut rss_kib, mut rss_iters) = (Vec::new(), Vec::new());
    let (mut next_rss, mut iters_since_rss) = (measure_start + RSS_EVERY_AT_FIRST, 0);
    while shortfall.is_none() && deadline.fits(pace.duo_ns(duo.iters)) {
        let now = Instant::now();
        let mut disturbed = false;
        if let Some(observe) = observe.as_mut().filter(|_| now >= next_report) {
            next_report = now + PROGRESS_EVERY;
            observe(&DuoProgress {
                measuring: true,
                elapsed: now.duration_since(start),
                pairs: 2 * judge.test().duo_means().len(),
                log_interval: judge.test().log_interval(),
            });
            disturbed = true;
        }
        if now >= next_rss {
            next_rss = now + rss_interval(now.duration_since(measure_start));
            if let Some(kib) = resident_kib() {
                // Less what the loop itself keeps per duo (tens of bytes, which a short
                // routine's hundreds of thousands of duos make megabytes).
                let held = 8 * (first_ns.capacity() + second_ns.capacity()) + judge.held_bytes();
                rss_kib.push(kib.saturating_sub((held / 1024) as u64));
                rss_iters.push(std::mem::take(&mut iters_since_rss));
            }
            disturbed = true;
        }
        if disturbed && duo_ns < 0.01 * PROGRESS_EVERY.as_nanos() as f64 {
            duo.discard();
            iters_since_rss += 2 * duo.iters[0].max(duo.iters[1]);
        }
        let t = duo.measure();
        iters_since_rss += 2 * duo.iters[0].max(duo.iters[1]);
        let [k1, k2] = duo.iters.map(|k| k as f64);
        first_ns.extend(FIRST_SLOTS.map(|slot| t.wall_ns[slot] / k1));
        second_ns.extend(SECOND_SLOTS.map(|slot| t.wall_ns[slot] / k2));
        measured += 1;
        pace.record(&t, measure_start.elapsed() / measured);
        let decided = judge.test().decided().is_some() || judge.push(t).is_some();
        let measured_enough = plain.as_mut().is_none_or(|plain| plain.push(t).is_some());
        if decided && measured_enough {
            break;
        }
    }
    let (test, mut evidence) = judge.finish();
    // The claimless test saw every duo: its evidence counts them all.
    let measured_on = plain.map(|plain| {
        let (plain, plain_evidence) = plain.finish();
        evidence = plain_evidence;
        plain
    });
    DuoRun {
        batch_iters: duo.iters[0],
        second_batch_iters: duo.iters[1],
        first_ns,
        second_ns,
        test,
        measured_on,
        warmup_time,
        measure_time: measure_start.elapsed(),
        evidence,
        shortfall,
        rss_kib,
        rss_iters,
    }
}

/// Whether warmup may end before its time: only for long batches (a 2 ms routine spends the
/// default 0.2 s warmup on 25 duos, and its decisions need few more), and only once the last
/// pilot duos took the same time (the caches, the branch predictors and the CPU's clock
/// frequency have settled). Short routines keep the full warmup: it costs them no duos.
fn settled_early(pilot: &[DuoTimings]) -> bool {
    let half = MIN_PILOT_DUOS / 2;
    if pilot.len() < 2 * half || pilot.iter().any(|d| d.fastest_batch_ns() < LONG_BATCH_NS) {
        return false;
    }
    // On CPU time where it was read: on a busy machine wall totals vary with preemption and
    // would keep a settled routine warming up for the whole `warmup`.
    let group_median = |duos: &[DuoTimings]| {
        let mut totals: Vec<f64> = duos.iter().map(|d| d.times(true).iter().sum()).collect();
        totals.sort_by(f64::total_cmp);
        median(&totals)
    };
    let recent = &pilot[pilot.len() - 2 * half..];
    let (older, newer) = recent.split_at(half);
    (group_median(newer) / group_median(older) - 1.0).abs() <= STABLE_SPREAD
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measure::timer_cost;
    use crate::measure::ContextSwitches;
    use std::cell::Cell;
    use std::rc::Rc;

    /// Counts as involuntary context switches the preemptions the routine itself reports
    /// (`stolen`), and has no CPU clock: a scheduler that interferes on cue.
    struct Preempting {
        stolen: Rc<Cell<u64>>,
        reads: Rc<Cell<u64>>,
    }

    impl Probe for Preempting {
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

    #[test]
    fn duos_the_probe_shows_preempted_do_not_reach_the_test() {
        let settings = DuoSettings {
            warmup: Duration::from_millis(5),
            max_time: Duration::from_millis(60),
            timer: timer_cost(),
            sequential: SequentialSettings {
                precision: 0.0,
                ..SequentialSettings::new(0.05, None, 1)
            },
            measure_on_to: None,
            metered: false,
        };
        let (stolen, reads) = (Rc::new(Cell::new(0)), Rc::new(Cell::new(0)));
        let probe = Preempting {
            stolen: Rc::clone(&stolen),
            reads: Rc::clone(&reads),
        };
        // The first routine is "preempted" once every 5,000 calls: every few duos.
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
        let e = run.evidence;
        assert_eq!(e.clock, crate::measure::Clock::Wall);
        assert!(e.duos_preempted >= 3, "{e:?}");
        // Far fewer than half preempted: every one of them set aside.
        assert_eq!(e.preempted_set_aside, e.duos_preempted);
        let tested = run.test.duo_means().len();
        let measured = run.first_ns.len() / 2;
        assert_eq!(tested + e.duos_preempted, measured);
        assert!(reads.get() >= 2 * measured as u64);
    }

    #[test]
    fn a_decided_claim_keeps_its_verdict_while_the_measurement_goes_on() {
        use crate::decide::verdict::Verdict;
        use crate::model::attrs::Claim;
        let claim = Claim::Above {
            bound: 1.5,
            inclusive: false,
        };
        let settings = DuoSettings {
            warmup: Duration::from_millis(20),
            max_time: Duration::from_millis(1_500),
            timer: timer_cost(),
            sequential: SequentialSettings::new(0.05, Some(claim), 1),
            // Finer than the default, so that the claimless test cannot be done by the time
            // the claim's sample floor lets it decide, however quiet the machine.
            measure_on_to: Some(0.0005),
            metered: false,
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
        let (lo, hi) = plain.log_interval().expect("bounded");
        assert_eq!(result.interval, Some((lo.exp(), hi.exp())));
    }

    #[test]
    fn a_sleeping_routine_is_judged_on_wall_time() {
        let settings = DuoSettings {
            warmup: Duration::from_millis(30),
            max_time: Duration::from_millis(120),
            timer: timer_cost(),
            sequential: SequentialSettings::new(0.05, None, 1),
            measure_on_to: None,
            metered: false,
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
    fn long_stable_pilots_end_warmup_early_and_drifting_ones_do_not() {
        let duo = |ns: f64| DuoTimings::wall_only([ns; 4]);
        let steady: Vec<DuoTimings> = (0..8).map(|i| duo(2e6 + f64::from(i))).collect();
        assert!(settled_early(&steady));
        assert!(!settled_early(&steady[..7]));
        let warming: Vec<DuoTimings> = (0..8).map(|i| duo(2.2e6 - 2e4 * f64::from(i))).collect();
        assert!(!settled_early(&warming));
        let short: Vec<DuoTimings> = (0..8).map(|_| duo(20_000.0)).collect();
        assert!(!settled_early(&short));
        // Preemption inflates the wall time of the newest duos; their CPU time is steady.
        let busy: Vec<DuoTimings> = (0..8)
            .map(|i| DuoTimings {
                cpu_ns: Some([2e6; 4]),
                ..duo(if i < 4 { 2e6 } else { 3e6 })
            })
            .collect();
        assert!(settled_early(&busy));
        let wall_only: Vec<DuoTimings> = busy.iter().map(|d| duo(d.wall_ns[0])).collect();
        assert!(!settled_early(&wall_only));
    }

    #[test]
    fn the_resident_set_is_read_often_early_and_every_20_ms_later() {
        let ms = Duration::from_millis;
        assert_eq!(rss_interval(ms(0)), ms(2));
        assert_eq!(rss_interval(ms(40)), ms(5));
        assert_eq!(rss_interval(ms(10_000)), ms(20));
        // A comparison that decides after 80 ms has at least four readings in its second
        // half, which the doctor's three steps of growth need.
        let (mut now, mut readings) = (rss_interval(ms(0)), Vec::new());
        while now <= ms(80) {
            readings.push(now);
            now += rss_interval(now);
        }
        let second_half = readings.iter().filter(|&&t| t >= ms(40)).count();
        assert!(second_half >= 4, "{readings:?}");
    }
}
