//! Welch's two-sample t-test: the difference of two means without assuming equal variances.
//!
//! duobench applies it to the log latencies of the two routines, as the unpaired
//! counterpart of the paired analysis (it ignores the pairing, so it is the weaker test).

use super::t_test::TTest;
use crate::stats::{t_quantile, t_two_sided_p, Sample};

/// Welch's unequal-variance t-test of `mean(a) = mean(b)`, with a two-sided confidence
/// interval for `mean(a) − mean(b)` at `level` (SciPy's `ttest_ind(equal_var=False)`).
///
/// Method: with `vₐ = s_a²/n_a` and `v_b = s_b²/n_b`, `t = (x̄_a − x̄_b)/√(vₐ + v_b)` on the
/// Welch–Satterthwaite `df = (vₐ + v_b)² / (vₐ²/(n_a − 1) + v_b²/(n_b − 1))`, computed from
/// the share `w = vₐ/(vₐ + v_b)` so tiny variances cannot underflow. If both samples are
/// constant, `se = 0` and `df` is taken as `n_a + n_b − 2`; `t` is then ±∞ or NaN as in
/// [`student_t`](super::student_t). Cost: O(n_a + n_b) plus one t quantile and one t tail.
///
/// # Panics
///
/// If `level` is not strictly between 0 and 1.
pub fn welch(a: Sample<'_>, b: Sample<'_>, level: f64) -> TTest {
    assert!(
        level > 0.0 && level < 1.0,
        "welch: level = {level} must be in (0, 1)"
    );
    let (n_a, n_b) = (a.len(), b.len());
    let (dof_a, dof_b) = ((n_a - 1) as f64, (n_b - 1) as f64);
    let v_a = a.variance() / n_a as f64;
    let v_b = b.variance() / n_b as f64;
    let total = v_a + v_b;
    let se = total.sqrt();
    let df = if total > 0.0 {
        let w = v_a / total;
        1.0 / (w * w / dof_a + (1.0 - w) * (1.0 - w) / dof_b)
    } else {
        dof_a + dof_b
    };
    let diff = a.mean() - b.mean();
    let t = diff / se;
    let half_width = -t_quantile(0.5 * (1.0 - level), df) * se;
    TTest {
        estimate: diff,
        se,
        df,
        t,
        p_two_sided: t_two_sided_p(t, df),
        ci_low: diff - half_width,
        ci_high: diff + half_width,
        level,
        n: n_a,
        n_second: Some(n_b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_variances_and_sizes_give_pooled_df() {
        // Equal n and equal variances: df = 2(n − 1), se = √(2 s²/n).
        let a = [1.0, 2.0, 3.0, 4.0];
        let b = [11.0, 12.0, 13.0, 14.0];
        let r = welch(Sample::new(&a).unwrap(), Sample::new(&b).unwrap(), 0.95);
        assert!((r.df - 6.0).abs() < 1e-14);
        assert_eq!((r.estimate, r.n, r.n_second), (-10.0, 4, Some(4)));
        assert!((r.se - (2.0 * (5.0 / 3.0) / 4.0f64).sqrt()).abs() < 1e-15);
        assert!(r.ci_low < -10.0 && r.ci_high > -10.0);
        assert!(r.p_two_sided < 1e-4);
    }

    #[test]
    fn one_constant_sample_leaves_the_other_df() {
        let a = [5.0, 5.0, 5.0];
        let b = [1.0, 2.0, 4.0, 8.0, 9.0];
        let r = welch(Sample::new(&a).unwrap(), Sample::new(&b).unwrap(), 0.9);
        assert!((r.df - 4.0).abs() < 1e-14);
        let swapped = welch(Sample::new(&b).unwrap(), Sample::new(&a).unwrap(), 0.9);
        assert!((swapped.t + r.t).abs() < 1e-14 && (swapped.df - r.df).abs() < 1e-12);
        assert!((swapped.ci_low + r.ci_high).abs() < 1e-14);
    }

    #[test]
    fn both_constant_is_degenerate_but_defined() {
        let r = welch(
            Sample::new(&[1.0, 1.0]).unwrap(),
            Sample::new(&[3.0, 3.0]).unwrap(),
            0.95,
        );
        assert_eq!(
            (r.se, r.df, r.t, r.p_two_sided),
            (0.0, 2.0, f64::NEG_INFINITY, 0.0)
        );
        assert_eq!((r.ci_low, r.ci_high), (-2.0, -2.0));
    }
}
