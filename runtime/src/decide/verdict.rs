//! Judging a claim against an interval for the ratio: the SPEC's table, as a pure function.

use crate::model::Claim;
use std::fmt;

/// How a comparison ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The whole interval lies inside the claim.
    Pass,
    /// The whole interval lies outside the claim.
    Refuted,
    /// The time budget ended before the interval decided.
    Inconclusive,
    /// No claim was made: the ratio was measured and reported.
    Reported,
}

impl Verdict {
    /// Lower-case word used in reports.
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Pass => "pass",
            Verdict::Refuted => "refuted",
            Verdict::Inconclusive => "inconclusive",
            Verdict::Reported => "reported",
        }
    }
}

/// Decides `claim` from an interval `[low, high]` for the ratio, or `None` while the
/// interval still straddles a boundary of the claim.
#[must_use]
pub fn judge(claim: &Claim, low: f64, high: f64) -> Option<Verdict> {
    let (inside, outside) = match *claim {
        Claim::Below { bound, inclusive } => (
            if inclusive {
                high <= bound
            } else {
                high < bound
            },
            if inclusive { low > bound } else { low >= bound },
        ),
        Claim::Above { bound, inclusive } => (
            if inclusive { low >= bound } else { low > bound },
            if inclusive {
                high < bound
            } else {
                high <= bound
            },
        ),
        Claim::Within {
            low: band_low,
            high: band_high,
            high_inclusive,
        } => {
            let below_top = if high_inclusive {
                high <= band_high
            } else {
                high < band_high
            };
            let above_top = if high_inclusive {
                low > band_high
            } else {
                low >= band_high
            };
            (low >= band_low && below_top, high < band_low || above_top)
        }
    };
    if inside {
        Some(Verdict::Pass)
    } else if outside {
        Some(Verdict::Refuted)
    } else {
        None
    }
}

/// The log-scale distance from `estimate` (a log ratio) to the nearest boundary of the
/// claim: how narrow the interval's half-width must become before it can decide.
#[must_use]
pub fn log_margin(claim: &Claim, log_estimate: f64) -> f64 {
    match *claim {
        Claim::Below { bound, .. } | Claim::Above { bound, .. } => {
            (log_estimate - bound.ln()).abs()
        }
        Claim::Within { low, high, .. } => {
            let to_low = (log_estimate - low.ln()).abs();
            let to_high = (log_estimate - high.ln()).abs();
            to_low.min(to_high)
        }
    }
}

impl fmt::Display for ClaimText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self.0 {
            Claim::Below {
                bound: b,
                inclusive,
            } => {
                let op = if inclusive { "<=" } else { "<" };
                write!(f, "ratio {op} {}", bound(b))
            }
            Claim::Above {
                bound: b,
                inclusive,
            } => {
                let op = if inclusive { ">=" } else { ">" };
                write!(f, "ratio {op} {}", bound(b))
            }
            Claim::Within {
                low,
                high,
                high_inclusive,
            } => write!(
                f,
                "ratio in {}{}{}",
                bound(low),
                if high_inclusive { "..=" } else { ".." },
                bound(high)
            ),
        }
    }
}

/// A claim's bound in one form whichever way it was written: with a decimal point, as a
/// ratio reads (`ratio > 1.0`, whether written `1` or `1.0`), and otherwise its shortest
/// exact digits (`0.97`, not `0.9700`).
fn bound(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{x:.1}")
    } else {
        format!("{x}")
    }
}

/// Displays a claim as the attribute writes it, each bound with a decimal point.
pub struct ClaimText<'a>(pub &'a Claim);

#[cfg(test)]
mod tests {
    use super::*;

    const BELOW: Claim = Claim::Below {
        bound: 0.8,
        inclusive: false,
    };
    const ABOVE: Claim = Claim::Above {
        bound: 1.05,
        inclusive: false,
    };
    const BAND: Claim = Claim::Within {
        low: 0.97,
        high: 1.03,
        high_inclusive: true,
    };

    #[test]
    fn below() {
        assert_eq!(judge(&BELOW, 0.6, 0.7), Some(Verdict::Pass));
        assert_eq!(judge(&BELOW, 0.7, 0.9), None);
        assert_eq!(judge(&BELOW, 0.8, 0.9), Some(Verdict::Refuted));
    }

    #[test]
    fn above() {
        assert_eq!(judge(&ABOVE, 1.06, 1.2), Some(Verdict::Pass));
        assert_eq!(judge(&ABOVE, 1.0, 1.06), None);
        assert_eq!(judge(&ABOVE, 0.9, 1.05), Some(Verdict::Refuted));
    }

    #[test]
    fn band() {
        assert_eq!(judge(&BAND, 0.98, 1.03), Some(Verdict::Pass));
        assert_eq!(judge(&BAND, 0.96, 1.0), None);
        assert_eq!(judge(&BAND, 1.031, 1.1), Some(Verdict::Refuted));
        assert_eq!(judge(&BAND, 0.5, 0.969), Some(Verdict::Refuted));
        let open = Claim::Within {
            low: 0.97,
            high: 1.03,
            high_inclusive: false,
        };
        assert_eq!(judge(&open, 0.98, 1.03), None);
        assert_eq!(judge(&open, 1.03, 1.1), Some(Verdict::Refuted));
    }

    #[test]
    fn claims_display_as_written() {
        assert_eq!(ClaimText(&BELOW).to_string(), "ratio < 0.8");
        assert_eq!(ClaimText(&BAND).to_string(), "ratio in 0.97..=1.03");
        // A whole bound keeps its decimal point, written `1.0` or `1`: one form for both.
        let above_one = Claim::Above {
            bound: 1.0,
            inclusive: false,
        };
        assert_eq!(ClaimText(&above_one).to_string(), "ratio > 1.0");
        let band = Claim::Within {
            low: 1.0,
            high: 2.0,
            high_inclusive: false,
        };
        assert_eq!(ClaimText(&band).to_string(), "ratio in 1.0..2.0");
        let tiny = Claim::Below {
            bound: 0.000_01,
            inclusive: true,
        };
        assert_eq!(ClaimText(&tiny).to_string(), "ratio <= 0.00001");
    }

    #[test]
    fn margin_is_distance_to_nearest_boundary() {
        let m = log_margin(&BAND, 0.0);
        assert!((m - (1.03f64).ln()).abs() < 1e-15);
    }
}
