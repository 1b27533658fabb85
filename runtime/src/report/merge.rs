//! Several bench targets in one `cargo bench` each write the `--json` FILE in turn (Cargo
//! runs them one after another, and hands each the same options), and cargo-nextest runs
//! every trial in a process of its own. So that none loses the others' results, a process's
//! document is merged with the one it finds: its trials replace those of the same bench
//! target and name, every other trial is kept, and the top-level facts (`run`, `timer`, ...)
//! are the latest process's.

use serde_json::Value;

/// `new`, this target's document, joined with `existing`, the file as found.
///
/// A duobench document of another `schema_version` or `mode` (an older duobench, or a
/// `cargo test` document under `cargo bench`) belongs to another run and is replaced whole.
/// A file that is not a duobench document is an error, and is left as it is.
pub fn merge_document(existing: Option<&str>, mut new: Value) -> Result<Value, String> {
    let Some(existing) = existing else {
        return Ok(new);
    };
    let old: Value = serde_json::from_str(existing)
        .ok()
        .filter(|v: &Value| v.get("schema_version").is_some() && v["trials"].is_array())
        .ok_or_else(|| "exists and is not a duobench JSON document".to_owned())?;
    if old["schema_version"] != new["schema_version"] || old["mode"] != new["mode"] {
        return Ok(new);
    }
    let key = |trial: &Value| (trial["bench_target"].clone(), trial["name"].clone());
    let new_keys: Vec<(Value, Value)> = new["trials"]
        .as_array()
        .map(|trials| trials.iter().map(key).collect())
        .unwrap_or_default();
    let Some(old_trials) = old["trials"].as_array() else {
        return Ok(new);
    };
    let mut trials: Vec<Value> = old_trials
        .iter()
        .filter(|t| !new_keys.contains(&key(t)))
        .cloned()
        .collect();
    if let Some(Value::Array(ours)) = new.get_mut("trials").map(Value::take) {
        trials.extend(ours);
    }
    new["trials"] = Value::Array(trials);
    Ok(new)
}

#[cfg(test)]
mod tests {
    use super::merge_document;
    use serde_json::{json, Value};

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
        let merged = merge_document(Some(&first), doc("bench", &[("b", "b1")])).unwrap();
        assert_eq!(names(&merged), ["a1", "a2", "b1"]);
        // A trial run again replaces its own result and keeps every other (cargo-nextest
        // runs each trial in a process of its own).
        let again = merge_document(
            Some(&merged.to_string()),
            doc("bench", &[("a", "a2"), ("a", "a3")]),
        )
        .unwrap();
        assert_eq!(names(&again), ["a1", "b1", "a2", "a3"]);
    }

    #[test]
    fn another_run_kind_or_version_is_replaced_and_a_foreign_file_is_refused() {
        let test_doc = doc("test", &[("a", "a1")]).to_string();
        let merged = merge_document(Some(&test_doc), doc("bench", &[("b", "b1")])).unwrap();
        assert_eq!(names(&merged), ["b1"]);
        let mut old = doc("bench", &[("a", "a1")]);
        old["schema_version"] = 0.into();
        let merged = merge_document(Some(&old.to_string()), doc("bench", &[("b", "b1")])).unwrap();
        assert_eq!(names(&merged), ["b1"]);
        for foreign in [
            "not json",
            "[1, 2]",
            "{\"trials\": []}",
            "{\"schema_version\": 1}",
        ] {
            let e = merge_document(Some(foreign), doc("bench", &[])).unwrap_err();
            assert_eq!(e, "exists and is not a duobench JSON document");
        }
        assert_eq!(
            names(&merge_document(None, doc("bench", &[("b", "b1")])).unwrap()),
            ["b1"]
        );
    }
}
