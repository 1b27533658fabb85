//! The duo loop's measuring: alternate duos while the next one fits in the budget, feed
//! each to the screens in front of the sequential tests until they are done, and read the
//! process's resident set between duos.

use super::blocks::Blocks;
use super::cost::DuoCost;
use super::one_duo::{Duo, ThreadCounters, FIRST_SLOTS, SECOND_SLOTS};
use super::progress::{DuoProgress, Progress, PROGRESS_EVERY};
use super::screen::DuoScreen;
use crate::measure::{resident_kib, Deadline, TimeBatch};
use crate::util::HeldBytes;
use std::time::{Duration, Instant};

/// Longest time between two readings of the resident set while measuring, for a few
/// microseconds each.
pub const RSS_EVERY: Duration = Duration::from_millis(20);
/// Shortest time between two readings of the resident set.
const RSS_EVERY_AT_FIRST: Duration = Duration::from_millis(2);

/// When the next reading of the resident set is due, `elapsed` into measuring: an eighth of
/// the time measured so far, between [`RSS_EVERY_AT_FIRST`] and [`RSS_EVERY`], so that
/// every doubling of the run adds about eight readings and the doctor sees memory that
/// grows with the iterations also in a comparison that decides in a few hundredths of a
/// second (a fixed 20 ms interval leaves such a comparison too few readings for the three
/// steps growth must show).
fn rss_interval(elapsed: Duration) -> Duration {
    (elapsed / 8).clamp(RSS_EVERY_AT_FIRST, RSS_EVERY)
}

/// What measuring recorded, besides what the tests were fed.
pub struct Measured {
    /// Per-iteration latency of each batch of the first routine, in nanoseconds.
    pub first_ns: Vec<f64>,
    /// Per-iteration latency of each batch of the second routine, in nanoseconds.
    pub second_ns: Vec<f64>,
    /// Time spent measuring.
    pub time: Duration,
    /// Resident set (KiB) less the loop's own share (`OwnRecords`), at each reading.
    pub rss_kib: Vec<u64>,
    /// Iterations of the routine with the larger batches between readings.
    pub rss_iters: Vec<u64>,
}

/// The duo loop's own share of the resident set, to take out of every reading: what its
/// records hold written, and every growth of their buffers since measuring began.
///
/// A buffer that grows copies what it held into new memory and may leave the old one
/// resident (freed memory stays in the process), so the records can raise the resident set
/// by what is written into them and by what their buffers grew, never by more. Taking out
/// both leaves readings that only the routines can make rise: a buffer that grows in place
/// or is moved without a copy makes them fall a little instead, which can hide a little
/// growth but never show any.
struct OwnRecords {
    last_reserved: usize,
    grown: usize,
}

impl OwnRecords {
    fn new(held: HeldBytes) -> Self {
        Self {
            last_reserved: held.reserved,
            grown: 0,
        }
    }

    /// `resident_kib` less the loop's share, with its records holding `held` now.
    fn routines_kib(&mut self, resident_kib: u64, held: HeldBytes) -> u64 {
        self.grown += held.reserved.saturating_sub(self.last_reserved);
        self.last_reserved = held.reserved;
        let own_kib = (held.written + self.grown) / 1024;
        resident_kib.saturating_sub(own_kib as u64)
    }
}

/// Measures duos into `blocks`' tests until both are done or the budget ends; nothing when
/// the blocks fell short. When duos are short (under 1% of [`PROGRESS_EVERY`]), the duo
/// right after a report or a reading is run but not recorded, so their cache disturbance
/// touches no sample; longer duos have batches long enough that a few microseconds of
/// writing vanish in them.
pub fn measure<A: TimeBatch, B: TimeBatch, P: ThreadCounters>(
    duo: &mut Duo<A, B, P>,
    blocks: &mut Blocks,
    cost: &mut DuoCost,
    deadline: &Deadline,
    progress: &mut Progress<'_>,
) -> Measured {
    let Blocks {
        duo_ns,
        shortfall,
        screen,
        plain,
    } = blocks;
    let mut first_ns = Vec::new();
    let mut second_ns = Vec::new();
    let measure_start = Instant::now();
    // Measuring, while the next duo fits in the budget at what those so far cost.
    let mut measured = 0u32;
    let (mut rss_kib, mut rss_iters) = (Vec::new(), Vec::new());
    let mut own = OwnRecords::new(held_bytes(&first_ns, &second_ns, screen, plain.as_ref()));
    let (mut next_rss, mut iters_since_rss) = (measure_start + RSS_EVERY_AT_FIRST, 0);
    while shortfall.is_none() && deadline.fits(cost.duo_ns(duo.iters)) {
        let now = Instant::now();
        let mut disturbed = progress.report(now, |elapsed| DuoProgress {
            measuring: true,
            elapsed,
            pairs: 2 * screen.test().duo_means().len(),
            log_interval: screen.test().log_interval(),
        });
        if now >= next_rss {
            next_rss = now + rss_interval(now.duration_since(measure_start));
            if let Some(kib) = resident_kib() {
                // Less what the loop itself keeps per duo (tens of bytes, which a short
                // routine's hundreds of thousands of duos make megabytes).
                let held = held_bytes(&first_ns, &second_ns, screen, plain.as_ref());
                rss_kib.push(own.routines_kib(kib, held));
                rss_iters.push(std::mem::take(&mut iters_since_rss));
            }
            disturbed = true;
        }
        if disturbed && *duo_ns < 0.01 * PROGRESS_EVERY.as_nanos() as f64 {
            duo.discard();
            iters_since_rss += 2 * duo.iters[0].max(duo.iters[1]);
        }
        let t = duo.measure();
        iters_since_rss += 2 * duo.iters[0].max(duo.iters[1]);
        let [k1, k2] = duo.iters.map(|k| k as f64);
        first_ns.extend(FIRST_SLOTS.map(|slot| t.wall_ns[slot] / k1));
        second_ns.extend(SECOND_SLOTS.map(|slot| t.wall_ns[slot] / k2));
        measured += 1;
        cost.record(&t, measure_start.elapsed() / measured);
        let decided = screen.test().decided().is_some() || screen.push(t).is_some();
        let measured_enough = plain.as_mut().is_none_or(|plain| plain.push(t).is_some());
        if decided && measured_enough {
            break;
        }
    }
    Measured {
        first_ns,
        second_ns,
        time: measure_start.elapsed(),
        rss_kib,
        rss_iters,
    }
}

/// What the loop's records hold: the batch times and both tests' records.
fn held_bytes(
    first_ns: &Vec<f64>,
    second_ns: &Vec<f64>,
    screen: &DuoScreen,
    plain: Option<&DuoScreen>,
) -> HeldBytes {
    HeldBytes::of(first_ns)
        + HeldBytes::of(second_ns)
        + screen.held_bytes()
        + plain.map_or_else(HeldBytes::default, DuoScreen::held_bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_loops_records_never_raise_the_readings_at_any_size() {
        // Records of 1 MiB reserved, 512 KiB written. Writing another 256 KiB into fresh
        // pages, then a doubling that copies the 768 KiB written into a new 2 MiB buffer and
        // leaves the old one resident, then filling it: the resident set rises by the
        // writes and by the copy.
        const KIB: usize = 1024;
        let base_kib = 10_000;
        let held = |written_kib: usize, reserved_kib: usize| HeldBytes {
            written: written_kib * KIB,
            reserved: reserved_kib * KIB,
        };
        let mut own = OwnRecords::new(held(512, 1024));
        let readings = [
            own.routines_kib(base_kib + 512, held(512, 1024)),
            own.routines_kib(base_kib + 768, held(768, 1024)),
            own.routines_kib(base_kib + 768 + 768, held(768, 2048)),
            own.routines_kib(base_kib + 768 + 2048, held(2048, 2048)),
        ];
        // The copy is what was written, less than the buffer grew: the readings fall by
        // the difference, and never rise.
        assert_eq!(
            readings,
            [base_kib, base_kib, base_kib - 256, base_kib - 256]
        );
        // Negative control: less what is written alone (the rule before), the doubling
        // reads as 768 KiB that the routines kept.
        let written_only = [base_kib + 768 - 768, base_kib + 768 + 768 - 768];
        assert_eq!(written_only[1] - written_only[0], 768);
        // Memory the routines keep still shows, after the records grew.
        let kept = own.routines_kib(base_kib + 768 + 2048 + 300, held(2048, 2048));
        assert_eq!(kept - readings[3], 300);
        // A buffer that grows without a copy (moved pages) only lowers the readings.
        let moved = own.routines_kib(base_kib + 768 + 2048 + 300, held(2048, 4096));
        assert!(moved < kept, "{moved} {kept}");
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
