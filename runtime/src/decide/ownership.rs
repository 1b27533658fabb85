//! Whose were the outliers? Deciding whether set-aside duos were the machine's doing.
//!
//! An interrupt or a preemption strikes whichever batch happens to be running, so outlying
//! batches caused by the machine fall on the two routines in proportion to the time each
//! runs. A routine's own slow calls (a flush, a rehash, an eviction) fall on that routine
//! only, and they are part of its mean latency. So the side of each set-aside duo's slow
//! batch is counted, and a binomial test of that split decides whether the fence may apply.

/// Level of the one-sided binomial tests of the split. Deliberately loose, and repeated at
/// every look without correction: wrongly calling machine noise "owned" only costs
/// precision (the unfenced estimate is used), while wrongly calling a routine's own costs
/// "machine noise" would make the verdict about the wrong quantity.
pub const OWNERSHIP_LEVEL: f64 = 0.05;

/// Which routine's batch was the slow one, over the set-aside duos.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SpikeSplit {
    /// Set-aside duos whose outlying pair had the first routine's batch slow.
    pub first: usize,
    /// Set-aside duos whose outlying pair had the second routine's batch slow.
    pub second: usize,
}

/// What the split says about the set-aside duos.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attribution {
    /// Nothing was set aside.
    Nothing,
    /// Both routines were hit, in proportions chance allows: machine noise; the fence applies.
    Machine,
    /// Every set-aside duo fell on one routine, too few to tell: every duo counts.
    Undetermined,
    /// One routine owns its outliers (`first` is `true` for the first routine): they count.
    Owned {
        /// Whether the first routine owns them.
        first: bool,
    },
}

impl SpikeSplit {
    /// Judges the split when the first routine runs a share `time_share` of the time.
    /// Machine noise hits a batch about in proportion to its length, but the same
    /// interruption inflates a short batch by more, so it is more often outlying (under load,
    /// a routine's share of the outliers falls well short of its share of the time; see
    /// docs/DESIGN-MEASUREMENTS.md). So chance is
    /// allowed anything between ½ and the time share: each routine is said to own its
    /// outliers only when it had more than the larger of the two allows. Cost: O(n).
    #[must_use]
    pub fn attribute(&self, time_share: f64) -> Attribution {
        let n = self.first + self.second;
        if n == 0 {
            return Attribution::Nothing;
        }
        let share = time_share.clamp(0.01, 0.99);
        let (p_low, p_high) = (share.min(0.5), share.max(0.5));
        if binomial_upper_tail(n, self.first, p_high) <= OWNERSHIP_LEVEL {
            Attribution::Owned { first: true }
        } else if binomial_upper_tail(n, self.second, 1.0 - p_low) <= OWNERSHIP_LEVEL {
            Attribution::Owned { first: false }
        } else if self.first == 0 || self.second == 0 {
            Attribution::Undetermined
        } else {
            Attribution::Machine
        }
    }
}

/// P(X ≥ k) for X ~ Binomial(n, p), summed in log space (no underflow for large n).
/// Cost: O(n).
#[must_use]
pub fn binomial_upper_tail(n: usize, k: usize, p: f64) -> f64 {
    if k == 0 {
        return 1.0;
    }
    if k > n {
        return 0.0;
    }
    let odds = (p / (1.0 - p)).ln();
    let mut ln_pmf = n as f64 * (1.0 - p).ln();
    let mut terms = Vec::with_capacity(n - k + 1);
    for j in 1..=n {
        ln_pmf += ((n - j + 1) as f64 / j as f64).ln() + odds;
        if j >= k {
            terms.push(ln_pmf);
        }
    }
    let top = terms.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    (top + terms.iter().map(|t| (t - top).exp()).sum::<f64>().ln())
        .exp()
        .min(1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomial_tail_matches_exact_values() {
        // P(X ≥ 5 | n = 5, p = ½) = 1/32; P(X ≥ 2 | n = 4, p = ½) = 11/16.
        assert!((binomial_upper_tail(5, 5, 0.5) - 1.0 / 32.0).abs() < 1e-14);
        assert!((binomial_upper_tail(4, 2, 0.5) - 11.0 / 16.0).abs() < 1e-14);
        assert_eq!(binomial_upper_tail(4, 0, 0.3), 1.0);
        assert_eq!(binomial_upper_tail(4, 5, 0.3), 0.0);
        // Large n stays finite: P(X ≥ 1000 | n = 2000, p = ½) is a little over ½.
        let half = binomial_upper_tail(2_000, 1_000, 0.5);
        assert!(half > 0.5 && half < 0.52, "{half}");
    }

    #[test]
    fn splits_are_attributed() {
        let split = |first, second| SpikeSplit { first, second };
        assert_eq!(split(0, 0).attribute(0.5), Attribution::Nothing);
        assert_eq!(split(3, 0).attribute(0.5), Attribution::Undetermined);
        assert_eq!(
            split(6, 0).attribute(0.5),
            Attribution::Owned { first: true }
        );
        assert_eq!(
            split(1, 9).attribute(0.5),
            Attribution::Owned { first: false }
        );
        assert_eq!(split(4, 5).attribute(0.5), Attribution::Machine);
        // A routine that runs three times as long is hit three times as often by chance.
        assert_eq!(split(10, 2).attribute(0.75), Attribution::Machine);
        assert_eq!(
            split(10, 2).attribute(0.5),
            Attribution::Owned { first: true }
        );
    }
}
