//! The decision on counts: exact where every repeat counted the same, a stated test where
//! the counts moved.
//!
//! Instruction counts under Valgrind's simulation are the same from run to run for a
//! routine whose path depends on its input alone; then the ratio of per-call counts is
//! known exactly and the claim is judged on it, with no error rate at all. A routine whose
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

/// Decides `claim` on per-call counts of each repeat, `first[i]` and `second[i]` counted in
/// repeat `i`; `None` when a count is not positive or the repeats are too few for a test.
#[must_use]
pub fn decide_counts(
    first: &[f64],
    second: &[f64],
    claim: Option<&Claim>,
    alpha: f64,
) -> Option<CountsDecision> {
    if first.is_empty() || second.is_empty() || first.iter().chain(second).any(|&c| c <= 0.0) {
        return None;
    }
    let verdict = |low: f64, high: f64, undecided: Verdict| match claim {
        Some(claim) => judge(claim, low, high).unwrap_or(undecided),
        None => Verdict::Reported,
    };
    if unmoved(first) && unmoved(second) {
        let ratio = first[0] / second[0];
        return Some(CountsDecision {
            ratio,
            interval: (ratio, ratio),
            verdict: verdict(ratio, ratio, Verdict::Inconclusive),
            test: None,
        });
    }
    let logs: Vec<f64> = first
        .iter()
        .zip(second)
        .map(|(a, b)| (a / b).ln())
        .collect();
    let test = student_t(Sample::new(&logs).ok()?, 0.0, 1.0 - alpha);
    let (low, high) = if test.se > 0.0 {
        (test.ci_low.exp(), test.ci_high.exp())
    } else {
        (test.estimate.exp(), test.estimate.exp())
    };
    Some(CountsDecision {
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
    fn nothing_is_decided_on_counts_that_are_not_positive_or_too_few() {
        assert!(decide_counts(&[0.0], &[10.0], None, 0.05).is_none());
        assert!(decide_counts(&[1.0, 2.0], &[], None, 0.05).is_none());
        assert!(decide_counts(&[1.0], &[2.0], None, 0.05).is_some());
    }
}
