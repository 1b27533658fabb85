//! The base's `#[bench]` trials that the working tree does not compare: removed, renamed
//! (a rename is a removal and an addition, and the new name passes as new since the base,
//! so a regression would escape through it) or ignored there. The base's trials come from
//! its stored executables, listed with the comparison's own filters. Under a gate each one
//! is listed and fails the comparison unless `--allow-removed` says it may go.

use crate::coverage::{Listed, TrialKey};
use std::collections::BTreeMap;

/// Why a trial of the base is not compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gone {
    /// The working tree has no trial of that name (removed or renamed), or no such target.
    Absent,
    /// The working tree has it, ignored.
    Ignored,
}

impl Gone {
    /// The reason in words.
    pub fn words(self) -> &'static str {
        match self {
            Gone::Absent => "the working tree has no trial of this name (removed or renamed)",
            Gone::Ignored => "the working tree ignores it (#[ignore])",
        }
    }
}

/// The `#[bench]` trials of `base` (not ignored there) that `branch` does not run, each
/// with why.
pub fn not_compared(base: &[Listed], branch: &[Listed]) -> Vec<(TrialKey, Gone)> {
    let branch: BTreeMap<&TrialKey, bool> = branch.iter().map(|t| (&t.key, t.ignored)).collect();
    base.iter()
        .filter(|trial| trial.kind == "bench" && !trial.ignored)
        .filter_map(|trial| match branch.get(&trial.key) {
            None => Some((trial.key.clone(), Gone::Absent)),
            Some(true) => Some((trial.key.clone(), Gone::Ignored)),
            Some(false) => None,
        })
        .collect()
}

/// Lists `gone`, the trials of the base `short` that were not compared, on stderr, and
/// returns whether they fail the comparison: under a gate, unless `allow_removed`.
pub fn report_not_compared(
    gone: &[(TrialKey, Gone)],
    short: &str,
    gated: bool,
    allow_removed: bool,
) -> bool {
    if gone.is_empty() {
        return false;
    }
    let fails = gated && !allow_removed;
    let (start, end) = match (fails, gated) {
        (true, _) => ("error: ", ", so not gated (--allow-removed lets them go):"),
        (false, true) => ("duobench: ", " (--allow-removed lets them go ungated):"),
        (false, false) => ("duobench: ", ":"),
    };
    let n = gone.len();
    eprintln!(
        "{start}{n} trial{} of {short} {} not compared{end}",
        if n == 1 { "" } else { "s" },
        if n == 1 { "is" } else { "are" },
    );
    for ((target, name), why) in gone {
        eprintln!("  {target}::{name}: {}", why.words());
    }
    fails
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listed(target: &str, name: &str, kind: &str, ignored: bool) -> Listed {
        Listed {
            key: (target.to_owned(), name.to_owned()),
            kind: kind.to_owned(),
            ignored,
        }
    }

    #[test]
    fn a_trial_removed_renamed_or_ignored_on_the_branch_is_named() {
        let base = [
            listed("work", "kept", "bench", false),
            listed("work", "old_name", "bench", false),
            listed("work", "now_ignored", "bench", false),
            listed("work", "ignored_before", "bench", true),
            listed("work", "a_claim", "diff", false),
            listed("gone", "whole_target", "bench", false),
        ];
        let branch = [
            listed("work", "kept", "bench", false),
            listed("work", "new_name", "bench", false),
            listed("work", "now_ignored", "bench", true),
        ];
        let key = |t: &str, n: &str| (t.to_owned(), n.to_owned());
        assert_eq!(
            not_compared(&base, &branch),
            [
                (key("work", "old_name"), Gone::Absent),
                (key("work", "now_ignored"), Gone::Ignored),
                (key("gone", "whole_target"), Gone::Absent),
            ]
        );
        // Control: the same trials on both sides.
        assert!(not_compared(&branch, &branch).is_empty());
    }

    #[test]
    fn trials_not_compared_fail_only_a_gate_that_does_not_let_them_go() {
        let gone = [(("work".to_owned(), "old".to_owned()), Gone::Absent)];
        assert!(report_not_compared(&gone, "abc", true, false));
        assert!(!report_not_compared(&gone, "abc", true, true));
        assert!(!report_not_compared(&gone, "abc", false, false));
        assert!(!report_not_compared(&[], "abc", true, false));
    }
}
