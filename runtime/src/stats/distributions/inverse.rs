//! Quantiles of Student's t and the standard normal distribution.
//!
//! statrs' `StudentsT::inverse_cdf` is not used: it fails in the far tails of small df
//! (−1.5e8 for the 1e-12 quantile at df = 0.3, which is −3.0e38; 9.2e7 for the 1 − 1e-12
//! quantile at df = 1, which is 3.2e11) and inherits its CDF's error elsewhere (1e-9
//! relative at df = 1000, 6e-4 at df = 1e6). The normal quantile is Wichura's AS 241, the
//! algorithm behind R's `qnorm`, so no statistics crate is needed at all.

use super::dist::{Eval, Side};
use super::gamma::ln_gamma_ratio_half;
use std::f64::consts::{LN_2, PI};

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
/// Method: Wichura's AS 241 (PPND16, Applied Statistics 37, 1988) on the lower half and
/// symmetry above it: one of three rational approximations of degree 7, good to about
/// 1e-16 relative.
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
        return -normal_quantile(1.0 - p);
    }
    if p == 0.0 {
        return f64::NEG_INFINITY;
    }
    let q = p - 0.5;
    if q.abs() <= 0.425 {
        let r = 0.180_625 - q * q;
        return q * polynomial(&CENTRAL_NUM, r) / polynomial(&CENTRAL_DEN, r);
    }
    let r = (-p.ln()).sqrt();
    let x = if r <= 5.0 {
        let r = r - 1.6;
        polynomial(&NEAR_NUM, r) / polynomial(&NEAR_DEN, r)
    } else {
        let r = r - 5.0;
        polynomial(&FAR_NUM, r) / polynomial(&FAR_DEN, r)
    };
    -x
}

/// `c[0] + c[1]·r + … + c[7]·r⁷`, by Horner's rule.
fn polynomial(c: &[f64; 8], r: f64) -> f64 {
    c.iter().rev().fold(0.0, |sum, &c| sum * r + c)
}

// AS 241's coefficients, lowest degree first, as published (more digits than a double
// holds, so that they can be checked against the paper).
#[allow(clippy::excessive_precision)]
const CENTRAL_NUM: [f64; 8] = [
    3.387_132_872_796_366_608,
    133.141_667_891_784_377_45,
    1_971.590_950_306_551_442_7,
    13_731.693_765_509_461_125,
    45_921.953_931_549_871_457,
    67_265.770_927_008_700_853,
    33_430.575_583_588_128_105,
    2_509.080_928_730_122_672_7,
];
#[allow(clippy::excessive_precision)]
const CENTRAL_DEN: [f64; 8] = [
    1.0,
    42.313_330_701_600_911_252,
    687.187_007_492_057_908_3,
    5_394.196_021_424_751_107_7,
    21_213.794_301_586_595_867,
    39_307.895_800_092_710_61,
    28_729.085_735_721_942_674,
    5_226.495_278_852_545_925,
];
#[allow(clippy::excessive_precision)]
const NEAR_NUM: [f64; 8] = [
    1.423_437_110_749_683_577_34,
    4.630_337_846_156_545_295_9,
    5.769_497_221_460_691_405_5,
    3.647_848_324_763_204_605_04,
    1.270_458_252_452_368_382_58,
    0.241_780_725_177_450_611_77,
    0.022_723_844_989_269_184_583_3,
    7.745_450_142_783_414_076_4e-4,
];
#[allow(clippy::excessive_precision)]
const NEAR_DEN: [f64; 8] = [
    1.0,
    2.053_191_626_637_758_821_87,
    1.676_384_830_183_803_849_4,
    0.689_767_334_985_100_004_55,
    0.148_103_976_427_480_074_59,
    0.015_198_666_563_616_457_196_6,
    5.475_938_084_995_344_946e-4,
    1.050_750_071_644_416_843_24e-9,
];
#[allow(clippy::excessive_precision)]
const FAR_NUM: [f64; 8] = [
    6.657_904_643_501_103_777_2,
    5.463_784_911_164_114_369_9,
    1.784_826_539_917_291_335_8,
    0.296_560_571_828_504_891_23,
    0.026_532_189_526_576_123_093,
    0.001_242_660_947_388_078_438_6,
    2.711_555_568_743_487_578_15e-5,
    2.010_334_399_292_288_132_65e-7,
];
#[allow(clippy::excessive_precision)]
const FAR_DEN: [f64; 8] = [
    1.0,
    0.599_832_206_555_887_937_69,
    0.136_929_880_922_735_805_31,
    0.014_875_361_290_850_614_852_5,
    7.868_691_311_456_132_591e-4,
    1.846_318_317_510_054_681_8e-5,
    1.421_511_758_316_445_888_7e-7,
    2.044_263_103_389_939_785_64e-15,
];

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
    fn normal_quantile_inverts_normal_cdf_in_all_three_regions() {
        use crate::stats::normal_cdf;
        // Central (|p − ½| ≤ 0.425), near tail (√−ln p ≤ 5) and far tail, down to 1e-300.
        let mut checked = 0;
        let mut p: f64 = 0.5;
        while p > 1e-300 {
            // 1 − p rounds to 1 below about 1e-16: only the lower tail is left there.
            let upper = (1.0 - p < 1.0).then_some(1.0 - p);
            for q in std::iter::once(p).chain(upper) {
                let z = normal_quantile(q);
                // Relative to the smaller tail, which is what the quantile resolves.
                let (got, want) = if q < 0.5 {
                    (normal_cdf(z), q)
                } else {
                    (normal_cdf(-z), 1.0 - q)
                };
                // The CDF's relative change per relative change in z is about 1 + z²: the
                // rounding of z alone moves it that many ulps.
                assert!(
                    (got - want).abs() <= 1e-14 * (1.0 + z * z) * want,
                    "p={q}: z={z}, cdf={got}"
                );
                checked += 1;
            }
            p *= 0.71;
        }
        assert!(checked > 2000, "{checked}");
        assert_eq!(normal_quantile(0.0), f64::NEG_INFINITY);
        assert_eq!(normal_quantile(1.0), f64::INFINITY);
        assert_eq!(normal_quantile(0.5), 0.0);
        // SciPy's norm.ppf, to a few ulps.
        assert!((normal_quantile(0.025) + 1.959_963_984_540_054_5).abs() < 1e-15);
        assert!((normal_quantile(1e-10) + 6.361_340_902_404_056).abs() < 1e-14);
    }

    #[test]
    fn infinite_df_is_normal() {
        assert!((t_quantile(0.975, f64::INFINITY) - 1.959_963_984_540_054).abs() < 1e-15);
    }
}
