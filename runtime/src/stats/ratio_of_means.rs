//! The log ratio of two means from paired block sums, with its delta-method spread and the
//! linearised block values a long-run variance is estimated on (`long_run`).

/// ln(ΣX / ΣY) over blocks of paired sums, and what a confidence sequence needs about it.
#[derive(Clone, Debug, PartialEq)]
#[must_use]
pub struct RatioOfMeans {
    /// Blocks used (those with both sums positive).
    pub n: usize,
    /// ln(ΣX / ΣY): the log ratio of the two means.
    pub log_ratio: f64,
    /// Σ(Zᵦ − Z̄)² of the linearised block values `Zᵦ = Xᵦ/X̄ − Yᵦ/Ȳ`.
    pub sum_sq_dev: f64,
    /// The linearised block values in order, for dependence checks.
    pub linearised: Vec<f64>,
}

/// Running sums of paired block values, from which [`RatioOfMeans`]'s estimate and spread
/// follow in O(1) at every look: `Σ(Zᵦ)² = ΣX²/X̄² − 2ΣXY/(X̄Ȳ) + ΣY²/Ȳ²` (Z̄ is 0). The
/// three terms are each about n while their difference is n times the squared relative
/// spread, so about 1e-10 of relative precision is lost at a 0.1% spread: harmless.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PairedSums {
    n: usize,
    x: f64,
    y: f64,
    xx: f64,
    yy: f64,
    xy: f64,
}

impl PairedSums {
    /// Adds one block; blocks with a non-positive sum are skipped, as in [`ratio_of_means`].
    pub fn push(&mut self, x: f64, y: f64) {
        if x > 0.0 && y > 0.0 {
            self.n += 1;
            self.x += x;
            self.y += y;
            self.xx += x * x;
            self.yy += y * y;
            self.xy += x * y;
        }
    }

    /// Blocks counted.
    #[must_use]
    pub fn n(&self) -> usize {
        self.n
    }

    /// `(ln(ΣX/ΣY), Σ(Zᵦ − Z̄)²)`, or `None` before two blocks. Cost: O(1).
    #[must_use]
    pub fn log_ratio_and_spread(&self) -> Option<(f64, f64)> {
        if self.n < 2 {
            return None;
        }
        let n = self.n as f64;
        let (mx, my) = (self.x / n, self.y / n);
        let ss = self.xx / (mx * mx) - 2.0 * self.xy / (mx * my) + self.yy / (my * my);
        Some(((self.x / self.y).ln(), ss.max(0.0)))
    }
}

/// The log ratio of means of `blocks` (pairs of sums, X then Y), or `None` without two
/// usable blocks.
///
/// Method: the ratio estimator ΣX/ΣY is a smooth function of the two block means, so to
/// first order `ln(ΣX/ΣY) − ln(μx/μy) ≈ mean(Zᵦ)` with `Zᵦ = Xᵦ/X̄ − Yᵦ/Ȳ` (the delta
/// method); the Zᵦ have mean exactly 0, and their spread is the estimate's spread. When
/// every block's X/Y is the same up to small noise this is nearly the mean of the blocks'
/// log ratios, and a factor both sums share within a block (machine speed) cancels from Zᵦ.
/// Blocks with a non-positive sum carry no information and are skipped. Cost: O(n).
#[must_use]
pub fn ratio_of_means(blocks: &[(f64, f64)]) -> Option<RatioOfMeans> {
    let used: Vec<(f64, f64)> = blocks
        .iter()
        .copied()
        .filter(|&(x, y)| x > 0.0 && y > 0.0)
        .collect();
    if used.len() < 2 {
        return None;
    }
    let n = used.len() as f64;
    let (sum_x, sum_y) = used
        .iter()
        .fold((0.0, 0.0), |(a, b), &(x, y)| (a + x, b + y));
    let (mean_x, mean_y) = (sum_x / n, sum_y / n);
    let linearised: Vec<f64> = used.iter().map(|&(x, y)| x / mean_x - y / mean_y).collect();
    let sum_sq_dev = linearised.iter().map(|z| z * z).sum();
    Some(RatioOfMeans {
        n: used.len(),
        log_ratio: (sum_x / sum_y).ln(),
        sum_sq_dev,
        linearised,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::SplitMix64;

    #[test]
    fn equal_ratios_give_the_ratio_and_no_spread() {
        let blocks = [(2.0, 1.0), (4.0, 2.0), (3.0, 1.5)];
        let r = ratio_of_means(&blocks).unwrap();
        assert!((r.log_ratio - 2f64.ln()).abs() < 1e-15);
        // Machine speed differs between blocks but hits both sums alike: no spread.
        assert!(r.sum_sq_dev < 1e-25, "{}", r.sum_sq_dev);
        assert_eq!(ratio_of_means(&[(1.0, 1.0)]), None);
        assert_eq!(ratio_of_means(&[(1.0, 1.0), (0.0, 1.0)]), None);
    }

    #[test]
    fn running_sums_agree_with_the_two_pass_estimate() {
        let mut rng = SplitMix64::new(8);
        let blocks: Vec<(f64, f64)> = (0..500)
            .map(|_| {
                (
                    1e6 * (1.0 + 0.001 * rng.normal()),
                    0.9e6 * (1.0 + 0.001 * rng.normal()),
                )
            })
            .collect();
        let mut sums = PairedSums::default();
        blocks.iter().for_each(|&(x, y)| sums.push(x, y));
        let two_pass = ratio_of_means(&blocks).unwrap();
        let (log_ratio, ss) = sums.log_ratio_and_spread().unwrap();
        assert_eq!(sums.n(), 500);
        assert!((log_ratio - two_pass.log_ratio).abs() < 1e-14);
        assert!(
            (ss - two_pass.sum_sq_dev).abs() < 1e-6 * two_pass.sum_sq_dev,
            "{ss}"
        );
    }

    #[test]
    fn a_spike_counts_in_the_ratio_of_means() {
        // One block in ten has a tenfold X: the mean ratio is 1.9, not the typical 1.
        let blocks: Vec<(f64, f64)> = (0..10)
            .map(|i| (if i == 3 { 10.0 } else { 1.0 }, 1.0))
            .collect();
        let r = ratio_of_means(&blocks).unwrap();
        assert!((r.log_ratio - 1.9f64.ln()).abs() < 1e-12);
        assert!(r.sum_sq_dev > 1.0);
    }
}
