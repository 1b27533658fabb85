//! Which trials a run will start, as libtest-mimic chooses them (its own test is not
//! public): the checks made before anything runs look only at those, so one bad trial does
//! not stop `--list` or a run filtered to others.

use crate::harness::TrialSpec;
use libtest_mimic::Arguments;

/// Whether libtest-mimic runs the trial named `name`: it matches the filter (exactly with
/// `--exact`, else as a substring) and no `--skip` (the same way).
#[must_use]
pub fn selected(args: &Arguments, name: &str) -> bool {
    let matches = |pattern: &str| {
        if args.exact {
            name == pattern
        } else {
            name.contains(pattern)
        }
    };
    args.filter.as_deref().is_none_or(matches) && !args.skip.iter().any(|s| matches(s))
}

/// The trials of `specs` this run starts (none for `--list`, which starts nothing).
#[must_use]
pub fn selected_specs<'a>(args: &Arguments, specs: &'a [TrialSpec]) -> Vec<&'a TrialSpec> {
    if args.list {
        return Vec::new();
    }
    specs
        .iter()
        .filter(|spec| selected(args, &spec.name()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::selected;
    use libtest_mimic::Arguments;

    fn args(argv: &[&str]) -> Arguments {
        Arguments::from_iter(std::iter::once("bench").chain(argv.iter().copied()))
    }

    #[test]
    fn filters_and_skips_match_as_libtest_mimic_matches_them() {
        assert!(selected(&args(&[]), "a::fast"));
        assert!(selected(&args(&["fast"]), "a::fast"));
        assert!(!selected(&args(&["fast", "--exact"]), "a::fast"));
        assert!(selected(&args(&["a::fast", "--exact"]), "a::fast"));
        assert!(!selected(&args(&["--skip", "fast"]), "a::fast"));
        assert!(selected(&args(&["--skip", "fast", "--exact"]), "a::fast"));
        assert!(!selected(&args(&["slow"]), "a::fast"));
    }
}
