//! `CHANGELOG.md`, `docs/VALIDATION.md` and `docs/DESIGN-MEASUREMENTS.md` state the present,
//! not a diary.
//!
//! The changelog keeps Keep a Changelog's form: one section per release (`## [Unreleased]`,
//! `## [0.1.0] - 2027-01-15`), its changes under `### Added`, `Changed`, `Deprecated`,
//! `Removed`, `Fixed` or `Security`, and says what a release gives users: no section or
//! bullet that starts with a date, no commit hash, no measured outcome ("146 of 2,000").
//!
//! The validation pages (what the verdicts are worth, and the measurements behind the
//! design) state what holds, each figure with its command and conditions and the raw output
//! behind it: no date and no build's commit (a raw output's name carries the date of its
//! run), no comparison with another build ("the build before", "main at …"), no narrative of
//! change outside code spans ("now", "no longer", "previously", "used to", "reverted",
//! "today"), no experiment to apply (`git apply`, a `.patch` among the raw outputs). Every
//! raw output in `docs/validation-runs/` is named on one of the pages or in that folder's
//! README (its index, which also lists the runs of earlier designs), and every raw output
//! they name exists.

mod common;

use common::{read, workspace_root};
use regex::Regex;
use std::collections::BTreeSet;

/// A rule a line breaks, with the reason a failure prints.
struct Rule {
    pattern: Regex,
    why: &'static str,
}

fn rules(list: &[(&str, &'static str)]) -> Vec<Rule> {
    list.iter()
        .map(|&(pattern, why)| Rule {
            pattern: Regex::new(pattern).expect("a valid pattern"),
            why,
        })
        .collect()
}

/// What a line starting with a date looks like: a heading or a bullet whose first word is
/// `2026-11-25` (bold or not).
const DATED: &str = r"^\s*(#+|[-*])\s+(\*\*)?\d{4}-\d{2}-\d{2}";

/// A commit hash: 7 to 40 hexadecimal digits with at least one letter and one digit.
fn is_commit(word: &str) -> bool {
    (7..=40).contains(&word.len())
        && word
            .chars()
            .all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase())
        && word.chars().any(|c| c.is_ascii_digit())
        && word.chars().any(|c| c.is_ascii_alphabetic())
}

fn has_commit(text: &str) -> bool {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .any(is_commit)
}

/// `text` without its code spans, whose words are names (`Instant::now()`), not narrative.
fn without_code(line: &str) -> String {
    line.split('`').step_by(2).collect::<Vec<_>>().join(" ")
}

/// Every line of the changelog that breaks a rule, as `CHANGELOG.md:line: why: text`.
fn changelog_offences(text: &str) -> Vec<String> {
    let rules = rules(&[
        (DATED, "a dated entry"),
        (r"\b\d[\d,]* of \d[\d,]*\b", "a measured outcome"),
    ]);
    let release = Regex::new(r"^## \[(Unreleased\]|\d+\.\d+\.\d+\] - \d{4}-\d{2}-\d{2})$")
        .expect("a valid pattern");
    let kind = Regex::new(r"^### (Added|Changed|Deprecated|Removed|Fixed|Security)$")
        .expect("a valid pattern");
    let mut found = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let mut offence = |why: &str| {
            found.push(format!(
                "CHANGELOG.md:{}: {why}: {}",
                number + 1,
                line.trim()
            ));
        };
        if line.starts_with("## ") && !release.is_match(line) {
            offence("a section that is not a release");
        }
        if line.starts_with("### ") && !kind.is_match(line) {
            offence("a kind of change Keep a Changelog does not name");
        }
        if has_commit(line) {
            offence("a commit");
        }
        for rule in rules.iter().filter(|r| r.pattern.is_match(line)) {
            offence(rule.why);
        }
    }
    found
}

/// The pages that state measured figures, each citing the raw outputs behind them.
const VALIDATION_PAGES: [&str; 2] = ["docs/VALIDATION.md", "docs/DESIGN-MEASUREMENTS.md"];

/// Every line of validation page `page` that breaks a rule, as `page:line: why: text`.
fn validation_offences(page: &str, text: &str) -> Vec<String> {
    let rules = rules(&[
        (DATED, "a dated entry"),
        (r"(?i)\bbuild before\b", "a comparison with another build"),
        (r"(?i)\bmain at\b", "a comparison with another build"),
        (
            r"(?i)\b(old|previous|earlier) (build|main|version)s?\b",
            "a comparison with another build",
        ),
        (
            r"(?i)\b(now|no longer|previously|used to|reverted|today|today's)\b",
            "a narrative of change",
        ),
        (r"(?i)\bgit apply\b", "an experiment to apply"),
    ]);
    let date = Regex::new(r"\b\d{4}-\d{2}-\d{2}\b").expect("a valid pattern");
    let mut found = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let unnamed = without_raw_names(line);
        if date.is_match(&unnamed) {
            found.push(format!("{page}:{}: a date: {}", number + 1, line.trim()));
        }
        if has_commit(&unnamed) {
            found.push(format!("{page}:{}: a commit: {}", number + 1, line.trim()));
        }
        let prose = without_code(line);
        for rule in rules.iter().filter(|r| r.pattern.is_match(&prose)) {
            found.push(format!(
                "{page}:{}: {}: {}",
                number + 1,
                rule.why,
                line.trim()
            ));
        }
    }
    found
}

/// A raw output's name: `2026-11-25-name.ext`.
fn raw_name_pattern() -> Regex {
    Regex::new(
        r"\b\d{4}-\d{2}-\d{2}-[A-Za-z0-9_.-]*[A-Za-z0-9]\.(txt|md|gz|patch|diff|json|jsonl)\b",
    )
    .expect("a valid pattern")
}

/// The raw outputs a text names.
fn raw_names(text: &str) -> BTreeSet<String> {
    raw_name_pattern()
        .find_iter(text)
        .map(|m| m.as_str().to_owned())
        .collect()
}

/// `line` without the raw outputs it names, whose dates are their runs'.
fn without_raw_names(line: &str) -> String {
    raw_name_pattern().replace_all(line, "").into_owned()
}

#[test]
fn the_changelog_lists_releases_not_a_diary() {
    let text = read(&workspace_root().join("CHANGELOG.md"));
    assert!(text.contains("\n## "), "no release section in CHANGELOG.md");
    let found = changelog_offences(&text);
    assert!(
        found.is_empty(),
        "CHANGELOG.md says what each release gives users; measurements go to \
         docs/VALIDATION.md, history to git:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_validation_pages_state_the_present() {
    let found: Vec<String> = VALIDATION_PAGES
        .iter()
        .flat_map(|page| validation_offences(page, &read(&workspace_root().join(page))))
        .collect();
    assert!(
        found.is_empty(),
        "{VALIDATION_PAGES:?} state what holds, each figure with its command, conditions and \
         raw output (whose name carries the date); what changed belongs in CHANGELOG.md and \
         git:\n{}",
        found.join("\n")
    );
}

#[test]
fn every_raw_output_is_named_and_every_named_one_exists() {
    let root = workspace_root();
    let runs = root.join("docs/validation-runs");
    let mut named = raw_names(&read(&runs.join("README.md")));
    for page in VALIDATION_PAGES {
        named.extend(raw_names(&read(&root.join(page))));
    }
    let present: BTreeSet<String> = std::fs::read_dir(&runs)
        .unwrap_or_else(|e| panic!("{}: {e}", runs.display()))
        .map(|entry| {
            entry
                .expect("a directory entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|name| name != "README.md")
        .collect();
    let unnamed: Vec<&String> = present.difference(&named).collect();
    assert!(
        unnamed.is_empty(),
        "raw outputs neither {VALIDATION_PAGES:?} nor docs/validation-runs/README.md names \
         (remove them with git rm, or name them under the figure they back, or in the index): \
         {unnamed:?}"
    );
    let missing: Vec<&String> = named.difference(&present).collect();
    assert!(
        missing.is_empty(),
        "{VALIDATION_PAGES:?} or docs/validation-runs/README.md name raw outputs that \
         docs/validation-runs/ lacks: {missing:?}"
    );
    let patches: Vec<&String> = present
        .iter()
        .filter(|name| name.ends_with(".patch") || name.ends_with(".diff"))
        .collect();
    assert!(
        patches.is_empty(),
        "experiments to apply are not raw outputs: {patches:?}"
    );
}

#[test]
fn planted_diary_lines_are_caught() {
    for planted in [
        "## 2026-11-25",
        "## 2026-11-22: first version",
        "- 2026-11-23: the fence follows the data",
        "- **2026-11-24** the stall spin",
        "- The doctor went from warnings in 1 of 1 runs to none",
        "- Renamed in 9a760e0.",
        "## Internal",
        "## Unreleased",
        "## 0.1.0: first release (unreleased)",
        "### Improvements",
    ] {
        assert!(
            !changelog_offences(planted).is_empty(),
            "not caught in CHANGELOG.md: {planted}"
        );
    }
    for planted in [
        "## 2026-11-26",
        "- 2026-11-26: the series floor",
        "| 2 ms, build before | 9/10 |",
        "alternating with the build before (main at b634429), so that",
        "| sd, memory | `< 1` | pre-tested factor (build 9a760e0) |\n|---|---|---|",
        "budget together passed 7.5% with it and passes 2.2% now.",
        "Duos are no longer called set aside.",
        "the earlier build passed one in 400",
        "windowing, six times, tried and reverted",
        "decided 5/5 (today); 1.07 s with the build of that day",
        "git apply docs/validation-runs/2026-11-26-batch-sqrt-n.patch",
        "Quiet, 2026-11-26, build aaf0a32, 5 runs a case:",
        "| sort | quiet, 9a760e0 | 25 |",
        "| the clock's cost | `Instant::now()` advances in steps of about 10 ns | 2026-11-22 |",
        "the serial chain (duobench's pace probe through build 8dffde5)",
    ] {
        assert!(
            !validation_offences("VALIDATION.md", planted).is_empty(),
            "not caught in VALIDATION.md: {planted}"
        );
    }
}

#[test]
fn present_tense_lines_pass() {
    for fine in [
        "## [Unreleased]",
        "## [0.2.0] - 2027-01-15",
        "### Added",
        "### Fixed",
        "- `#[bench_diff]` compares two routines in duos; `ratio in 0.97..=1.03`.",
        "- Ctrl-C stops a run with its finished results kept.",
    ] {
        assert!(
            changelog_offences(fine).is_empty(),
            "wrongly caught in CHANGELOG.md: {fine}"
        );
    }
    for fine in [
        "Quiet, 5 runs a case (raw `2026-11-26-versions-quiet.txt`):",
        "| kind | condition | trials |\n|---|---|---|\n| sort | quiet | 25 |",
        "| the clock's cost | `Instant::now()` advances in steps of about 10 ns |",
        "continuing from the state the previous call left",
        "(`2026-11-26-versions-quiet.txt`)",
    ] {
        assert!(
            validation_offences("VALIDATION.md", fine).is_empty(),
            "wrongly caught in VALIDATION.md: {fine}"
        );
    }
    assert_eq!(
        raw_names("`2026-11-25-wander-quiet.jsonl.gz`, and 2026-11-26-store-only-quiet.txt."),
        BTreeSet::from([
            "2026-11-25-wander-quiet.jsonl.gz".to_owned(),
            "2026-11-26-store-only-quiet.txt".to_owned()
        ])
    );
}
