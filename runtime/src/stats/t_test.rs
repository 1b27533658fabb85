//! The result of a t-test: Student's one-sample test and Welch's two-sample test report the
//! same things, so they share one struct.

/// A t-test of an estimate against a null value, with a two-sided confidence interval:
/// Student's one-sample test of a mean (the paired block log ratios of a comparison), or
/// Welch's two-sample test of a difference of means (the two routines' log latencies).
#[must_use]
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct TTest {
    /// The estimate: the sample mean, or `mean(a) − mean(b)`.
    pub estimate: f64,
    /// Its standard error: `sd/√n`, or `√(s_a²/n_a + s_b²/n_b)`.
    pub se: f64,
    /// Degrees of freedom: `n − 1`, or Welch–Satterthwaite's (not an integer in general).
    pub df: f64,
    /// The t statistic, `(estimate − null) / se`.
    pub t: f64,
    /// Two-sided p-value, `P(|T| ≥ |t|)` on `df` degrees of freedom under the null.
    pub p_two_sided: f64,
    /// Lower end of the two-sided confidence interval for the estimate.
    pub ci_low: f64,
    /// Upper end of the two-sided confidence interval for the estimate.
    pub ci_high: f64,
    /// Confidence level of the interval, e.g. 0.95.
    pub level: f64,
    /// Observations in the sample, or in the first sample `a`.
    pub n: usize,
    /// Observations in the second sample `b`; `None` for a one-sample test.
    pub n_second: Option<usize>,
}
