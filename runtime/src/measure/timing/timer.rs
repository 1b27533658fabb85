//! The clock, and what reading it costs.
//!
//! `Instant::now()` is the only clock: it is monotonic everywhere, and on common machines
//! advances in steps of nanoseconds to tens of nanoseconds at a cost of tens of nanoseconds
//! per pair of reads. Both are measured once at start-up, so that batch sizes can be chosen
//! to make them negligible and the read cost can be subtracted from every timed batch.

use std::hint::black_box;
use std::sync::OnceLock;
use std::time::Instant;

/// What reading the clock costs on this machine, measured at start-up.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct TimerCost {
    /// Median time between two back-to-back `Instant::now()` reads, in nanoseconds. This is
    /// what one timed batch over-counts, so it is subtracted from every batch.
    pub overhead_ns: f64,
    /// Smallest non-zero step seen between two reads, in nanoseconds.
    pub resolution_ns: f64,
}

impl TimerCost {
    /// How long one timed batch should last so that the timer's cost and resolution are
    /// below about 0.1% of it.
    #[must_use]
    pub fn target_batch_ns(&self) -> f64 {
        const FLOOR_NS: f64 = 20_000.0;
        (1_000.0 * self.overhead_ns.max(self.resolution_ns)).max(FLOOR_NS)
    }
}

/// The timer cost of this process, measured on first use (a few milliseconds).
pub fn timer_cost() -> TimerCost {
    static COST: OnceLock<TimerCost> = OnceLock::new();
    *COST.get_or_init(measure_timer_cost)
}

fn measure_timer_cost() -> TimerCost {
    const READS: usize = 2_001;
    // Let the clock's code and the CPU settle before keeping any reading.
    for _ in 0..1_000 {
        black_box(Instant::now());
    }
    let mut gaps = Vec::with_capacity(READS);
    let mut resolution_ns = f64::INFINITY;
    for _ in 0..READS {
        let a = Instant::now();
        let b = Instant::now();
        let gap = b.duration_since(a).as_nanos() as f64;
        gaps.push(gap);
        if gap > 0.0 {
            resolution_ns = resolution_ns.min(gap);
        }
    }
    gaps.sort_by(f64::total_cmp);
    let overhead_ns = gaps[READS / 2];
    TimerCost {
        overhead_ns,
        resolution_ns: if resolution_ns.is_finite() {
            resolution_ns
        } else {
            1.0
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timer_cost_is_finite_and_batches_are_long_against_it() {
        let cost = timer_cost();
        assert!(cost.overhead_ns.is_finite() && cost.overhead_ns >= 0.0);
        assert!(cost.resolution_ns > 0.0);
        assert!(cost.target_batch_ns() >= 1_000.0 * cost.overhead_ns);
        assert!(cost.target_batch_ns() >= 20_000.0);
    }
}
