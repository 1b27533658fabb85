//! Batch sizes of a duo, one per routine. Routines of similar speed run the same number of
//! iterations per batch, so that each pair compares like with like; routines far apart run
//! their own counts (compared per iteration), so that a 35 ns routine is not timed one call
//! at a time beside a 185 µs one, nor a 185 µs one five thousand times beside a 35 ns one.

use super::one_duo::{Sizes, LONG_BATCH_NS};

/// Largest factor by which one sizing step may grow a batch.
const MAX_GROWTH: f64 = 100.0;

/// Routines whose own batch sizes are at most this far apart run the larger of the two: then
/// the slower routine's batches are at most this many times the target, short enough, and
/// both routines' batches hold the same iterations.
pub const SHARED_WITHIN: u64 = 16;

/// Once the slower routine's batch is long, the faster one's aims this much past
/// [`LONG_BATCH_NS`], so that the noise of its timing does not put it just under.
const LONG_MARGIN: f64 = 1.25;

/// The sizes each routine would have on its own, grown by one step from `own` given each
/// routine's measured time per iteration: a routine whose batch would last under half its
/// target grows towards the target. The slower routine's target is `target_ns`; the faster
/// one's batch is made as long as the slower one's, so that both batches of a pair see the
/// machine for about as long (time-dependent noise hits both alike), and once the slower
/// one's is long ([`LONG_BATCH_NS`]) a little longer than that and no more, so that both are
/// long enough for the CPU clock to judge.
#[must_use]
pub fn grow_own(own: Sizes, per_iter_ns: [f64; 2], target_ns: f64) -> Sizes {
    let per_iter = per_iter_ns.map(|ns| ns.max(0.01));
    let batch = [0, 1].map(|side| per_iter[side] * own[side] as f64);
    let slower = usize::from(per_iter[1] > per_iter[0]);
    let mut targets = [target_ns; 2];
    // A batch grows once it falls under half its target; the faster routine's, beside a
    // long one, once it is no longer long itself. Routines closer than [`SHARED_WITHIN`]
    // share the faster one's count anyway, sized as it always was.
    let mut floors = [0.5 * target_ns; 2];
    let faster = 1 - slower;
    let lopsided = per_iter[slower] > SHARED_WITHIN as f64 * per_iter[faster];
    if lopsided && batch[slower] >= LONG_BATCH_NS {
        targets[faster] = LONG_MARGIN * LONG_BATCH_NS;
        floors[faster] = LONG_BATCH_NS;
    } else if lopsided {
        targets[faster] = target_ns.max(batch[slower]);
        floors[faster] = 0.5 * targets[faster];
    }
    [0, 1].map(|side| {
        let k = own[side] as f64;
        if batch[side] >= floors[side] {
            return own[side];
        }
        let wanted = (targets[side] / per_iter[side]).ceil();
        wanted.min(k * MAX_GROWTH).max(k * 2.0) as u64
    })
}

/// Each routine's time per iteration to size its batches by: the least of this duo's
/// (`measured`) and the one's before (`earlier`). Sizes never shrink, so one duo in which a
/// rare slow call (an amortized flush, a rehash) fell in both of one routine's batches would
/// otherwise size the other routine's batches for a routine that is slow, for the rest of
/// the run: batches of very different lengths, which leave the routine with the short ones
/// too small a share of the machine's outliers for its own to be told from them.
#[must_use]
pub fn sizing_per_iter(earlier: Option<[f64; 2]>, measured: [f64; 2]) -> [f64; 2] {
    earlier.map_or(measured, |e| [0, 1].map(|side| e[side].min(measured[side])))
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

/// The sizes the next duo runs, from the sizes the last one ran (`running`), each routine's
/// own count before this step (`own`) and after it (`grown`), and their time per iteration
/// at the sizes they ran (`per_iter_ns`, as [`sizing_per_iter`] gives it). A step that
/// grows a count sizes the duo from the counts ([`shared`]). Between growths, routines
/// running their own counts go over to one count for both once their times per iteration
/// are within [`SHARED_WITHIN`] of each other. A routine of two paths (a value recomputed
/// every few calls) is timed on its fast path alone while its batch holds a call or two, and
/// the count sized on that stays, as counts never shrink: the counts then put the routines
/// farther apart than they are, and the time per iteration of the grown batch, which holds
/// both paths, tells how far apart they are. Which way the sizes go sets the duo's length,
/// and so the path its comparison takes, which must not rest on which call a one-call batch
/// happened to time. The change goes one way, so that routines whose times per iteration sit
/// at the line do not flap between the two (every change of size starts the pilot again).
#[must_use]
pub fn next_sizes(running: Sizes, own: Sizes, grown: Sizes, per_iter_ns: [f64; 2]) -> Sizes {
    if grown != own {
        return shared(grown);
    }
    let together = [grown[0].max(grown[1]); 2];
    let per_iter = per_iter_ns.map(|ns| ns.max(0.01));
    let (low, high) = (per_iter[0].min(per_iter[1]), per_iter[0].max(per_iter[1]));
    if running != together && high <= SHARED_WITHIN as f64 * low {
        together
    } else {
        running
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
        // Near a long batch, as always: each call is long enough on its own.
        assert_eq!(settle([0.9e6, 1.05e6], 20_000.0), [1, 1]);
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
        // 1 µs against 1 ms, the other way round: both batches 1 ms or a little longer.
        assert_eq!(settle([1e6, 1_000.0], 20_000.0), [1, 1_250]);
        // 1 ns against 150 ms: the short routine's batch is long, and stops there.
        let [fast, slow] = settle([1.0, 1.5e8], 20_000.0);
        assert_eq!(slow, 1);
        assert!((1_000_000..=1_250_000).contains(&fast), "{fast}");
        // Just under a long batch: the faster routine's batch is as long.
        assert_eq!(settle([1.0, 900_000.0], 20_000.0), [900_000, 1]);
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
    fn one_duo_with_a_rare_slow_call_in_both_batches_does_not_size_the_run() {
        // Two routines of 470 ns; in the sixth duo both of the first's batches held its
        // rare 2 ms call. Sized on the least of two duos they keep sharing one count.
        let per_iter = |duo: usize| {
            let first = if duo == 5 { 2e6 / 44.0 } else { 467.0 };
            [first, 468.0]
        };
        let grow = |robust: bool| {
            let (mut own, mut earlier) = ([1, 1], None);
            for duo in 0..20 {
                let measured = per_iter(duo);
                let sizing = if robust {
                    sizing_per_iter(earlier, measured)
                } else {
                    measured
                };
                earlier = Some(measured);
                own = grow_own(own, sizing, 20_000.0);
            }
            shared(own)
        };
        let sizes = grow(true);
        assert_eq!(sizes[0], sizes[1], "{sizes:?}");
        // Negative control: sized on each duo alone, the slow call makes the second routine's
        // batches long and leaves the first's short, for good.
        let lopsided = grow(false);
        assert!(lopsided[1] > 16 * lopsided[0], "{lopsided:?}");
    }

    /// The sizes a warmup's sizing reaches, duo by duo, with `next` choosing each duo's
    /// sizes: a first routine of two paths (270 ns a call, and 4.4 µs every eighth call)
    /// beside a second of 4.4 µs, each duo timing the calls its batches ran (two a side).
    fn sizes_of_two_paths(next: fn(Sizes, Sizes, Sizes, [f64; 2]) -> Sizes) -> Vec<Sizes> {
        let (target, other) = (22_000.0, 4_400.0);
        let mut calls = 0_u64;
        let mut first_batches = |k: u64| {
            let ns: f64 = (0..2 * k)
                .map(|_| {
                    calls += 1;
                    if calls.is_multiple_of(8) {
                        4_400.0
                    } else {
                        270.0
                    }
                })
                .sum();
            ns / (2 * k) as f64
        };
        let (mut running, mut own, mut earlier) = ([1, 1], [1, 1], None);
        let mut seen = Vec::new();
        for _ in 0..12 {
            let measured = [first_batches(running[0]), other];
            let per_iter = sizing_per_iter(earlier, measured);
            earlier = Some(measured);
            let grown = grow_own(own, per_iter, target);
            running = next(running, own, grown, per_iter);
            own = grown;
            seen.push(running);
        }
        seen
    }

    #[test]
    fn a_routine_of_two_paths_timed_on_its_fast_one_still_shares_the_count() {
        // Its first batch of one call timed the fast path: its count is sized 82, the other
        // routine's 5, just over sixteen times apart, while at 82 calls a batch (790 ns a
        // call) the two are 5.6 times apart. The duo goes over to one count and stays there.
        let seen = sizes_of_two_paths(next_sizes);
        assert_eq!(seen[0], [82, 5], "{seen:?}");
        assert_eq!(*seen.last().expect("duos ran"), [82, 82], "{seen:?}");
        let changes = seen.windows(2).filter(|w| w[0] != w[1]).count();
        assert_eq!(changes, 1, "{seen:?}");
        // Negative control: sized on the counts alone, the fast path's count leaves the two
        // running their own counts for good, a duo a fifth as long.
        let counts_only = sizes_of_two_paths(|_, _, grown, _| shared(grown));
        assert_eq!(
            *counts_only.last().expect("duos ran"),
            [82, 5],
            "{counts_only:?}"
        );
    }

    #[test]
    fn sizes_go_over_to_one_count_one_way_and_only_between_growths() {
        // Running one count at the line: it stays, whatever the next duo's times say.
        assert_eq!(
            next_sizes([80, 80], [80, 5], [80, 5], [100.0, 1_650.0]),
            [80, 80]
        );
        // Running their own counts, far apart by the times too: they stay.
        assert_eq!(
            next_sizes([80, 5], [80, 5], [80, 5], [100.0, 1_700.0]),
            [80, 5]
        );
        // A growth sizes from the counts, whatever the times.
        assert_eq!(
            next_sizes([80, 80], [80, 5], [80, 6], [100.0, 200.0]),
            [80, 80]
        );
        assert_eq!(
            next_sizes([40, 40], [40, 5], [170, 5], [100.0, 200.0]),
            [170, 5]
        );
    }

    #[test]
    fn shared_counts_stop_at_sixteen_times_apart() {
        assert_eq!(shared([16, 1]), [16, 16]);
        assert_eq!(shared([1, 17]), [1, 17]);
        assert_eq!(shared([u64::MAX, 1]), [u64::MAX, 1]);
    }
}
