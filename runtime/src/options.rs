//! Run settings: typed, merged in one place, defaults applied once.
//!
//! Precedence, lowest first: the attribute, then `DUOBENCH_*` environment variables, then
//! options on the command line. A later source replaces a setting only where it has one.

use crate::descriptor::{AttrOptions, Claim, OnInconclusive};
use std::time::Duration;

/// Default warmup: long enough for the CPU to leave its idle clock and the caches to fill.
pub const DEFAULT_WARMUP: Duration = Duration::from_millis(200);
/// Default time budget per trial, warmup included.
pub const DEFAULT_MAX_TIME: Duration = Duration::from_secs(5);
/// Default error rate of verdicts.
pub const DEFAULT_ALPHA: f64 = 0.05;

/// Settings that the environment or the command line may override.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Overrides {
    /// `--warmup` / `DUOBENCH_WARMUP`.
    pub warmup: Option<Duration>,
    /// `--max-time` / `DUOBENCH_MAX_TIME`.
    pub max_time: Option<Duration>,
    /// `--alpha` / `DUOBENCH_ALPHA`.
    pub alpha: Option<f64>,
    /// `--family-alpha` / `DUOBENCH_FAMILY_ALPHA`: error rate shared by all claims of the run
    /// (Bonferroni), replacing each claim's own alpha.
    pub family_alpha: Option<f64>,
    /// `--calibrate` / `DUOBENCH_CALIBRATE=1`: run each comparison's first routine against
    /// itself for the whole time budget and report the noise floor.
    pub calibrate: Option<bool>,
}

impl Overrides {
    /// `self` where it has a setting, otherwise `lower`.
    #[must_use]
    pub fn over(self, lower: Overrides) -> Overrides {
        Overrides {
            warmup: self.warmup.or(lower.warmup),
            max_time: self.max_time.or(lower.max_time),
            alpha: self.alpha.or(lower.alpha),
            family_alpha: self.family_alpha.or(lower.family_alpha),
            calibrate: self.calibrate.or(lower.calibrate),
        }
    }

    fn from_attribute(attr: &AttrOptions) -> Overrides {
        Overrides {
            warmup: attr.warmup_ns.map(Duration::from_nanos),
            max_time: attr.max_time_ns.map(Duration::from_nanos),
            alpha: attr.alpha,
            ..Overrides::default()
        }
    }
}

/// Fully resolved settings of one trial.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Warmup time.
    pub warmup: Duration,
    /// Time budget, warmup included.
    pub max_time: Duration,
    /// Error rate of the verdict.
    pub alpha: f64,
    /// The claim, from the attribute only.
    pub claim: Option<Claim>,
    /// What an inconclusive verdict counts as.
    pub on_inconclusive: OnInconclusive,
    /// Measure the first routine against itself to find the noise floor.
    pub calibrate: bool,
}

impl Settings {
    /// Merges the attribute with the run's overrides (environment already merged under the
    /// command line) and applies defaults.
    #[must_use]
    pub fn resolve(attr: &AttrOptions, run: Overrides) -> Settings {
        let merged = run.over(Overrides::from_attribute(attr));
        Settings {
            warmup: merged.warmup.unwrap_or(DEFAULT_WARMUP),
            max_time: merged.max_time.unwrap_or(DEFAULT_MAX_TIME),
            alpha: merged.alpha.unwrap_or(DEFAULT_ALPHA),
            claim: attr.claim,
            on_inconclusive: attr.on_inconclusive.unwrap_or_default(),
            calibrate: merged.calibrate.unwrap_or(false),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_line_over_environment_over_attribute_over_default() {
        let attr = AttrOptions {
            warmup_ns: Some(1),
            max_time_ns: Some(2),
            alpha: Some(0.1),
            ..AttrOptions::default()
        };
        let env = Overrides {
            max_time: Some(Duration::from_nanos(20)),
            alpha: Some(0.2),
            ..Overrides::default()
        };
        let cli = Overrides {
            alpha: Some(0.3),
            ..Overrides::default()
        };
        let s = Settings::resolve(&attr, cli.over(env));
        assert_eq!(s.warmup, Duration::from_nanos(1));
        assert_eq!(s.max_time, Duration::from_nanos(20));
        assert_eq!(s.alpha, 0.3);
        let d = Settings::resolve(&AttrOptions::default(), Overrides::default());
        assert_eq!(d.warmup, DEFAULT_WARMUP);
        assert_eq!(d.max_time, DEFAULT_MAX_TIME);
        assert_eq!(d.alpha, DEFAULT_ALPHA);
        assert_eq!(d.on_inconclusive, OnInconclusive::Fail);
    }
}
