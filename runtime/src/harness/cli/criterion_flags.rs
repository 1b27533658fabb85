//! Criterion.rs's command-line flags (its `configure_from_args`), for people and scripts that
//! come from it. A flag with a duobench equivalent is taken as that equivalent; one that is
//! only about plots is taken and does nothing; the rest are refused with the duobench option
//! or attribute that replaces them. Left to the parser, each would get clap's nearest-name tip
//! (`--quick` was told to use `--quiet`).
//!
//! Flags that both share (`--verbose`, `--quiet`, `--color`, `--format`, `--list`,
//! `--exact`, `--ignored`, `--save-baseline`, `--baseline`, `--noise-threshold`,
//! `--profile-time` with a unit) need nothing here.

/// What a Criterion flag becomes.
enum Meaning {
    /// This duobench flag, with the Criterion flag's value unchanged if it takes one.
    Same { to: &'static str, takes_value: bool },
    /// Taken and ignored: it is only about plots, which duobench draws its own way.
    PlotsOnly { takes_value: bool },
    /// Criterion's warm-up time: seconds as a bare number, for `--warmup`.
    WarmUpTime,
    /// A duobench duration option that Criterion spells in bare seconds (`--profile-time
    /// 10`): a number becomes seconds, anything else is duobench's own grammar.
    BareSeconds(&'static str),
    /// Criterion's measurement time: the budget after the warmup.
    MeasurementTime,
    /// A confidence level `L`: `--alpha` is `1 − L`.
    ConfidenceLevel,
    /// Refused: what replaces it.
    Replaced { takes_value: bool, by: &'static str },
}

/// Criterion's flags that duobench's own parser does not take as they are.
const FLAGS: &[(&str, Meaning)] = &[
    ("-v", same("--verbose", false)),
    ("-c", same("--color", true)),
    ("--colour", same("--color", true)),
    ("-s", same("--save-baseline", true)),
    ("-b", same("--baseline", true)),
    ("-n", same("--no-report", false)),
    ("--noplot", same("--no-report", false)),
    ("--significance-level", same("--alpha", true)),
    ("--confidence-level", Meaning::ConfidenceLevel),
    ("--warm-up-time", Meaning::WarmUpTime),
    ("--measurement-time", Meaning::MeasurementTime),
    ("--profile-time", Meaning::BareSeconds("--profile-time")),
    (
        "--plotting-backend",
        Meaning::PlotsOnly { takes_value: true },
    ),
    (
        "--quick",
        Meaning::Replaced {
            takes_value: false,
            by: "duobench has no quick mode: a comparison stops as soon as its claim is \
                 decided, and --max-time DURATION shortens every trial's budget (e.g. \
                 --max-time 1s)",
        },
    ),
    (
        "--sample-size",
        Meaning::Replaced {
            takes_value: true,
            by: "a #[bench] takes its number of samples from its attribute (`samples = N`; \
                 `sample_size` in a Criterion group's config), and a comparison takes duos \
                 until it is decided, within --max-time DURATION",
        },
    ),
    (
        "--nresamples",
        Meaning::Replaced {
            takes_value: true,
            by: "the bootstrap's number of resamples is fixed; --alpha RATE sets the \
                 confidence of every interval",
        },
    ),
    (
        "--discard-baseline",
        Meaning::Replaced {
            takes_value: false,
            by: "every run replaces the baseline `previous` (Criterion's `base`); to compare \
                 with it and keep it, give --baseline previous",
        },
    ),
    (
        "--baseline-lenient",
        Meaning::Replaced {
            takes_value: true,
            by: "give --baseline NAME, which compares every #[bench] saved under NAME",
        },
    ),
    (
        "--load-baseline",
        Meaning::Replaced {
            takes_value: true,
            by: "duobench measures every run it reports; give --baseline NAME to compare a \
                 new run with a saved one",
        },
    ),
    (
        "--output-format",
        Meaning::Replaced {
            takes_value: true,
            by: "give --format terse for shorter output, or --export FORMAT FILE for another \
                 tool's format (bmf, github, markdown)",
        },
    ),
];

const fn same(to: &'static str, takes_value: bool) -> Meaning {
    Meaning::Same { to, takes_value }
}

/// `args` with Criterion's flags taken as their duobench equivalents (or dropped, for plots
/// only); an error naming the replacement for one that has none (or the flag whose value is
/// bad).
pub fn translate(args: impl IntoIterator<Item = String>) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut warm_up_secs = None;
    let mut measurement_secs = None;
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with('-') => (f.to_owned(), Some(v.to_owned())),
            _ => (arg.clone(), None),
        };
        let Some((_, meaning)) = FLAGS.iter().find(|(name, _)| *name == flag) else {
            out.push(arg);
            continue;
        };
        let takes_value = match meaning {
            Meaning::Same { takes_value, .. }
            | Meaning::PlotsOnly { takes_value }
            | Meaning::Replaced { takes_value, .. } => *takes_value,
            Meaning::WarmUpTime
            | Meaning::BareSeconds(_)
            | Meaning::MeasurementTime
            | Meaning::ConfidenceLevel => true,
        };
        let value = if takes_value {
            // Cargo appends `--bench` after the user's arguments: never a value.
            let next = inline.or_else(|| args.next().filter(|v| !v.starts_with("--")));
            Some(next.ok_or_else(|| format!("{flag}: missing value"))?)
        } else if inline.is_some() {
            return Err(format!("{flag} takes no value"));
        } else {
            None
        };
        let criterion = |why: &str| format!("{flag} is Criterion's option: {why}");
        match meaning {
            Meaning::Same { to, .. } => out.extend(std::iter::once((*to).to_owned()).chain(value)),
            Meaning::PlotsOnly { .. } => {}
            Meaning::WarmUpTime => {
                let secs = seconds(&flag, value.as_deref())?;
                warm_up_secs = Some(secs);
                out.extend(["--warmup".to_owned(), format!("{secs}s")]);
            }
            Meaning::BareSeconds(to) => {
                let value = value.unwrap_or_default();
                let value = match value.parse::<f64>() {
                    Ok(_) => format!("{value}s"),
                    Err(_) => value,
                };
                out.extend([(*to).to_owned(), value]);
            }
            Meaning::MeasurementTime => measurement_secs = Some(seconds(&flag, value.as_deref())?),
            Meaning::ConfidenceLevel => {
                let level: f64 = value
                    .as_deref()
                    .and_then(|v| v.parse().ok())
                    .filter(|l| (0.0..1.0).contains(l) && *l > 0.0)
                    .ok_or_else(|| {
                        format!(
                            "{flag} {}: a confidence level between 0 and 1 (0.95)",
                            value.as_deref().unwrap_or_default()
                        )
                    })?;
                // Rounded, so that 0.99 gives 0.01 rather than 0.010000000000000009.
                let alpha = ((1.0 - level) * 1e12).round() / 1e12;
                out.extend(["--alpha".to_owned(), format!("{alpha}")]);
            }
            Meaning::Replaced { by, .. } => return Err(criterion(by)),
        }
    }
    // duobench's budget holds the warmup; Criterion's measurement time comes after it.
    if let Some(secs) = measurement_secs {
        let budget = secs + warm_up_secs.unwrap_or(0.0);
        out.extend(["--max-time".to_owned(), format!("{budget}s")]);
    }
    Ok(out)
}

/// A Criterion duration: seconds as a bare number (`3`, `0.5`).
fn seconds(flag: &str, value: Option<&str>) -> Result<f64, String> {
    let value = value.unwrap_or_default();
    value
        .parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s >= 0.0)
        .ok_or_else(|| format!("{flag} {value}: seconds, as a number (3 or 0.5)"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn translated(args: &[&str]) -> Result<Vec<String>, String> {
        translate(args.iter().map(|a| (*a).to_owned()))
    }

    #[test]
    fn flags_with_an_equivalent_become_it() {
        assert_eq!(
            translated(&[
                "-v",
                "-n",
                "-s",
                "main",
                "--colour=never",
                "sort",
                "--bench"
            ])
            .unwrap(),
            [
                "--verbose",
                "--no-report",
                "--save-baseline",
                "main",
                "--color",
                "never",
                "sort",
                "--bench"
            ]
        );
        assert_eq!(
            translated(&["--warm-up-time", "0.5", "--measurement-time", "3"]).unwrap(),
            ["--warmup", "0.5s", "--max-time", "3.5s"]
        );
        assert_eq!(
            translated(&[
                "--confidence-level",
                "0.99",
                "--plotting-backend",
                "plotters"
            ])
            .unwrap(),
            ["--alpha", "0.01"]
        );
        assert_eq!(
            translated(&["--profile-time", "10", "--profile-time", "2s"]).unwrap(),
            ["--profile-time", "10s", "--profile-time", "2s"]
        );
        assert_eq!(
            translated(&["--significance-level=0.01"]).unwrap(),
            ["--alpha", "0.01"]
        );
        // What duobench takes as it is passes through untouched.
        let own = ["--max-time", "2s", "--quiet", "--noise-threshold", "0.01"];
        assert_eq!(translated(&own).unwrap(), own);
    }

    #[test]
    fn flags_without_one_name_what_replaces_them() {
        let e = translated(&["--quick"]).unwrap_err();
        assert!(e.starts_with("--quick is Criterion's option: "), "{e}");
        assert!(e.contains("--max-time"), "{e}");
        let e = translated(&["--sample-size", "20"]).unwrap_err();
        assert!(e.contains("`samples = N`"), "{e}");
        let e = translated(&["--discard-baseline"]).unwrap_err();
        assert!(e.contains("--baseline previous"), "{e}");
        let e = translated(&["--output-format", "bencher"]).unwrap_err();
        assert!(e.contains("--export"), "{e}");
    }

    #[test]
    fn bad_values_name_the_flag() {
        let e = translated(&["--warm-up-time", "3s"]).unwrap_err();
        assert_eq!(e, "--warm-up-time 3s: seconds, as a number (3 or 0.5)");
        let e = translated(&["--confidence-level", "95"]).unwrap_err();
        assert!(e.starts_with("--confidence-level 95: "), "{e}");
        let e = translated(&["--measurement-time", "--bench"]).unwrap_err();
        assert_eq!(e, "--measurement-time: missing value");
        let e = translated(&["--noplot=yes"]).unwrap_err();
        assert_eq!(e, "--noplot takes no value");
    }
}
