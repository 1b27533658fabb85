//! Student's t quantile at large df: the Cornish–Fisher expansion about the normal quantile.
//!
//! Here statrs' own quantile of Student's t is wrong (see `t_distribution.rs`);
//! `cornish_fisher::tests` shows how far, at a df that Welch's test on a long run reaches.

use statrs::distribution::{ContinuousCDF, Normal};

/// The df from which [`cornish_fisher_quantile`] replaces statrs' quantile. From here up the
/// expansion's first omitted term, about `7e-5·z¹⁰/df⁵` relative, is below 1e-9 for every
/// p from 1e-20 to 1 − 1e-20 (|z| ≤ 9.3), while statrs' error grows with df from about here.
pub(super) const LARGE_DF: f64 = 1_000.0;

/// The `p` quantile of Student's t on `df` degrees of freedom, for large `df` (and
/// `df = ∞`, the normal quantile).
///
/// Method: the Cornish–Fisher expansion `t = z + g₁(z)/df + … + g₄(z)/df⁴` about the normal
/// quantile `z` (Abramowitz and Stegun 26.7.5), `z` from statrs' inverse error function.
/// Cost: O(1).
pub(super) fn cornish_fisher_quantile(p: f64, df: f64) -> f64 {
    let z = Normal::standard().inverse_cdf(p);
    if !z.is_finite() {
        return z;
    }
    let z2 = z * z;
    let g1 = z * (z2 + 1.0) / 4.0;
    let g2 = z * ((5.0 * z2 + 16.0) * z2 + 3.0) / 96.0;
    let g3 = z * (((3.0 * z2 + 19.0) * z2 + 17.0) * z2 - 15.0) / 384.0;
    let g4 = z * ((((79.0 * z2 + 776.0) * z2 + 1482.0) * z2 - 1920.0) * z2 - 945.0) / 92_160.0;
    z + (g1 + (g2 + (g3 + g4 / df) / df) / df) / df
}

#[cfg(test)]
mod tests {
    use super::*;
    use statrs::distribution::StudentsT;

    /// SciPy's `t.ppf(0.025, 1e7)`, the lower end of a 95% interval on ten million df.
    const SCIPY_Q025_DF_1E7: f64 = -1.959_964_221_767_205;

    /// At df = 1e7 statrs' quantile is far off: the 95% interval it gives is 7% too narrow
    /// and covers about 93% (`2·Φ(1.83) − 1`), which any reader of the Welch interval would
    /// be misled by. The expansion matches SciPy.
    #[test]
    fn statrs_quantile_fails_at_large_df_and_the_expansion_does_not() {
        let df = 1e7;
        let statrs = StudentsT::new(0.0, 1.0, df).unwrap().inverse_cdf(0.025);
        let relative = |q: f64| (q / SCIPY_Q025_DF_1E7 - 1.0).abs();
        assert!(relative(statrs) > 0.05, "statrs: {statrs}");
        let ours = cornish_fisher_quantile(0.025, df);
        assert!(relative(ours) < 1e-14, "expansion: {ours}");
    }

    #[test]
    fn infinite_df_is_normal_and_symmetric() {
        let q = cornish_fisher_quantile(0.975, f64::INFINITY);
        assert!((q - 1.959_963_984_540_054).abs() < 1e-15, "{q}");
        // Complements that are exact, so that any asymmetry would be the function's own.
        for p in [0.25, 0.125, 2f64.powi(-20)] {
            let (lower, upper) = (
                cornish_fisher_quantile(p, 5e3),
                cornish_fisher_quantile(1.0 - p, 5e3),
            );
            assert!((lower + upper).abs() <= 1e-12 * upper, "p={p}");
        }
    }
}
