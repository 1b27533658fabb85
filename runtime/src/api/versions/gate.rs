//! What a gate does when pairing is impossible: `--max-regression` promises an error rate,
//! which only a paired comparison can keep, so an unpaired trial under a gate fails rather
//! than passing unjudged (a warning line in a CI log nobody reads would read as "no
//! regression"). `--allow-unpaired` restores the fallback to saved numbers.
//!
//! One case is not a failure: a trial (or a whole bench target) that the baseline's
//! executable does not have is new since the baseline. There is nothing it can have
//! regressed from, so it is reported as unpaired and new, and passes.

use crate::session::Settings;

/// Why a trial could not be paired with the baseline's executable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unpairable {
    /// What went wrong, in one line.
    pub why: String,
    /// The baseline's executable lacks the trial (or the baseline the whole bench target):
    /// the trial is new since the baseline, not broken.
    pub new_since_baseline: bool,
}

impl Unpairable {
    /// A pairing that failed because of `why`.
    #[must_use]
    pub fn failed(why: impl Into<String>) -> Self {
        Self {
            why: why.into(),
            new_since_baseline: false,
        }
    }

    /// A trial the baseline does not have, as `why` says.
    #[must_use]
    pub fn new_since_baseline(why: impl Into<String>) -> Self {
        Self {
            why: why.into(),
            new_since_baseline: true,
        }
    }
}

/// A gated trial that could not be paired: the gate, why no pairing was possible, and the
/// baseline it was to be paired with. The reports record it as a failed trial, or, when the
/// trial is new since the baseline, as a new one that passes.
#[derive(Clone, Debug, PartialEq)]
pub struct UnpairedGate {
    /// The gate's largest regression allowed, as a fraction (0.05 for 5%).
    pub max_regression: f64,
    /// The baseline whose executable was to run the old side.
    pub baseline: String,
    /// Why no pairing was possible.
    pub reason: String,
    /// The baseline lacks the trial: nothing to regress from, so the trial passes.
    pub new_since_baseline: bool,
}

impl UnpairedGate {
    /// The gate of `settings` that cannot be judged because of `why`. `None` when the trial
    /// is not gated or `--allow-unpaired` lets it fall back to saved numbers.
    #[must_use]
    pub fn of(settings: &Settings, why: &Unpairable) -> Option<Self> {
        let max_regression = settings
            .max_regression
            .filter(|_| !settings.allow_unpaired)?;
        Some(Self {
            max_regression,
            baseline: settings.baseline.compare_with().to_string(),
            reason: why.why.clone(),
            new_since_baseline: why.new_since_baseline,
        })
    }

    /// Whether the trial fails: it does, unless it is new since the baseline.
    #[must_use]
    pub fn fails(&self) -> bool {
        !self.new_since_baseline
    }

    /// What to do about it, in one sentence without a full stop.
    #[must_use]
    pub fn remedy(&self) -> String {
        if self.new_since_baseline {
            return format!(
                "nothing to do: the gate applies once baseline `{}` has this trial",
                self.baseline
            );
        }
        format!(
            "store the baseline's executable again with this duobench (`--save-baseline {} \
             --store-only` on the base revision), or pass --allow-unpaired \
             (DUOBENCH_ALLOW_UNPAIRED=1) to compare with saved numbers and pass with a warning",
            self.baseline
        )
    }

    /// The trial's one line: the gate, the reason and the remedy.
    #[must_use]
    pub fn message(&self) -> String {
        if self.new_since_baseline {
            return format!(
                "unpaired, new since baseline `{}`: {}; max regression {}% not judged (nothing \
                 to regress from)",
                self.baseline,
                self.reason,
                percent(self.max_regression)
            );
        }
        format!(
            "cannot judge max regression {}% without pairing: {}; {}",
            percent(self.max_regression),
            self.reason,
            self.remedy()
        )
    }
}

/// A fraction as a percentage, rounded so that 0.05 prints as 5, not 5.000000000000001.
#[must_use]
pub fn percent(fraction: f64) -> f64 {
    (100.0 * fraction * 1e6).round() / 1e6
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::AttrOptions;
    use crate::session::Overrides;
    use crate::session::{BaselineChoice, BaselineName};

    fn gated(allow_unpaired: bool) -> Settings {
        let plain = Settings::resolve(&AttrOptions::default(), Overrides::default());
        Settings {
            max_regression: Some(0.05),
            baseline: BaselineChoice::Compare(BaselineName::parse("main").unwrap()),
            allow_unpaired,
            ..plain
        }
    }

    #[test]
    fn a_gate_that_cannot_pair_fails_in_one_line_unless_allowed() {
        let gate =
            UnpairedGate::of(&gated(false), &Unpairable::failed("no stored executable")).unwrap();
        assert!(gate.fails());
        assert_eq!(gate.reason, "no stored executable");
        assert_eq!(gate.baseline, "main");
        let message = gate.message();
        assert_eq!(
            message,
            "cannot judge max regression 5% without pairing: no stored executable; store the \
             baseline's executable again with this duobench (`--save-baseline main \
             --store-only` on the base revision), or pass --allow-unpaired \
             (DUOBENCH_ALLOW_UNPAIRED=1) to compare with saved numbers and pass with a warning"
        );
        assert!(!message.contains('\n'));
        let missing = Unpairable::failed("no stored executable");
        assert_eq!(UnpairedGate::of(&gated(true), &missing), None);
        let ungated = Settings {
            max_regression: None,
            ..gated(false)
        };
        assert_eq!(UnpairedGate::of(&ungated, &missing), None);
    }

    #[test]
    fn a_trial_new_since_the_baseline_passes_and_says_so() {
        let why = Unpairable::new_since_baseline("bench target `fresh` has no executable in it");
        let gate = UnpairedGate::of(&gated(false), &why).unwrap();
        assert!(!gate.fails());
        assert_eq!(
            gate.message(),
            "unpaired, new since baseline `main`: bench target `fresh` has no executable in it; \
             max regression 5% not judged (nothing to regress from)"
        );
    }
}
