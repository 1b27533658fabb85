//! An anytime-valid p-value for a claim, from the confidence sequence the sequential test
//! decides with.
//!
//! The confidence sequences of one mixture (one τ) are nested in their error rate: at every
//! count, the interval at a smaller alpha contains the one at a larger alpha. So at each
//! look there is a smallest error rate at which the look decides the claim, and its running
//! minimum over the looks, p, has `P(p ≤ a) ≤ a` for every `a` when the claim's verdict
//! would be wrong: p ≤ a means the test run at error rate a would have decided at some
//! look, which it does wrongly with probability at most a (Ville's inequality, whatever the
//! stopping rule). This is what Holm's step-down (`holm`) needs from each candidate of a
//! group.

use super::verdict::Verdict;

/// The smallest error rate at which a run decided its claim, and which way.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AnytimeP {
    /// The p-value: the least alpha whose interval decided at some look.
    pub p: f64,
    /// The verdict reached at that alpha (`Pass` or `Refuted`).
    pub verdict: Verdict,
}

/// Error rates below this are not searched: a p-value this small is reported as this.
const LEAST_ALPHA: f64 = 1e-12;

/// Error rates above this are not searched: the mixture needs alpha < 1.
const MOST_ALPHA: f64 = 1.0 - 1e-9;

/// Bisection steps on ln(alpha) between the two limits: 2^-40 of their 27.6 apart.
const STEPS: usize = 40;

/// The smallest error rate at which `decides` (the look at that error rate, with the
/// mixture held fixed) gives a verdict, with that verdict; `None` when it decides at none.
/// `decides` must be monotone: deciding at some alpha, it decides at every larger one, as
/// nested intervals make it. Method: bisection on ln(alpha) between 1e-12 and 1 − 1e-9,
/// keeping the upper end a deciding one. Cost: at most 42 calls of `decides`.
pub fn least_alpha(decides: impl Fn(f64) -> Option<Verdict>) -> Option<AnytimeP> {
    let top = decides(MOST_ALPHA)?;
    if let Some(verdict) = decides(LEAST_ALPHA) {
        return Some(AnytimeP {
            p: LEAST_ALPHA,
            verdict,
        });
    }
    let (mut low, mut high) = (LEAST_ALPHA.ln(), MOST_ALPHA.ln());
    let mut verdict = top;
    for _ in 0..STEPS {
        let mid = 0.5 * (low + high);
        match decides(mid.exp()) {
            Some(v) => {
                high = mid;
                verdict = v;
            }
            None => low = mid,
        }
    }
    Some(AnytimeP {
        p: high.exp(),
        verdict,
    })
}

/// The running minimum over looks: `seen` replaces `least` when its p is smaller.
#[must_use]
pub fn running_min(least: Option<AnytimeP>, seen: Option<AnytimeP>) -> Option<AnytimeP> {
    match (least, seen) {
        (Some(l), Some(s)) if s.p < l.p => Some(s),
        (None, s) => s,
        (l, _) => l,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::ConfidenceSequence;

    #[test]
    fn the_least_alpha_is_where_the_interval_touches_the_boundary() {
        // Twenty observations with mean 0.3 and squared deviations 0.8 about it: the claim
        // "mean > 0" decides at alpha a once the interval at a lies above 0.
        let cs = ConfidenceSequence::new(0.05, 20.0);
        let decides = |a: f64| {
            let (low, _) = cs.at_alpha(a).interval(20, 0.3, 0.8)?;
            (low > 0.0).then_some(Verdict::Pass)
        };
        let found = least_alpha(decides).expect("decides at some alpha");
        assert_eq!(found.verdict, Verdict::Pass);
        let (low, _) = cs.at_alpha(found.p).interval(20, 0.3, 0.8).unwrap();
        assert!(low.abs() < 1e-9, "lower end {low} at p = {}", found.p);
        // Hand-computed from the mixture martingale (module docs of `stats::sequence`):
        // p = 1 / M₂₀(0) with τ² = (2 ln 20 + ln(1 + 2 ln 20)) / 20, B₀ = V + tD²,
        // B₁ = V + tD²/(1 + tτ²): ln M = −½ ln(1 + tτ²) + (t/2) ln(B₀/B₁).
        let t = 20.0f64;
        let l = 2.0 * 20.0f64.ln();
        let tau2 = (l + l.ln_1p()) / t;
        let b0 = 0.8 + t * 0.09;
        let b1 = 0.8 + t * 0.09 / (1.0 + t * tau2);
        let ln_m = -0.5 * (t * tau2).ln_1p() + 0.5 * t * (b0 / b1).ln();
        assert!(
            (found.p - (-ln_m).exp()).abs() < 1e-9,
            "{} vs {}",
            found.p,
            (-ln_m).exp()
        );
    }

    #[test]
    fn a_look_that_decides_nowhere_has_no_p_and_one_everywhere_the_least() {
        assert_eq!(least_alpha(|_| None), None);
        let always = least_alpha(|_| Some(Verdict::Refuted)).unwrap();
        assert_eq!(always.p, LEAST_ALPHA);
        assert_eq!(always.verdict, Verdict::Refuted);
    }

    #[test]
    fn the_running_minimum_keeps_the_smallest() {
        let p = |p| {
            Some(AnytimeP {
                p,
                verdict: Verdict::Pass,
            })
        };
        assert_eq!(running_min(None, p(0.3)), p(0.3));
        assert_eq!(running_min(p(0.3), p(0.1)), p(0.1));
        assert_eq!(running_min(p(0.1), p(0.3)), p(0.1));
        assert_eq!(running_min(p(0.1), None), p(0.1));
    }
}
