//! Several bench targets in one `cargo bench` each write the `--json` FILE in turn (Cargo
//! runs them one after another, and hands each the same options), and cargo-nextest runs
//! every trial in a process of its own. So that none loses the others' results, a target's
//! document is merged with the one it finds: its own trials replace those of the same
//! `bench_target` (only those of the same name when the run was filtered, as every
//! cargo-nextest process is, so a run of one trial keeps the target's others), the other
//! targets' trials are kept, and the top-level facts (`run`, `timer`, ...) are the latest
//! target's, but for `unfinished_targets` and `exited_in`, which keep every other target's
//! mark.

use serde_json::Value;

/// How much of its bench target's earlier results a run replaces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Every trial of the target ran: its earlier trials are all replaced, so renamed and
    /// removed trials do not linger.
    WholeTarget,
    /// A filter chose some trials: only earlier trials of the same names are replaced.
    SameNames,
}

/// `new`, the document of bench target `target`, joined with `existing`, the file as found
/// (an empty file counts as none).
///
/// A duobench document of another `schema_version` (an older duobench), or a `cargo test`
/// document under `cargo bench`, belongs to another run and is replaced whole. A `cargo
/// bench` document is never replaced by a `cargo test` run, and a file that is not a
/// duobench document is never replaced at all: both are errors, and the file is left as it is.
pub fn merge_document(
    existing: Option<&str>,
    mut new: Value,
    scope: Scope,
    target: Option<&str>,
) -> Result<Value, String> {
    let Some(existing) = existing.filter(|text| !text.trim().is_empty()) else {
        return Ok(new);
    };
    let old: Value = serde_json::from_str(existing)
        .ok()
        .filter(|v: &Value| v.get("schema_version").is_some() && v["trials"].is_array())
        .ok_or_else(|| "exists and is not a duobench JSON document".to_owned())?;
    if old["mode"] == "bench" && new["mode"] == "test" {
        return Err(
            "holds `cargo bench` results, which a `cargo test` run does not replace (name \
             another file for it)"
                .to_owned(),
        );
    }
    if old["schema_version"] != new["schema_version"] || old["mode"] != new["mode"] {
        return Ok(new);
    }
    let target_of = |trial: &Value| trial["bench_target"].as_str().map(str::to_owned);
    let key_of = |trial: &Value| match scope {
        Scope::WholeTarget => target_of(trial).map(|t| (t, String::new())),
        Scope::SameNames => target_of(trial).zip(trial["name"].as_str().map(str::to_owned)),
    };
    let new_keys: Vec<(String, String)> = new["trials"]
        .as_array()
        .map(|trials| trials.iter().filter_map(key_of).collect())
        .unwrap_or_default();
    let Some(old_trials) = old["trials"].as_array() else {
        return Ok(new);
    };
    let mut trials: Vec<Value> = old_trials
        .iter()
        .filter(|t| key_of(t).is_none_or(|key| !new_keys.contains(&key)))
        .cloned()
        .collect();
    if let Some(Value::Array(ours)) = new.get_mut("trials").map(Value::take) {
        trials.extend(ours);
    }
    new["trials"] = Value::Array(trials);
    // Another target's mark stays until that target finishes; this target's is its own.
    let mut unfinished: Vec<Value> = old["unfinished_targets"]
        .as_array()
        .map(|marks| {
            marks
                .iter()
                .filter(|mark| mark.as_str() != target)
                .cloned()
                .collect()
        })
        .unwrap_or_default();
    if let Some(Value::Array(ours)) = new.get_mut("unfinished_targets").map(Value::take) {
        unfinished.extend(ours);
    }
    new["unfinished_targets"] = Value::Array(unfinished);
    // The same for the trials other targets' processes exited inside.
    let mut exited: serde_json::Map<String, Value> = old["exited_in"]
        .as_object()
        .map(|marks| {
            marks
                .iter()
                .filter(|(mark, _)| Some(mark.as_str()) != target)
                .map(|(mark, trial)| (mark.clone(), trial.clone()))
                .collect()
        })
        .unwrap_or_default();
    if let Some(Value::Object(ours)) = new.get_mut("exited_in").map(Value::take) {
        exited.extend(ours);
    }
    if let Some(doc) = new.as_object_mut() {
        doc.remove("exited_in");
        if !exited.is_empty() {
            doc.insert("exited_in".to_owned(), Value::Object(exited));
        }
    }
    Ok(new)
}

#[cfg(test)]
mod tests {
    use super::{merge_document, Scope};
    use serde_json::{json, Value};
    use Scope::WholeTarget;

    fn doc(mode: &str, trials: &[(&str, &str)]) -> Value {
        let trials: Vec<Value> = trials
            .iter()
            .map(|(target, name)| json!({ "bench_target": target, "name": name }))
            .collect();
        json!({ "schema_version": 1, "mode": mode, "trials": trials })
    }

    fn names(doc: &Value) -> Vec<&str> {
        doc["trials"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap())
            .collect()
    }

    #[test]
    fn a_second_target_keeps_the_first_targets_trials() {
        let first = doc("bench", &[("a", "a1"), ("a", "a2")]).to_string();
        let merged = merge_document(
            Some(&first),
            doc("bench", &[("b", "b1")]),
            WholeTarget,
            None,
        )
        .unwrap();
        assert_eq!(names(&merged), ["a1", "a2", "b1"]);
        // Running target a again replaces a's trials and keeps b's.
        let again = merge_document(
            Some(&merged.to_string()),
            doc("bench", &[("a", "a3")]),
            WholeTarget,
            None,
        )
        .unwrap();
        assert_eq!(names(&again), ["b1", "a3"]);
    }

    #[test]
    fn another_run_kind_or_version_is_replaced_and_a_foreign_file_is_refused() {
        let test_doc = doc("test", &[("a", "a1")]).to_string();
        let merged = merge_document(
            Some(&test_doc),
            doc("bench", &[("b", "b1")]),
            WholeTarget,
            None,
        )
        .unwrap();
        assert_eq!(names(&merged), ["b1"]);
        let mut old = doc("bench", &[("a", "a1")]);
        old["schema_version"] = 0.into();
        let merged = merge_document(
            Some(&old.to_string()),
            doc("bench", &[("b", "b1")]),
            WholeTarget,
            None,
        )
        .unwrap();
        assert_eq!(names(&merged), ["b1"]);
        for foreign in [
            "not json",
            "[1, 2]",
            "{\"trials\": []}",
            "{\"schema_version\": 1}",
        ] {
            let e =
                merge_document(Some(foreign), doc("bench", &[]), WholeTarget, None).unwrap_err();
            assert_eq!(e, "exists and is not a duobench JSON document");
        }
        assert_eq!(
            names(&merge_document(None, doc("bench", &[("b", "b1")]), WholeTarget, None).unwrap()),
            ["b1"]
        );
    }

    #[test]
    fn a_test_run_never_replaces_bench_results_and_an_empty_file_is_ours() {
        let bench = doc("bench", &[("a", "a1")]).to_string();
        let e = merge_document(Some(&bench), doc("test", &[("a", "a1")]), WholeTarget, None)
            .unwrap_err();
        assert!(e.starts_with("holds `cargo bench` results"), "{e}");
        for empty in ["", "\n", "  "] {
            let merged =
                merge_document(Some(empty), doc("test", &[("a", "a1")]), WholeTarget, None);
            assert_eq!(names(&merged.unwrap()), ["a1"]);
        }
    }

    #[test]
    fn a_filtered_run_keeps_the_targets_other_trials() {
        let first = doc("bench", &[("a", "a1"), ("a", "a2"), ("b", "b1")]).to_string();
        let new = doc("bench", &[("a", "a2")]);
        let merged = merge_document(Some(&first), new.clone(), Scope::SameNames, None).unwrap();
        assert_eq!(names(&merged), ["a1", "b1", "a2"]);
        // Unfiltered, the target's trials are replaced whole (a1 was removed or renamed).
        let merged = merge_document(Some(&first), new, WholeTarget, None).unwrap();
        assert_eq!(names(&merged), ["b1", "a2"]);
    }

    #[test]
    fn a_target_that_did_not_finish_stays_marked_until_it_does() {
        let mut cut = doc("bench", &[("a", "a1")]);
        cut["unfinished_targets"] = json!(["a"]);
        let merged = merge_document(None, cut, WholeTarget, Some("a")).unwrap();
        assert_eq!(merged["unfinished_targets"], json!(["a"]));
        // Another target's finished run keeps a's mark.
        let mut b = doc("bench", &[("b", "b1")]);
        b["unfinished_targets"] = json!([]);
        let merged = merge_document(Some(&merged.to_string()), b, WholeTarget, Some("b")).unwrap();
        assert_eq!(merged["unfinished_targets"], json!(["a"]));
        // a's own finished run clears it.
        let mut a = doc("bench", &[("a", "a1")]);
        a["unfinished_targets"] = json!([]);
        let merged = merge_document(Some(&merged.to_string()), a, WholeTarget, Some("a")).unwrap();
        assert_eq!(merged["unfinished_targets"], json!([]));
    }

    #[test]
    fn the_trial_a_targets_process_exited_inside_stays_named_until_the_target_runs_again() {
        let mut exited = doc("bench", &[("a", "a1")]);
        exited["exited_in"] = json!({ "a": "a2" });
        let merged = merge_document(None, exited, WholeTarget, Some("a")).unwrap();
        assert_eq!(merged["exited_in"], json!({ "a": "a2" }));
        let b = doc("bench", &[("b", "b1")]);
        let merged = merge_document(Some(&merged.to_string()), b, WholeTarget, Some("b")).unwrap();
        assert_eq!(merged["exited_in"], json!({ "a": "a2" }));
        let a = doc("bench", &[("a", "a1")]);
        let merged = merge_document(Some(&merged.to_string()), a, WholeTarget, Some("a")).unwrap();
        assert_eq!(merged.get("exited_in"), None, "{merged:#}");
    }
}
