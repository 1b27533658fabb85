//! Batch sizes of a duo, one per routine. Routines of similar speed run the same number of
//! iterations per batch, so that each pair compares like with like; routines far apart run
//! their own counts (compared per iteration), so that a 35 ns routine is not timed one call
//! at a time beside a 185 µs one, nor a 185 µs one five thousand times beside a 35 ns one.

use super::duo_batches::LONG_BATCH_NS;

/// Largest factor by which one sizing step may grow a batch.
const MAX_GROWTH: f64 = 100.0;

/// Routines whose own batch sizes are at most this far apart run the larger of the two: then
/// the slower routine's batches are at most this many times the target, short enough, and
/// both routines' batches hold the same iterations.
pub const SHARED_WITHIN: u64 = 16;

/// Iterations per batch, (first routine, second routine).
pub type Sizes = [u64; 2];

/// The sizes each routine would have on its own, grown by one step from `own` given each
/// routine's measured time per iteration: a routine whose batch would last under half its
/// target grows towards the target. The slower routine's target is `target_ns`; the faster
/// one's batch is made as long as the slower one's, up to [`LONG_BATCH_NS`], so that both
/// batches of a pair see the machine for about as long (time-dependent noise hits both alike)
/// and, for long routines, both are long enough for the CPU clock to judge.
#[must_use]
pub fn grow_own(own: Sizes, per_iter_ns: [f64; 2], target_ns: f64) -> Sizes {
    let per_iter = per_iter_ns.map(|ns| ns.max(0.01));
    let batch = [0, 1].map(|side| per_iter[side] * own[side] as f64);
    let slower = usize::from(per_iter[1] > per_iter[0]);
    let mut targets = [target_ns; 2];
    targets[1 - slower] = target_ns.max(batch[slower].min(LONG_BATCH_NS));
    [0, 1].map(|side| {
        let k = own[side] as f64;
        if batch[side] >= 0.5 * targets[side] {
            return own[side];
        }
        let wanted = (targets[side] / per_iter[side]).ceil();
        wanted.min(k * MAX_GROWTH).max(k * 2.0) as u64
    })
}

/// The sizes a duo runs, from each routine's own: the larger of the two for both while they
/// are within [`SHARED_WITHIN`] of each other, else each its own.
#[must_use]
pub fn shared(own: Sizes) -> Sizes {
    let (low, high) = (own[0].min(own[1]), own[0].max(own[1]));
    if high <= low.saturating_mul(SHARED_WITHIN) {
        [high; 2]
    } else {
        own
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sizes after growing from one iteration until they settle.
    fn settle(per_iter_ns: [f64; 2], target_ns: f64) -> Sizes {
        let mut own = [1, 1];
        for _ in 0..20 {
            own = grow_own(own, per_iter_ns, target_ns);
        }
        shared(own)
    }

    #[test]
    fn routines_of_similar_speed_share_the_faster_ones_count() {
        assert_eq!(settle([50.0, 50.0], 20_000.0), [400, 400]);
        assert_eq!(settle([50.0, 400.0], 20_000.0), [400, 400]);
        // Ten times apart: the slower routine's batches last ten targets.
        assert_eq!(settle([500.0, 50.0], 20_000.0), [400, 400]);
        assert_eq!(settle([3e6, 2e6], 20_000.0), [1, 1]);
    }

    #[test]
    fn routines_far_apart_each_run_their_own_count_with_batches_alike() {
        // 35 ns against 185 µs: the short routine's batch lasts as long as one long call.
        let [fast, slow] = settle([35.0, 185_000.0], 20_000.0);
        assert_eq!(slow, 1);
        assert!((5_000..=5_400).contains(&fast), "{fast}");
        // 1 µs against 1 ms, the other way round: both batches about 1 ms.
        assert_eq!(settle([1e6, 1_000.0], 20_000.0), [1, 1_000]);
        // 1 ns against 150 ms: the short routine's batch stops at 1 ms.
        assert_eq!(settle([1.0, 1.5e8], 20_000.0), [1_000_000, 1]);
        // 1,000 times apart, both short: both reach the target.
        assert_eq!(settle([2.0, 2_000.0], 20_000.0), [10_000, 10]);
    }

    #[test]
    fn a_step_grows_at_most_a_hundredfold_and_at_least_twofold() {
        assert_eq!(grow_own([1, 1], [1.0, 1.0], 20_000.0), [100, 100]);
        assert_eq!(grow_own([100, 100], [90.0, 90.0], 20_000.0), [223, 223]);
        assert_eq!(grow_own([400, 400], [50.0, 50.0], 20_000.0), [400, 400]);
    }

    #[test]
    fn shared_counts_stop_at_sixteen_times_apart() {
        assert_eq!(shared([16, 1]), [16, 16]);
        assert_eq!(shared([1, 17]), [1, 17]);
        assert_eq!(shared([u64::MAX, 1]), [u64::MAX, 1]);
    }
}
