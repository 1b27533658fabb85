//! The duo loop: warm up, size batches, then alternate (first, second), (second, first)
//! until the sequential test decides or the time budget ends.

use super::batch::BatchRunner;
use super::timer::TimerCost;
use crate::analysis::duo_times::DuoTimes;
use crate::analysis::sequential::{Sequential, SequentialSettings};
use std::time::{Duration, Instant};

/// Pilot pairs measured at the final batch size before the test starts; they fix the
/// outlier fence.
const MIN_PILOT_DUOS: usize = 8;
/// A block of duos should span about this long, so block means average out short-range
/// dependence between consecutive duos.
const BLOCK_TARGET_NS: f64 = 1_000_000.0;
/// Upper bound on duos per block, so that slow routines still give enough blocks.
const MAX_DUOS_PER_BLOCK: f64 = 64.0;
/// Largest factor by which one sizing step may grow the batch.
const MAX_GROWTH: f64 = 100.0;

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
}

/// Everything measured in one duo run, before analysis.
#[derive(Clone, Debug)]
pub struct DuoRun {
    /// Iterations per timed batch, the same for both routines.
    pub batch_iters: u64,
    /// Per-iteration latency of each batch of the first routine, in nanoseconds.
    pub first_ns: Vec<f64>,
    /// Per-iteration latency of each batch of the second routine, in nanoseconds.
    pub second_ns: Vec<f64>,
    /// The sequential test, with its verdict if it reached one.
    pub test: Sequential,
    /// Time spent warming up and sizing batches.
    pub warmup_time: Duration,
    /// Time spent measuring after warmup.
    pub measure_time: Duration,
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
/// duos, at most every [`PROGRESS_EVERY`]. The check reuses the clock read the budget needs anyway. When duos
/// are short (under 1% of [`PROGRESS_EVERY`]), the duo right after a report is run but not
/// recorded, so the report's cache disturbance touches no sample; longer duos have batches
/// long enough that a few microseconds of writing vanish in them.
pub fn run_duos<O1, O2>(
    first: impl FnMut() -> O1,
    second: impl FnMut() -> O2,
    settings: &DuoSettings,
    mut observe: Option<&mut dyn FnMut(&DuoProgress)>,
) -> DuoRun {
    let start = Instant::now();
    let mut next_report = start + PROGRESS_EVERY;
    let mut duo = Duo {
        first: BatchRunner::new(first),
        second: BatchRunner::new(second),
        iters: 1,
        overhead_ns: settings.timer.overhead_ns,
        mirrored: false,
    };
    let target_ns = settings.timer.target_batch_ns();
    let budget_left = |now: Instant| now.duration_since(start) < settings.max_time;

    // Warmup: size the batch, then keep running whole duos at that size. Pilot pairs are
    // only those measured at the final size.
    let mut pilot = Vec::new();
    let mut duo_ns;
    loop {
        let timings = duo.measure();
        duo_ns = timings.total_ns();
        let fastest = timings.fastest_batch_ns();
        if fastest < 0.5 * target_ns {
            let per_iter = (fastest / duo.iters as f64).max(0.01);
            let wanted = (target_ns / per_iter).ceil();
            let grown = wanted
                .min(duo.iters as f64 * MAX_GROWTH)
                .max(duo.iters as f64 * 2.0);
            duo.iters = grown as u64;
            pilot.clear();
        } else {
            pilot.push(timings.times());
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
        let warm = now.duration_since(start) >= settings.warmup;
        if (warm && pilot.len() >= MIN_PILOT_DUOS) || !budget_left(now) {
            break;
        }
    }
    let warmup_time = start.elapsed();

    // The typical (median) pilot duo sets the block length: the last duo alone may hold a
    // routine's rare slow call, which would make every block a single duo.
    let mut pilot_duo_ns: Vec<f64> = pilot.iter().map(|d| d.first_ns() + d.second_ns()).collect();
    pilot_duo_ns.sort_by(f64::total_cmp);
    if !pilot_duo_ns.is_empty() {
        duo_ns = pilot_duo_ns[pilot_duo_ns.len() / 2];
    }
    let duos_per_block = (BLOCK_TARGET_NS / duo_ns.max(1.0))
        .ceil()
        .clamp(1.0, MAX_DUOS_PER_BLOCK) as usize;
    let sequential = SequentialSettings {
        duos_per_block,
        ..settings.sequential
    };
    let mut test = Sequential::new(sequential, &pilot);
    let mut first_ns = Vec::new();
    let mut second_ns = Vec::new();
    let measure_start = Instant::now();
    loop {
        let now = Instant::now();
        if !budget_left(now) {
            break;
        }
        if let Some(observe) = observe.as_mut().filter(|_| now >= next_report) {
            next_report = now + PROGRESS_EVERY;
            observe(&DuoProgress {
                measuring: true,
                elapsed: now.duration_since(start),
                pairs: 2 * test.duo_means().len(),
                log_interval: test.log_interval(),
            });
            if duo_ns < 0.01 * PROGRESS_EVERY.as_nanos() as f64 {
                duo.discard();
            }
        }
        let t = duo.measure();
        let k = duo.iters as f64;
        first_ns.extend([t.first_forward / k, t.first_backward / k]);
        second_ns.extend([t.second_forward / k, t.second_backward / k]);
        if test.push_duo(&t.times()).is_some() {
            break;
        }
    }
    DuoRun {
        batch_iters: duo.iters,
        first_ns,
        second_ns,
        test,
        warmup_time,
        measure_time: measure_start.elapsed(),
    }
}

/// Both routines with their shared batch size.
struct Duo<O1, O2, F1: FnMut() -> O1, F2: FnMut() -> O2> {
    first: BatchRunner<O1, F1>,
    second: BatchRunner<O2, F2>,
    iters: u64,
    overhead_ns: f64,
    /// Whether the last duo ran in mirrored order.
    mirrored: bool,
}

impl<O1, O2, F1: FnMut() -> O1, F2: FnMut() -> O2> Duo<O1, O2, F1, F2> {
    /// Runs one duo whose timings are thrown away (to let the machine settle after printing
    /// progress), keeping the alternation of orientations of the recorded duos intact.
    fn discard(&mut self) {
        self.measure();
        self.mirrored = !self.mirrored;
    }

    /// One duo: (first, second), then (second, first) — or, every other duo, the mirror
    /// image (second, first), then (first, second). The first batch of a duo runs right after
    /// the loop's own bookkeeping, which leaves caches and branch predictors slightly
    /// disturbed; alternating gives that position to each routine equally often, so it
    /// cannot bias the ratio (measured: without it, an A/A comparison of a 55 ns routine with
    /// itself excluded a ratio of 1 in 13 of 200 one-second runs, all on the same side).
    fn measure(&mut self) -> DuoTimings {
        let k = self.iters;
        self.mirrored = !self.mirrored;
        let (first_forward, second_forward, second_backward, first_backward);
        if self.mirrored {
            second_backward = self.second.time(k);
            first_backward = self.first.time(k);
            first_forward = self.first.time(k);
            second_forward = self.second.time(k);
        } else {
            first_forward = self.first.time(k);
            second_forward = self.second.time(k);
            second_backward = self.second.time(k);
            first_backward = self.first.time(k);
        }
        let net = |ns: f64| (ns - self.overhead_ns).max(1.0);
        DuoTimings {
            first_forward: net(first_forward),
            second_forward: net(second_forward),
            second_backward: net(second_backward),
            first_backward: net(first_backward),
        }
    }
}

/// Net batch times of one duo, in nanoseconds.
struct DuoTimings {
    first_forward: f64,
    second_forward: f64,
    second_backward: f64,
    first_backward: f64,
}

impl DuoTimings {
    fn times(&self) -> DuoTimes {
        DuoTimes {
            first_forward: self.first_forward,
            second_forward: self.second_forward,
            second_backward: self.second_backward,
            first_backward: self.first_backward,
        }
    }

    fn fastest_batch_ns(&self) -> f64 {
        self.first_forward
            .min(self.second_forward)
            .min(self.second_backward)
            .min(self.first_backward)
    }

    fn total_ns(&self) -> f64 {
        self.first_forward + self.second_forward + self.second_backward + self.first_backward
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::RefCell;

    #[test]
    fn duos_alternate_orientation_and_discarded_duos_keep_the_alternation() {
        let order = RefCell::new(String::new());
        let mut duo = Duo {
            first: BatchRunner::new(|| order.borrow_mut().push('F')),
            second: BatchRunner::new(|| order.borrow_mut().push('S')),
            iters: 1,
            overhead_ns: 0.0,
            mirrored: false,
        };
        duo.measure();
        duo.measure();
        assert_eq!(order.borrow().as_str(), "SFFSFSSF");
        order.borrow_mut().clear();
        duo.discard();
        duo.measure();
        // The discarded duo does not count: the recorded one is the mirror of the last
        // recorded one.
        assert_eq!(&order.borrow()[4..], "SFFS");
    }
}
