//! A comparison's result decided on counts under Valgrind: the ratio of the routines'
//! per-call counts, exact when no repeat moved, with no duo behind it.

use super::diff_result::DiffResult;
use super::per_call::Counted;
use crate::decide::{decide_counts, CountsDecision, NoRatio};
use crate::measure::TimerCost;
use crate::measure::{Clock, ClockReason};
use crate::model::{Claim, Measure};
use std::time::Duration;

impl DiffResult {
    /// A comparison decided on counts: exactly when they did not move, else by the t
    /// interval on the repeats (`decide::count_decision`).
    ///
    /// # Errors
    ///
    /// One line saying why the counts give no ratio (a routine that made nothing per call
    /// second, counts that moved through zero), or that this is no comparison (`second`
    /// missing).
    pub fn from_counts(
        counted: Counted,
        claim: Option<&Claim>,
        alpha: f64,
        measure: Measure,
    ) -> Result<DiffResult, String> {
        let no_ratio = |why: NoRatio| why.explain(measure.unit());
        let second = counted
            .second
            .as_ref()
            .ok_or_else(|| no_ratio(NoRatio::NotCounted))?;
        let CountsDecision {
            ratio,
            interval,
            verdict,
            test,
        } = decide_counts(&counted.first.repeats, &second.repeats, claim, alpha)
            .map_err(no_ratio)?;
        Ok(DiffResult {
            verdict,
            p_value: None,
            alpha,
            interval_alpha: alpha,
            rare_costs: None,
            decided_early: None,
            ratio,
            // The per-call counts the ratio is of are in `counted`.
            means: None,
            interval: Some(interval),
            median_ratio: ratio,
            student: test,
            welch: None,
            // No batches were timed: the per-call figures are in `counted`.
            first: None,
            second: None,
            pairs: 0,
            duos_set_aside: 0,
            duos_preempted: 0,
            preempted_set_aside: 0,
            clock: Clock::Wall,
            clock_reason: ClockReason::Counted,
            spike_split: crate::decide::SpikeSplit::default(),
            fence_half_width: f64::INFINITY,
            machine_stalls: None,
            basis: None,
            dependence: 1.0,
            drift: None,
            blocks: 0,
            duos_per_block: 0,
            units: false,
            path_lengths: None,
            pilot_duos: 0,
            decision_floor: 0,
            empty_iteration_ns: None,
            batch_iters: counted.calls.1,
            second_batch_iters: counted.calls.1,
            warmup_time: Duration::ZERO,
            measure_time: counted.elapsed,
            timer: TimerCost {
                overhead_ns: 0.0,
                resolution_ns: 0.0,
            },
            duo_log_diffs: Vec::new(),
            duo_stride: 1,
            latency_bins: None,
            measure,
            executor_overhead_ns: None,
            executor: None,
            os: None,
            memory_growth: None,
            shortfall: None,
            process_pairs: None,
            over_rounds: None,
            counted: Some(counted),
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::decide::Verdict;
    use crate::fixture::records::counted_result;

    #[test]
    fn a_comparison_of_unmoved_counts_is_exact() {
        // The fixture's claim is `ratio < 0.9`.
        let r = counted_result(0.85);
        assert_eq!((r.ratio, r.interval), (0.85, Some((0.85, 0.85))));
        assert_eq!(r.verdict, Verdict::Pass);
        assert!(r.counted.as_ref().unwrap().unmoved());
        // No duos and no timed batches: nothing describes them.
        assert_eq!((r.pairs, r.first, r.second), (0, None, None));
        assert_eq!(counted_result(0.95).verdict, Verdict::Refuted);
    }
}
