//! End to end under GitHub Actions: with `GITHUB_ACTIONS=true` and `GITHUB_STEP_SUMMARY`
//! naming a file, a run appends its markdown table there and prints an `::error` workflow
//! command at the annotated function of each refuted claim; `--export markdown FILE` writes
//! the same table. (The table's and the annotations' exact text is pinned by golden files in
//! `runtime/tests/fixtures/golden/`, on synthetic results; here the numbers are measured.)

use duobench_tests::{cargo_with_env, text};
use std::fs;

#[test]
fn a_refuted_claim_is_annotated_and_summarised() {
    let dir = std::env::temp_dir().join(format!("duobench-e2e-github-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let summary = dir.join("summary.md");
    let markdown = dir.join("table.md");
    fs::write(&summary, "earlier step\n").unwrap();
    let export = format!("markdown {}", markdown.display());
    let output = cargo_with_env(
        &[
            "test",
            "--release",
            "--bench",
            "claims",
            "--",
            "three_x_work",
            "--max-time",
            "3s",
        ],
        &[
            ("GITHUB_ACTIONS", "true"),
            ("GITHUB_STEP_SUMMARY", summary.to_str().unwrap()),
            ("DUOBENCH_EXPORT", &export),
        ],
    );
    let out = text(&output);
    assert!(!output.status.success(), "{out}");
    let annotations: Vec<&str> = out.lines().filter(|l| l.starts_with("::error ")).collect();
    assert_eq!(annotations.len(), 1, "{out}");
    let annotation = annotations[0];
    let line: u32 = annotation
        .strip_prefix("::error file=benches/claims.rs,line=")
        .and_then(|rest| rest.split(',').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{annotation}"));
    assert!((21..=23).contains(&line), "{annotation}");
    assert!(
        annotation.contains("title=duobench%3A claims%3A%3Athree_x_work_claimed_faster::claim `ratio < 1.0` refuted: ratio "),
        "{annotation}"
    );
    // Appended after what an earlier step wrote; refuted first.
    let written = fs::read_to_string(&summary).unwrap();
    let table = written.strip_prefix("earlier step\n").expect("appended");
    assert!(
        table.starts_with("### duobench: claims\n\n2 trials: 1 refuted, 0 inconclusive\n"),
        "{table}"
    );
    let rows: Vec<&str> = table.lines().filter(|l| l.starts_with("| `")).collect();
    assert_eq!(rows.len(), 2, "{table}");
    assert!(
        rows[0].starts_with("| `claims::three_x_work_claimed_faster` | diff |")
            && rows[0].ends_with("| `ratio < 1.0` | refuted |"),
        "{table}"
    );
    assert!(rows[1].ends_with("| `ratio > 1.5` | pass |"), "{table}");
    // The export has the same rows under the plain heading, after the mark that says the
    // file is duobench's to rewrite.
    let exported = fs::read_to_string(&markdown).unwrap();
    let exported_rows: Vec<&str> = exported.lines().filter(|l| l.starts_with("| `")).collect();
    assert_eq!(exported_rows, rows);
    assert!(
        exported.starts_with(
            "<!-- written by duobench: each run rewrites this file -->\n### duobench\n"
        ),
        "{exported}"
    );
    fs::remove_dir_all(&dir).unwrap();
}
