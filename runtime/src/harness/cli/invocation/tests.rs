//! Tests of the invocation: options, variables, help and errors.

use super::super::values::parse_noise_threshold;
use super::*;
use crate::util::parse_duration;
use std::path::{Path, PathBuf};
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
