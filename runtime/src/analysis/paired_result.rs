//! A `#[bench]` compared with the same trial in a baseline's executable: the paired result,
//! or why no pairing was possible and what the regression gate makes of that. Plain data
//! the reports read; the handles in `api::versions` produce it.

use super::DiffResult;
use crate::model::{BaselineName, Claim};
use crate::util::percent_of;

/// A `#[bench]` measured in duos against the same trial of the baseline's executable.
#[derive(Clone, Debug)]
pub struct PairedResult {
    /// The baseline whose executable ran the old routine.
    pub baseline: BaselineName,
    /// `new/old <= 1 + P` from `--max-regression P`, if given.
    pub claim: Option<Claim>,
    /// P of `--max-regression P`: the gate the comparison was judged by, if given.
    pub max_regression: Option<f64>,
    /// The comparison; its ratio is latency(new) / latency(old).
    pub result: DiffResult,
}

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
                percent_of(self.max_regression)
            );
        }
        format!(
            "cannot judge max regression {}% without pairing: {}; {}",
            percent_of(self.max_regression),
            self.reason,
            self.remedy()
        )
    }
}
