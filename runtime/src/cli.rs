//! The invocation: argv split into duobench's own options and libtest's, plus `DUOBENCH_*`
//! environment variables. libtest-mimic's parser rejects flags it does not know, so ours are
//! taken out first.

use crate::options::Overrides;
use crate::units::parse_duration;
use libtest_mimic::Arguments;
use std::fmt;
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
];

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
                (true, None) => args
                    .next()
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
        Ok(Invocation {
            mode,
            libtest,
            overrides: from_cli.over(from_env),
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
    fn switches_take_no_value_and_leave_the_filter_alone() {
        let inv = parse(&["--calibrate", "sort"], &[]).unwrap();
        assert_eq!(inv.overrides.calibrate, Some(true));
        assert_eq!(inv.libtest.filter.as_deref(), Some("sort"));
        let inv = parse(&["--family-alpha", "0.1"], &[("DUOBENCH_CALIBRATE", "0")]).unwrap();
        assert_eq!(inv.overrides.calibrate, Some(false));
        assert_eq!(inv.overrides.family_alpha, Some(0.1));
    }
}
