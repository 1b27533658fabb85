//! The duo loop's warmup: size each routine's batch, then keep running whole duos at that
//! size; the duos measured at the final size are the pilot.

use super::batches::{Duo, MeasuredDuo, Sizes, ThreadCounters, LONG_BATCH_NS};
use super::cost::{DuoCost, MIN_PILOT_DUOS};
use super::progress::DuoProgress;
use super::progress::Progress;
use super::settings::DuoSettings;
use super::sizes::{grow_own, shared};
use crate::measure::{Deadline, TimeBatch};
use crate::stats::median;
use std::time::{Duration, Instant};

/// Long batches end warmup early once the last pilot duos' total times agree within this
/// (relative difference of the medians of the last two groups of `MIN_PILOT_DUOS / 2`).
const STABLE_SPREAD: f64 = 0.01;

/// What the warmup leaves: the pilot duos, the last duo's length and the time it took.
pub struct Warmup {
    /// The duos measured at the final batch sizes.
    pub pilot: Vec<MeasuredDuo>,
    /// Total time of the last duo, in nanoseconds (0 when none ran).
    pub last_duo_ns: f64,
    /// Time spent warming up and sizing batches, the probes included.
    pub time: Duration,
}

/// Warms up `duo`, growing its batch sizes to the timer's target. The warmup gives way when
/// only twice the fewest duos a decision needs (`floor` of them at least) still fit.
pub fn warm_up<A: TimeBatch, B: TimeBatch, P: ThreadCounters>(
    duo: &mut Duo<A, B, P>,
    cost: &mut DuoCost,
    deadline: &Deadline,
    settings: &DuoSettings,
    floor: usize,
    progress: &mut Progress<'_>,
) -> Warmup {
    let target_ns = settings.timer.target_batch_ns();
    let min_blocks = settings.sequential.min_blocks;
    let mut pilot: Vec<MeasuredDuo> = Vec::new();
    let mut last_duo_ns = 0.0;
    // Each routine's batch size on its own; the duo runs them shared while they are close.
    let mut own: Sizes = [1, 1];
    while deadline.fits(cost.duo_ns(duo.iters)) {
        let before = Instant::now();
        let timings = duo.measure();
        cost.record(&timings, before.elapsed());
        last_duo_ns = timings.total_ns();
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
        progress.report(now, |elapsed| DuoProgress {
            measuring: false,
            elapsed,
            pairs: 0,
            log_interval: None,
        });
        let elapsed = now.duration_since(progress.start);
        let fewest = cost.fewest_duos_ns(duo.iters, pilot.len(), min_blocks, floor);
        let fewest_at_best = cost.fewest_duos_ns_at_best(duo.iters, pilot.len(), min_blocks, floor);
        let warm = elapsed >= settings.warmup
            || settled_early(&pilot)
            || !deadline.fits_after(elapsed, 2.0 * fewest);
        // Whether the minimum fits is judged only after two duos at the current batch size:
        // right after the batch grows, the cost is extrapolated from smaller batches, whose
        // fixed costs make it pessimistic (a comparison counting allocations grew to 10,000
        // iterations a batch and gave up at once, its cost taken from batches of one), and a
        // single duo may have waited for a busy machine.
        let measured_at_size = pilot.len() >= 2;
        if (warm && pilot.len() >= MIN_PILOT_DUOS)
            || (measured_at_size && !deadline.fits_after(elapsed, fewest_at_best))
        {
            break;
        }
    }
    Warmup {
        pilot,
        last_duo_ns,
        time: progress.start.elapsed(),
    }
}

/// Whether warmup may end before its time: only for long batches (a 2 ms routine spends the
/// default 0.2 s warmup on 25 duos, and its decisions need few more), and only once the last
/// pilot duos took the same time (the caches, the branch predictors and the CPU's clock
/// frequency have settled). Short routines keep the full warmup: it costs them no duos.
fn settled_early(pilot: &[MeasuredDuo]) -> bool {
    let half = MIN_PILOT_DUOS / 2;
    if pilot.len() < 2 * half || pilot.iter().any(|d| d.fastest_batch_ns() < LONG_BATCH_NS) {
        return false;
    }
    // On CPU time where it was read: on a busy machine wall totals vary with preemption and
    // would keep a settled routine warming up for the whole `warmup`.
    let group_median = |duos: &[MeasuredDuo]| {
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

    #[test]
    fn long_stable_pilots_end_warmup_early_and_drifting_ones_do_not() {
        let duo = |ns: f64| MeasuredDuo::wall_only([ns; 4]);
        let steady: Vec<MeasuredDuo> = (0..8).map(|i| duo(2e6 + f64::from(i))).collect();
        assert!(settled_early(&steady));
        assert!(!settled_early(&steady[..7]));
        let warming: Vec<MeasuredDuo> = (0..8).map(|i| duo(2.2e6 - 2e4 * f64::from(i))).collect();
        assert!(!settled_early(&warming));
        let short: Vec<MeasuredDuo> = (0..8).map(|_| duo(20_000.0)).collect();
        assert!(!settled_early(&short));
        // Preemption inflates the wall time of the newest duos; their CPU time is steady.
        let busy: Vec<MeasuredDuo> = (0..8)
            .map(|i| MeasuredDuo {
                cpu_ns: Some([2e6; 4]),
                ..duo(if i < 4 { 2e6 } else { 3e6 })
            })
            .collect();
        assert!(settled_early(&busy));
        let wall_only: Vec<MeasuredDuo> = busy.iter().map(|d| duo(d.wall_ns[0])).collect();
        assert!(!settled_early(&wall_only));
    }
}
