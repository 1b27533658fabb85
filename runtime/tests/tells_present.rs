//! The code and the docs tell the present: no file in `runtime/src`, `macros/src`, `docs/`,
//! `README.md` or `ARCHITECTURE.md` says in which numbered stretch of work something was
//! written ("session 4"), names an issue ("issue 8", "#12") or "the development VM". History
//! belongs in `CHANGELOG.md` and git; measurements belong in `docs/VALIDATION.md`, with their
//! conditions and raw output.

use regex::Regex;
use std::path::{Path, PathBuf};

/// What the checked files must not say, each with the reason a failure prints.
fn patterns() -> Vec<(Regex, &'static str)> {
    [
        (r"(?i)\bsessions?\s+\d+", "a numbered session"),
        (r"(?i)\bissues?\s+#?\d+", "an issue number"),
        // `&#39;` is an HTML entity, not an issue reference.
        (r"(?:^|[^&\w])#\d{1,5}\b", "an issue reference"),
        (r"(?i)\bdevelopment\s+VM\b", "the development VM"),
    ]
    .into_iter()
    .map(|(pattern, why)| (Regex::new(pattern).expect("a valid pattern"), why))
    .collect()
}

/// Every offending line of `text`, as `path:line: why: text`.
fn offences(path: &str, text: &str) -> Vec<String> {
    let patterns = patterns();
    let mut found = Vec::new();
    for (number, line) in text.lines().enumerate() {
        for (pattern, why) in &patterns {
            if pattern.is_match(line) {
                found.push(format!("{path}:{}: {why}: {}", number + 1, line.trim()));
            }
        }
    }
    found
}

/// The `.rs` and `.md` files under `dir`, recursively, sorted.
fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            files_under(&path, out);
        } else if path
            .extension()
            .is_some_and(|ext| ext == "rs" || ext == "md")
        {
            out.push(path);
        }
    }
}

/// The checked files: the two crates' sources, the top level of `docs/` (its raw run outputs
/// in `docs/validation-runs/` are records, not statements), the README and the architecture.
fn checked_files(root: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    files_under(&root.join("runtime/src"), &mut files);
    files_under(&root.join("macros/src"), &mut files);
    let docs = std::fs::read_dir(root.join("docs")).expect("the docs folder");
    for entry in docs {
        let path = entry.expect("a directory entry").path();
        if path.extension().is_some_and(|ext| ext == "md") {
            files.push(path);
        }
    }
    files.push(root.join("README.md"));
    files.push(root.join("ARCHITECTURE.md"));
    files.sort();
    files
}

#[test]
fn sources_and_docs_tell_the_present() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace root");
    let files = checked_files(root);
    assert!(
        files.len() > 50,
        "found only {} files: wrong root?",
        files.len()
    );
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file:?}: {e}"));
        let shown = file
            .strip_prefix(root)
            .unwrap_or(file)
            .display()
            .to_string();
        found.extend(offences(&shown, &text));
    }
    assert!(
        found.is_empty(),
        "history in code or docs (move it to CHANGELOG.md, figures to docs/VALIDATION.md):\n{}",
        found.join("\n")
    );
}

#[test]
fn planted_lines_are_caught() {
    for planted in [
        "/// Measured in session 7 on the quiet machine.",
        "//! The safeguards of Issue 8, each switched off in a control.",
        "- fixed in issues 8–14",
        "see #12 for why",
        "(#7)",
        "on the development VM, quiet",
        "# Session 3: a sample floor",
    ] {
        assert_eq!(
            offences("planted.rs", planted).len(),
            1,
            "not caught: {planted}"
        );
    }
}

#[test]
fn present_tense_lines_pass() {
    for fine in [
        "/// The run's session: one plan per trial (see `session/plan.rs`).",
        "'\\'' => out.push_str(\"&#39;\"),",
        "#[derive(Debug)]",
        "# Validation",
        "let color = \"#1f2328\";",
        "see docs/VALIDATION.md, section \"Known ratios\"",
        "println!(\"{:#?}\", value);",
    ] {
        assert!(
            offences("fine.rs", fine).is_empty(),
            "wrongly caught: {fine}"
        );
    }
}
