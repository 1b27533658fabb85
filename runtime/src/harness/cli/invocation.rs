//! The invocation: argv split into duobench's own options and libtest's, plus `DUOBENCH_*`
//! environment variables. libtest-mimic's parser rejects flags it does not know, so ours are
//! taken out first.
//!
//! Our options are one declarative table, [`OWN_OPTIONS`]. From it and libtest-mimic's own
//! clap command one clap command is built ([`command`]): it renders `--help` with both sets
//! of options, parses libtest's, and suggests the nearest option, ours or libtest's, for a
//! mistyped one. Our values are parsed by the table's functions rather than by clap, so that
//! an option and its environment variable give the same one-line error naming whichever was
//! bad (clap's `env` errors name the flag only).

use super::criterion_flags;
use super::values::{
    parse_alpha, parse_export, parse_html_report_dir, parse_json_path, parse_measure,
    parse_noise_threshold, parse_on_inconclusive, parse_positive_duration, parse_report_dir,
    parse_switch,
};
use crate::model::parse_max_regression;
use crate::model::Mode;
use crate::session::BaselineName;
use crate::session::Overrides;
use crate::util::parse_duration;
use clap::{Arg, ArgAction, CommandFactory, FromArgMatches};
use libtest_mimic::Arguments;
use std::fmt;

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
    /// What `--help` shows for the value (`DURATION`), and the option's one-line help.
    value_name: &'static str,
    help: &'static str,
    /// What applies when neither the option nor its variable is given, as `--help` shows it.
    default: &'static str,
}

const OWN_OPTIONS: &[OwnOption] = &[
    OwnOption {
        flag: "--max-time",
        takes_value: true,
        env: "DUOBENCH_MAX_TIME",
        set: |o, v| parse_positive_duration(v).map(|d| o.max_time = Some(d)),
        value_name: "DURATION",
        help: "Time budget per trial, warmup included (e.g. 2s, 500ms, 1m)",
        default: "5s, or the attribute's max_time",
    },
    OwnOption {
        flag: "--warmup",
        takes_value: true,
        env: "DUOBENCH_WARMUP",
        set: |o, v| parse_duration(v).map(|d| o.warmup = Some(d)),
        value_name: "DURATION",
        help: "Warmup before measuring (same grammar as --max-time)",
        default: "200ms at most, ending once the routines are steady; or the attribute's warmup",
    },
    OwnOption {
        flag: "--alpha",
        takes_value: true,
        env: "DUOBENCH_ALPHA",
        set: |o, v| parse_alpha(v).map(|a| o.alpha = Some(a)),
        value_name: "RATE",
        help: "Error rate of every verdict, between 0 and 1",
        default: "0.05, or the attribute's alpha",
    },
    OwnOption {
        flag: "--family-alpha",
        env: "DUOBENCH_FAMILY_ALPHA",
        takes_value: true,
        set: |o, v| parse_alpha(v).map(|a| o.family_alpha = Some(a)),
        value_name: "RATE",
        help:
            "Error rate shared by all claims of the run (Bonferroni), replacing each claim's alpha",
        default: "off",
    },
    OwnOption {
        flag: "--calibrate",
        env: "DUOBENCH_CALIBRATE",
        takes_value: false,
        set: |o, v| parse_switch(v).map(|on| o.calibrate = Some(on)),
        value_name: "",
        help: "Run each comparison's first routine against itself and report the noise floor",
        default: "off",
    },
    OwnOption {
        flag: "--json",
        env: "DUOBENCH_JSON",
        takes_value: true,
        set: |o, v| parse_json_path(v).map(|p| o.json = Some(p)),
        value_name: "FILE",
        help: "Write every result of the run to this JSON file",
        default: "none",
    },
    OwnOption {
        flag: "--report",
        env: "DUOBENCH_REPORT",
        takes_value: true,
        set: |o, v| parse_html_report_dir(v).map(|p| o.report_dir = Some(p)),
        value_name: "DIR",
        help: "Directory of the HTML report that cargo bench writes (feature `html`)",
        default: "target/duobench/report",
    },
    OwnOption {
        flag: "--no-report",
        env: "DUOBENCH_NO_REPORT",
        takes_value: false,
        set: |o, v| parse_switch(v).map(|on| o.no_report = Some(on)),
        value_name: "",
        help: "Write no HTML report",
        default: "off",
    },
    OwnOption {
        flag: "--no-doctor",
        env: "DUOBENCH_NO_DOCTOR",
        takes_value: false,
        set: |o, v| parse_switch(v).map(|on| o.no_doctor = Some(on)),
        value_name: "",
        help: "Give no benchmark doctor warnings (work optimized away, noise, memory growth, \
               load, ...)",
        default: "off",
    },
    OwnOption {
        flag: "--save-baseline",
        env: "DUOBENCH_SAVE_BASELINE",
        takes_value: true,
        set: |o, v| BaselineName::parse(v).map(|n| o.save_baseline = Some(n)),
        value_name: "NAME",
        help: "Compare #[bench] results with this baseline if it exists, then save them under it",
        default: "none",
    },
    OwnOption {
        flag: "--baseline",
        env: "DUOBENCH_BASELINE",
        takes_value: true,
        set: |o, v| BaselineName::parse(v).map(|n| o.baseline = Some(n)),
        value_name: "NAME",
        help: "Compare #[bench] results with this saved baseline, leaving it unchanged",
        default: "none",
    },
    OwnOption {
        flag: "--noise-threshold",
        env: "DUOBENCH_NOISE_THRESHOLD",
        takes_value: true,
        set: |o, v| parse_noise_threshold(v).map(|t| o.noise_threshold = Some(t)),
        value_name: "FRACTION",
        help: "Changes within this fraction (0.02) or percentage (2%) are no change",
        default: "2%",
    },
    OwnOption {
        flag: "--export",
        env: "DUOBENCH_EXPORT",
        takes_value: true,
        set: |o, v| {
            for one in v.split(';').filter(|one| !one.trim().is_empty()) {
                o.exports.push(parse_export(one)?);
            }
            Ok(())
        },
        value_name: "FORMAT FILE",
        help: "Also write the results for a CI tool: bmf (Bencher Metric Format), github \
               (github-action-benchmark customSmallerIsBetter) or markdown (a table for a \
               pull-request comment); repeatable; the variable takes `FORMAT FILE[;FORMAT FILE]`",
        default: "none",
    },
    OwnOption {
        flag: "--measure",
        env: "DUOBENCH_MEASURE",
        takes_value: true,
        set: |o, v| parse_measure(v).map(|m| o.measure = Some(m)),
        value_name: "MEASURE",
        help: "What every trial measures and its claims judge: wall, cpu_time, allocations or \
               instructions",
        default: "wall",
    },
    OwnOption {
        flag: "--max-regression",
        env: "DUOBENCH_MAX_REGRESSION",
        takes_value: true,
        set: |o, v| parse_max_regression(v).map(|p| o.max_regression = Some(p)),
        value_name: "P",
        help: "With --baseline: fail a #[bench] whose new/old ratio is refuted to be at most \
               1 + P (5% or 0.05)",
        default: "none",
    },
    OwnOption {
        flag: "--baseline-dir",
        env: "DUOBENCH_BASELINE_DIR",
        takes_value: true,
        set: |o, v| parse_report_dir(v).map(|p| o.baseline_dir = Some(p)),
        value_name: "DIR",
        help: "Where saved baselines and their executables live",
        default: "<target>/duobench",
    },
    OwnOption {
        flag: "--allow-unpaired",
        env: "DUOBENCH_ALLOW_UNPAIRED",
        takes_value: false,
        set: |o, v| parse_switch(v).map(|on| o.allow_unpaired = Some(on)),
        value_name: "",
        help: "Under --max-regression: a #[bench] that cannot be paired with the baseline's \
               executable passes with a warning instead of failing",
        default: "off",
    },
    OwnOption {
        flag: "--on-inconclusive",
        env: "DUOBENCH_ON_INCONCLUSIVE",
        takes_value: true,
        set: |o, v| parse_on_inconclusive(v).map(|p| o.on_inconclusive = Some(p)),
        value_name: "fail|pass|ignore",
        help: "What a claim or gate that the time budget left undecided counts as, for every \
               trial of the run",
        default: "fail, or the attribute's on_inconclusive",
    },
    OwnOption {
        flag: "--store-only",
        env: "DUOBENCH_STORE_ONLY",
        takes_value: false,
        set: |o, v| parse_switch(v).map(|on| o.store_only = Some(on)),
        value_name: "",
        help: "With --save-baseline: store this executable as the baseline's, for a later \
               --baseline to pair with, and measure nothing",
        default: "off",
    },
    OwnOption {
        flag: "--verbose",
        env: "DUOBENCH_VERBOSE",
        takes_value: false,
        set: |o, v| parse_switch(v).map(|on| o.verbose = Some(on)),
        value_name: "",
        help: "Show each comparison's full statistics (outliers, clock, pairs, Student and \
               Welch, OS) instead of the short block",
        default: "off",
    },
    OwnOption {
        flag: "--profile-time",
        env: "DUOBENCH_PROFILE_TIME",
        takes_value: true,
        set: |o, v| parse_positive_duration(v).map(|d| o.profile_time = Some(d)),
        value_name: "DURATION",
        help: "Run the one selected benchmark's routine in its loop this long, measuring, \
               analysing and writing nothing (for perf record or a flamegraph)",
        default: "off",
    },
];

/// The whole command line as one clap command: libtest-mimic's options and ours, each of
/// ours with its variable and default. Used for `--help`, for libtest's options, and for the
/// nearest-option suggestion on a typo.
pub fn command() -> clap::Command {
    let own = OWN_OPTIONS.iter().map(|option| {
        let name = option.flag.trim_start_matches("--");
        let help = format!(
            "{} [env: {}] [default: {}]",
            option.help, option.env, option.default
        );
        let arg = Arg::new(name)
            .long(name)
            .help(help)
            .help_heading("duobench options");
        if option.takes_value {
            let names: Vec<&str> = option.value_name.split(' ').collect();
            arg.num_args(names.len())
                .value_names(names)
                .action(ArgAction::Append)
        } else {
            arg.action(ArgAction::SetTrue)
        }
    });
    Arguments::command()
        .name("duobench")
        .override_usage("cargo bench [--bench TARGET] -- [OPTIONS] [FILTER]")
        .args(own)
        // libtest takes several filter words and runs a trial when any of them matches.
        .mut_arg("filter", |arg| {
            arg.action(ArgAction::Append).help(
                "Run only trials whose names contain a FILTER word (any of several); with \
                 --exact, whose names equal one",
            )
        })
        .help_template(
            "duobench: benchmarks that are also tests\n\n\
             USAGE: {usage}\n\n{all-args}\n\n{after-help}",
        )
        .after_help(
            "Trials run one at a time, whatever --test-threads says. Each duobench option has \
             a DUOBENCH_* environment variable;\nthe command line wins over the environment, \
             and both over the attribute. Durations: digits (`_` between them allowed),\nan \
             optional fraction and a unit ns, us, µs, ms, s or m: 500ms, 1.5s, 2m, 1_000ms.\n\
             Criterion.rs's flags are taken as their duobench equivalents (--warm-up-time 3 as \
             --warmup 3s, --noplot as --no-report, ...);\nthose with none name what replaces \
             them.",
        )
}

/// The text `--help` prints.
#[must_use]
pub fn help_text() -> String {
    command().render_help().to_string()
}

/// A clap error as one of ours: clap's message without its `error: ` prefix (the runner
/// adds its own), with clap's tip for a mistyped option kept.
fn clap_error(error: clap::Error) -> CliError {
    let text = error.to_string();
    let text = text.trim_end();
    CliError(text.strip_prefix("error: ").unwrap_or(text).to_owned())
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
    /// Every filter word given, in order (`libtest.filter` holds only the first); see
    /// `filters`.
    pub filters: Vec<String>,
}

impl Invocation {
    /// Reads the process's arguments and environment.
    /// `--help` (or `-h`) prints the help and exits.
    pub fn from_env() -> Result<Invocation, CliError> {
        if std::env::args().skip(1).any(|a| a == "--help" || a == "-h") {
            print!("{}", help_text());
            std::process::exit(0);
        }
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
        let mut args = criterion_flags::translate(args)
            .map_err(CliError)?
            .into_iter();
        while let Some(arg) = args.next() {
            let (flag, inline) = match arg.split_once('=') {
                Some((f, v)) if f.starts_with("--") => (f.to_owned(), Some(v.to_owned())),
                _ => (arg.clone(), None),
            };
            let Some(option) = OWN_OPTIONS.iter().find(|o| o.flag == flag) else {
                libtest_args.push(arg);
                continue;
            };
            let arity = option.value_name.split(' ').count();
            let value = match (option.takes_value, inline) {
                (true, inline) => {
                    let mut values: Vec<String> = inline.into_iter().collect();
                    while values.len() < arity {
                        // Cargo appends `--bench` after the user's arguments, so a value
                        // option written last would take it as its value (and a path
                        // option accept it).
                        let value = args
                            .next()
                            .filter(|value| !value.starts_with("--"))
                            .ok_or_else(|| CliError(format!("{flag}: missing value")))?;
                        values.push(value);
                    }
                    values.join(" ")
                }
                (false, None) => "1".to_owned(),
                (false, Some(_)) => return Err(CliError(format!("{flag} takes no value"))),
            };
            (option.set)(&mut from_cli, &value)
                .map_err(|why| CliError(format!("{flag} {value}: {why}")))?;
        }
        let matches = command()
            .try_get_matches_from(libtest_args)
            .map_err(clap_error)?;
        let filters = matches
            .get_many::<String>("filter")
            .map(|words| words.cloned().collect())
            .unwrap_or_default();
        let mut libtest = Arguments::from_arg_matches(&matches).map_err(clap_error)?;
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
        // A gate with nothing to pair with would pass every trial unjudged.
        let saving_or_comparing = overrides.baseline.is_some() || overrides.save_baseline.is_some();
        if mode == Mode::Bench && overrides.max_regression.is_some() && !saving_or_comparing {
            return Err(CliError(
                "--max-regression judges a comparison paired with a stored baseline: give \
                 --baseline NAME too (or run `cargo duobench compare REV`)"
                    .to_owned(),
            ));
        }
        if overrides.store_only == Some(true) && overrides.save_baseline.is_none() {
            return Err(CliError(
                "--store-only stores the executable of a baseline: give it --save-baseline NAME"
                    .to_owned(),
            ));
        }
        Ok(Invocation {
            mode,
            libtest,
            overrides,
            filters,
        })
    }
}

#[cfg(test)]
mod tests;
