//! The decision on counts: exact where every repeat counted the same, a stated test where
//! the counts moved.
//!
//! Instruction counts under Valgrind's simulation, and allocations counted by duobench's
//! allocator, are the same from run to run for a routine whose path depends on its input
//! alone; then the ratio of per-call counts is known exactly (0 for none against some) and
//! the claim is judged on it, with no error rate at all. A routine whose
//! path depends on addresses, the time or other threads counts differently from repeat to
//! repeat; then each repeat's log ratio is one observation, and a fixed-sample Student t
//! interval over them at the claim's alpha decides (valid: the number of repeats is fixed
//! before counting, and the interval is looked at once).

use super::verdict::judge;
use super::verdict::Verdict;
use crate::model::Claim;
use crate::stats::{student_t, Sample, TTest};

/// How counts of two routines compare.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CountsDecision {
    /// Ratio of per-call counts, first over second (the mean of the repeats' log ratios,
    /// exponentiated, when they moved).
    pub ratio: f64,
    /// Exactly `(ratio, ratio)` when the counts did not move; otherwise the t interval.
    pub interval: (f64, f64),
    /// The claim's verdict, or `Reported` without one.
    pub verdict: Verdict,
    /// The test on the repeats' log ratios, when the counts moved.
    pub test: Option<TTest>,
}

/// Whether every value of `per_call` is the same.
#[must_use]
pub fn unmoved(per_call: &[f64]) -> bool {
    per_call.windows(2).all(|w| w[0] == w[1])
}

/// Why per-call counts give no ratio to decide a claim on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoRatio {
    /// A routine has no repeats: it was not counted.
    NotCounted,
    /// Neither routine counted anything per call.
    BothCountedNothing,
    /// The second routine counted nothing per call: a ratio to zero is no number.
    SecondCountedNothing,
    /// A count per call below zero, which no count can be.
    BelowZero,
    /// The counts moved between repeats and some repeat counted nothing (or less) per
    /// call: work done once every few calls, whose repeats have no log ratio to test.
    MovedThroughZero,
}

impl NoRatio {
    /// One line for the trial's failure, `unit` naming what was counted (`instructions`,
    /// `allocations`).
    #[must_use]
    pub fn explain(self, unit: &str) -> String {
        match self {
            NoRatio::NotCounted => "a routine was not counted".to_owned(),
            NoRatio::BothCountedNothing => format!(
                "neither routine made any {unit} per call: a ratio of nothing to nothing is no \
                 number"
            ),
            NoRatio::SecondCountedNothing => format!(
                "the second routine made no {unit} per call: a ratio to nothing is no number; \
                 swap the routines (and turn a claim round: `ratio > 2.0` becomes \
                 `ratio < 0.5`)"
            ),
            NoRatio::BelowZero => format!("a routine counted fewer than zero {unit} per call"),
            NoRatio::MovedThroughZero => format!(
                "the counts moved between repeats and some repeats made no {unit} per call \
                 (work done once every few calls, such as a buffer that grows now and then), \
                 so no ratio of them can be estimated: give every call the same work, or \
                 compare the routines on `measure = wall`"
            ),
        }
    }
}

/// Decides `claim` on per-call counts of each repeat, `first[i]` and `second[i]` counted in
/// repeat `i`. A first routine that counts nothing, exactly, has the ratio 0 (none against
/// some allocations); every other count must be above zero.
///
/// # Errors
///
/// Why the counts give no ratio.
pub fn decide_counts(
    first: &[f64],
    second: &[f64],
    claim: Option<&Claim>,
    alpha: f64,
) -> Result<CountsDecision, NoRatio> {
    if first.is_empty() || second.is_empty() {
        return Err(NoRatio::NotCounted);
    }
    if first.iter().chain(second).any(|&c| c < 0.0) {
        return Err(if unmoved(first) && unmoved(second) {
            NoRatio::BelowZero
        } else {
            NoRatio::MovedThroughZero
        });
    }
    let verdict = |low: f64, high: f64, undecided: Verdict| match claim {
        Some(claim) => judge(claim, low, high).unwrap_or(undecided),
        None => Verdict::Reported,
    };
    if unmoved(first) && unmoved(second) {
        match (first[0] == 0.0, second[0] == 0.0) {
            (true, true) => return Err(NoRatio::BothCountedNothing),
            (false, true) => return Err(NoRatio::SecondCountedNothing),
            _ => {}
        }
        let ratio = first[0] / second[0];
        return Ok(CountsDecision {
            ratio,
            interval: (ratio, ratio),
            verdict: verdict(ratio, ratio, Verdict::Inconclusive),
            test: None,
        });
    }
    if first.iter().chain(second).any(|&c| c == 0.0) {
        return Err(NoRatio::MovedThroughZero);
    }
    let logs: Vec<f64> = first
        .iter()
        .zip(second)
        .map(|(a, b)| (a / b).ln())
        .collect();
    let sample = Sample::new(&logs).map_err(|_| NoRatio::NotCounted)?;
    let test = student_t(sample, 0.0, 1.0 - alpha);
    let (low, high) = if test.se > 0.0 {
        (test.ci_low.exp(), test.ci_high.exp())
    } else {
        (test.estimate.exp(), test.estimate.exp())
    };
    Ok(CountsDecision {
        ratio: test.estimate.exp(),
        interval: (low, high),
        verdict: verdict(low, high, Verdict::Inconclusive),
        test: Some(test),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const BELOW_09: Claim = Claim::Below {
        bound: 0.9,
        inclusive: false,
    };

    #[test]
    fn unmoved_counts_decide_exactly_either_way() {
        let d = decide_counts(&[850.0; 2], &[1000.0; 2], Some(&BELOW_09), 0.05).unwrap();
        assert_eq!((d.ratio, d.interval), (0.85, (0.85, 0.85)));
        assert_eq!((d.verdict, d.test), (Verdict::Pass, None));
        // Negative control: the same claim on a ratio of 0.95 is refuted, with no test.
        let d = decide_counts(&[950.0; 2], &[1000.0; 2], Some(&BELOW_09), 0.05).unwrap();
        assert_eq!(d.verdict, Verdict::Refuted);
        // Exactly at the bound: `<` refutes, `<=` passes.
        let d = decide_counts(&[900.0; 2], &[1000.0; 2], Some(&BELOW_09), 0.05).unwrap();
        assert_eq!(d.verdict, Verdict::Refuted);
        let at_most = Claim::Below {
            bound: 0.9,
            inclusive: true,
        };
        let d = decide_counts(&[900.0; 2], &[1000.0; 2], Some(&at_most), 0.05).unwrap();
        assert_eq!(d.verdict, Verdict::Pass);
        let d = decide_counts(&[900.0; 2], &[1000.0; 2], None, 0.05).unwrap();
        assert_eq!(d.verdict, Verdict::Reported);
    }

    #[test]
    fn moving_counts_are_judged_by_the_t_interval_on_the_repeats() {
        let first = [800.0, 810.0, 790.0, 805.0, 795.0];
        let second = [1000.0, 1000.0, 1000.0, 1000.0, 1000.0];
        let d = decide_counts(&first, &second, Some(&BELOW_09), 0.05).unwrap();
        let test = d.test.unwrap();
        assert_eq!(test.n, 5);
        assert!(d.interval.0 < d.ratio && d.ratio < d.interval.1, "{d:?}");
        assert!(d.interval.1 < 0.9, "{d:?}");
        assert_eq!(d.verdict, Verdict::Pass);
        // Spread too wide for the claim: undecided, never passed.
        let wide = [700.0, 950.0, 780.0, 990.0, 820.0];
        let d = decide_counts(&wide, &second, Some(&BELOW_09), 0.05).unwrap();
        assert_eq!(d.verdict, Verdict::Inconclusive);
    }

    #[test]
    fn none_against_some_is_the_ratio_zero_and_a_ratio_to_none_is_refused() {
        // No allocations against one, exactly: the ratio 0, a claim below any bound passes.
        let d = decide_counts(&[0.0; 2], &[1.0; 2], Some(&BELOW_09), 0.05).unwrap();
        assert_eq!(
            (d.ratio, d.interval, d.verdict),
            (0.0, (0.0, 0.0), Verdict::Pass)
        );
        let above = Claim::Above {
            bound: 0.5,
            inclusive: false,
        };
        let d = decide_counts(&[0.0; 2], &[1.0; 2], Some(&above), 0.05).unwrap();
        assert_eq!(d.verdict, Verdict::Refuted);
        // A ratio to nothing, of nothing, through zero or below it: no ratio, and why.
        let refused = |first: &[f64], second: &[f64]| {
            decide_counts(first, second, Some(&BELOW_09), 0.05).unwrap_err()
        };
        assert_eq!(refused(&[1.0; 2], &[0.0; 2]), NoRatio::SecondCountedNothing);
        assert_eq!(refused(&[0.0; 2], &[0.0; 2]), NoRatio::BothCountedNothing);
        assert_eq!(refused(&[0.0, 0.5], &[1.0; 2]), NoRatio::MovedThroughZero);
        assert_eq!(refused(&[-0.5, 0.5], &[1.0; 2]), NoRatio::MovedThroughZero);
        assert_eq!(refused(&[-1.0; 2], &[1.0; 2]), NoRatio::BelowZero);
        assert_eq!(refused(&[1.0, 2.0], &[]), NoRatio::NotCounted);
        assert!(refused(&[1.0; 2], &[0.0; 2])
            .explain("allocations")
            .contains("swap"));
    }
}
