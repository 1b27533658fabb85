//! An anytime-valid confidence sequence for a mean: Lai's t-mixture.
//!
//! For i.i.d. normal observations with unknown mean μ and unknown variance, the intervals
//! [`ConfidenceSequence::interval`] returns after 2, 3, 4, … observations all cover μ at
//! once with probability at least 1 − α. So one may look after every observation and stop
//! whenever the interval is decisive, without the error-rate inflation a fixed-sample
//! t-interval suffers when checked repeatedly.
//!
//! # Derivation
//!
//! After t observations with mean x̄ and `V = Σ(xᵢ − x̄)²`, let `D = x̄ − μ₀`. Integrate the
//! normal likelihood over σ with the scale-invariant weight dσ/σ, and, under the
//! alternative, over the standardised effect `(μ − μ₀)/σ ~ N(0, τ²)`. The ratio of the two
//! is the mixture martingale for `H₀: μ = μ₀` (Lai, 1976):
//!
//! ```text
//! M_t = (1 + tτ²)^(−1/2) · (B₀/B₁)^(t/2),   B₀ = V + tD²,   B₁ = V + tD²/(1 + tτ²).
//! ```
//!
//! It is a nonnegative martingale with `M₁ = 1` under `H₀` (in the filtration of the
//! scale-invariant statistics), so Ville's inequality gives `P(∃t: M_t ≥ 1/α) ≤ α`. The
//! confidence sequence keeps every μ₀ not rejected. With `c = 1/(1 + tτ²)` and
//! `q = (α·√c)^(2/t)`, `M_t ≥ 1/α` is `B₁/B₀ ≤ q`, i.e. `V(1 − q) ≤ tD²(q − c)`. Hence:
//! if `q ≤ c` nothing is rejected (the interval is the whole line; always so at t = 1);
//! otherwise the interval is `x̄ ± √(V(1 − q) / (t(q − c)))`.
//!
//! The boundedness condition `q > c` reads `(t − 1)·ln(1 + tτ²) > 2 ln(1/α)`.
//!
//! # Choice of τ
//!
//! τ² sets the time at which the sequence is tightest. For the known-variance normal
//! mixture (Robbins), the width at a target count t* is nearly minimised by
//! `τ² = (2 ln(1/α) + ln(1 + 2 ln(1/α))) / t*` (Howard, Ramdas, McAuliffe and Sekhon,
//! 2021, "Time-uniform, nonparametric, nonasymptotic confidence sequences"); the t-mixture
//! behaves the same for large t, so the same τ is used. Coverage holds for any τ; only the
//! width depends on it.

#[cfg(test)]
use super::moments::RunningMoments;

/// Lai's t-mixture confidence sequence at error rate α, tuned for a target count.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ConfidenceSequence {
    alpha: f64,
    tau2: f64,
}

impl ConfidenceSequence {
    /// A (1 − `alpha`) confidence sequence whose intervals are narrowest near `target_n`
    /// observations. Cost: O(1).
    ///
    /// # Panics
    ///
    /// If `alpha` is not strictly between 0 and 1, or `target_n` is not positive and finite.
    #[must_use]
    pub fn new(alpha: f64, target_n: f64) -> Self {
        assert!(
            alpha > 0.0 && alpha < 1.0,
            "confidence sequence: alpha = {alpha} not in (0, 1)"
        );
        assert!(
            target_n > 0.0 && target_n.is_finite(),
            "confidence sequence: target_n = {target_n} must be positive"
        );
        let l = 2.0 * (1.0 / alpha).ln();
        Self {
            alpha,
            tau2: (l + l.ln_1p()) / target_n,
        }
    }

    /// The same mixture at another error rate: intervals at a smaller `alpha` contain
    /// those at a larger one at every count, so "the smallest error rate whose interval
    /// excludes a value" is well defined (an anytime-valid p-value).
    ///
    /// # Panics
    ///
    /// If `alpha` is not strictly between 0 and 1.
    #[must_use]
    pub fn at_alpha(&self, alpha: f64) -> Self {
        assert!(
            alpha > 0.0 && alpha < 1.0,
            "confidence sequence: alpha = {alpha} not in (0, 1)"
        );
        Self { alpha, ..*self }
    }

    /// The mixture variance τ² of the standardised effect.
    #[cfg(test)]
    #[must_use]
    pub fn tau2(&self) -> f64 {
        self.tau2
    }

    /// Half the interval's width after `n` observations whose squared deviations from their
    /// mean sum to `sum_sq_dev`; `None` while the interval is the whole line (always for
    /// n < 2). Method: the closed form of the module docs, with `q` and `q − c` taken
    /// through `ln`, `ln_1p` and `exp_m1` so nothing cancels near the boundary
    /// `q = c` or for large n. Cost: O(1).
    #[must_use]
    pub fn half_width(&self, n: usize, sum_sq_dev: f64) -> Option<f64> {
        if n < 2 {
            return None;
        }
        let t = n as f64;
        let ln_alpha = self.alpha.ln();
        // ℓ = ln(1 + tτ²) = −ln c.
        let l = (t * self.tau2).ln_1p();
        // ln(q/c) = (2 ln α + (t − 1)ℓ)/t: the interval is bounded iff it is positive.
        let ln_q_over_c = (2.0 * ln_alpha + (t - 1.0) * l) / t;
        if ln_q_over_c <= 0.0 {
            return None;
        }
        let ln_q = (2.0 * ln_alpha - l) / t;
        // 1 − q = −expm1(ln q) and q − c = c·expm1(ln(q/c)).
        let one_minus_q = -ln_q.exp_m1();
        let q_minus_c_over_c = ln_q_over_c.exp_m1();
        let half_sq = sum_sq_dev * one_minus_q * (1.0 + t * self.tau2) / (t * q_minus_c_over_c);
        Some(half_sq.sqrt())
    }

    /// The interval `(low, high)` for the mean after `n` observations with mean `mean` and
    /// squared deviations summing to `sum_sq_dev`; `None` while it is unbounded (always for
    /// n < 2). Cost: O(1).
    #[must_use]
    pub fn interval(&self, n: usize, mean: f64, sum_sq_dev: f64) -> Option<(f64, f64)> {
        self.half_width(n, sum_sq_dev).map(|h| (mean - h, mean + h))
    }

    /// [`interval`](Self::interval) for the observations gathered in `moments`.
    #[cfg(test)]
    #[must_use]
    pub fn interval_of(&self, moments: &RunningMoments) -> Option<(f64, f64)> {
        self.interval(moments.n(), moments.mean(), moments.sum_sq_dev())
    }

    /// The fewest observations for which the interval is bounded:
    /// the least `t` with `(t − 1)·ln(1 + tτ²) > 2 ln(1/α)`. Cost: O(answer).
    #[cfg(test)]
    #[must_use]
    pub fn first_bounded_n(&self) -> usize {
        (2..)
            .find(|&n| self.half_width(n, 1.0).is_some())
            .unwrap_or(usize::MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// ln M_t for `H₀: μ = mu0`, straight from the mixture's definition.
    fn log_martingale(cs: &ConfidenceSequence, t: f64, mean: f64, v: f64, mu0: f64) -> f64 {
        let d = mean - mu0;
        let b0 = v + t * d * d;
        let b1 = v + t * d * d / (1.0 + t * cs.tau2);
        -0.5 * (t * cs.tau2).ln_1p() + 0.5 * t * (b0.ln() - b1.ln())
    }

    #[test]
    fn unbounded_before_two_and_at_one() {
        let cs = ConfidenceSequence::new(0.05, 20.0);
        assert_eq!(cs.interval(0, f64::NAN, 0.0), None);
        assert_eq!(cs.interval(1, 0.3, 0.0), None);
        assert_eq!(cs.interval_of(&RunningMoments::new()), None);
    }

    #[test]
    fn endpoints_are_where_the_martingale_reaches_one_over_alpha() {
        let cs = ConfidenceSequence::new(0.05, 50.0);
        for (n, mean, v) in [(20, 0.1, 0.4), (50, -2.0, 30.0), (5000, 1e-3, 7.0)] {
            let (lo, hi) = cs.interval(n, mean, v).expect("bounded");
            for end in [lo, hi] {
                let m = log_martingale(&cs, n as f64, mean, v, end);
                assert!((m - (1.0f64 / 0.05).ln()).abs() < 1e-9, "n={n}: ln M = {m}");
            }
        }
    }

    #[test]
    fn shrinks_as_evidence_grows() {
        // Same per-observation spread (V = n·s²), more observations: narrower.
        let cs = ConfidenceSequence::new(0.05, 100.0);
        let first = cs.first_bounded_n();
        assert!(first > 2 && first < 100, "first bounded at {first}");
        assert_eq!(cs.half_width(first - 1, 1.0), None);
        let widths: Vec<f64> = (first..5000)
            .map(|n| cs.half_width(n, n as f64).expect("bounded"))
            .collect();
        assert!(widths.windows(2).all(|w| w[1] < w[0]));
        // Anytime validity costs width: wider than the fixed-n 95% t-interval at the target.
        let fixed = crate::stats::t_quantile(0.975, 99.0) * (100.0f64 / 99.0 / 100.0).sqrt();
        assert!(cs.half_width(100, 100.0).unwrap() > fixed);
    }

    #[test]
    fn zero_spread_gives_a_point() {
        let cs = ConfidenceSequence::new(0.05, 10.0);
        assert_eq!(cs.interval(40, 1.25, 0.0), Some((1.25, 1.25)));
    }
}
