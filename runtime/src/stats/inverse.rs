//! Quantiles of Student's t and the standard normal distribution.
//!
//! statrs' `StudentsT::inverse_cdf` is not used: it fails in the far tails of small df
//! (−1.5e8 for the 1e-12 quantile at df = 0.3, which is −3.0e38; 9.2e7 for the 1 − 1e-12
//! quantile at df = 1, which is 3.2e11) and inherits its CDF's error elsewhere (1e-9
//! relative at df = 1000, 6e-4 at df = 1e6). Its normal quantile (`erfc_inv`, a port of
//! Boost's rational approximations) is accurate and is used.

use super::dist::{Eval, Side};
use super::gamma::ln_gamma_ratio_half;
use statrs::function::erf::erfc_inv;
use std::f64::consts::{LN_2, PI, SQRT_2};

/// The `p` quantile of Student's t with `df` degrees of freedom: `t` with `P(T ≤ t) = p`.
///
/// Method: by symmetry solve for an upper tail `≤ ½` (`1 − p` is exact for `p ≥ ½`). Start
/// from the smaller of a Cornish–Fisher expansion and the power-law tail asymptote, then run
/// Newton's method on the log of the tail probability (or, near the centre, of the central
/// probability) against `ln t`, which is nearly linear at both ends; a bracket with
/// bisection guards every step. Cost: 1–5 CDF evaluations in practice, at most 200.
///
/// # Panics
///
/// If `p` is outside `[0, 1]` or `df` is not positive (NaN counts as both).
#[must_use]
pub fn t_quantile(p: f64, df: f64) -> f64 {
    assert!(
        (0.0..=1.0).contains(&p),
        "t_quantile: p = {p} is outside [0, 1]"
    );
    assert!(df > 0.0, "t_quantile: df = {df} must be positive");
    if df == f64::INFINITY {
        return normal_quantile(p);
    }
    match p.partial_cmp(&0.5) {
        Some(std::cmp::Ordering::Less) => -upper_quantile(p, df),
        Some(std::cmp::Ordering::Greater) => upper_quantile(1.0 - p, df),
        _ => 0.0,
    }
}

/// The `p` quantile of the standard normal distribution. Cost: O(1).
///
/// Method: `−√2 · erfc⁻¹(2p)` on the lower half and symmetry above it (statrs' `erfc_inv`,
/// good to a few ulps).
///
/// # Panics
///
/// If `p` is outside `[0, 1]` (or is NaN).
#[must_use]
pub fn normal_quantile(p: f64) -> f64 {
    assert!(
        (0.0..=1.0).contains(&p),
        "normal_quantile: p = {p} is outside [0, 1]"
    );
    if p > 0.5 {
        -normal_quantile(1.0 - p)
    } else {
        -SQRT_2 * erfc_inv(2.0 * p)
    }
}

/// The `t ≥ 0` with `P(T > t) = p`, for `0 ≤ p < ½` and finite `df`.
fn upper_quantile(p: f64, df: f64) -> f64 {
    if p == 0.0 {
        return f64::INFINITY;
    }
    let (ln_p, ln_central) = (p.ln(), (1.0 - 2.0 * p).ln());
    // Newton steps are taken in ln t, but t itself is the state, so a large t keeps its
    // full precision. [lo, hi] brackets the root.
    let (mut lo, mut hi) = (0.0, f64::INFINITY);
    let mut t = initial_guess(p, df);
    for _ in 0..MAX_EVALUATIONS {
        let e = Eval::at(t, df);
        let ln_t = t.ln();
        // Residual r = ln(computed/wanted), decreasing in t, and its slope in ln t:
        // d ln P(T > t)/d ln t = −t·pdf/tail, d ln P(|T| < t)/d ln t = 2t·pdf/central.
        let (r, slope, ln_target) = match e.side {
            Side::Tail => (e.ln - ln_p, -(ln_t + e.ln_pdf - e.ln).exp(), ln_p),
            Side::Central => (
                ln_central - e.ln,
                -(LN_2 + ln_t + e.ln_pdf - e.ln).exp(),
                ln_central,
            ),
        };
        // Done once r is within its own rounding error, which grows with |ln P|.
        if r.abs() <= 2.0 * f64::EPSILON * (1.0 + ln_target.abs()) {
            return t;
        }
        // A tail that underflowed gives r = −∞: t is too large.
        if r > 0.0 {
            if t == f64::MAX {
                return f64::INFINITY; // the quantile is beyond the largest float
            }
            lo = t;
        } else {
            hi = t;
        }
        if hi <= lo * (1.0 + 4.0 * f64::EPSILON) {
            return t; // the bracket is down to adjacent floats
        }
        let next = (t * (-r / slope).exp()).min(f64::MAX);
        t = if next > lo && next < hi {
            next
        } else {
            // Bisect in ln t, or leap by e⁸ while the bracket is open above.
            match (lo > 0.0, hi.is_finite()) {
                (true, true) => (0.5 * (lo.ln() + hi.ln())).exp().clamp(lo, hi),
                (true, false) => (lo * 3000.0).min(f64::MAX),
                _ => hi / 3000.0,
            }
        };
    }
    t
}

/// Bound on CDF evaluations in [`upper_quantile`]; in practice it needs 1–5.
const MAX_EVALUATIONS: usize = 200;

/// A starting point for [`upper_quantile`]: the Cornish–Fisher expansion (good for large
/// `df`), capped by the tail asymptote `P(T > t) ≈ K·df^((df−1)/2)·t^(−df)` (good in far
/// tails, and always above the root since the asymptote overstates the tail).
fn initial_guess(p: f64, df: f64) -> f64 {
    let z = -normal_quantile(p);
    let (z2, v) = (z * z, df);
    let cornish_fisher = z
        * (1.0
            + (z2 + 1.0) / (4.0 * v)
            + ((5.0 * z2 + 16.0) * z2 + 3.0) / (96.0 * v * v)
            + (((3.0 * z2 + 19.0) * z2 + 17.0) * z2 - 15.0) / (384.0 * v * v * v));
    let ln_k = ln_gamma_ratio_half(0.5 * v) - 0.5 * (v * PI).ln();
    let ln_asymptote = (ln_k + 0.5 * (v - 1.0) * v.ln() - p.ln()) / v;
    // Beyond the largest float, start there: one evaluation then tells whether the
    // quantile overflows.
    let asymptote = if ln_asymptote < f64::MAX.ln() {
        ln_asymptote.exp()
    } else {
        f64::MAX
    };
    let guess = cornish_fisher.min(asymptote);
    if guess > 0.0 && guess.is_finite() {
        guess
    } else {
        z.max(f64::MIN_POSITIVE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::t_cdf;

    #[test]
    fn df_one_is_cauchy() {
        for p in [1e-300, 1e-9, 0.1, 0.3, 0.49, 0.51, 0.9, 1.0 - 1e-9] {
            // Q(p) = tan(π(p − ½)) = −cot(πp), written so that nothing cancels.
            let want = if p < 0.5 {
                -1.0 / (PI * p).tan()
            } else {
                1.0 / (PI * (1.0 - p)).tan()
            };
            let got = t_quantile(p, 1.0);
            assert!(
                (got - want).abs() <= 1e-13 * want.abs(),
                "p={p}: {got} vs {want}"
            );
        }
    }

    #[test]
    fn df_two_has_closed_form() {
        // F(t) = ½ + t / (2 √(t² + 2)), so the quantile is (2p − 1)·√(2 / (4p(1 − p))).
        for p in [1e-12_f64, 0.001, 0.2, 0.5, 0.8, 0.999_999] {
            let want = (2.0 * p - 1.0) * (2.0 / (4.0 * p * (1.0 - p))).sqrt();
            let got = t_quantile(p, 2.0);
            assert!(
                (got - want).abs() <= 1e-13 * want.abs(),
                "p={p}: {got} vs {want}"
            );
        }
    }

    #[test]
    fn quantile_inverts_cdf_and_endpoints_are_infinite() {
        for df in [0.3, 1.7, 12.0, 4000.0, 3e6] {
            for p in [1e-60, 1e-7, 0.02, 0.4999, 0.5, 0.73, 0.999] {
                let t = t_quantile(p, df);
                let back = t_cdf(t, df);
                assert!(
                    (back - p).abs() <= 1e-12 * p,
                    "df={df} p={p}: t={t}, cdf={back}"
                );
            }
            assert_eq!(t_quantile(0.0, df), f64::NEG_INFINITY);
            assert_eq!(t_quantile(1.0, df), f64::INFINITY);
            assert_eq!(t_cdf(f64::INFINITY, df), 1.0);
            assert_eq!(t_cdf(f64::NEG_INFINITY, df), 0.0);
        }
    }

    #[test]
    fn infinite_df_is_normal() {
        assert!((t_quantile(0.975, f64::INFINITY) - 1.959_963_984_540_054).abs() < 1e-15);
    }
}
