//! Whether the comparison looked at everything it was asked to: every selected trial of
//! every bench target must be in the comparison's JSON document. A target that failed to
//! start, crashed or was killed leaves its trials out, and a job that only reads the exit
//! status would take the gate as held; so the trials left out are listed, and fail the job.
//!
//! What was selected comes from the bench executables themselves: `cargo bench --no-run`
//! names them, and each one's `--list` (with the same filters as the comparing run) names
//! its trials, less those it would ignore.

use crate::run::{cargo, stdout_of};
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A trial expected in the document: its bench target (as the document names it) and name.
pub type TrialKey = (String, String);

/// A bench executable cargo built for the comparison.
pub struct BenchExecutable {
    /// The bench target's name, as the document's `bench_target` spells it.
    pub target: String,
    /// The executable.
    pub path: PathBuf,
}

/// The bench executables `cargo bench <cargo_args> --no-run` builds in `here`.
pub fn bench_executables(
    here: &Path,
    cargo_args: &[String],
) -> Result<Vec<BenchExecutable>, String> {
    let stdout = stdout_of(
        cargo()
            .args(["bench", "--no-run", "--message-format", "json"])
            .args(cargo_args)
            .current_dir(here),
    )?;
    Ok(String::from_utf8_lossy(&stdout)
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter(|message| message["reason"] == "compiler-artifact")
        .filter(|message| {
            message["target"]["kind"]
                .as_array()
                .is_some_and(|kinds| kinds.iter().any(|k| k == "bench"))
        })
        .filter_map(|message| {
            Some(BenchExecutable {
                // The document names a target by its crate name, `-` as `_`.
                target: message["target"]["name"].as_str()?.replace('-', "_"),
                path: PathBuf::from(message["executable"].as_str()?),
            })
        })
        .collect())
}

/// A trial a bench executable lists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listed {
    /// Its bench target and name.
    pub key: TrialKey,
    /// `bench` for a `#[bench]` (what a version gate judges), `diff` for a `#[bench_diff]`.
    pub kind: String,
    /// Whether it is ignored (`#[ignore]`): listed, but not run.
    pub ignored: bool,
}

/// The trials `exe` lists with `harness_args` (filters and options), with the variables
/// `command` sets: its `--list`, each marked ignored when its `--list --ignored` has it
/// too. A bench target that is not duobench's (its list has no `[kind]` prefix) lists none.
pub fn listed_trials(
    target: &str,
    exe: &Path,
    harness_args: &[String],
    command: impl Fn(&Path) -> Command,
) -> Result<Vec<Listed>, String> {
    let list = |ignored: bool| -> Result<Vec<(String, String)>, String> {
        let mut list = command(exe);
        list.args(["--bench", "--list"]);
        if ignored {
            list.arg("--ignored");
        }
        let stdout = stdout_of(list.args(harness_args))?;
        Ok(String::from_utf8_lossy(&stdout)
            .lines()
            .filter_map(trial_of_list_line)
            .collect())
    };
    let ignored: BTreeSet<String> = list(true)?.into_iter().map(|(_, name)| name).collect();
    Ok(list(false)?
        .into_iter()
        .map(|(kind, name)| Listed {
            ignored: ignored.contains(&name),
            key: (target.to_owned(), name),
            kind,
        })
        .collect())
}

/// `[bench] sort/1000: benchmark` → (`bench`, `sort/1000`); lines of other harnesses give
/// nothing.
fn trial_of_list_line(line: &str) -> Option<(String, String)> {
    let rest = line.strip_prefix('[')?;
    let (kind, rest) = rest.split_once("] ")?;
    let (name, _) = rest.rsplit_once(": ")?;
    Some((kind.to_owned(), name.to_owned()))
}

/// Why a selected trial is missing from the document.
#[derive(Debug, PartialEq, Eq)]
pub enum Missing {
    /// Its target's process called `exit` inside this trial.
    ExitedInside,
    /// Its target's process called `exit` inside that earlier trial.
    ExitedBefore(String),
    /// Its target's run did not finish (interrupted or killed).
    CutShort,
    /// Its target wrote no result at all: it failed before its first (or did not run).
    TargetWroteNothing,
    /// Its target wrote others': this trial failed (a panic) or was skipped.
    TrialFailed,
}

impl Missing {
    /// The reason in words.
    pub fn words(&self) -> String {
        let words = match self {
            Missing::ExitedInside => {
                "its bench target's process exited inside it (a call of `std::process::exit` in \
                 its routine or in code it runs), which left no result"
            }
            Missing::ExitedBefore(trial) => {
                return format!(
                    "its bench target's process exited inside trial `{trial}` (a call of \
                     `std::process::exit`), so it did not run"
                )
            }
            Missing::CutShort => "its bench target's run was cut short (interrupted or killed)",
            Missing::TargetWroteNothing => {
                "its bench target wrote no result: it failed before its first trial finished \
                 (its output above says why)"
            }
            Missing::TrialFailed => "it failed without a result (its output above says why)",
        };
        words.to_owned()
    }
}

/// The trials of `expected` that `doc` (the comparison's document) lacks, each with why.
pub fn missing(expected: &BTreeSet<TrialKey>, doc: &Value) -> Vec<(TrialKey, Missing)> {
    let trials = doc["trials"].as_array().map_or(&[][..], Vec::as_slice);
    let text = |v: &Value| v.as_str().unwrap_or_default().to_owned();
    let present: BTreeSet<TrialKey> = trials
        .iter()
        .map(|t| (text(&t["bench_target"]), text(&t["name"])))
        .collect();
    let targets_present: BTreeSet<&str> = present.iter().map(|(t, _)| t.as_str()).collect();
    let unfinished: BTreeSet<String> = doc["unfinished_targets"]
        .as_array()
        .into_iter()
        .flatten()
        .map(text)
        .collect();
    expected
        .iter()
        .filter(|key| !present.contains(*key))
        .map(|key| {
            let exited = doc["exited_in"][&key.0].as_str();
            let why = if exited == Some(key.1.as_str()) {
                Missing::ExitedInside
            } else if let Some(trial) = exited {
                Missing::ExitedBefore(trial.to_owned())
            } else if unfinished.contains(&key.0) {
                Missing::CutShort
            } else if !targets_present.contains(key.0.as_str()) {
                Missing::TargetWroteNothing
            } else {
                Missing::TrialFailed
            };
            (key.clone(), why)
        })
        .collect()
}

/// How the gates of `doc` came out, in one line: `3 pass, 1 regressed, ...`.
pub fn outcome_line(doc: &Value) -> String {
    let mut counts: std::collections::BTreeMap<String, usize> = std::collections::BTreeMap::new();
    for trial in doc["trials"].as_array().into_iter().flatten() {
        // A #[bench] that `--allow-unpaired` let fall back: what it was compared with.
        let unpaired = trial["unpaired_because"].is_string().then(|| {
            if trial["baseline"]["status"] == "compared" {
                "unpaired (compared with saved numbers)"
            } else {
                "unpaired (nothing compared)"
            }
        });
        let word = trial["gate"]["outcome"]
            .as_str()
            .or_else(|| trial["verdict"].as_str())
            .or(unpaired)
            .unwrap_or("reported");
        *counts.entry(word.to_owned()).or_default() += 1;
    }
    counts
        .iter()
        .map(|(word, n)| format!("{n} {word}"))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn key(target: &str, name: &str) -> TrialKey {
        (target.to_owned(), name.to_owned())
    }

    #[test]
    fn list_lines_give_trial_names() {
        let line = |kind: &str, name: &str| Some((kind.to_owned(), name.to_owned()));
        assert_eq!(
            trial_of_list_line("[bench] sort/1000: benchmark"),
            line("bench", "sort/1000")
        );
        assert_eq!(
            trial_of_list_line("[diff] a::b: c: test"),
            line("diff", "a::b: c")
        );
        assert_eq!(trial_of_list_line("tests::it_works: test"), None);
        assert_eq!(trial_of_list_line("2 tests, 0 benchmarks"), None);
    }

    #[test]
    fn every_missing_trial_is_named_with_why() {
        let expected: BTreeSet<TrialKey> = [
            key("a", "one"),
            key("a", "two"),
            key("b", "three"),
            key("c", "four"),
            key("d", "five"),
            key("d", "six"),
        ]
        .into();
        let doc = json!({
            "unfinished_targets": ["c", "d"],
            "exited_in": { "d": "five" },
            "trials": [{ "bench_target": "a", "name": "one", "gate": { "outcome": "pass" } }]
        });
        assert_eq!(
            missing(&expected, &doc),
            [
                (key("a", "two"), Missing::TrialFailed),
                (key("b", "three"), Missing::TargetWroteNothing),
                (key("c", "four"), Missing::CutShort),
                (key("d", "five"), Missing::ExitedInside),
                (key("d", "six"), Missing::ExitedBefore("five".to_owned())),
            ]
        );
        // An exit, even with status 0, is said as one, not as an interrupt or a kill.
        let said = Missing::ExitedBefore("five".to_owned()).words();
        assert!(said.contains("exited inside trial `five`"), "{said}");
        assert!(!Missing::ExitedInside.words().contains("interrupted"));
        assert_eq!(outcome_line(&doc), "1 pass");
        let unpaired = json!({ "trials": [
            { "kind": "bench", "unpaired_because": "x", "baseline": { "status": "no_figures" } },
            { "kind": "bench", "unpaired_because": "x", "baseline": { "status": "compared" } },
            { "kind": "bench", "unpaired_because": null, "baseline": { "status": "compared" } }
        ]});
        assert_eq!(
            outcome_line(&unpaired),
            "1 reported, 1 unpaired (compared with saved numbers), 1 unpaired (nothing compared)"
        );
        // Control: everything measured, nothing missing.
        let whole = json!({ "trials": [
            { "bench_target": "a", "name": "one" }, { "bench_target": "a", "name": "two" },
            { "bench_target": "b", "name": "three" }, { "bench_target": "c", "name": "four" },
            { "bench_target": "d", "name": "five" }, { "bench_target": "d", "name": "six" }
        ]});
        assert!(missing(&expected, &whole).is_empty());
    }
}
