//! The caller's `DUOBENCH_*` variables. `compare` passes on only those it documents, so
//! that one variable exported for a whole CI job cannot change what the gate judges:
//!
//! - [`PASSED`], the harness's settings of how to measure and what to show, reach the
//!   comparing run as they are;
//! - the variables of compare's own options ([`OPTIONS`]) stand for the option when it is
//!   not given (the option wins);
//! - [`SET_BY_COMPARE`], which compare sets itself (which baseline to save or pair with),
//!   are dropped with a line saying so;
//! - everything else is refused before anything is built: `DUOBENCH_CALIBRATE` and
//!   `DUOBENCH_PROFILE_TIME` run trials without judging them, and an unknown name is most
//!   likely a typo of a setting the caller meant to apply (`DUOBENCH_MAX_REGRESION`).

use crate::args::CompareArgs;

/// The harness's variables passed on as they are.
pub const PASSED: [&str; 11] = [
    "DUOBENCH_MAX_TIME",
    "DUOBENCH_WARMUP",
    "DUOBENCH_ALPHA",
    "DUOBENCH_FAMILY_ALPHA",
    "DUOBENCH_NOISE_THRESHOLD",
    "DUOBENCH_MEASURE_ONCE",
    "DUOBENCH_NO_REPORT",
    "DUOBENCH_REPORT",
    "DUOBENCH_NO_DOCTOR",
    "DUOBENCH_VERBOSE",
    "DUOBENCH_VALGRIND",
];

/// The variables of compare's own options, each with its option.
pub const OPTIONS: [(&str, &str); 8] = [
    ("DUOBENCH_MAX_REGRESSION", "--max-regression"),
    ("DUOBENCH_MEASURE", "--measure"),
    ("DUOBENCH_ALLOW_UNPAIRED", "--allow-unpaired"),
    ("DUOBENCH_ALLOW_REMOVED", "--allow-removed"),
    ("DUOBENCH_ON_INCONCLUSIVE", "--on-inconclusive"),
    ("DUOBENCH_BASELINE_DIR", "--baseline-dir"),
    ("DUOBENCH_JSON", "--json"),
    ("DUOBENCH_EXPORT", "--export"),
];

/// The variables compare sets itself for the steps it runs.
pub const SET_BY_COMPARE: [&str; 3] = [
    "DUOBENCH_BASELINE",
    "DUOBENCH_SAVE_BASELINE",
    "DUOBENCH_STORE_ONLY",
];

/// Reads the caller's `DUOBENCH_*` variables in `vars`: applies those of compare's own
/// options to `args` where the option was not given, says on stderr which it drops, and
/// returns those passed on to the harness.
///
/// # Errors
///
/// One line naming a variable that is refused, or whose value is not one its option takes.
pub fn read_duobench_vars<K: AsRef<str>, V: AsRef<str>>(
    args: &mut CompareArgs,
    vars: impl IntoIterator<Item = (K, V)>,
) -> Result<Vec<(String, String)>, String> {
    let mut passed = Vec::new();
    let mut vars: Vec<(String, String)> = vars
        .into_iter()
        .map(|(key, value)| (key.as_ref().to_owned(), value.as_ref().to_owned()))
        .filter(|(key, _)| key.starts_with("DUOBENCH_"))
        .collect();
    vars.sort();
    for (key, value) in vars {
        if PASSED.contains(&key.as_str()) {
            passed.push((key, value));
        } else if let Some(&(_, option)) = OPTIONS.iter().find(|(var, _)| *var == key) {
            apply(args, option, &value).map_err(|why| format!("{key}={value}: {why}"))?;
        } else if SET_BY_COMPARE.contains(&key.as_str()) {
            eprintln!(
                "duobench: {key} is not passed on: compare chooses the baseline it stores and \
                 pairs with"
            );
        } else if ["DUOBENCH_CALIBRATE", "DUOBENCH_PROFILE_TIME"].contains(&key.as_str()) {
            if key == "DUOBENCH_CALIBRATE" && switch(&value) == Ok(false) {
                continue;
            }
            return Err(format!(
                "{key} runs trials without judging them, and compare judges: unset it (its \
                 option after `--` is refused beside a gate too)"
            ));
        } else {
            return Err(format!(
                "{key} is not a variable compare passes on (a typo?): it takes {}, and {}; \
                 unset it",
                PASSED.join(", "),
                OPTIONS.map(|(var, _)| var).join(", ")
            ));
        }
    }
    Ok(passed)
}

/// `1`/`0` as the harness reads a switch's variable.
fn switch(value: &str) -> Result<bool, String> {
    match value.trim() {
        "1" | "true" | "yes" | "on" => Ok(true),
        "0" | "false" | "no" | "off" => Ok(false),
        _ => Err(format!("expected 1 or 0, got `{value}`")),
    }
}

/// Sets compare's `option` from its variable's `value`, unless the command line gave it.
fn apply(args: &mut CompareArgs, option: &str, value: &str) -> Result<(), String> {
    match option {
        "--max-regression" if args.max_regression.is_none() => {
            crate::args::check_max_regression(value)?;
            args.max_regression = Some(value.to_owned());
        }
        "--measure" if args.measure.is_none() => args.measure = Some(value.to_owned()),
        "--allow-unpaired" => args.allow_unpaired |= switch(value)?,
        "--allow-removed" => args.allow_removed |= switch(value)?,
        "--on-inconclusive" if args.on_inconclusive.is_none() => {
            args.on_inconclusive = Some(crate::args::check_on_inconclusive(value)?);
        }
        "--baseline-dir" if args.baseline_dir.is_none() => {
            args.baseline_dir = Some(value.into());
        }
        "--json" if args.json.is_none() => args.json = Some(value.into()),
        "--export" if args.exports.is_empty() => {
            for one in value.split(';').filter(|one| !one.trim().is_empty()) {
                let (format, file) = one
                    .trim()
                    .split_once(' ')
                    .ok_or("expected `FORMAT FILE[;FORMAT FILE]`")?;
                args.exports.push((format.to_owned(), file.trim().into()));
            }
        }
        _ => {}
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_documented_variables_pass_and_options_stand_for_theirs() {
        let mut args = CompareArgs::default();
        let passed = read_duobench_vars(
            &mut args,
            [
                ("DUOBENCH_MAX_TIME", "2s"),
                ("DUOBENCH_MAX_REGRESSION", "5%"),
                ("DUOBENCH_BASELINE", "other"),
                ("DUOBENCH_EXPORT", "bmf a.json;markdown b.md"),
                ("DUOBENCH_CALIBRATE", "0"),
                ("HOME", "/root"),
            ],
        )
        .unwrap();
        assert_eq!(passed, [("DUOBENCH_MAX_TIME".to_owned(), "2s".to_owned())]);
        assert_eq!(args.max_regression.as_deref(), Some("5%"));
        assert_eq!(args.exports.len(), 2);
        // The option wins over its variable.
        let mut args = CompareArgs {
            max_regression: Some("2%".to_owned()),
            ..CompareArgs::default()
        };
        read_duobench_vars(&mut args, [("DUOBENCH_MAX_REGRESSION", "50%")]).unwrap();
        assert_eq!(args.max_regression.as_deref(), Some("2%"));
    }

    #[test]
    fn a_variable_that_would_judge_nothing_or_is_unknown_is_refused() {
        for (key, value, says) in [
            (
                "DUOBENCH_CALIBRATE",
                "1",
                "runs trials without judging them",
            ),
            (
                "DUOBENCH_PROFILE_TIME",
                "5s",
                "runs trials without judging them",
            ),
            (
                "DUOBENCH_MAX_REGRESION",
                "5%",
                "not a variable compare passes on",
            ),
            ("DUOBENCH_MAX_REGRESSION", "5", "ambiguous"),
            ("DUOBENCH_ALLOW_UNPAIRED", "maybe", "expected 1 or 0"),
        ] {
            let e = read_duobench_vars(&mut CompareArgs::default(), [(key, value)]).unwrap_err();
            assert!(e.starts_with(key) && e.contains(says), "{e}");
        }
    }
}
