//! The duo loop's warmup: size each routine's batch, then keep running whole duos at that
//! size until the warmup's rule says warm (`steadiness`); the duos measured at the final
//! size are the pilot.

use super::cost::{duos_per_block, DuoCost};
use super::one_duo::{Duo, MeasuredDuo, Sizes, ThreadCounters, LONG_BATCH_NS};
use super::progress::DuoProgress;
use super::progress::Progress;
use super::settings::DuoSettings;
use super::sizes::{grow_own, next_sizes, sizing_per_iter};
use super::steadiness::{long_batches, pilot_floor, Pace};
use crate::decide::{dependence_in_reach, dependence_pilot_duos};
use crate::measure::{Deadline, TimeBatch};
use std::time::{Duration, Instant};

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
    let mut paces: Vec<Pace> = Vec::new();
    // Whether every pilot duo's batches are long.
    let mut long = true;
    let mut last_duo_ns = 0.0;
    // The shortest duo at the current sizes: blocks of the final sizes hold at most as many
    // duos as blocks of it, so a pilot floor sized on it holds their 40 blocks.
    let mut shortest_duo_ns = f64::INFINITY;
    // Each routine's batch size on its own; the duo runs them shared while they are close.
    let mut own: Sizes = [1, 1];
    // The previous duo's time per iteration of each routine, for `sizing_per_iter`.
    let mut earlier_per_iter = None;
    while deadline.fits(cost.duo_ns(duo.iters)) {
        let before = Instant::now();
        let timings = duo.measure();
        cost.record(&timings, before.elapsed());
        last_duo_ns = timings.total_ns();
        let measured = timings.per_iter_ns();
        let per_iter = sizing_per_iter(earlier_per_iter, measured);
        earlier_per_iter = Some(measured);
        let grown = grow_own(own, per_iter, target_ns);
        let sizes = next_sizes(duo.iters, own, grown, per_iter);
        own = grown;
        // Judged on the sizes the next duo runs, so that the first pilot duo at new sizes
        // already has the per-batch evidence the clock's choice needs.
        duo.per_batch = !settings.metered
            && (0..2).all(|side| per_iter[side] * sizes[side] as f64 >= LONG_BATCH_NS);
        let now = Instant::now();
        let elapsed = now.duration_since(progress.start);
        if sizes != duo.iters {
            duo.iters = sizes;
            pilot.clear();
            paces.clear();
            long = true;
            shortest_duo_ns = f64::INFINITY;
        } else {
            shortest_duo_ns = shortest_duo_ns.min(last_duo_ns);
            pilot.push(timings);
            paces.push(Pace::of(&timings, elapsed.as_nanos() as f64));
            long &= long_batches(&timings);
        }
        progress.report(now, |elapsed| DuoProgress {
            measuring: false,
            elapsed,
            pairs: 0,
            log_interval: None,
        });
        let min_pilot = settings.min_pilot_duos(shortest_duo_ns);
        let pilot_so_far = (pilot.len(), min_pilot);
        let fewest = cost.fewest_duos_ns(duo.iters, pilot_so_far, min_blocks, floor);
        let fewest_at_best =
            cost.fewest_duos_ns_at_best(duo.iters, pilot_so_far, min_blocks, floor);
        let block = duos_per_block(shortest_duo_ns);
        // Routines short enough to be judged with the dependence measured wait for the pilot
        // that measures it, past the cap if a busy machine or a late change of batch size
        // left it short: their path is set by their length, not by the warmup's luck.
        let cap_ns = settings.warmup.longest().as_nanos() as f64;
        let pilot_short = dependence_in_reach(shortest_duo_ns, block, cap_ns)
            && pilot.len() < dependence_pilot_duos(block);
        let warm = (settings
            .warmup
            .warm(elapsed, &paces, long, pilot_floor(block))
            && !pilot_short)
            || !deadline.fits_after(elapsed, 2.0 * fewest);
        // Whether the minimum fits is judged only after two duos at the current batch size:
        // right after the batch grows, the cost is extrapolated from smaller batches, whose
        // fixed costs make it pessimistic (a comparison counting allocations grew to 10,000
        // iterations a batch and gave up at once, its cost taken from batches of one), and a
        // single duo may have waited for a busy machine.
        let measured_at_size = pilot.len() >= 2;
        if (warm && pilot.len() >= min_pilot)
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
