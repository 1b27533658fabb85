//! Results counted under Valgrind, or read in this process from a measurement whose counts
//! are exact: per-call figures from counted segments, and a `#[bench]`'s linear run from
//! one routine's (a comparison's result is `counted_diff`).
//!
//! Each repeat counts a routine over two segments of `n1` and `n2` calls; every segment
//! also holds a fixed cost (the marker's call, the loop's start), which the difference
//! removes: per call = (count(n2) − count(n1)) / (n2 − n1), exactly.

use crate::decide::unmoved;
use crate::measure::LinearRun;
use crate::measure::Sampling;
use crate::measure::{CacheModel, EventCounts, CYCLE_WEIGHTS};
use std::time::Duration;

/// One routine's two segments of one repeat: counts over `n1` calls, then over `n2`.
pub type SegmentPair = (EventCounts, EventCounts);

/// A routine's figures per call, counted under Valgrind.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct PerCall {
    /// Instructions per call (the mean over the repeats when they differ).
    pub instructions: f64,
    /// Data reads and writes per call.
    pub data_accesses: f64,
    /// First-level cache misses per call (instruction and data).
    pub l1_misses: f64,
    /// Last-level cache misses per call.
    pub ll_misses: f64,
    /// Estimated cycles per call ([`CYCLE_WEIGHTS`]).
    pub estimated_cycles: f64,
    /// Instructions per call of each repeat (read here: the measurement's count).
    pub repeats: Vec<f64>,
}

impl PerCall {
    /// The figures of `segments`, one pair per repeat, with `calls = (n1, n2)`; `None`
    /// without a repeat.
    #[must_use]
    pub fn of(segments: &[SegmentPair], calls: (u64, u64)) -> Option<PerCall> {
        let n = segments.len();
        if n == 0 || calls.1 <= calls.0 {
            return None;
        }
        let span = (calls.1 - calls.0) as f64;
        let per_call = |event: fn(&EventCounts) -> u64| -> Vec<f64> {
            segments
                .iter()
                .map(|(short, long)| (event(long) as f64 - event(short) as f64) / span)
                .collect()
        };
        let mean = |event: fn(&EventCounts) -> u64| per_call(event).iter().sum::<f64>() / n as f64;
        // The first short segment meets colder caches than the long one after it: a miss
        // count per call below zero is that warming, not the routine's.
        let misses = |event: fn(&EventCounts) -> u64| mean(event).max(0.0);
        Some(PerCall {
            instructions: mean(|c| c.instructions),
            data_accesses: mean(|c| c.data_reads + c.data_writes),
            l1_misses: misses(|c| c.l1_misses),
            ll_misses: misses(|c| c.ll_misses),
            estimated_cycles: mean(EventCounts::estimated_cycles),
            repeats: per_call(|c| c.instructions),
        })
    }

    /// The figures of a count read in this process (a measurement of the user's own): its
    /// per-call count in each repeat, `repeats`; Valgrind's event figures are NaN.
    #[must_use]
    pub fn of_values(repeats: Vec<f64>) -> PerCall {
        let mean = repeats.iter().sum::<f64>() / repeats.len().max(1) as f64;
        PerCall {
            instructions: mean,
            data_accesses: f64::NAN,
            l1_misses: f64::NAN,
            ll_misses: f64::NAN,
            estimated_cycles: f64::NAN,
            repeats,
        }
    }

    /// Whether every repeat counted the same instructions per call.
    #[must_use]
    pub fn unmoved(&self) -> bool {
        unmoved(&self.repeats)
    }
}

/// What counting under Valgrind found for a trial's routine or routines.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Counted {
    /// The tool that counted, e.g. `Callgrind (Valgrind 3.19.0)`.
    pub counted_by: String,
    /// The simulated caches behind the miss counts.
    pub cache_model: CacheModel,
    /// The weights of an L1 hit, a last-level hit and a memory access in the estimated
    /// cycles.
    pub cycle_weights: (u64, u64, u64),
    /// Calls of the two segments of every repeat.
    pub calls: (u64, u64),
    /// Repeats counted per routine.
    pub repeats: usize,
    /// Instructions per call of an empty routine in the same loop: the loop's own share,
    /// which every figure includes.
    pub loop_share: f64,
    /// The first routine (a `#[bench]`'s only one; across versions, the new build's).
    pub first: PerCall,
    /// The second routine (across versions, the baseline's); `None` for a `#[bench]`.
    pub second: Option<PerCall>,
    /// Wall time the counting took, Valgrind's start-up and the setup under it included.
    pub elapsed: Duration,
    /// Counted under Valgrind, with its event figures, cache model and the loop's share;
    /// `false` for counts read in this process around each segment, which have none.
    pub under_valgrind: bool,
}

impl Counted {
    /// Whether every routine counted the same in every repeat: then figures and verdicts
    /// are exact.
    #[must_use]
    pub fn unmoved(&self) -> bool {
        self.first.unmoved() && self.second.as_ref().is_none_or(PerCall::unmoved)
    }

    /// The fixed parts of a counted result: the tool, the model and the plan.
    #[must_use]
    pub fn new(
        counted_by: String,
        calls: (u64, u64),
        repeats: usize,
        loop_share: f64,
        first: PerCall,
        second: Option<PerCall>,
        elapsed: Duration,
    ) -> Counted {
        Counted {
            counted_by,
            cache_model: CacheModel::FIXED,
            cycle_weights: CYCLE_WEIGHTS,
            calls,
            repeats,
            loop_share,
            first,
            second,
            elapsed,
            under_valgrind: true,
        }
    }

    /// Counts read in this process around each segment, by `counted_by`: no event figures,
    /// and no loop share (a count the code keeps sees none of the loop).
    #[must_use]
    pub fn read_here(
        counted_by: String,
        calls: (u64, u64),
        repeats: usize,
        first: PerCall,
        second: Option<PerCall>,
        elapsed: Duration,
    ) -> Counted {
        Counted {
            under_valgrind: false,
            ..Counted::new(counted_by, calls, repeats, 0.0, first, second, elapsed)
        }
    }
}

/// A `#[bench]`'s linear run made of its counted segments, each net of its repeat's fixed
/// cost: the points lie on the line through the origin whose slope is the per-call count,
/// so the slope, mean and median all read the count per call (and its spread over the
/// repeats, when they differ).
#[must_use]
pub fn counted_linear_run(per_call: &PerCall, calls: (u64, u64), elapsed: Duration) -> LinearRun {
    let mut iters = Vec::new();
    let mut counts = Vec::new();
    for &repeat in &per_call.repeats {
        for n in [calls.0, calls.1] {
            iters.push(n);
            counts.push(repeat * n as f64);
        }
    }
    LinearRun {
        iters,
        ns: counts,
        sampling: Sampling::Linear { step: calls.0 },
        warmup_time: Duration::ZERO,
        measure_time: elapsed,
        shortfall: None,
        rss_kib: Vec::new(),
        pace_ns: Vec::new(),
        pace_steps: 0,
        waits: Vec::new(),
        waiting: None,
        past_budget: None,
        set_aside_slow: 0,
        measured_again: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(instructions: u64, l1_misses: u64) -> EventCounts {
        EventCounts {
            instructions,
            data_reads: instructions / 4,
            data_writes: instructions / 8,
            l1_misses,
            ll_misses: l1_misses / 2,
        }
    }

    #[test]
    fn the_fixed_cost_of_a_segment_drops_out_of_the_per_call_figures() {
        // 40 instructions of fixed cost, 695 per call; 10 and 20 calls.
        let pair = (counts(40 + 6_950, 4), counts(40 + 13_900, 6));
        let per_call = PerCall::of(&[pair, pair], (10, 20)).unwrap();
        assert_eq!(per_call.instructions, 695.0);
        assert_eq!(per_call.l1_misses, 0.2);
        assert_eq!(per_call.repeats, [695.0, 695.0]);
        assert!(per_call.unmoved());
        let moved = (counts(40 + 6_950, 4), counts(40 + 13_910, 6));
        assert!(!PerCall::of(&[pair, moved], (10, 20)).unwrap().unmoved());
        assert!(PerCall::of(&[], (10, 20)).is_none());
        assert!(PerCall::of(&[pair], (20, 20)).is_none());
    }

    fn counted(first: f64, second: f64) -> Counted {
        let side = |per: f64| {
            let pair = (
                counts((100.0 + 10.0 * per) as u64, 0),
                counts((100.0 + 20.0 * per) as u64, 0),
            );
            PerCall::of(&[pair, pair], (10, 20)).unwrap()
        };
        Counted::new(
            "Callgrind (Valgrind 3.19.0)".to_owned(),
            (10, 20),
            2,
            3.0,
            side(first),
            Some(side(second)),
            Duration::from_secs(1),
        )
    }

    #[test]
    fn a_benchs_counted_run_reads_the_count_per_call() {
        let per_call = counted(695.0, 1.0).first;
        let run = counted_linear_run(&per_call, (10, 20), Duration::from_secs(1));
        assert_eq!(run.iters, [10, 20, 10, 20]);
        assert_eq!(run.ns, [6_950.0, 13_900.0, 6_950.0, 13_900.0]);
    }
}
