//! Holm's step-down over a group's claims: which of m anytime-valid p-values are decided
//! while the chance of any wrong verdict in the group stays at most alpha.
//!
//! Sorted p₍₁₎ ≤ … ≤ p₍ₘ₎, the k-th smallest is decided while every one before it was and
//! p₍ₖ₎ ≤ alpha / (m − k + 1). Holm (1979) shows this holds the family's error rate at alpha
//! whatever the dependence between the claims, and it decides everything Bonferroni's
//! alpha / m does, and more: the second smallest needs only alpha / (m − 1), and so on.

/// Which of `p_values` Holm's step-down at family error rate `alpha` decides, in their
/// order. `None` (a claim that decided at no error rate) counts as p = 1. Cost: O(m log m).
#[must_use]
pub fn holm(p_values: &[Option<f64>], alpha: f64) -> Vec<bool> {
    let m = p_values.len();
    let p = |i: usize| p_values[i].unwrap_or(1.0);
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&a, &b| p(a).total_cmp(&p(b)));
    let mut decided = vec![false; m];
    for (k, &i) in order.iter().enumerate() {
        if p(i) > alpha / (m - k) as f64 {
            break;
        }
        decided[i] = true;
    }
    decided
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::SplitMix64;

    #[test]
    fn a_hand_computed_step_down() {
        // m = 3 at 0.05: 0.01 ≤ 0.05/3, then 0.02 ≤ 0.05/2, then 0.04 ≤ 0.05: all decided,
        // where Bonferroni (each ≤ 0.05/3) decides only the first.
        assert_eq!(
            holm(&[Some(0.04), Some(0.01), Some(0.02)], 0.05),
            [true, true, true]
        );
        // m = 4: 0.005 ≤ 0.0125, 0.01 ≤ 0.0167, then 0.03 > 0.025 stops the descent, so
        // 0.04 is not decided although it is below 0.05.
        assert_eq!(
            holm(&[Some(0.01), Some(0.04), Some(0.03), Some(0.005)], 0.05),
            [true, false, false, true]
        );
        // A claim that decided nowhere, and an empty group.
        assert_eq!(holm(&[None, Some(0.001)], 0.05), [false, true]);
        assert!(holm(&[], 0.05).is_empty());
    }

    /// ln of the t-mixture martingale for mean `mu0` after `t` observations with mean
    /// `mean` and squared deviations `v` (`stats::sequence`'s module docs): its inverse is
    /// the look's p-value for "the interval excludes `mu0`".
    fn log_martingale(tau2: f64, t: f64, mean: f64, v: f64, mu0: f64) -> f64 {
        let d = mean - mu0;
        let b0 = v + t * d * d;
        let b1 = v + t * d * d / (1.0 + t * tau2);
        -0.5 * (t * tau2).ln_1p() + 0.5 * t * (b0 / b1).ln()
    }

    /// One candidate's run: normal observations with mean `mu` (the claim's boundary is 0),
    /// looked at after each, stopping when the interval at `stop_alpha` excludes 0 or after
    /// `n` observations; the running minimum of the looks' p-values.
    fn run_p(rng: &mut SplitMix64, mu: f64, n: usize, stop_alpha: f64) -> f64 {
        let l = 2.0 * (1.0 / stop_alpha).ln();
        let tau2 = (l + l.ln_1p()) / 64.0;
        let (mut mean, mut v, mut least) = (0.0, 0.0, 1.0f64);
        for t in 1..=n {
            let x = mu + rng.normal();
            let delta = x - mean;
            mean += delta / t as f64;
            v += delta * (x - mean);
            if t >= 2 {
                least = least.min((-log_martingale(tau2, t as f64, mean, v, 0.0)).exp());
            }
            if least <= stop_alpha {
                break;
            }
        }
        least
    }

    /// Runs `families` groups of `nulls` candidates on the boundary and `effects` far from
    /// it, each stopping at the Bonferroni level as the harness does; how many groups
    /// wrongly decided at least one null candidate under `decide`.
    fn wrong_families(
        families: usize,
        nulls: usize,
        effects: usize,
        decide: impl Fn(&[Option<f64>]) -> Vec<bool>,
    ) -> usize {
        let alpha = 0.05;
        let m = nulls + effects;
        let mut rng = SplitMix64::new(0x5eed_4017);
        (0..families)
            .filter(|_| {
                let ps: Vec<Option<f64>> = (0..m)
                    .map(|i| {
                        let mu = if i < nulls { 0.0 } else { 1.0 };
                        Some(run_p(&mut rng, mu, 200, alpha / m as f64))
                    })
                    .collect();
                decide(&ps)[..nulls].iter().any(|&d| d)
            })
            .count()
    }

    #[test]
    fn the_family_error_rate_is_held_and_not_without_the_correction() {
        // Eight candidates on the boundary and four far from it (decided first, which
        // lowers the bar for the rest: Holm's worst case among these).
        let families = 1_000;
        let with_holm = wrong_families(families, 8, 4, |ps| holm(ps, 0.05));
        // At most alpha = 5%, with three binomial standard errors of slack (2.1%).
        assert!(
            with_holm <= 71,
            "Holm: {with_holm} of {families} families wrong"
        );
        // Negative control: each claim at the family's alpha, uncorrected.
        let uncorrected = wrong_families(families, 8, 4, |ps| {
            ps.iter().map(|p| p.is_some_and(|p| p <= 0.05)).collect()
        });
        assert!(
            uncorrected > 71,
            "uncorrected: only {uncorrected} of {families} families wrong"
        );
    }
}
