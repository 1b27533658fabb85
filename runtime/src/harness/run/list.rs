//! `--list`: the selected trials as libtest lists benchmarks, each `NAME: benchmark` (its
//! kind first, `[diff] name`, as `--exact` takes it), and under libtest's pretty format the
//! count after them. libtest-mimic would write `: test` for every trial (they are its tests,
//! so that it runs them in both modes), where libtest, under `cargo bench` and `cargo test`
//! alike, writes `: benchmark` for a benchmark: the word tools that read the list
//! (cargo-nextest) expect of one.

use libtest_mimic::{Arguments, FormatSetting, Trial};
use std::fmt::Write;

/// The list `--list` prints of `trials`: those `args` selects (its filter, skips and
/// `--ignored`), in order.
#[must_use]
pub fn listing(args: &Arguments, trials: &[Trial]) -> String {
    let mut out = String::new();
    let mut count = 0;
    for trial in trials.iter().filter(|t| !args.is_filtered_out(t)) {
        let kind = match trial.kind() {
            "" => String::new(),
            kind => format!("[{kind}] "),
        };
        let _ = writeln!(out, "{kind}{}: benchmark", trial.name());
        count += 1;
    }
    // libtest's own count line, left out of its terse format as libtest leaves it out.
    let terse = args.quiet || args.format == Some(FormatSetting::Terse);
    if !terse {
        let plural = if count == 1 { "" } else { "s" };
        let _ = write!(out, "\n0 tests, {count} benchmark{plural}\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trials() -> Vec<Trial> {
        vec![
            Trial::test("sorting::radix", || Ok(())).with_kind("diff"),
            Trial::test("single::scaled", || Ok(()))
                .with_kind("bench")
                .with_ignored_flag(true),
        ]
    }

    #[test]
    fn trials_are_listed_as_libtest_lists_benchmarks() {
        let args = Arguments::default();
        assert_eq!(
            listing(&args, &trials()),
            "[diff] sorting::radix: benchmark\n[bench] single::scaled: benchmark\n\n\
             0 tests, 2 benchmarks\n"
        );
        let terse = Arguments {
            format: Some(FormatSetting::Terse),
            ..Arguments::default()
        };
        assert_eq!(
            listing(&terse, &trials()),
            "[diff] sorting::radix: benchmark\n[bench] single::scaled: benchmark\n"
        );
    }

    #[test]
    fn the_list_holds_what_the_filters_select() {
        let ignored = Arguments {
            ignored: true,
            quiet: true,
            ..Arguments::default()
        };
        assert_eq!(
            listing(&ignored, &trials()),
            "[bench] single::scaled: benchmark\n"
        );
        let filtered = Arguments {
            filter: Some("radix".to_owned()),
            ..Arguments::default()
        };
        assert!(listing(&filtered, &trials()).ends_with("\n0 tests, 1 benchmark\n"));
    }
}
