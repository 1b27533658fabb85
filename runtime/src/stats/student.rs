//! One-sample Student's t: test and confidence interval for a mean.
//!
//! duobench applies it to the block means of paired log-differences, where the null
//! hypothesis `mu0 = 0` says the two routines are equally fast.

use super::t_test::TTest;
use crate::stats::{t_quantile, t_two_sided_p, Sample};

/// Student's one-sample t-test of `mean = mu0`, with a two-sided confidence interval for
/// the mean at `level`.
///
/// Method: `t = (x̄ − mu0)/(s/√n)` on `n − 1` degrees of freedom; the interval is
/// `x̄ ± t_{(1+level)/2, n−1} · s/√n`. This is a fixed-sample procedure: checking it again
/// after every new observation inflates its error rates (use
/// [`ConfidenceSequence`](crate::stats::ConfidenceSequence) for that). If every observation is
/// equal, `se = 0`: `t` is ±∞ (p = 0), or NaN when the mean equals `mu0`, and the interval
/// collapses to the mean. Cost: O(n) plus one t quantile and one t tail.
///
/// # Panics
///
/// If `level` is not strictly between 0 and 1, or `mu0` is not finite.
pub fn student_t(sample: Sample<'_>, mu0: f64, level: f64) -> TTest {
    assert!(
        level > 0.0 && level < 1.0,
        "student_t: level = {level} must be in (0, 1)"
    );
    assert!(mu0.is_finite(), "student_t: mu0 = {mu0} must be finite");
    let n = sample.len();
    let df = (n - 1) as f64;
    let mean = sample.mean();
    let se = sample.sd() / (n as f64).sqrt();
    let t = (mean - mu0) / se;
    // The upper (1 − level)/2 point, taken from the small tail so it keeps its precision.
    let half_width = -t_quantile(0.5 * (1.0 - level), df) * se;
    TTest {
        estimate: mean,
        se,
        df,
        t,
        p_two_sided: t_two_sided_p(t, df),
        ci_low: mean - half_width,
        ci_high: mean + half_width,
        level,
        n,
        n_second: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn textbook_example() {
        // x = 1..=5: mean 3, sd √2.5, se √0.5; t vs 2 is √2 on 4 df.
        let data = [1.0, 2.0, 3.0, 4.0, 5.0];
        let r = student_t(Sample::new(&data).unwrap(), 2.0, 0.95);
        assert_eq!((r.n, r.n_second, r.df, r.estimate), (5, None, 4.0, 3.0));
        assert!((r.t - 2f64.sqrt()).abs() < 1e-15);
        // On 4 df, P(|T| ≥ t) = 1 − √(1 − x)·(1 + x/2) with x = 4/(4 + t²) = 2/3 here.
        let x: f64 = 2.0 / 3.0;
        let p = 1.0 - (1.0 - x).sqrt() * (1.0 + x / 2.0);
        assert!((r.p_two_sided - p).abs() < 1e-14);
        let q = 2.776_445_105_197_793; // t_{0.975, 4}
        assert!((r.ci_high - (3.0 + q * 0.5f64.sqrt())).abs() < 1e-14);
        assert!((r.ci_low + r.ci_high - 6.0).abs() < 1e-14);
    }

    #[test]
    fn constant_data_collapses() {
        let r = student_t(Sample::new(&[2.0, 2.0, 2.0]).unwrap(), 1.0, 0.9);
        assert_eq!((r.se, r.t, r.p_two_sided), (0.0, f64::INFINITY, 0.0));
        assert_eq!((r.ci_low, r.ci_high), (2.0, 2.0));
        let same = student_t(Sample::new(&[2.0, 2.0]).unwrap(), 2.0, 0.9);
        assert!(same.t.is_nan() && same.p_two_sided.is_nan());
    }

    #[test]
    #[should_panic(expected = "level")]
    fn level_must_be_a_probability() {
        let _ = student_t(Sample::new(&[1.0, 2.0]).unwrap(), 0.0, 95.0);
    }
}
