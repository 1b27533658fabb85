//! End to end: the files a run writes — the `--json` document, validated against
//! `docs/duobench.schema.json`, and the HTML report, opened in headless Chromium where it is
//! installed — and the one-line errors for bad output options. Runs the user crate in
//! `tests/e2e-crate`, like `e2e.rs`.

use duobench_tests::{cargo, cargo_with_env, target_dir, text};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

/// A fresh, empty directory for one test, in the target directory Cargo gives integration
/// tests: one shared by several tests through a `OnceLock` is never removed, and there it is
/// replaced by the next run instead of left in the system's temporary directory.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("e2e-report-{name}"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn sections(html: &str) -> usize {
    html.matches("<section class=\"comparison\"").count()
}

fn bench_sections(html: &str) -> usize {
    html.matches("<section class=\"bench\"").count()
}

/// The published schema's validator.
fn schema_validator() -> jsonschema::Validator {
    let schema_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/duobench.schema.json");
    let schema: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(schema_path).unwrap()).unwrap();
    jsonschema::validator_for(&schema).expect("a valid schema")
}

#[test]
fn json_validates_against_the_schema_and_the_report_lands_in_target() {
    let dir = scratch("json");
    let json = dir.join("out.json");
    let output = cargo(&[
        "bench",
        "-q",
        "--bench",
        "claims",
        "--",
        "three_x_work",
        "--exact",
        "--json",
        json.to_str().unwrap(),
        "--max-time",
        "2s",
    ]);
    let out = text(&output);
    assert!(output.status.success(), "{out}");

    let doc: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&json).expect("the JSON file")).unwrap();
    let errors: Vec<String> = schema_validator()
        .iter_errors(&doc)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{errors:#?}\n{doc:#}");
    assert_eq!(doc["mode"], "bench");
    let trials = doc["trials"].as_array().unwrap();
    assert_eq!(trials.len(), 1, "{doc:#}");
    assert_eq!(trials[0]["name"], "three_x_work");
    assert_eq!(trials[0]["claim"], "ratio > 1.5");
    assert_eq!(trials[0]["verdict"], "pass");
    // Nothing but the document is left in the directory: it was written atomically.
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);

    // The HTML report goes to <target>/duobench/report by default, and says where it is.
    let report = target_dir().join("duobench/report");
    let page = fs::read_to_string(report.join("claims.html")).expect("the target's page");
    assert_eq!(sections(&page), 1, "{page}");
    assert!(page.contains("id=\"claims-0-three-x-work\""), "{page}");
    assert!(report.join("index.html").is_file());
    assert!(
        out.contains("HTML report: ") && out.contains("index.html"),
        "{out}"
    );
    assert!(
        out.contains("summary") && out.contains("three_x_work"),
        "{out}"
    );
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_sleeping_routine_is_judged_on_wall_time() {
    let dir = scratch("waits");
    let json = dir.join("out.json");
    let output = cargo(&[
        "bench",
        "-q",
        "--bench",
        "waits",
        "--",
        "--json",
        json.to_str().unwrap(),
        "--max-time",
        "3s",
        "--verbose",
    ]);
    let out = text(&output);
    assert!(output.status.success(), "{out}");
    assert!(out.contains("judged on wall time"), "{out}");
    let doc: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&json).expect("the JSON file")).unwrap();
    let trial = &doc["trials"][0];
    assert_eq!(trial["verdict"], "pass", "{doc:#}");
    assert_eq!(trial["clock"]["judged_on"], "wall", "{doc:#}");
    if cfg!(target_os = "linux") {
        assert!(
            trial["clock"]["reason"]
                .as_str()
                .unwrap()
                .contains("sleeps or waits"),
            "{doc:#}"
        );
    }
    fs::remove_dir_all(&dir).unwrap();
}

/// The report runs: the comparisons `x_work` of bench target `claims`, with the report in a
/// directory given on the command line while `DUOBENCH_REPORT` names another; then the
/// `#[bench]` `sort/1000` of target `single` twice (a first run, then one compared with
/// it), the second with `--json` and its report in the same directory.
struct ReportRuns {
    /// The scratch directory: the report is in `cli/`, the bench's JSON in `bench.json`.
    dir: PathBuf,
    /// The `claims` run.
    claims: Output,
    /// The compared `single` run.
    bench: Output,
}

fn report_run() -> &'static ReportRuns {
    static RUN: OnceLock<ReportRuns> = OnceLock::new();
    RUN.get_or_init(|| {
        let dir = scratch("report");
        let cli = dir.join("cli");
        let claims = cargo_with_env(
            &[
                "bench",
                "-q",
                "--bench",
                "claims",
                "--",
                "x_work",
                "--max-time",
                "500ms",
                "--report",
                cli.to_str().unwrap(),
            ],
            &[("DUOBENCH_REPORT", &dir.join("env"))],
        );
        // No other test measures sort/1000, so its baselines are this test's alone.
        let _ = fs::remove_dir_all(target_dir().join("duobench/single/sort~1000"));
        let bench = |extra: &[&str]| {
            let mut args = vec![
                "bench",
                "-q",
                "--bench",
                "single",
                "--",
                "sort/1000",
                "--exact",
                "--warmup",
                "100ms",
                "--max-time",
                "500ms",
            ];
            args.extend_from_slice(extra);
            cargo(&args)
        };
        let first = bench(&["--no-report"]);
        assert!(first.status.success(), "{}", text(&first));
        let json = dir.join("bench.json");
        let bench = bench(&[
            "--json",
            json.to_str().unwrap(),
            "--report",
            cli.to_str().unwrap(),
        ]);
        ReportRuns { dir, claims, bench }
    })
}

#[test]
fn report_has_a_section_per_trial_where_the_command_line_says() {
    let ReportRuns { dir, claims, bench } = report_run();
    // `three_x_work_claimed_faster` is refuted, which fails the run; the report is written.
    let out = text(claims);
    assert!(!claims.status.success(), "{out}");
    assert!(bench.status.success(), "{}", text(bench));
    // The index gathers both targets' pages: two comparisons of three charts each, and the
    // bench's scatter, distribution and baseline charts.
    let index = fs::read_to_string(dir.join("cli/index.html")).expect("the index");
    assert_eq!(sections(&index), 2, "{index}");
    assert_eq!(bench_sections(&index), 1, "{index}");
    assert_eq!(index.matches("<svg").count(), 9, "{index}");
    let page = fs::read_to_string(dir.join("cli/single.html")).expect("the bench's page");
    assert!(
        page.contains("<a href=\"#single-0-sort-1000\">sort/1000</a>"),
        "{page}"
    );
    assert!(page.contains("vs previous run"), "{page}");
    assert!(dir.join("cli/claims.html").is_file());
    assert!(
        !dir.join("env").exists(),
        "the command line beats DUOBENCH_REPORT"
    );

    let none = dir.join("none");
    let output = cargo_with_env(
        &[
            "bench",
            "-q",
            "--bench",
            "claims",
            "--",
            // No claim, so a short budget cannot fail it.
            "report_only/10",
            "--max-time",
            "300ms",
        ],
        &[
            ("DUOBENCH_REPORT", none.as_os_str()),
            ("DUOBENCH_NO_REPORT", "1".as_ref()),
        ],
    );
    assert!(output.status.success(), "{}", text(&output));
    assert!(!none.exists(), "DUOBENCH_NO_REPORT=1 writes no report");
    assert!(!text(&output).contains("HTML report"));
}

#[test]
fn bench_json_validates_against_the_schema() {
    let ReportRuns { dir, bench, .. } = report_run();
    assert!(bench.status.success(), "{}", text(bench));
    let json = fs::read_to_string(dir.join("bench.json")).expect("the JSON file");
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    let errors: Vec<String> = schema_validator()
        .iter_errors(&doc)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}\n{doc:#}");
    let trials = doc["trials"].as_array().unwrap();
    assert_eq!(trials.len(), 1, "{doc:#}");
    let t = &trials[0];
    assert_eq!(
        (&t["name"], &t["kind"]),
        (&"sort/1000".into(), &"bench".into())
    );
    assert!(t["slope_ns"]["estimate"].as_f64().unwrap() > 0.0, "{t:#}");
    assert!(t["samples"].as_u64().unwrap() >= 2, "{t:#}");
    let baseline = &t["baseline"];
    assert_eq!(baseline["status"], "compared", "{t:#}");
    assert_eq!(baseline["previous_run"], true, "{t:#}");
    assert!(baseline["change"]["verdict"].is_string(), "{t:#}");
}

fn find_chromium() -> Option<&'static str> {
    ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|name| {
            Command::new(name)
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success())
        })
}

/// Headless Chromium with nothing that reaches the network, in a fresh profile of its own
/// that is removed afterwards.
fn chromium(browser: &str, name: &str, args: &[&str], page: &Path) -> Output {
    let profile = scratch(name);
    let output = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--hide-scrollbars",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("chromium runs");
    let _ = fs::remove_dir_all(profile);
    output
}

#[test]
fn every_chart_renders_in_a_browser() {
    let Some(browser) = find_chromium() else {
        // CI must really run this test (.ci/run installs Chromium); elsewhere a missing
        // browser is a skip, said out loud.
        assert!(
            std::env::var("CI").map_or(true, |ci| ci != "true" && ci != "1"),
            "CI is set and chromium is not installed: install it (apt-get install chromium)"
        );
        println!("skipped: chromium is not installed (apt-get install chromium), so the report was not opened in a browser");
        return;
    };
    let dir = &report_run().dir;
    let index = dir.join("cli/index.html");
    assert!(index.is_file(), "no report to open");

    let dom = chromium(browser, "chromium-dom", &["--dump-dom"], &index);
    let dom = String::from_utf8_lossy(&dom.stdout);
    assert_eq!(sections(&dom), 2, "{dom}");
    assert_eq!(bench_sections(&dom), 1, "{dom}");
    // The bench's three charts, each parsed into the DOM as an SVG element.
    let bench = &dom[dom.find("<section class=\"bench\"").unwrap()..];
    let bench = &bench[..bench.find("</section>").unwrap()];
    for class in ["scatter", "distribution", "baseline"] {
        let figure = bench
            .split(&format!("<figure class=\"{class}\">"))
            .nth(1)
            .unwrap_or_else(|| panic!("no {class} figure in:\n{bench}"));
        assert!(
            figure.trim_start().starts_with("<svg"),
            "{class}:\n{figure}"
        );
    }
    let charts: Vec<&str> = dom.split("<svg").skip(1).collect();
    assert_eq!(charts.len(), 9, "{dom}");
    for chart in charts {
        let chart = &chart[..chart.find("</svg>").expect("a closed svg element")];
        let drawn = chart.matches("<rect").count()
            + chart.matches("<circle").count()
            + chart.matches("<polyline").count();
        assert!(drawn > 3, "a chart with almost nothing drawn:\n{chart}");
        assert!(
            chart.contains("<text"),
            "a chart without axis labels:\n{chart}"
        );
    }

    let png = dir.join("report.png");
    let shot = chromium(
        browser,
        "chromium-shot",
        &[
            "--window-size=1300,1600",
            &format!("--screenshot={}", png.display()),
        ],
        &index,
    );
    let size = fs::metadata(&png).map_or(0, |m| m.len());
    // A blank page compresses to a few kilobytes; drawn charts take far more.
    assert!(
        size > 40_000,
        "screenshot of {size} bytes:\n{}",
        text(&shot)
    );
    println!(
        "report rendered by {browser}; screenshot at {}",
        png.display()
    );
}

/// Arguments after `--`, environment variables, and how the error line starts.
type Case<'a> = (&'a [&'a str], &'a [(&'a str, &'a Path)], String);

#[test]
fn bad_output_options_name_themselves_in_one_line_and_run_nothing() {
    let dir = scratch("bad-options");
    let file = dir.join("a-file");
    fs::write(&file, "").unwrap();
    let missing = dir.join("no/such/dir/out.json");
    let cases: [Case<'_>; 6] = [
        (
            &["--json", missing.to_str().unwrap()],
            &[],
            format!("error: --json {}: directory `", missing.display()),
        ),
        (
            &["--report"],
            &[],
            "error: --report: missing value".to_owned(),
        ),
        (
            &["--no-report=yes"],
            &[],
            "error: --no-report takes no value".to_owned(),
        ),
        (
            &[],
            &[("DUOBENCH_JSON", &dir)],
            format!("error: DUOBENCH_JSON={}: is a directory", dir.display()),
        ),
        (
            &[],
            &[("DUOBENCH_REPORT", &file)],
            format!(
                "error: DUOBENCH_REPORT={}: exists and is not a directory",
                file.display()
            ),
        ),
        (
            &[],
            &[("DUOBENCH_NO_REPORT", Path::new("maybe"))],
            "error: DUOBENCH_NO_REPORT=maybe: expected 1 or 0".to_owned(),
        ),
    ];
    for (args, env, expected) in cases {
        let mut all = vec!["bench", "-q", "--bench", "claims", "--"];
        all.extend(args);
        let output = cargo_with_env(&all, env);
        let out = text(&output);
        assert!(!output.status.success(), "{out}");
        // Cargo's own report of the failed target follows the bench's output.
        let stderr = String::from_utf8_lossy(&output.stderr);
        let ours: Vec<&str> = stderr
            .lines()
            .take_while(|l| !l.starts_with("error: bench failed"))
            .collect();
        assert_eq!(ours.len(), 1, "{out}");
        assert!(ours[0].starts_with(&expected), "{expected:?} in:\n{out}");
        assert!(!out.contains("running"), "nothing runs:\n{out}");
    }
    fs::remove_dir_all(&dir).unwrap();
}

/// Two bench targets in one `cargo bench`, with one `--json` file and both `--export`
/// formats: every file ends with both targets' trials, merged rather than overwritten.
#[test]
fn two_targets_in_one_cargo_bench_share_the_json_and_export_files() {
    let dir = scratch("two-targets");
    let (json, bmf, github) = (
        dir.join("all.json"),
        dir.join("bmf.json"),
        dir.join("github.json"),
    );
    let mut args = vec![
        "bench", "-q", "--bench", "claims", "--bench", "single", "--",
    ];
    // Everything but `three_x_work` (claims) and `zero_arg` (single).
    for skip in [
        "three_x_work_claimed",
        "amortized",
        "same_work",
        "nanoseconds",
        "thousand_steps",
        "budget_too_short",
        "panics",
        "report_only",
        "scaled",
        "sort",
        "custom",
    ] {
        args.extend(["--skip", skip]);
    }
    let (json_arg, bmf_arg, github_arg) = (
        json.to_str().unwrap(),
        bmf.to_str().unwrap(),
        github.to_str().unwrap(),
    );
    args.extend(["--json", json_arg, "--export", "bmf", bmf_arg]);
    args.extend(["--export", "github", github_arg, "--max-time", "1s"]);
    args.push("--no-report");
    let output = cargo(&args);
    assert!(output.status.success(), "{}", text(&output));

    let read = |path: &Path| -> serde_json::Value {
        serde_json::from_str(&fs::read_to_string(path).expect("the file")).unwrap()
    };
    let doc = read(&json);
    let errors: Vec<String> = schema_validator()
        .iter_errors(&doc)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{errors:#?}\n{doc:#}");
    let mut trials: Vec<(String, String)> = doc["trials"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["bench_target"].to_string(), t["name"].to_string()))
        .collect();
    trials.sort();
    assert_eq!(
        trials,
        [
            ("\"claims\"".to_owned(), "\"three_x_work\"".to_owned()),
            ("\"single\"".to_owned(), "\"zero_arg\"".to_owned())
        ],
        "{doc:#}"
    );
    assert!(doc["run"]["started_at"].is_string(), "{doc:#}");
    assert!(doc["run"]["rustc_version"]
        .as_str()
        .unwrap()
        .starts_with("rustc "));

    let bmf = read(&bmf);
    assert!(
        bmf["claims::three_x_work"]["ratio"]["value"].is_number(),
        "{bmf:#}"
    );
    assert!(
        bmf["single::zero_arg"]["latency"]["upper_value"].is_number(),
        "{bmf:#}"
    );
    let github = read(&github);
    let names: Vec<&str> = github
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| e["name"].as_str())
        .collect();
    assert!(names.contains(&"claims::three_x_work"), "{github:#}");
    assert!(names.contains(&"single::zero_arg"), "{github:#}");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_filtered_run_keeps_the_trials_it_did_not_run_in_the_report() {
    let dir = scratch("filtered-report");
    let (report, baselines) = (dir.join("report"), dir.join("baselines"));
    let run = |filter: &[&str]| {
        let mut args = vec!["bench", "-q", "--bench", "single", "--"];
        args.extend_from_slice(filter);
        args.extend_from_slice(&[
            "--warmup",
            "50ms",
            "--max-time",
            "300ms",
            "--report",
            report.to_str().unwrap(),
            "--baseline-dir",
            baselines.to_str().unwrap(),
        ]);
        cargo(&args)
    };
    // Every trial but sort/1000 (which another test here measures), then one of them.
    let most = run(&["--skip", "sort/1000"]);
    assert!(most.status.success(), "{}", text(&most));
    let page = || fs::read_to_string(report.join("single.html")).expect("the target's page");
    assert_eq!(bench_sections(&page()), 4, "{}", page());
    let one = run(&["zero_arg", "--exact"]);
    assert!(one.status.success(), "{}", text(&one));
    // The page keeps the three trials the second run did not run, each saying when it was
    // measured, and the index lists all four.
    assert_eq!(bench_sections(&page()), 4, "{}", page());
    assert_eq!(page().matches("<p class=\"earlier\">Measured ").count(), 3);
    let index = fs::read_to_string(report.join("index.html")).expect("the index");
    assert_eq!(bench_sections(&index), 4, "{index}");
    let _ = fs::remove_dir_all(&dir);
}
