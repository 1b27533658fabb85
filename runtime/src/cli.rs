//! The invocation: argv split into duobench's own options and libtest's, plus `DUOBENCH_*`
//! environment variables. libtest-mimic's parser rejects flags it does not know, so ours are
//! taken out first.

use crate::baseline::BaselineName;
use crate::options::Overrides;
use crate::units::parse_duration;
use libtest_mimic::Arguments;
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Whether this run measures (`cargo bench`) or checks (`cargo test --benches`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// `cargo test`: claims run their full procedure, everything else runs once.
    Test,
    /// `cargo bench` (`--bench`): everything is measured and reported.
    Bench,
}

/// A bad option or environment value; its message names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CliError(pub String);

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CliError {}

/// One of duobench's own options.
struct OwnOption {
    flag: &'static str,
    env: &'static str,
    /// Whether it takes a value (`--max-time 2s`) or stands alone (`--calibrate`; its
    /// environment variable then takes `1`/`0`, `true`/`false`).
    takes_value: bool,
    set: fn(&mut Overrides, &str) -> Result<(), String>,
}

const OWN_OPTIONS: &[OwnOption] = &[
    OwnOption {
        flag: "--max-time",
        takes_value: true,
        env: "DUOBENCH_MAX_TIME",
        set: |o, v| parse_positive_duration(v).map(|d| o.max_time = Some(d)),
    },
    OwnOption {
        flag: "--warmup",
        takes_value: true,
        env: "DUOBENCH_WARMUP",
        set: |o, v| parse_duration(v).map(|d| o.warmup = Some(d)),
    },
    OwnOption {
        flag: "--alpha",
        takes_value: true,
        env: "DUOBENCH_ALPHA",
        set: |o, v| parse_alpha(v).map(|a| o.alpha = Some(a)),
    },
    OwnOption {
        flag: "--family-alpha",
        env: "DUOBENCH_FAMILY_ALPHA",
        takes_value: true,
        set: |o, v| parse_alpha(v).map(|a| o.family_alpha = Some(a)),
    },
    OwnOption {
        flag: "--calibrate",
        env: "DUOBENCH_CALIBRATE",
        takes_value: false,
        set: |o, v| parse_switch(v).map(|on| o.calibrate = Some(on)),
    },
    OwnOption {
        flag: "--json",
        env: "DUOBENCH_JSON",
        takes_value: true,
        set: |o, v| parse_json_path(v).map(|p| o.json = Some(p)),
    },
    OwnOption {
        flag: "--report",
        env: "DUOBENCH_REPORT",
        takes_value: true,
        set: |o, v| parse_report_dir(v).map(|p| o.report_dir = Some(p)),
    },
    OwnOption {
        flag: "--no-report",
        env: "DUOBENCH_NO_REPORT",
        takes_value: false,
        set: |o, v| parse_switch(v).map(|on| o.no_report = Some(on)),
    },
    OwnOption {
        flag: "--save-baseline",
        env: "DUOBENCH_SAVE_BASELINE",
        takes_value: true,
        set: |o, v| BaselineName::parse(v).map(|n| o.save_baseline = Some(n)),
    },
    OwnOption {
        flag: "--baseline",
        env: "DUOBENCH_BASELINE",
        takes_value: true,
        set: |o, v| BaselineName::parse(v).map(|n| o.baseline = Some(n)),
    },
    OwnOption {
        flag: "--noise-threshold",
        env: "DUOBENCH_NOISE_THRESHOLD",
        takes_value: true,
        set: |o, v| parse_noise_threshold(v).map(|t| o.noise_threshold = Some(t)),
    },
    OwnOption {
        flag: "--max-regression",
        env: "DUOBENCH_MAX_REGRESSION",
        takes_value: true,
        set: |o, v| parse_max_regression(v).map(|p| o.max_regression = Some(p)),
    },
    OwnOption {
        flag: "--baseline-dir",
        env: "DUOBENCH_BASELINE_DIR",
        takes_value: true,
        set: |o, v| parse_report_dir(v).map(|p| o.baseline_dir = Some(p)),
    },
];

/// `2%` as 0.02, or a plain fraction such as `0.02`.
fn parse_fraction(text: &str) -> Result<f64, std::num::ParseFloatError> {
    let trimmed = text.trim();
    match trimmed.strip_suffix('%') {
        Some(percent) => percent.trim().parse::<f64>().map(|p| p / 100.0),
        None => trimmed.parse::<f64>(),
    }
}

/// A slowdown such as `5%` or `0.05`: zero or more, finite.
fn parse_max_regression(text: &str) -> Result<f64, String> {
    match parse_fraction(text) {
        Ok(p) if p.is_finite() && p >= 0.0 => Ok(p),
        _ => Err(format!(
            "expected a slowdown such as 5% or 0.05, zero or more, got `{text}`"
        )),
    }
}

fn parse_switch(text: &str) -> Result<bool, String> {
    match text.trim() {
        "1" | "true" | "yes" | "on" => Ok(true),
        "0" | "false" | "no" | "off" => Ok(false),
        _ => Err(format!("expected 1 or 0, got `{text}`")),
    }
}

fn parse_positive_duration(text: &str) -> Result<Duration, String> {
    match parse_duration(text)? {
        d if d.is_zero() => Err("the time budget must be longer than zero".to_owned()),
        d => Ok(d),
    }
}

/// A file the JSON document can be written to: checked now, so that a typo fails before an
/// hour of measuring rather than after it.
fn parse_json_path(text: &str) -> Result<PathBuf, String> {
    let path = PathBuf::from(text);
    if text.trim().is_empty() || text.ends_with('/') || path.file_name().is_none() {
        return Err("expected a file name such as results.json".to_owned());
    }
    if path.is_dir() {
        return Err("is a directory; expected a file name".to_owned());
    }
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if !parent.is_dir() {
        return Err(format!("directory `{}` does not exist", parent.display()));
    }
    Ok(path)
}

/// A directory for the HTML report: created when missing, but not in place of a file.
fn parse_report_dir(text: &str) -> Result<PathBuf, String> {
    let path = PathBuf::from(text);
    if text.trim().is_empty() {
        return Err("expected a directory".to_owned());
    }
    if path.exists() && !path.is_dir() {
        return Err("exists and is not a directory".to_owned());
    }
    Ok(path)
}

/// A fraction such as `0.02`, or a percentage such as `2%`, from 0 up to (not including) 1.
fn parse_noise_threshold(text: &str) -> Result<f64, String> {
    match parse_fraction(text) {
        Ok(t) if (0.0..1.0).contains(&t) => Ok(t),
        _ => Err(format!(
            "expected a fraction such as 0.02 or a percentage such as 2%, below 100%, got `{text}`"
        )),
    }
}

fn parse_alpha(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(a) if a > 0.0 && a < 1.0 => Ok(a),
        _ => Err(format!(
            "expected an error rate between 0 and 1 such as 0.05, got `{text}`"
        )),
    }
}

/// Everything this process was asked to do.
#[derive(Debug)]
pub struct Invocation {
    /// Test or bench mode.
    pub mode: Mode,
    /// libtest's own arguments (filter, `--exact`, `--list`, ...).
    pub libtest: Arguments,
    /// Settings from the environment and the command line, already merged.
    pub overrides: Overrides,
}

impl Invocation {
    /// Reads the process's arguments and environment.
    pub fn from_env() -> Result<Invocation, CliError> {
        Self::parse(std::env::args().skip(1), |name| std::env::var(name).ok())
    }

    /// Parses `args` (without the program name) and environment variables read by `env`.
    pub fn parse(
        args: impl IntoIterator<Item = String>,
        env: impl Fn(&str) -> Option<String>,
    ) -> Result<Invocation, CliError> {
        let mut from_env = Overrides::default();
        for option in OWN_OPTIONS {
            if let Some(value) = env(option.env) {
                (option.set)(&mut from_env, &value)
                    .map_err(|why| CliError(format!("{}={value}: {why}", option.env)))?;
            }
        }
        let mut from_cli = Overrides::default();
        let mut libtest_args = vec!["duobench".to_owned()];
        let mut args = args.into_iter();
        while let Some(arg) = args.next() {
            let (flag, inline) = match arg.split_once('=') {
                Some((f, v)) if f.starts_with("--") => (f.to_owned(), Some(v.to_owned())),
                _ => (arg.clone(), None),
            };
            let Some(option) = OWN_OPTIONS.iter().find(|o| o.flag == flag) else {
                libtest_args.push(arg);
                continue;
            };
            let value = match (option.takes_value, inline) {
                (true, Some(value)) => value,
                // Cargo appends `--bench` after the user's arguments, so a value option
                // written last would take it as its value (and a path option accept it).
                (true, None) => args
                    .next()
                    .filter(|value| !value.starts_with("--"))
                    .ok_or_else(|| CliError(format!("{flag}: missing value")))?,
                (false, None) => "1".to_owned(),
                (false, Some(_)) => return Err(CliError(format!("{flag} takes no value"))),
            };
            (option.set)(&mut from_cli, &value)
                .map_err(|why| CliError(format!("{flag} {value}: {why}")))?;
        }
        let mut libtest = Arguments::from_iter(libtest_args);
        let mode = if libtest.bench {
            Mode::Bench
        } else {
            Mode::Test
        };
        // Every trial is a libtest "test" whatever the mode: libtest-mimic would skip tests
        // under `--bench` and only smoke-run benches without it, so the mode is ours to keep.
        libtest.bench = false;
        // Timings are only meaningful one at a time.
        libtest.test_threads = Some(1);
        let overrides = from_cli.over(from_env);
        // Criterion refuses the pair too: saving under one name while comparing with
        // another leaves it unclear which the next run should compare with.
        if overrides.save_baseline.is_some() && overrides.baseline.is_some() {
            return Err(CliError(
                "--save-baseline and --baseline cannot be used together (nor their DUOBENCH_* \
                 variables): save under a name, or compare with one"
                    .to_owned(),
            ));
        }
        Ok(Invocation {
            mode,
            libtest,
            overrides,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str], env: &[(&str, &str)]) -> Result<Invocation, CliError> {
        let env: Vec<(String, String)> = env
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        Invocation::parse(args.iter().map(|s| (*s).to_owned()), move |name| {
            env.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone())
        })
    }

    #[test]
    fn own_options_are_taken_out_and_libtest_gets_the_rest() {
        let inv = parse(
            &[
                "--bench",
                "--max-time",
                "2s",
                "sort",
                "--alpha=0.01",
                "--exact",
            ],
            &[],
        )
        .unwrap();
        assert_eq!(inv.mode, Mode::Bench);
        assert!(!inv.libtest.bench);
        assert!(inv.libtest.exact);
        assert_eq!(inv.libtest.filter.as_deref(), Some("sort"));
        assert_eq!(inv.libtest.test_threads, Some(1));
        assert_eq!(inv.overrides.max_time, Some(Duration::from_secs(2)));
        assert_eq!(inv.overrides.alpha, Some(0.01));
    }

    #[test]
    fn command_line_beats_environment() {
        let inv = parse(
            &["--warmup", "1ms"],
            &[("DUOBENCH_WARMUP", "5ms"), ("DUOBENCH_ALPHA", "0.2")],
        )
        .unwrap();
        assert_eq!(inv.mode, Mode::Test);
        assert_eq!(inv.overrides.warmup, Some(Duration::from_millis(1)));
        assert_eq!(inv.overrides.alpha, Some(0.2));
    }

    #[test]
    fn bad_values_name_the_option() {
        let e = parse(&["--max-time", "ten"], &[]).unwrap_err();
        assert!(e.0.starts_with("--max-time ten:"), "{e}");
        let e = parse(&["--max-time", "0s"], &[]).unwrap_err();
        assert!(e.0.contains("longer than zero"), "{e}");
        let e = parse(&["--alpha"], &[]).unwrap_err();
        assert_eq!(e.0, "--alpha: missing value");
        let e = parse(&[], &[("DUOBENCH_ALPHA", "1.5")]).unwrap_err();
        assert!(e.0.starts_with("DUOBENCH_ALPHA=1.5:"), "{e}");
        let e = parse(&["--family-alpha", "0"], &[]).unwrap_err();
        assert!(e.0.starts_with("--family-alpha 0:"), "{e}");
        let e = parse(&["--calibrate=yes"], &[]).unwrap_err();
        assert_eq!(e.0, "--calibrate takes no value");
        let e = parse(&[], &[("DUOBENCH_CALIBRATE", "maybe")]).unwrap_err();
        assert!(e.0.starts_with("DUOBENCH_CALIBRATE=maybe:"), "{e}");
    }

    #[test]
    fn baseline_options_and_noise_threshold() {
        let inv = parse(
            &[
                "--bench",
                "--save-baseline",
                "main",
                "--noise-threshold",
                "5%",
            ],
            &[("DUOBENCH_NOISE_THRESHOLD", "0.1")],
        )
        .unwrap();
        assert_eq!(inv.overrides.save_baseline.unwrap().as_str(), "main");
        assert_eq!(inv.overrides.noise_threshold, Some(0.05));
        let inv = parse(&["--baseline=v1.2"], &[("DUOBENCH_NOISE_THRESHOLD", "0")]).unwrap();
        assert_eq!(inv.overrides.baseline.unwrap().as_str(), "v1.2");
        assert_eq!(inv.overrides.noise_threshold, Some(0.0));
        assert!(inv.libtest.filter.is_none());
    }

    #[test]
    fn bad_baseline_options_name_themselves() {
        let e = parse(&["--baseline", "../etc"], &[]).unwrap_err();
        assert!(
            e.0.starts_with("--baseline ../etc: expected a baseline name"),
            "{e}"
        );
        let e = parse(&["--save-baseline"], &[]).unwrap_err();
        assert_eq!(e.0, "--save-baseline: missing value");
        let e = parse(&[], &[("DUOBENCH_SAVE_BASELINE", "a b")]).unwrap_err();
        assert!(e.0.starts_with("DUOBENCH_SAVE_BASELINE=a b:"), "{e}");
        for bad in ["2", "100%", "-1%", "two", "", "NaN"] {
            let e = parse(&["--noise-threshold", bad], &[]).unwrap_err();
            assert!(
                e.0.starts_with(&format!("--noise-threshold {bad}: expected")),
                "{e}"
            );
        }
        let e = parse(&[], &[("DUOBENCH_NOISE_THRESHOLD", "1.5")]).unwrap_err();
        assert!(e.0.starts_with("DUOBENCH_NOISE_THRESHOLD=1.5:"), "{e}");
        let e = parse(&["--save-baseline", "a", "--baseline", "b"], &[]).unwrap_err();
        assert!(e.0.contains("cannot be used together"), "{e}");
        let e = parse(&["--save-baseline", "a"], &[("DUOBENCH_BASELINE", "b")]).unwrap_err();
        assert!(e.0.contains("cannot be used together"), "{e}");
    }

    #[test]
    fn max_regression_and_baseline_dir() {
        let inv = parse(
            &["--max-regression", "5%", "--baseline-dir", "."],
            &[("DUOBENCH_MAX_REGRESSION", "0.5")],
        )
        .unwrap();
        assert_eq!(inv.overrides.max_regression, Some(0.05));
        assert_eq!(inv.overrides.baseline_dir.as_deref(), Some(Path::new(".")));
        let inv = parse(&[], &[("DUOBENCH_MAX_REGRESSION", "150%")]).unwrap();
        assert_eq!(inv.overrides.max_regression, Some(1.5));
        for bad in ["-1%", "five", "", "inf", "NaN%"] {
            let e = parse(&["--max-regression", bad], &[]).unwrap_err();
            assert!(
                e.0.starts_with(&format!("--max-regression {bad}: expected a slowdown")),
                "{e}"
            );
        }
    }

    #[test]
    fn switches_take_no_value_and_leave_the_filter_alone() {
        let inv = parse(&["--calibrate", "sort"], &[]).unwrap();
        assert_eq!(inv.overrides.calibrate, Some(true));
        assert_eq!(inv.libtest.filter.as_deref(), Some("sort"));
        let inv = parse(&["--family-alpha", "0.1"], &[("DUOBENCH_CALIBRATE", "0")]).unwrap();
        assert_eq!(inv.overrides.calibrate, Some(false));
        assert_eq!(inv.overrides.family_alpha, Some(0.1));
    }

    /// A fresh directory under the system's temporary directory.
    fn scratch_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("duobench-cli-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn json_takes_a_file_in_an_existing_directory() {
        let dir = scratch_dir("json");
        let file = dir.join("out.json");
        let file = file.to_str().unwrap();
        let inv = parse(&["--json", file], &[("DUOBENCH_JSON", "env.json")]).unwrap();
        assert_eq!(inv.overrides.json.as_deref(), Some(Path::new(file)));
        let inv = parse(&[], &[("DUOBENCH_JSON", file)]).unwrap();
        assert_eq!(inv.overrides.json.as_deref(), Some(Path::new(file)));
        // A bare file name lands in the working directory, which exists.
        assert!(parse(&["--json=out.json"], &[]).is_ok());

        let missing = dir.join("no/such/dir/out.json");
        let missing = missing.to_str().unwrap();
        let e = parse(&["--json", missing], &[]).unwrap_err();
        assert!(
            e.0.starts_with(&format!("--json {missing}: directory `")),
            "{e}"
        );
        assert!(e.0.ends_with("` does not exist"), "{e}");
        let e = parse(&["--json", dir.to_str().unwrap()], &[]).unwrap_err();
        assert!(e.0.ends_with("is a directory; expected a file name"), "{e}");
        let e = parse(&["--json"], &[]).unwrap_err();
        assert_eq!(e.0, "--json: missing value");
        let e = parse(&["--report", "--bench"], &[]).unwrap_err();
        assert_eq!(e.0, "--report: missing value");
        let e = parse(&[], &[("DUOBENCH_JSON", "")]).unwrap_err();
        assert!(
            e.0.starts_with("DUOBENCH_JSON=: expected a file name"),
            "{e}"
        );
    }

    #[test]
    fn report_takes_a_directory_that_may_not_exist_yet() {
        let dir = scratch_dir("report");
        let fresh = dir.join("fresh");
        let fresh = fresh.to_str().unwrap();
        let inv = parse(&["--report", fresh], &[]).unwrap();
        assert_eq!(inv.overrides.report_dir.as_deref(), Some(Path::new(fresh)));
        let inv = parse(&[], &[("DUOBENCH_REPORT", fresh)]).unwrap();
        assert_eq!(inv.overrides.report_dir.as_deref(), Some(Path::new(fresh)));

        let file = dir.join("a-file");
        std::fs::write(&file, "").unwrap();
        let file = file.to_str().unwrap();
        let e = parse(&["--report", file], &[]).unwrap_err();
        assert_eq!(
            e.0,
            format!("--report {file}: exists and is not a directory")
        );
        let e = parse(&[], &[("DUOBENCH_REPORT", file)]).unwrap_err();
        assert_eq!(
            e.0,
            format!("DUOBENCH_REPORT={file}: exists and is not a directory")
        );
        let e = parse(&["--report", " "], &[]).unwrap_err();
        assert_eq!(e.0, "--report  : expected a directory");
    }

    #[test]
    fn no_report_is_a_switch() {
        let inv = parse(&["--no-report", "sort"], &[]).unwrap();
        assert_eq!(inv.overrides.no_report, Some(true));
        assert_eq!(inv.libtest.filter.as_deref(), Some("sort"));
        let inv = parse(&[], &[("DUOBENCH_NO_REPORT", "1")]).unwrap();
        assert_eq!(inv.overrides.no_report, Some(true));
        let inv = parse(&["--no-report"], &[("DUOBENCH_NO_REPORT", "0")]).unwrap();
        assert_eq!(inv.overrides.no_report, Some(true));
        let e = parse(&["--no-report=1"], &[]).unwrap_err();
        assert_eq!(e.0, "--no-report takes no value");
        let e = parse(&[], &[("DUOBENCH_NO_REPORT", "maybe")]).unwrap_err();
        assert!(e.0.starts_with("DUOBENCH_NO_REPORT=maybe:"), "{e}");
    }

    /// Every option, and every environment variable, rejects a bad value with one line that
    /// names it — checked for the whole table, so a new option cannot skip it.
    #[test]
    fn every_option_and_variable_names_itself_when_its_value_is_bad() {
        let bad_value = |flag: &str| match flag {
            "--max-time" | "--warmup" => "ten",
            "--alpha" | "--family-alpha" | "--noise-threshold" => "1.5",
            "--max-regression" => "-5%",
            "--baseline-dir" => "Cargo.toml",
            "--save-baseline" | "--baseline" => "a b",
            "--json" => "",
            "--report" => "Cargo.toml",
            _ => "maybe",
        };
        for option in OWN_OPTIONS {
            let value = bad_value(option.flag);
            let e = parse(&[], &[(option.env, value)]).unwrap_err();
            assert!(
                e.0.starts_with(&format!("{}={value}:", option.env)),
                "{}: {e}",
                option.env
            );
            assert!(!e.0.contains('\n'), "one line: {e}");
            if option.takes_value {
                let e = parse(&[option.flag, value], &[]).unwrap_err();
                assert!(e.0.starts_with(option.flag), "{}: {e}", option.flag);
                assert!(!e.0.contains('\n'), "one line: {e}");
            } else {
                let e = parse(&[&format!("{}=1", option.flag)], &[]).unwrap_err();
                assert_eq!(e.0, format!("{} takes no value", option.flag));
            }
        }
    }
}
