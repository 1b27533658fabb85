//! The command lines of `compare` and `merge`. Written by hand rather than with clap:
//! `compare` passes every option it does not know to `cargo bench` as it is, interleaved
//! with its own, which clap's parsers refuse.

use std::path::PathBuf;

/// `cargo duobench compare REV ...`.
#[derive(Debug, Default, PartialEq)]
pub struct CompareArgs {
    /// The revision whose merge base with `HEAD` is the baseline.
    pub rev: String,
    /// `--max-regression P`, passed to the harness as `DUOBENCH_MAX_REGRESSION`.
    pub max_regression: Option<String>,
    /// `--measure NAME`, passed to the harness as `DUOBENCH_MEASURE` (which checks it):
    /// `instructions` or `cachegrind` gate on counts.
    pub measure: Option<String>,
    /// `--allow-unpaired`.
    pub allow_unpaired: bool,
    /// `--allow-removed`: trials of the base that the working tree no longer has (removed
    /// or renamed) do not fail a gated comparison.
    pub allow_removed: bool,
    /// `--share-config`: the base build reads the working tree's `.cargo/config.toml`
    /// files in place of its own.
    pub share_config: bool,
    /// `--on-inconclusive fail|pass|ignore`.
    pub on_inconclusive: Option<String>,
    /// `--baseline-dir DIR`: where the baseline's executables are kept (and cached).
    pub baseline_dir: Option<PathBuf>,
    /// `--json FILE`.
    pub json: Option<PathBuf>,
    /// `--export FORMAT FILE`, repeatable.
    pub exports: Vec<(String, PathBuf)>,
    /// Everything else before `--`: options of `cargo bench` (`--bench NAME`, `-p PKG`, ...).
    pub cargo: Vec<String>,
    /// Everything after `--`: options and filters of the harness.
    pub harness: Vec<String>,
}

/// `cargo duobench merge SHARD... --json OUT [--markdown FILE] [--html FILE]`.
#[derive(Debug, Default, PartialEq)]
pub struct MergeArgs {
    /// The shards' `--json` documents.
    pub shards: Vec<PathBuf>,
    /// Where the merged document goes.
    pub json: PathBuf,
    /// Where its markdown table goes.
    pub markdown: Option<PathBuf>,
    /// Where its HTML page goes.
    pub html: Option<PathBuf>,
}

/// Whether the arguments after a command ask for its help: `-h` or `--help` before `--`
/// (after it they are the harness's, which prints its own).
pub fn asks_for_help(argv: &[String]) -> bool {
    argv.iter()
        .take_while(|arg| *arg != "--")
        .any(|arg| arg == "-h" || arg == "--help")
}

fn value(args: &mut std::slice::Iter<'_, String>, flag: &str) -> Result<String, String> {
    args.next()
        .filter(|v| !v.starts_with("--"))
        .cloned()
        .ok_or_else(|| format!("{flag}: missing value"))
}

impl CompareArgs {
    /// Parses the arguments after `compare`.
    pub fn parse(argv: &[String]) -> Result<CompareArgs, String> {
        let mut parsed = CompareArgs::default();
        let mut rev = None;
        // `--flag=value` is the same as `--flag value` for compare's own options.
        let argv = split_own_equals(argv);
        let mut args = argv.iter();
        while let Some(arg) = args.next() {
            match arg.as_str() {
                "--" => {
                    parsed.harness = args.by_ref().cloned().collect();
                }
                "--max-regression" => {
                    let p = value(&mut args, arg)?;
                    check_max_regression(&p)?;
                    parsed.max_regression = Some(p);
                }
                "--measure" => parsed.measure = Some(value(&mut args, arg)?),
                "--allow-unpaired" => parsed.allow_unpaired = true,
                "--allow-removed" => parsed.allow_removed = true,
                "--share-config" => parsed.share_config = true,
                "--on-inconclusive" => {
                    let v = value(&mut args, arg)?;
                    let v = check_on_inconclusive(&v)
                        .map_err(|why| format!("--on-inconclusive {v}: {why}"))?;
                    parsed.on_inconclusive = Some(v);
                }
                "--baseline-dir" => parsed.baseline_dir = Some(value(&mut args, arg)?.into()),
                "--json" => parsed.json = Some(value(&mut args, arg)?.into()),
                "--export" => {
                    let format = value(&mut args, arg)?;
                    let file = value(&mut args, arg)?;
                    parsed.exports.push((format, file.into()));
                }
                other if rev.is_none() && !other.starts_with('-') => rev = Some(other.to_owned()),
                other => {
                    parsed.cargo.push(other.to_owned());
                    // A cargo option's value rides along (`--bench NAME`, `-p PKG`).
                    if takes_value(other) {
                        parsed.cargo.push(value(&mut args, other)?);
                    }
                }
            }
        }
        parsed.rev =
            rev.ok_or("compare: which revision? e.g. `cargo duobench compare origin/main`")?;
        Ok(parsed)
    }
}

/// The options of `cargo bench` that take a separate value.
fn takes_value(flag: &str) -> bool {
    matches!(
        flag,
        "--bench"
            | "-p"
            | "--package"
            | "--features"
            | "-F"
            | "--exclude"
            | "--profile"
            | "--target"
            | "-j"
            | "--jobs"
            | "--manifest-path"
            | "--config"
            | "-Z"
    )
}

/// The options of `compare` itself that take a value.
const OWN_WITH_VALUE: [&str; 4] = [
    "--max-regression",
    "--on-inconclusive",
    "--baseline-dir",
    "--json",
];

/// `--max-regression=5%` as `--max-regression 5%` (for compare's own options only, before
/// `--`; cargo's options keep their form, which cargo reads itself).
fn split_own_equals(argv: &[String]) -> Vec<String> {
    let mut out = Vec::with_capacity(argv.len());
    let mut rest = argv.iter();
    for arg in rest.by_ref() {
        if arg == "--" {
            out.push(arg.clone());
            break;
        }
        match arg.split_once('=') {
            Some((flag, value)) if OWN_WITH_VALUE.contains(&flag) => {
                out.push(flag.to_owned());
                out.push(value.to_owned());
            }
            _ => out.push(arg.clone()),
        }
    }
    out.extend(rest.cloned());
    out
}

/// `fail`, `pass` or `ignore`.
pub fn check_on_inconclusive(text: &str) -> Result<String, String> {
    if ["fail", "pass", "ignore"].contains(&text) {
        Ok(text.to_owned())
    } else {
        Err("expected fail, pass or ignore".to_owned())
    }
}

/// The harness's grammar of a gate, checked here too: the harness checks it only after the
/// base revision has been built.
pub fn check_max_regression(text: &str) -> Result<(), String> {
    duobench::result::parse_max_regression(text)
        .map(|_| ())
        .map_err(|why| format!("--max-regression {text}: {why}"))
}

impl MergeArgs {
    /// Parses the arguments after `merge`.
    pub fn parse(argv: &[String]) -> Result<MergeArgs, String> {
        let mut parsed = MergeArgs::default();
        let mut json = None;
        let mut args = argv.iter();
        while let Some(arg) = args.next() {
            match arg.as_str() {
                "--json" | "-o" => json = Some(PathBuf::from(value(&mut args, arg)?)),
                "--markdown" => parsed.markdown = Some(value(&mut args, arg)?.into()),
                "--html" => parsed.html = Some(value(&mut args, arg)?.into()),
                other if other.starts_with('-') => {
                    return Err(format!("merge: unknown option `{other}`"))
                }
                shard => parsed.shards.push(shard.into()),
            }
        }
        parsed.json = json.ok_or("merge: where should the merged document go? give --json FILE")?;
        if parsed.shards.is_empty() {
            return Err("merge: give the shards' JSON files".to_owned());
        }
        Ok(parsed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(args: &[&str]) -> Vec<String> {
        args.iter().map(|a| (*a).to_owned()).collect()
    }

    #[test]
    fn compare_takes_its_options_and_passes_the_rest_through() {
        let args = CompareArgs::parse(&strings(&[
            "origin/main",
            "--bench",
            "sorting",
            "--max-regression",
            "5%",
            "-p",
            "mine",
            "--export",
            "markdown",
            "table.md",
            "--",
            "--max-time",
            "2s",
            "sort",
        ]))
        .unwrap();
        assert_eq!(args.rev, "origin/main");
        assert_eq!(args.max_regression.as_deref(), Some("5%"));
        assert_eq!(args.cargo, strings(&["--bench", "sorting", "-p", "mine"]));
        assert_eq!(args.exports, [("markdown".to_owned(), "table.md".into())]);
        assert_eq!(args.harness, strings(&["--max-time", "2s", "sort"]));
        // The `=` form of compare's own options; cargo's keep theirs.
        let args = CompareArgs::parse(&strings(&[
            "main",
            "--max-regression=5%",
            "--features=x",
            "--",
            "--max-regression=9%",
        ]))
        .unwrap();
        assert_eq!(args.max_regression.as_deref(), Some("5%"));
        assert_eq!(args.cargo, strings(&["--features=x"]));
        assert_eq!(args.harness, strings(&["--max-regression=9%"]));
        let counts = strings(&[
            "main",
            "--measure",
            "instructions",
            "--max-regression",
            "1%",
        ]);
        let args = CompareArgs::parse(&counts).unwrap();
        assert_eq!(args.measure.as_deref(), Some("instructions"));
    }

    #[test]
    fn bad_compare_input_names_what_is_wrong() {
        let e = CompareArgs::parse(&strings(&["--max-regression", "5%"])).unwrap_err();
        assert!(e.starts_with("compare: which revision?"), "{e}");
        let e = CompareArgs::parse(&strings(&["main", "--max-regression", "five"])).unwrap_err();
        assert!(
            e.starts_with("--max-regression five: a gate is a slowdown"),
            "{e}"
        );
        let e = CompareArgs::parse(&strings(&["main", "--max-regression", "5"])).unwrap_err();
        assert!(e.contains("ambiguous") && e.contains("`5%`"), "{e}");
        let e = CompareArgs::parse(&strings(&["main", "--on-inconclusive", "x"])).unwrap_err();
        assert_eq!(e, "--on-inconclusive x: expected fail, pass or ignore");
        let e = CompareArgs::parse(&strings(&["main", "--bench"])).unwrap_err();
        assert_eq!(e, "--bench: missing value");
    }

    #[test]
    fn help_is_asked_before_the_harness_s_arguments_only() {
        assert!(asks_for_help(&strings(&["--help"])));
        assert!(asks_for_help(&strings(&["main", "-p", "x", "-h"])));
        assert!(!asks_for_help(&strings(&["main", "--", "--help"])));
        assert!(!asks_for_help(&strings(&["main", "--bench", "help"])));
    }

    #[test]
    fn merge_takes_shards_and_an_output() {
        let args = MergeArgs::parse(&strings(&["a.json", "b.json", "--json", "all.json"])).unwrap();
        assert_eq!(
            args.shards,
            [PathBuf::from("a.json"), PathBuf::from("b.json")]
        );
        assert_eq!(args.json, PathBuf::from("all.json"));
        let e = MergeArgs::parse(&strings(&["a.json"])).unwrap_err();
        assert!(e.contains("--json FILE"), "{e}");
    }
}
