//! `cargo duobench merge SHARD.json... --json OUT [--markdown FILE] [--html FILE]`: the
//! `--json` documents of a suite split across CI jobs (`cargo nextest run --partition
//! count:K/N`, one `DUOBENCH_JSON` file per job) joined into one document, its markdown
//! table and an HTML page of it.
//!
//! Shards hold different trials; one trial in two shards means they overlap (the same
//! partition run twice, or a file from another run), which is an error rather than a
//! silent choice of one result. A shard whose run did not finish (its document lists
//! `unfinished_targets`: an interrupt or a kill cut it short) is merged, named, and fails
//! the merge: its trials are only those measured before it stopped.

use crate::args::MergeArgs;
use duobench::result::document::{check_owned, document_page, markdown_file};
use duobench::result::document::{write_owned, FileKind};
use serde_json::Value;
use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use std::process::ExitCode;

/// Reads the shards, joins them and writes the results.
pub fn merge(args: &MergeArgs) -> Result<ExitCode, String> {
    let mut shards = Vec::with_capacity(args.shards.len());
    for path in &args.shards {
        let text = fs::read_to_string(path)
            .map_err(|e| format!("cannot read shard {}: {e}", path.display()))?;
        shards.push((path.as_path(), text));
    }
    let merged = merge_shards(&shards)?;
    let text = serde_json::to_string_pretty(&merged).unwrap_or_default() + "\n";
    let outputs = [
        Some((args.json.as_path(), FileKind::JsonDocument, text)),
        args.markdown
            .as_deref()
            .map(|path| (path, FileKind::Markdown, markdown_file(&merged, "duobench"))),
        args.html.as_deref().map(|path| {
            let page = document_page(&merged, "duobench report (merged shards)");
            (path, FileKind::Html, page)
        }),
    ];
    let outputs: Vec<_> = outputs.into_iter().flatten().collect();
    // Every output is checked before any is written: a merge that cannot write one of them
    // writes none, so that no half of its outputs stands for the whole.
    for (path, kind, _) in &outputs {
        check_owned(path, *kind).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    for (path, kind, text) in outputs {
        write_owned(path, kind, |_| Ok(text.into_bytes()))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    let trials = merged["trials"].as_array().map_or(0, Vec::len);
    eprintln!(
        "duobench: merged {} shards, {trials} trials, into {}",
        shards.len(),
        args.json.display()
    );
    let cut_short = unfinished_shards(&shards);
    for (path, targets) in &cut_short {
        let exited = shards
            .iter()
            .find(|(shard, _)| shard == path)
            .and_then(|(_, text)| serde_json::from_str::<Value>(text).ok())
            .map(|doc| doc["exited_in"].clone())
            .unwrap_or_default();
        let how = |target: &str| match exited[target].as_str() {
            Some(trial) => format!(
                "`{target}` (its process exited inside trial `{trial}`: a call of \
                 `std::process::exit`)"
            ),
            None => format!("`{target}` (interrupted or killed)"),
        };
        eprintln!(
            "error: shard {} did not finish bench target{} {}: its trials are only those \
             measured before it stopped",
            path.display(),
            if targets.len() == 1 { "" } else { "s" },
            targets
                .iter()
                .map(|t| how(t))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    Ok(if cut_short.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// The shards whose document marks bench targets as unfinished, with those targets.
fn unfinished_shards<'a>(shards: &[(&'a Path, String)]) -> Vec<(&'a Path, Vec<String>)> {
    shards
        .iter()
        .filter_map(|(path, text)| {
            let doc: Value = serde_json::from_str(text).ok()?;
            let targets: Vec<String> = doc["unfinished_targets"]
                .as_array()?
                .iter()
                .filter_map(|t| t.as_str().map(str::to_owned))
                .collect();
            (!targets.is_empty()).then_some((*path, targets))
        })
        .collect()
}

/// Joins the documents `(path, text)`: the first shard's run facts, every shard's trials,
/// sorted by bench target and name so that the order does not depend on how the suite
/// was split.
///
/// # Errors
///
/// A shard that is not a duobench document, shards of different schema versions or modes,
/// or a trial in two shards: one line naming the files.
pub fn merge_shards(shards: &[(&Path, String)]) -> Result<Value, String> {
    let mut merged: Option<Value> = None;
    let mut trials: BTreeMap<(String, String), (&Path, Value)> = BTreeMap::new();
    for (path, text) in shards {
        let doc: Value = serde_json::from_str(text)
            .ok()
            .filter(|d: &Value| d.get("schema_version").is_some() && d["trials"].is_array())
            .ok_or_else(|| format!("{} is not a duobench JSON document", path.display()))?;
        if let Some(first) = &merged {
            for field in ["schema_version", "mode"] {
                if first[field] != doc[field] {
                    return Err(format!(
                        "{} has {field} {} where the first shard has {}: shards of one run \
                         share them",
                        path.display(),
                        doc[field],
                        first[field]
                    ));
                }
            }
        }
        for trial in doc["trials"].as_array().into_iter().flatten() {
            let key = (
                trial["bench_target"]
                    .as_str()
                    .unwrap_or_default()
                    .to_owned(),
                trial["name"].as_str().unwrap_or_default().to_owned(),
            );
            if let Some((other, _)) = trials.get(&key) {
                return Err(format!(
                    "trial `{}::{}` is in both {} and {}: the shards overlap",
                    key.0,
                    key.1,
                    other.display(),
                    path.display()
                ));
            }
            trials.insert(key, (path, trial.clone()));
        }
        merged.get_or_insert(doc);
    }
    let mut merged = merged.ok_or("no shards to merge")?;
    merged["trials"] = Value::Array(trials.into_values().map(|(_, t)| t).collect());
    let unfinished: Vec<Value> = unfinished_shards(shards)
        .into_iter()
        .flat_map(|(_, targets)| targets)
        .map(Value::String)
        .collect();
    merged["unfinished_targets"] = Value::Array(unfinished);
    let exited: serde_json::Map<String, Value> = shards
        .iter()
        .filter_map(|(_, text)| serde_json::from_str::<Value>(text).ok())
        .filter_map(|doc| doc["exited_in"].as_object().cloned())
        .flatten()
        .collect();
    if let Some(doc) = merged.as_object_mut() {
        doc.remove("exited_in");
        if !exited.is_empty() {
            doc.insert("exited_in".to_owned(), Value::Object(exited));
        }
    }
    Ok(merged)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn doc(mode: &str, trials: &[&str]) -> String {
        let trials: Vec<Value> = trials
            .iter()
            .map(|name| json!({ "bench_target": "t", "name": name, "verdict": "pass" }))
            .collect();
        json!({ "schema_version": 3, "mode": mode, "trials": trials }).to_string()
    }

    #[test]
    fn shards_join_in_name_order_and_may_not_overlap() {
        let (a, b) = (Path::new("a.json"), Path::new("b.json"));
        let merged =
            merge_shards(&[(a, doc("bench", &["z", "b"])), (b, doc("bench", &["a"]))]).unwrap();
        let names: Vec<&str> = merged["trials"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap())
            .collect();
        assert_eq!(names, ["a", "b", "z"]);
        let e = merge_shards(&[(a, doc("bench", &["x"])), (b, doc("bench", &["x"]))]).unwrap_err();
        assert_eq!(
            e,
            "trial `t::x` is in both a.json and b.json: the shards overlap"
        );
        let e = merge_shards(&[(a, doc("bench", &[])), (b, doc("test", &[]))]).unwrap_err();
        assert!(e.starts_with("b.json has mode \"test\""), "{e}");
        let e = merge_shards(&[(a, "[]".to_owned())]).unwrap_err();
        assert_eq!(e, "a.json is not a duobench JSON document");
    }

    #[test]
    fn a_shard_that_did_not_finish_is_named_and_marked() {
        let (a, b) = (Path::new("a.json"), Path::new("b.json"));
        let mut cut: Value = serde_json::from_str(&doc("bench", &["y"])).unwrap();
        cut["unfinished_targets"] = json!(["t"]);
        cut["exited_in"] = json!({ "t": "z" });
        let shards = [(a, doc("bench", &["x"])), (b, cut.to_string())];
        let merged = merge_shards(&shards).unwrap();
        assert_eq!(merged["unfinished_targets"], json!(["t"]));
        assert_eq!(merged["exited_in"], json!({ "t": "z" }));
        assert_eq!(unfinished_shards(&shards), [(b, vec!["t".to_owned()])]);
        // Control: finished shards leave nothing marked.
        let whole = [(a, doc("bench", &["x"])), (b, doc("bench", &["y"]))];
        assert_eq!(
            merge_shards(&whole).unwrap()["unfinished_targets"],
            json!([])
        );
        assert!(unfinished_shards(&whole).is_empty());
        assert_eq!(merge_shards(&whole).unwrap().get("exited_in"), None);
    }
}
