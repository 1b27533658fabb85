//! Ratios in text: four decimals alone, and beside an interval as many as the interval
//! needs.

/// A ratio alone, with [`RatioDigits::FEWEST`] decimals: a 0.1% difference must be visible.
#[must_use]
pub fn ratio_text(ratio: f64) -> String {
    RatioDigits::FEWEST.text(ratio)
}

/// The decimals a ratio is printed with beside its interval, and the interval's ends with
/// it: at least four, and more for an interval narrower than four show, until the estimate
/// differs from both ends where it does. Rounded to a fixed four, `0.03172 [0.03168,
/// 0.03176]` reads `0.0317 [0.0317, 0.0317]` and `1.00012 [1.00004, 1.00019]`, an
/// interval above 1, reads `1.0001 [1.0000, 1.0001]`.
///
/// Ordered by their decimals: a table's column prints every ratio with the most any of its
/// rows needs, so that the column has one format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct RatioDigits {
    decimals: usize,
}

impl RatioDigits {
    /// Four decimals: the fewest a ratio is printed with.
    pub const FEWEST: RatioDigits = RatioDigits { decimals: 4 };

    /// Beyond this many decimals a ratio's last digits are the arithmetic's, not the
    /// measurement's.
    const MOST: usize = 12;

    /// The estimate's distance to the nearer end of its interval, in units of the last
    /// decimal, is at least this: the three figures then differ where they differ, with room
    /// for rounding.
    const UNITS_TO_AN_END: f64 = 2.0;

    /// The decimals for `estimate` with `interval` (`FEWEST` without one, or with one of
    /// width zero).
    #[must_use]
    pub fn of(estimate: f64, interval: Option<(f64, f64)>) -> Self {
        let Some((low, high)) = interval else {
            return Self::FEWEST;
        };
        // An estimate outside its interval or not finite (before two blocks) leaves the
        // interval's half-width.
        let gap = [estimate - low, high - estimate, 0.5 * (high - low)]
            .into_iter()
            .filter(|g| g.is_finite() && *g > 0.0)
            .fold(f64::INFINITY, f64::min);
        if !gap.is_finite() {
            return Self::FEWEST;
        }
        let decimals = (Self::FEWEST.decimals..=Self::MOST)
            .find(|&d| gap * 10f64.powi(d as i32) >= Self::UNITS_TO_AN_END)
            .unwrap_or(Self::MOST);
        Self { decimals }
    }

    /// How many significant digits `ratio` shows with these decimals (at least one).
    #[must_use]
    pub fn significant(self, ratio: f64) -> usize {
        if !(ratio.is_finite() && ratio > 0.0) {
            return self.decimals;
        }
        let magnitude = ratio.log10().floor() as i64;
        (self.decimals as i64 + magnitude + 1).max(1) as usize
    }

    /// `ratio` with these decimals, `–` when it is not finite.
    #[must_use]
    pub fn text(self, ratio: f64) -> String {
        if ratio.is_finite() {
            format!("{ratio:.*}", self.decimals)
        } else {
            "–".to_owned()
        }
    }

    /// `[low, high]` with these decimals.
    #[must_use]
    pub fn interval(self, low: f64, high: f64) -> String {
        format!("[{}, {}]", self.text(low), self.text(high))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ratio_has_the_digits_its_interval_needs() {
        let shown = |estimate: f64, low: f64, high: f64| {
            let digits = RatioDigits::of(estimate, Some((low, high)));
            format!("{} {}", digits.text(estimate), digits.interval(low, high))
        };
        assert_eq!(
            shown(0.031_72, 0.031_68, 0.031_76),
            "0.03172 [0.03168, 0.03176]"
        );
        assert_eq!(
            shown(1.000_12, 1.000_04, 1.000_19),
            "1.00012 [1.00004, 1.00019]"
        );
        // Wide enough for four: as before.
        assert_eq!(shown(1.0998, 1.098, 1.1015), "1.0998 [1.0980, 1.1015]");
        assert_eq!(shown(0.9, 0.5, 1.5), "0.9000 [0.5000, 1.5000]");
        // A tiny ratio: the decimals follow the interval, not the ratio's size.
        assert_eq!(
            shown(0.000_2, 0.000_19, 0.000_21),
            "0.000200 [0.000190, 0.000210]"
        );
        // Negative control: at a fixed four the figures hide the interval.
        assert_eq!(
            RatioDigits::FEWEST.interval(1.000_04, 1.000_19),
            "[1.0000, 1.0002]"
        );
        assert_eq!(RatioDigits::of(1.0, None), RatioDigits::FEWEST);
        assert_eq!(RatioDigits::of(1.0, Some((1.0, 1.0))), RatioDigits::FEWEST);
        assert_eq!(
            RatioDigits::of(f64::NAN, Some((0.999_99, 1.000_01))).text(1.0),
            "1.000000"
        );
        assert_eq!(
            RatioDigits::of(1.0, Some((1.0 - 1e-15, 1.0))).text(1.0),
            "1.000000000000"
        );
        assert_eq!(ratio_text(f64::NAN), "–");
        assert_eq!(RatioDigits::FEWEST.significant(0.4985), 4);
        assert_eq!(RatioDigits::FEWEST.significant(1.0998), 5);
        assert_eq!(RatioDigits::FEWEST.significant(12.5), 6);
        assert_eq!(
            RatioDigits::of(0.031_72, Some((0.031_68, 0.031_76))).significant(0.031_72),
            4
        );
    }
}
