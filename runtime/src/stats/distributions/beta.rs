//! The regularized incomplete beta function `I_x(a, b)`, in log space, for Student's t.
//!
//! statrs' `beta_reg` is not precise enough here: it forms `1 − x` itself (1e-8 relative
//! error in the t CDF near t = 0), takes its prefactor from a cancelling log-gamma
//! difference, and stops its continued fraction after 140 terms. Here the caller passes
//! `x`, `1 − x` and both logs, each computed without cancellation.

use super::gamma::{ln_gamma_ratio_half, GammaHalf};

/// A point `x` in (0, 1) with its complement and both logs, each computed directly by the
/// caller (never `y = 1 − x` after the fact, which loses digits when `x ≈ 1`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct BetaArg {
    pub x: f64,
    pub y: f64,
    pub ln_x: f64,
    pub ln_y: f64,
}

/// A safety bound on continued-fraction terms. The fraction needs O(√max(a, b)) terms near
/// `x = (a + 1)/(a + b + 2)`; with [`ln_beta_reg_large_a_half`] taking that region for large
/// `a`, the t distribution needs at most about 25 (measured for df from 0.01 to 1e9).
const MAX_TERMS: u32 = 1_000;

/// `ln I_x(a, b)`, given `ln B(a, b)`. The caller must keep `x < (a + 1)/(a + b + 2)`,
/// where the continued fraction converges (the other side is `1 − I_{1−x}(b, a)`), and
/// should use [`ln_beta_reg_large_a_half`] instead where that applies.
///
/// Method: the prefactor `x^a (1−x)^b / (a B(a,b))` in log space, times the continued
/// fraction of Numerical Recipes §6.4, evaluated by the modified Lentz algorithm until a
/// term changes it by less than one ulp. Cost: O(√max(a, b)) terms in general; at most
/// about 25 where Student's t uses it.
pub(crate) fn ln_beta_reg(a: f64, b: f64, arg: BetaArg, ln_beta: f64) -> f64 {
    debug_assert!(arg.x <= (a + 1.0) / (a + b + 2.0) + f64::EPSILON);
    let prefactor = a * arg.ln_x + b * arg.ln_y - ln_beta - a.ln();
    if prefactor == f64::NEG_INFINITY {
        return prefactor;
    }
    prefactor + continued_fraction(a, b, arg.x).ln()
}

fn continued_fraction(a: f64, b: f64, x: f64) -> f64 {
    // Keeps Lentz's denominators away from zero.
    const TINY: f64 = 1e-300;
    let nudge = |v: f64| if v.abs() < TINY { TINY } else { v };
    let (qab, qap, qam) = (a + b, a + 1.0, a - 1.0);
    let mut c = 1.0;
    let mut d = 1.0 / nudge(1.0 - qab * x / qap);
    let mut h = d;
    for m in 1..=MAX_TERMS {
        let m = f64::from(m);
        let m2 = 2.0 * m;
        // Even step of the fraction.
        let aa = m * (b - m) * x / ((qam + m2) * (a + m2));
        d = 1.0 / nudge(1.0 + aa * d);
        c = nudge(1.0 + aa / c);
        h *= d * c;
        // Odd step.
        let aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
        d = 1.0 / nudge(1.0 + aa * d);
        c = nudge(1.0 + aa / c);
        let step = d * c;
        h *= step;
        if (step - 1.0).abs() <= f64::EPSILON {
            break;
        }
    }
    h
}

/// Whether [`ln_beta_reg_large_a_half`] is the method for `I_x(a, ½)`: large `a` and `x`
/// not far below 1 (DiDonato and Morris's region for it).
pub(crate) fn large_a_half_applies(a: f64, arg: BetaArg) -> bool {
    a >= 15.0 && arg.y < 0.29
}

/// `ln I_x(a, ½)` for `a ≥ 15` and `1 − x < 0.29`, where the continued fraction fails: as
/// `x → 1` its terms cancel, and its value depends on the rounding of `x` itself (about
/// 1e-10 relative error at df = 1e6).
///
/// Method: the asymptotic expansion BGRAT of DiDonato and Morris (1992, ACM TOMS 708,
/// §9), `I_x(a, b) = u·Σ dₙ·Jₙ` with `z = −(a + (b−1)/2)·ln x`, whose seed
/// `J₀ = Q(b, z)/r` is the scaled upper incomplete gamma function at `b = ½`. It uses only
/// `ln x`, never `x`. Cost: O(1), at most 30 terms of a triangular recurrence (≈ 500
/// flops).
pub(crate) fn ln_beta_reg_large_a_half(a: f64, arg: BetaArg) -> f64 {
    const B: f64 = 0.5;
    const TERMS: usize = 30;
    const TOLERANCE: f64 = 15.0 * f64::EPSILON;
    debug_assert!(large_a_half_applies(a, arg));
    let bm1 = B - 1.0;
    let nu = a + 0.5 * bm1;
    let ln_x = arg.ln_x;
    let z = -nu * ln_x;
    let gamma = GammaHalf::at(z);
    // u = r·Γ(a + b)/Γ(a)·ν^(−b), the factor taken out of the series.
    let ln_u = gamma.ln_r + ln_gamma_ratio_half(a) - B * nu.ln();
    let v = 0.25 / (nu * nu);
    let t2 = 0.25 * ln_x * ln_x;
    let (mut c, mut d) = ([0.0; TERMS], [0.0; TERMS]);
    let mut j = gamma.upper_scaled();
    let mut sum = j;
    let (mut t, mut cn, mut n2) = (1.0, 1.0, 0.0);
    for n in 1..=TERMS {
        let bp2n = B + n2;
        j = (bp2n * (bp2n + 1.0) * j + (z + bp2n + 1.0) * t) * v;
        n2 += 2.0;
        t *= t2;
        cn /= n2 * (n2 + 1.0);
        c[n - 1] = cn;
        let mut s = 0.0;
        let mut coef = B - n as f64;
        for i in 1..n {
            s += coef * c[i - 1] * d[n - 1 - i];
            coef += B;
        }
        d[n - 1] = bm1 * cn + s / n as f64;
        let dj = d[n - 1] * j;
        sum += dj;
        if dj.abs() <= TOLERANCE * sum {
            break;
        }
    }
    ln_u + sum.ln()
}

#[cfg(test)]
mod tests {
    use super::super::gamma::ln_beta_half;
    use super::*;

    fn arg(x: f64, y: f64) -> BetaArg {
        BetaArg {
            x,
            y,
            ln_x: x.ln(),
            ln_y: y.ln(),
        }
    }

    /// Where both methods apply and the fraction is well conditioned, they agree.
    #[test]
    fn expansion_agrees_with_continued_fraction() {
        for (a, y) in [(15.0, 0.28), (40.0, 0.2), (400.0, 0.05)] {
            let p = arg(1.0 - y, y);
            let cf = ln_beta_reg(a, 0.5, p, ln_beta_half(a));
            let bgrat = ln_beta_reg_large_a_half(a, p);
            assert!(
                (cf - bgrat).abs() <= 1e-14 * cf.abs().max(1.0),
                "a={a}: {cf} vs {bgrat}"
            );
        }
    }

    /// `I_x(a, 1)` is `x^a`, a check of the fraction with b ≠ ½.
    #[test]
    fn fraction_with_b_one_is_a_power() {
        for (a, x) in [(0.5, 0.2), (3.0, 0.5), (50.0, 0.9)] {
            let ln_beta = -f64::ln(a); // B(a, 1) = 1/a
            let got = ln_beta_reg(a, 1.0, arg(x, 1.0 - x), ln_beta);
            assert!(
                (got - a * x.ln()).abs() <= 1e-14 * (a * x.ln()).abs(),
                "a={a} x={x}"
            );
        }
    }
}
