//! Several filter words, as libtest takes them: a trial runs when any of them selects it
//! (with `--exact`, when any equals its name). libtest-mimic keeps only one filter, so with
//! several the selection is made here, word by word with libtest-mimic's own rule, and handed
//! back to it as the exact names to skip: its count of trials filtered out stays right.

use crate::harness::TrialSpec;
use libtest_mimic::{Arguments, Trial};

/// A trial that carries only what libtest's selection reads: name, kind and ignore flag.
#[must_use]
pub fn probe(spec: &TrialSpec) -> Trial {
    Trial::test(spec.name(), || Ok(()))
        .with_kind(spec.kind())
        .with_ignored_flag(spec.descriptor.ignore.is_some())
}

/// `args` narrowed to the trials any of `filters` selects. With at most one filter word
/// libtest-mimic's own selection is already right and `args` is returned as it is.
#[must_use]
pub fn select_any(args: &Arguments, filters: &[String], trials: &[Trial]) -> Arguments {
    if filters.len() < 2 {
        return args.clone();
    }
    let filtered_out = trials.iter().filter(|trial| {
        filters.iter().all(|word| {
            let one = Arguments {
                filter: Some(word.clone()),
                ..args.clone()
            };
            one.is_filtered_out(trial)
        })
    });
    let skip = filtered_out.map(|trial| trial.name().to_owned()).collect();
    // The user's `--skip` words are already applied above; what remains are whole names,
    // which only `--exact` matches as whole names.
    Arguments {
        filter: None,
        exact: true,
        skip,
        ..args.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trials() -> Vec<Trial> {
        [
            "far_apart",
            "thousandfold",
            "thousandfold_slow",
            "same_work",
        ]
        .into_iter()
        .map(|name| Trial::test(name, || Ok(())).with_kind("diff"))
        .collect()
    }

    fn selected(args: &Arguments, filters: &[&str]) -> Vec<String> {
        let filters: Vec<String> = filters.iter().map(|f| (*f).to_owned()).collect();
        let narrowed = select_any(args, &filters, &trials());
        trials()
            .iter()
            .filter(|t| !narrowed.is_filtered_out(t))
            .map(|t| t.name().to_owned())
            .collect()
    }

    #[test]
    fn a_trial_runs_when_any_word_is_in_its_name() {
        let args = Arguments::default();
        assert_eq!(
            selected(&args, &["far_apart", "thousandfold"]),
            ["far_apart", "thousandfold", "thousandfold_slow"]
        );
        assert_eq!(selected(&args, &["same", "nothing"]), ["same_work"]);
        assert!(selected(&args, &["nothing", "none"]).is_empty());
    }

    #[test]
    fn exact_words_select_whole_names_only() {
        let args = Arguments {
            exact: true,
            ..Arguments::default()
        };
        assert_eq!(
            selected(&args, &["far_apart", "thousandfold"]),
            ["far_apart", "thousandfold"]
        );
        // libtest-mimic also takes the name with its kind, as `--list` prints it.
        assert_eq!(selected(&args, &["[diff] same_work", "far"]), ["same_work"]);
    }

    #[test]
    fn skip_words_still_apply_by_substring() {
        let args = Arguments {
            skip: vec!["slow".to_owned()],
            ..Arguments::default()
        };
        assert_eq!(
            selected(&args, &["thousandfold", "same"]),
            ["thousandfold", "same_work"]
        );
    }

    #[test]
    fn one_word_is_left_to_libtest() {
        let args = Arguments {
            filter: Some("far".to_owned()),
            ..Arguments::default()
        };
        let narrowed = select_any(&args, &["far".to_owned()], &trials());
        assert_eq!(narrowed.filter.as_deref(), Some("far"));
        assert!(!narrowed.exact && narrowed.skip.is_empty());
    }
}
