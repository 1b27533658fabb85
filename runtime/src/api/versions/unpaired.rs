//! What a gate does when pairing is impossible: `--max-regression` promises an error rate,
//! which only a paired comparison can keep, so an unpaired trial under a gate fails rather
//! than passing unjudged (a warning line in a CI log nobody reads would read as "no
//! regression"). `--allow-unpaired` restores the fallback to saved numbers.
//!
//! One case is not a failure: a trial (or a whole bench target) that the baseline's
//! executable does not have is new since the baseline. There is nothing it can have
//! regressed from, so it is reported as unpaired and new, and passes.
//!
//! The gate's record, its line and its remedy are plain data the reports read
//! (`analysis::paired_result`); what is here needs the run's settings.

use crate::analysis::{Unpairable, UnpairedGate};
use crate::session::Settings;

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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::AttrOptions;
    use crate::model::BaselineName;
    use crate::session::BaselineChoice;
    use crate::session::Overrides;

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
