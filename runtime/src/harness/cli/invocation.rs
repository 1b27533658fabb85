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
use crate::measure::built_in_names;
use crate::model::parse_max_regression;
use crate::model::BaselineName;
use crate::model::Mode;
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
        flag: "--across-processes",
        env: "DUOBENCH_ACROSS_PROCESSES",
        takes_value: false,
        set: |o, v| parse_switch(v).map(|on| o.across_processes = Some(on)),
        value_name: "",
        help: "Decide each #[bench_diff] over rounds of fresh processes, so that its interval \
               holds where a process's code and data happen to sit (slower)",
        default: "off: one process, whose interval describes that process, unless the \
                  attribute says `across_processes`",
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
        flag: "--measure-once",
        env: "DUOBENCH_MEASURE_ONCE",
        takes_value: false,
        set: |o, v| parse_switch(v).map(|on| o.measure_once = Some(on)),
        value_name: "",
        help: "Take each #[bench] run once, even when the machine ran slower through most of it \
               than in its previous run",
        default: "off: such a run is taken again once the machine's pace is back",
    },
    OwnOption {
        flag: "--save-baseline",
        env: "DUOBENCH_SAVE_BASELINE",
        takes_value: true,
        set: |o, v| BaselineName::given(v).map(|n| o.save_baseline = Some(n)),
        value_name: "NAME",
        help: "Compare #[bench] results with this baseline if it exists, then save them under it",
        default: "none",
    },
    OwnOption {
        flag: "--baseline",
        env: "DUOBENCH_BASELINE",
        takes_value: true,
        set: |o, v| BaselineName::given(v).map(|n| o.baseline = Some(n)),
        value_name: "NAME",
        help: "Compare #[bench] results with this saved baseline, leaving it unchanged \
               (`previous`, or Criterion's `base`: the previous run)",
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
        // `{built_in}`: the built-in measures' names, from their registry.
        help: "What every trial measures and its claims judge, a built-in measure: {built_in} \
               (a measurement of the bench file's own is named in its attribute)",
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

/// libtest's options as `--help` shows them, by libtest-mimic's argument id: what each does
/// for a duobench trial, or `None` for one that is accepted (cargo and tools pass it) but
/// changes nothing here, which `--help` leaves out.
const LIBTEST_OPTIONS: &[(&str, Option<&str>)] = &[
    (
        "filter",
        Some(
            "Run only trials whose names contain a FILTER word (any of several); with --exact, \
             whose names equal one",
        ),
    ),
    (
        "exact",
        Some("Match each FILTER word against whole trial names"),
    ),
    (
        "skip",
        Some("Leave out trials whose names contain FILTER (repeatable)"),
    ),
    (
        "ignored",
        Some("Run only the trials marked `ignore` in their attribute"),
    ),
    (
        "include_ignored",
        Some("Run the trials marked `ignore` as well as the others"),
    ),
    (
        "list",
        Some("List the selected trials (`NAME: benchmark`, as libtest lists benchmarks) and run nothing"),
    ),
    (
        "bench",
        Some(
            "Measure and report every trial (cargo bench passes it); without it, as under \
             cargo test, claims are judged and each #[bench] runs once",
        ),
    ),
    (
        "quiet",
        Some("One character per trial, and only the summary table of the comparisons"),
    ),
    (
        "format",
        Some(
            "pretty: a line per trial, then the blocks and the summary (the default); terse: as \
             --quiet; json: libtest's JSON events (the results themselves: --json FILE)",
        ),
    ),
    (
        "color",
        Some("Colour the output: auto (when it goes to a terminal), always or never"),
    ),
    // Trials run one at a time, whatever the count (said after the options).
    ("test_threads", None),
    // Every trial is a benchmark: there are no plain tests to run instead.
    ("test", None),
    // Output is never captured.
    ("nocapture", None),
    ("show_output", None),
    ("unstable_flags", None),
    // libtest-mimic's own lines only: the blocks and tables would still go to stdout.
    ("logfile", None),
];

/// The whole command line as one clap command: libtest-mimic's options, described as they
/// apply to duobench's trials ([`LIBTEST_OPTIONS`]), and ours, each with its variable and
/// default. Used for `--help`, for libtest's options, and for the nearest-option suggestion
/// on a typo.
pub fn command() -> clap::Command {
    let own = OWN_OPTIONS.iter().map(|option| {
        let name = option.flag.trim_start_matches("--");
        let help = format!(
            "{} [env: {}] [default: {}]",
            option.help.replace("{built_in}", &built_in_names()),
            option.env,
            option.default
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
    let mut command = Arguments::command()
        .name("duobench")
        // libtest-mimic's doc comment on its arguments' type, which would offer a longer help.
        .about(None)
        .long_about(None)
        .override_usage(
            "cargo bench --bench TARGET -- [OPTIONS] [FILTER]...\n       \
             cargo test --release --bench TARGET -- [OPTIONS] [FILTER]...",
        )
        .args(own)
        // libtest takes several filter words and runs a trial when any of them matches.
        .mut_arg("filter", |arg| arg.action(ArgAction::Append))
        // One line per value: libtest-mimic's own help for them spans several.
        .mut_arg("format", |arg| arg.hide_possible_values(true))
        .mut_arg("color", |arg| arg.hide_possible_values(true));
    for &(id, help) in LIBTEST_OPTIONS {
        command = command.mut_arg(id, |arg| match help {
            Some(help) => arg.help(help).long_help(None),
            None => arg.hide(true).long_help(None),
        });
    }
    command
        .help_template(
            "duobench: benchmarks that are also tests\n\n\
             USAGE: {usage}\n\n{all-args}\n\n{after-help}",
        )
        .after_help(
            "Name the bench target: without --bench TARGET, cargo runs every target, the \
             library's libtest harness first,\nwhich prints libtest's help instead. Trials run \
             one at a time, whatever --test-threads says. Each duobench\noption has a \
             DUOBENCH_* environment variable; the command line wins over the environment, and \
             both over\nthe attribute. Durations: digits (`_` between them allowed), an \
             optional fraction and a unit ns, us, µs, ms,\ns, m or h: 500ms, 1.5s, 2m, 1h. \
             Criterion.rs's flags are taken as their duobench equivalents (--warm-up-time 3\n\
             as --warmup 3s, --noplot as --no-report, ...); those with none name what replaces \
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
        // A diagnostic run judges nothing; beside a gate it could only hide the gate's
        // failure (one exported variable would turn a CI job's regressions green).
        if mode == Mode::Bench && overrides.max_regression.is_some() {
            if let Some(diagnostic) = diagnostic_option(&overrides) {
                return Err(CliError(format!(
                    "{diagnostic} and judges nothing, so it cannot run with a gate \
                     (--max-regression, DUOBENCH_MAX_REGRESSION): drop one of them"
                )));
            }
        }
        if overrides.calibrate == Some(true) && overrides.across_processes == Some(true) {
            return Err(CliError(
                "--calibrate (DUOBENCH_CALIBRATE) measures one process's noise floor and \
                 --across-processes (DUOBENCH_ACROSS_PROCESSES) decides over many: drop one of \
                 them"
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

/// The diagnostic option of `overrides` that runs trials without judging them, as a
/// sentence's start naming it and its variable.
fn diagnostic_option(overrides: &Overrides) -> Option<&'static str> {
    if overrides.calibrate == Some(true) {
        Some(
            "--calibrate (DUOBENCH_CALIBRATE) measures each comparison's first routine against \
             itself",
        )
    } else if overrides.profile_time.is_some() {
        Some("--profile-time (DUOBENCH_PROFILE_TIME) runs a routine without measuring it")
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    //! Tests of the invocation: options, variables, help and errors.

    use super::super::values::parse_noise_threshold;
    use super::*;
    use crate::util::parse_duration;
    use std::path::Path;
    use std::time::Duration;

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
        // Values the statistics cannot take are refused, not passed on to panic later.
        let e = parse(&["--alpha", "1e-17"], &[]).unwrap_err();
        assert!(
            e.0.starts_with("--alpha 1e-17: expected an error rate from 1e-6"),
            "{e}"
        );
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
        for bad in ["-1%", "five", "", "inf", "NaN%", "0%"] {
            let e = parse(&["--max-regression", bad], &[]).unwrap_err();
            assert!(
                e.0.starts_with(&format!("--max-regression {bad}: a gate is a slowdown")),
                "{e}"
            );
        }
        // A plain 5 is refused with both readings, never taken as 500%.
        let e = parse(&[], &[("DUOBENCH_MAX_REGRESSION", "5")]).unwrap_err();
        assert!(
            e.0.starts_with("DUOBENCH_MAX_REGRESSION=5: `5` is ambiguous: write `5%`"),
            "{e}"
        );
        let inv = parse(&["--max-regression=5%"], &[]).unwrap();
        assert_eq!(inv.overrides.max_regression, Some(0.05));
    }

    #[test]
    fn a_diagnostic_option_is_refused_beside_a_gate() {
        let gate = ["--bench", "--baseline", "main", "--max-regression", "5%"];
        let e = parse(&gate, &[("DUOBENCH_CALIBRATE", "1")]).unwrap_err();
        assert!(
            e.0.starts_with("--calibrate (DUOBENCH_CALIBRATE) measures each comparison's")
                && e.0
                    .contains("cannot run with a gate (--max-regression, DUOBENCH_MAX_REGRESSION)"),
            "{e}"
        );
        let profiled: Vec<&str> = gate
            .iter()
            .copied()
            .chain(["--profile-time", "1s"])
            .collect();
        let e = parse(&profiled, &[]).unwrap_err();
        assert!(
            e.0.starts_with("--profile-time (DUOBENCH_PROFILE_TIME)"),
            "{e}"
        );
        // Controls: either alone, a switched-off calibration, and `cargo test` (which
        // ignores the gate) are taken.
        parse(&gate, &[("DUOBENCH_CALIBRATE", "0")]).unwrap();
        parse(&["--bench", "--calibrate"], &[]).unwrap();
        parse(&["--calibrate", "--max-regression", "5%"], &[]).unwrap();
    }

    #[test]
    fn comparisons_across_processes_are_asked_for_by_flag_or_variable_and_not_calibrated() {
        let inv = parse(&["--bench", "--across-processes", "sort"], &[]).unwrap();
        assert_eq!(inv.overrides.across_processes, Some(true));
        assert_eq!(inv.libtest.filter.as_deref(), Some("sort"));
        let inv = parse(&["--bench"], &[("DUOBENCH_ACROSS_PROCESSES", "1")]).unwrap();
        assert_eq!(inv.overrides.across_processes, Some(true));
        let e = parse(&["--across-processes", "--calibrate"], &[]).unwrap_err();
        assert!(
            e.0.contains("--across-processes (DUOBENCH_ACROSS_PROCESSES)")
                && e.0.ends_with("drop one of them"),
            "{e}"
        );
        // Control: a calibration with the variable switched off is taken.
        parse(&["--calibrate"], &[("DUOBENCH_ACROSS_PROCESSES", "0")]).unwrap();
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

    /// A fresh directory under the system's temporary directory, removed after the test.
    fn scratch_dir(name: &str) -> crate::fixture::scratch::ScratchDir {
        crate::fixture::scratch::ScratchDir::new(&format!("cli-{name}"))
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
    #[cfg(feature = "html")]
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
    #[cfg(not(feature = "html"))]
    fn report_without_the_html_feature_names_the_feature() {
        let dir = scratch_dir("report-off");
        let wanted = dir.join("report");
        let wanted = wanted.to_str().unwrap();
        let e = parse(&["--report", wanted], &[]).unwrap_err();
        assert_eq!(
            e.0,
            format!(
                "--report {wanted}: the HTML report needs duobench's `html` feature, which this \
             build leaves out (it is on by default)"
            )
        );
        let e = parse(&[], &[("DUOBENCH_REPORT", wanted)]).unwrap_err();
        assert!(e.0.contains("`html` feature"), "{e}");
        // Nothing to turn off: no report is written anyway.
        parse(&["--no-report"], &[]).unwrap();
    }

    #[test]
    fn measure_once_is_a_switch() {
        assert_eq!(parse(&[], &[]).unwrap().overrides.measure_once, None);
        let inv = parse(&["--measure-once"], &[]).unwrap();
        assert_eq!(inv.overrides.measure_once, Some(true));
        let inv = parse(&[], &[("DUOBENCH_MEASURE_ONCE", "1")]).unwrap();
        assert_eq!(inv.overrides.measure_once, Some(true));
        let e = parse(&["--measure-once=yes"], &[]).unwrap_err();
        assert_eq!(e.0, "--measure-once takes no value");
    }

    #[test]
    fn no_doctor_is_a_switch() {
        assert_eq!(parse(&[], &[]).unwrap().overrides.no_doctor, None);
        let inv = parse(&["--no-doctor"], &[]).unwrap();
        assert_eq!(inv.overrides.no_doctor, Some(true));
        let inv = parse(&[], &[("DUOBENCH_NO_DOCTOR", "1")]).unwrap();
        assert_eq!(inv.overrides.no_doctor, Some(true));
        let e = parse(&[], &[("DUOBENCH_NO_DOCTOR", "maybe")]).unwrap_err();
        assert!(e.0.starts_with("DUOBENCH_NO_DOCTOR=maybe:"), "{e}");
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
            "--max-time" | "--warmup" | "--profile-time" => "ten",
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

    /// `--help` shows every option of the table with its variable and default, and
    /// libtest's options beside them.
    #[test]
    fn help_lists_every_own_option_with_its_variable_and_default() {
        let help = help_text();
        for option in OWN_OPTIONS {
            let line = help
                .lines()
                .find(|l| l.trim_start().starts_with(option.flag))
                .unwrap_or_else(|| panic!("{} missing from help:\n{help}", option.flag));
            let entry = help.split(line).nth(1).unwrap_or("");
            let entry = format!("{line}{}", entry.split("\n  --").next().unwrap_or(""));
            assert!(entry.contains(option.env), "{}: {entry}", option.flag);
            assert!(entry.contains("[default: "), "{}: {entry}", option.flag);
        }
        for libtest in [
            "--exact",
            "--skip",
            "--list",
            "--format",
            "--include-ignored",
        ] {
            assert!(help.contains(libtest), "{libtest} missing:\n{help}");
        }
        assert!(help.contains("duobench options"), "{help}");
    }

    /// Every libtest option libtest-mimic parses is described as it applies to a trial, or
    /// left out of `--help` as one that changes nothing here: none keeps libtest-mimic's
    /// words ("No-op", "tests"), and no two say the same.
    #[test]
    fn help_describes_libtest_s_options_as_they_apply_to_trials() {
        for arg in Arguments::command().get_arguments() {
            let id = arg.get_id().as_str();
            assert!(
                LIBTEST_OPTIONS.iter().any(|(known, _)| *known == id),
                "libtest-mimic's `{id}` is not described in LIBTEST_OPTIONS"
            );
        }
        let help = help_text();
        for word in [
            "libtest-mimic",
            "No-op",
            "Run ignored tests",
            "tests and",
            "see more",
        ] {
            assert!(!help.contains(word), "`{word}` in:\n{help}");
        }
        for hidden in [
            "--nocapture",
            "--show-output",
            "-Z",
            "--logfile",
            "--test-threads <",
        ] {
            assert!(!help.contains(hidden), "{hidden} shown:\n{help}");
        }
        let mut helps: Vec<&str> = LIBTEST_OPTIONS.iter().filter_map(|(_, h)| *h).collect();
        helps.sort_unstable();
        let before = helps.len();
        helps.dedup();
        assert_eq!(helps.len(), before, "two options share a help text");
        assert!(
            help.contains("Run only the trials marked `ignore`"),
            "{help}"
        );
        assert!(help.contains("cargo bench --bench TARGET --"), "{help}");
        // The hidden options are still accepted, as cargo and tools pass them.
        let inv = parse(
            &["--nocapture", "--test-threads", "4", "-Zunstable-options"],
            &[],
        );
        assert!(inv.is_ok(), "{inv:?}");
    }

    /// The measures a bad `--measure` and `--help` list are the ones `--measure` takes, all
    /// of them.
    #[test]
    fn the_measures_listed_are_every_measure_taken() {
        let e = parse(&["--measure", "cycles"], &[]).unwrap_err();
        let listed = e.0.split("expected ").nth(1).expect("a list");
        let names: Vec<&str> = listed
            .split([',', ' '])
            .filter(|w| !w.is_empty() && *w != "or")
            .collect();
        assert_eq!(listed, built_in_names());
        assert!(names.contains(&"cachegrind"), "{names:?}");
        for name in &names {
            let inv = parse(&["--measure", name], &[]).unwrap();
            assert_eq!(inv.overrides.measure.map(|m| m.name()), Some(*name));
        }
        let help = OWN_OPTIONS
            .iter()
            .find(|o| o.flag == "--measure")
            .unwrap()
            .help
            .replace("{built_in}", &built_in_names());
        assert!(help.contains(listed), "{help}");
    }

    #[test]
    fn a_mistyped_option_gets_the_nearest_one() {
        let e = parse(&["--max-tme", "2s"], &[]).unwrap_err();
        assert!(e.0.contains("'--max-tme'"), "{e}");
        assert!(e.0.contains("--max-time"), "suggests --max-time: {e}");
        let e = parse(&["--noise-treshold", "2%"], &[]).unwrap_err();
        assert!(e.0.contains("--noise-threshold"), "{e}");
        // libtest's own options are suggested too.
        let e = parse(&["--exakt"], &[]).unwrap_err();
        assert!(e.0.contains("--exact"), "{e}");
    }

    /// The defaults `--help` shows are the ones that apply.
    #[test]
    fn help_defaults_match_the_constants() {
        use crate::session::{DEFAULT_ALPHA, DEFAULT_MAX_TIME, DEFAULT_WARMUP};
        let default = |flag: &str| {
            let option = OWN_OPTIONS.iter().find(|o| o.flag == flag).unwrap();
            // The value leads: "200ms at most, ..." shows 200ms.
            let first = option.default.split(',').next().unwrap();
            first.split_whitespace().next().unwrap()
        };
        assert_eq!(parse_duration(default("--max-time")), Ok(DEFAULT_MAX_TIME));
        assert_eq!(parse_duration(default("--warmup")), Ok(DEFAULT_WARMUP));
        assert_eq!(default("--alpha").parse::<f64>(), Ok(DEFAULT_ALPHA));
        assert_eq!(
            parse_noise_threshold(default("--noise-threshold")),
            Ok(crate::analysis::DEFAULT_NOISE_THRESHOLD)
        );
    }

    #[test]
    fn export_takes_a_format_and_a_file_and_repeats() {
        use crate::model::ExportFormat;
        let inv = parse(
            &[
                "--export", "bmf", "b.json", "--export", "github", "g.json", "sort",
            ],
            &[("DUOBENCH_EXPORT", "bmf env.json")],
        )
        .unwrap();
        let formats: Vec<ExportFormat> = inv.overrides.exports.iter().map(|e| e.format).collect();
        assert_eq!(formats, [ExportFormat::Bmf, ExportFormat::Github]);
        assert_eq!(inv.overrides.exports[1].path, Path::new("g.json"));
        assert_eq!(inv.libtest.filter.as_deref(), Some("sort"));
        let inv = parse(&[], &[("DUOBENCH_EXPORT", "bmf a.json;github b.json")]).unwrap();
        assert_eq!(inv.overrides.exports.len(), 2);
        let e = parse(&["--export", "csv", "x.csv"], &[]).unwrap_err();
        assert!(
            e.0.starts_with("--export csv x.csv: unknown export format"),
            "{e}"
        );
        let e = parse(&["--export", "bmf", "--bench"], &[]).unwrap_err();
        assert_eq!(e.0, "--export: missing value");
    }

    #[test]
    fn gate_options_store_only_and_on_inconclusive() {
        let inv = parse(
            &["--allow-unpaired", "--on-inconclusive", "pass"],
            &[("DUOBENCH_ON_INCONCLUSIVE", "ignore")],
        )
        .unwrap();
        assert_eq!(inv.overrides.allow_unpaired, Some(true));
        assert_eq!(
            inv.overrides.on_inconclusive,
            Some(crate::model::OnInconclusive::Pass)
        );
        let inv = parse(&[], &[("DUOBENCH_ON_INCONCLUSIVE", "ignore")]).unwrap();
        assert_eq!(
            inv.overrides.on_inconclusive,
            Some(crate::model::OnInconclusive::Ignore)
        );
        let e = parse(&["--on-inconclusive", "skip"], &[]).unwrap_err();
        assert_eq!(
            e.0,
            "--on-inconclusive skip: expected fail, pass or ignore, got `skip`"
        );
        let inv = parse(&["--save-baseline", "main", "--store-only"], &[]).unwrap();
        assert_eq!(inv.overrides.store_only, Some(true));
        let e = parse(&["--store-only"], &[]).unwrap_err();
        assert!(e.0.starts_with("--store-only stores the executable"), "{e}");
    }

    #[test]
    fn a_gate_under_cargo_bench_needs_a_baseline_to_pair_with() {
        let e = parse(&["--bench", "--max-regression", "5%"], &[]).unwrap_err();
        assert!(
            e.0.starts_with("--max-regression judges a comparison paired"),
            "{e}"
        );
        let e = parse(&["--bench"], &[("DUOBENCH_MAX_REGRESSION", "5%")]).unwrap_err();
        assert!(e.0.contains("give --baseline NAME too"), "{e}");
        assert!(parse(
            &["--bench", "--max-regression", "5%", "--baseline", "main"],
            &[]
        )
        .is_ok());
        // Saving a baseline, or a test run, has no gate to judge: the variable may stay set.
        assert!(parse(
            &["--bench", "--save-baseline", "main"],
            &[("DUOBENCH_MAX_REGRESSION", "5%")]
        )
        .is_ok());
        assert!(parse(&["--max-regression", "5%"], &[]).is_ok());
    }

    #[test]
    fn several_filter_words_are_all_kept() {
        let inv = parse(
            &["far_apart", "--exact", "thousandfold", "--skip", "x"],
            &[],
        )
        .unwrap();
        assert_eq!(inv.filters, ["far_apart", "thousandfold"]);
        assert_eq!(inv.libtest.filter.as_deref(), Some("far_apart"));
        assert_eq!(inv.libtest.skip, ["x"]);
        assert!(inv.libtest.exact);
        assert!(parse(&[], &[]).unwrap().filters.is_empty());
    }

    #[test]
    fn profile_time_takes_a_positive_duration_from_option_or_variable() {
        let inv = parse(&["--bench", "--profile-time", "10s", "sort"], &[]).unwrap();
        assert_eq!(inv.overrides.profile_time, Some(Duration::from_secs(10)));
        assert_eq!(inv.libtest.filter.as_deref(), Some("sort"));
        let inv = parse(&[], &[("DUOBENCH_PROFILE_TIME", "250ms")]).unwrap();
        assert_eq!(inv.overrides.profile_time, Some(Duration::from_millis(250)));
        let e = parse(&["--profile-time", "0s"], &[]).unwrap_err();
        assert!(e.0.starts_with("--profile-time 0s:"), "{e}");
    }

    #[test]
    fn criterions_flags_are_taken_as_their_equivalents_or_name_the_replacement() {
        let inv = parse(
            &[
                "--bench",
                "--warm-up-time",
                "0.5",
                "--measurement-time",
                "3",
                "--noplot",
                "--plotting-backend",
                "plotters",
                "--confidence-level",
                "0.99",
                "sort",
            ],
            &[],
        )
        .unwrap();
        assert_eq!(inv.mode, Mode::Bench);
        assert_eq!(inv.overrides.warmup, Some(Duration::from_millis(500)));
        assert_eq!(inv.overrides.max_time, Some(Duration::from_millis(3_500)));
        assert_eq!(inv.overrides.no_report, Some(true));
        assert_eq!(inv.overrides.alpha, Some(0.01));
        assert_eq!(inv.filters, ["sort"]);
        // Not clap's nearest-name tip (which sent `--quick` to `--quiet`): what replaces it.
        for (flag, replacement) in [
            ("--quick", "--max-time"),
            ("--sample-size=20", "samples = N"),
            ("--nresamples=1000", "--alpha"),
        ] {
            let e = parse(&[flag], &[]).unwrap_err();
            assert!(e.0.contains("is Criterion's option: "), "{e}");
            assert!(e.0.contains(replacement), "{e}");
            assert!(!e.0.contains("tip:"), "{e}");
        }
    }
}
