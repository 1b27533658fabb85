//! Student's t from statrs: two-sided p-values and quantiles.
//!
//! statrs' tail probability is used as it is: its error stays far below anything a
//! comparison of a p-value with alpha can notice, for every df the t-tests reach (checked
//! against SciPy in `stats/tests.rs`). Its quantile is used below
//! [`LARGE_DF`] and for df ≠ 1. Above, its Newton iteration on `x = df/(df + t²)` works
//! within `t²/df` of 1 and loses the quantile's digits as df grows, until it no longer
//! returns at all; Welch's test on the latencies of millions of pairs reaches such df, so
//! there the quantile is the Cornish–Fisher expansion. At df = 1 (Student's test on two
//! blocks or two rounds) statrs' inversion fails in the far tail below alpha = 1e-6, which
//! a shared `--family-alpha` reaches, so there the quantile is the Cauchy distribution's
//! closed form. statrs' far tail is also loose for df between 1 and 2, which only Welch's
//! test on two tiny samples could reach; no caller does.

use super::cornish_fisher::{cornish_fisher_quantile, LARGE_DF};
use statrs::distribution::{ContinuousCDF, StudentsT};
use std::cmp::Ordering;
use std::f64::consts::PI;

/// `P(|T| ≥ |t|)`, the two-sided p-value of a t statistic on `df` degrees of freedom; NaN
/// for a NaN statistic. Method: twice statrs' upper tail at `|t|`, the regularized
/// incomplete beta function `I_x(df/2, ½)` by its continued fraction. Cost: O(1), at most
/// 140 fraction terms.
///
/// # Panics
///
/// If `df` is not positive (or is NaN).
#[must_use]
pub fn t_two_sided_p(t: f64, df: f64) -> f64 {
    let dist = standard(df);
    // statrs panics on a NaN statistic, which constant data gives (0/0).
    if t.is_nan() {
        return f64::NAN;
    }
    2.0 * dist.sf(t.abs())
}

/// The `p` quantile of Student's t with `df` degrees of freedom: `t` with `P(T ≤ t) = p`.
///
/// Method: statrs' inversion of the incomplete beta function (AS 109) below [`LARGE_DF`];
/// the Cornish–Fisher expansion at and above it; `tan(π(p − ½))` at `df = 1`. Cost: O(1)
/// above [`LARGE_DF`] and at `df = 1`, a few Newton steps on the incomplete beta function
/// otherwise.
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
    let dist = standard(df);
    if df >= LARGE_DF {
        cornish_fisher_quantile(p, df)
    } else if df == 1.0 {
        cauchy_quantile(p)
    } else {
        dist.inverse_cdf(p)
    }
}

/// Student's t on `df` degrees of freedom, centred at 0 with scale 1.
fn standard(df: f64) -> StudentsT {
    StudentsT::new(0.0, 1.0, df)
        .unwrap_or_else(|_| panic!("Student's t: df = {df} must be positive"))
}

/// The quantile of Student's t on one degree of freedom, the Cauchy distribution:
/// `tan(π(p − ½)) = −1/tan(πp)`, written with the smaller tail so that nothing cancels.
fn cauchy_quantile(p: f64) -> f64 {
    match p.partial_cmp(&0.5) {
        Some(Ordering::Less) => -1.0 / (PI * p).tan(),
        Some(Ordering::Greater) => 1.0 / (PI * (1.0 - p)).tan(),
        _ => 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_sided_p_is_both_tails() {
        for (t, df) in [(0.3, 3.0), (-2.5, 10.0), (40.0, 2.0), (-3.0, 1e6)] {
            let tail = standard(df).sf(f64::abs(t));
            assert!((t_two_sided_p(t, df) - 2.0 * tail).abs() <= 1e-15 * tail);
        }
        assert_eq!(t_two_sided_p(0.0, 5.0), 1.0);
        assert_eq!(t_two_sided_p(f64::NEG_INFINITY, 5.0), 0.0);
        assert!(t_two_sided_p(f64::NAN, 5.0).is_nan());
    }

    /// At df = 1, statrs' quantile is wrong by a factor below p ≈ 4e-7 (alpha = 8e-7, which
    /// `--family-alpha 1e-6` shared by two gates reaches): the two-block Student interval
    /// would be the wrong width. The closed form is exact.
    #[test]
    fn df_one_is_cauchy_where_statrs_fails() {
        let p = 5e-9; // alpha = 1e-8
        let want = -1.0 / (PI * p).tan();
        let statrs = standard(1.0).inverse_cdf(p);
        assert!(
            (statrs / want - 1.0).abs() > 0.5,
            "statrs {statrs:e} vs {want:e}"
        );
        // statrs' CDF is precise out there (only its inversion fails): it gives p back.
        let cauchy = standard(1.0);
        for p in [1e-12, 1e-9, 2.5e-7, 0.1, 0.3, 0.49] {
            let q = t_quantile(p, 1.0);
            assert!((cauchy.cdf(q) / p - 1.0).abs() <= 1e-13, "p={p}: {q}");
            assert!((cauchy.sf(-q) / p - 1.0).abs() <= 1e-13, "p={p}: {q}");
        }
        // Beyond its reach, where tan(πp) is πp to the last digit.
        let far = t_quantile(1e-300, 1.0);
        assert!((far * PI * 1e-300 + 1.0).abs() <= 1e-15, "{far:e}");
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
    fn endpoints_are_infinite() {
        for df in [1.0, 1.7, 12.0, 4000.0, 3e6] {
            assert_eq!(t_quantile(0.0, df), f64::NEG_INFINITY, "df={df}");
            assert_eq!(t_quantile(1.0, df), f64::INFINITY, "df={df}");
            assert_eq!(t_quantile(0.5, df), 0.0, "df={df}");
        }
    }

    #[test]
    #[should_panic(expected = "df = 0 must be positive")]
    fn df_must_be_positive() {
        let _ = t_quantile(0.5, 0.0);
    }
}
