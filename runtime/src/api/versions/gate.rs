//! What a gate does when pairing is impossible: `--max-regression` promises an error rate,
//! which only a paired comparison can keep, so an unpaired trial under a gate fails rather
//! than passing unjudged (a warning line in a CI log nobody reads would read as "no
//! regression"). `--allow-unpaired` restores the fallback to saved numbers.

use crate::session::Settings;

/// The one-line failure of a gated trial that could not be paired: what the gate is, `why`
/// no pairing was possible, and what to do about it. `None` when the trial is not gated or
/// `--allow-unpaired` lets it fall back to saved numbers.
#[must_use]
pub fn unpaired_gate_failure(settings: &Settings, why: &str) -> Option<String> {
    let max_regression = settings
        .max_regression
        .filter(|_| !settings.allow_unpaired)?;
    let baseline = settings.baseline.compare_with();
    Some(format!(
        "cannot judge max regression {}% without pairing: {why}; store the baseline's \
         executable again with this duobench (`--save-baseline {baseline} --store-only` on the \
         base revision), or pass --allow-unpaired (DUOBENCH_ALLOW_UNPAIRED=1) to compare with \
         saved numbers and pass with a warning",
        percent(max_regression)
    ))
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
        let message = unpaired_gate_failure(&gated(false), "no stored executable").unwrap();
        assert_eq!(
            message,
            "cannot judge max regression 5% without pairing: no stored executable; store the \
             baseline's executable again with this duobench (`--save-baseline main \
             --store-only` on the base revision), or pass --allow-unpaired \
             (DUOBENCH_ALLOW_UNPAIRED=1) to compare with saved numbers and pass with a warning"
        );
        assert!(!message.contains('\n'));
        assert_eq!(
            unpaired_gate_failure(&gated(true), "no stored executable"),
            None
        );
        let ungated = Settings {
            max_regression: None,
            ..gated(false)
        };
        assert_eq!(
            unpaired_gate_failure(&ungated, "no stored executable"),
            None
        );
    }
}
