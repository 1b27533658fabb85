//! The files a run writes after libtest's summary: the `--json` document and the exports
//! (the HTML report is `write_html`). This is an edge of the program; everything it writes is
//! rendered by the pure modules beside it, and written through `util::write_owned`: only over
//! a file that is ours, atomically.

use super::export::{export_value, merge_export, Export};
use crate::report::Record;
use crate::report::{merge_document, Scope};
use crate::report::{to_json, RunInfo};
use crate::util::lock_output;
use crate::util::{write_owned, FileKind};
use std::path::Path;

/// Writes the `--json` document to `path`, merged with the trials found there that `scope`
/// does not replace (see `merge`), holding the directory's lock from reading to renaming so
/// that a concurrent writer's trials are not lost.
///
/// # Errors
///
/// A one-line message naming the file and what went wrong.
pub fn write_json(
    path: &Path,
    records: &[Record],
    run: &RunInfo,
    scope: Scope,
) -> Result<(), String> {
    let failed = |e: String| {
        format!(
            "could not write the JSON results to {}: {e}",
            path.display()
        )
    };
    let new: serde_json::Value =
        serde_json::from_str(&to_json(records, run)).map_err(|e| failed(e.to_string()))?;
    let _lock = lock_output(path).map_err(|e| failed(e.to_string()))?;
    let target = records
        .first()
        .map(Record::bench_target)
        .or(run.unfinished.as_deref());
    write_owned(path, FileKind::JsonDocument, |existing| {
        let merged = merge_document(existing, new, scope, target)
            .map_err(|e| format!("{e}; left unchanged"))?;
        Ok(pretty(&merged))
    })
    .map_err(failed)
}

/// Writes `--export FORMAT FILE`, merged with the other bench targets' entries found there.
/// Nothing is written without records (a target whose trials were all filtered out).
///
/// # Errors
///
/// A one-line message naming the file and what went wrong.
pub fn write_export(export: &Export, records: &[Record]) -> Result<(), String> {
    let Some(first) = records.first() else {
        return Ok(());
    };
    let path = &export.path;
    let failed = |e: String| format!("could not write the export to {}: {e}", path.display());
    let new = export_value(export.format, records);
    let _lock = lock_output(path).map_err(|e| failed(e.to_string()))?;
    write_owned(path, export.format.file_kind(), |existing| {
        let merged = merge_export(export.format, existing, new, first.bench_target())
            .map_err(|e| format!("{e}; left unchanged"))?;
        Ok(pretty(&merged))
    })
    .map_err(failed)
}

/// A JSON file's text: pretty, ending in a newline.
fn pretty(value: &serde_json::Value) -> Vec<u8> {
    (serde_json::to_string_pretty(value).unwrap_or_default() + "\n").into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::records::{diff, BELOW, TIMER};
    use crate::model::Mode;
    use std::fs;
    use std::path::PathBuf;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("duobench-out-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn json_is_written_whole() {
        let dir = scratch("json");
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("out.json");
        let run = RunInfo {
            mode: Mode::Test,
            timer: TIMER,
            meta: crate::fixture::records::run_meta(),
            doctor: Vec::new(),
            unfinished: None,
            exited_inside: None,
        };
        write_json(
            &path,
            &[diff("a", 0.5, Some(BELOW), 500)],
            &run,
            Scope::WholeTarget,
        )
        .unwrap();
        let doc: serde_json::Value =
            serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(doc["trials"][0]["name"], "a");
        let e =
            write_json(&dir.join("missing/out.json"), &[], &run, Scope::WholeTarget).unwrap_err();
        assert!(e.starts_with("could not write the JSON results to "), "{e}");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn someone_elses_file_is_left_byte_for_byte_by_every_writer_here() {
        use super::super::export::ExportFormat;
        let dir = scratch("foreign");
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("theirs.json");
        let records = [diff("a", 0.5, Some(BELOW), 500)];
        let run = crate::fixture::records::bench_run_info();
        for theirs in ["{\"mine\": 1}", "[1, 2]", "notes\n"] {
            fs::write(&path, theirs).unwrap();
            let e = write_json(&path, &records, &run, Scope::WholeTarget).unwrap_err();
            assert!(e.contains("is not a duobench JSON document"), "{e}");
            assert!(e.contains(&path.display().to_string()), "{e}");
            for format in [ExportFormat::Bmf, ExportFormat::Github] {
                let export = Export {
                    format,
                    path: path.clone(),
                };
                let e = write_export(&export, &records).unwrap_err();
                assert!(
                    e.contains(&format!("is not {}", format.file_kind().what())),
                    "{e}"
                );
            }
            assert_eq!(fs::read_to_string(&path).unwrap(), theirs);
        }
        // What each writes, it takes for its own the next time.
        for format in [ExportFormat::Bmf, ExportFormat::Github] {
            let path = dir.join(format!("{format:?}.json"));
            let export = Export { format, path };
            write_export(&export, &records).unwrap();
            write_export(&export, &records).unwrap();
        }
        write_json(&dir.join("doc.json"), &records, &run, Scope::WholeTarget).unwrap();
        write_json(&dir.join("doc.json"), &records, &run, Scope::WholeTarget).unwrap();
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn concurrent_writers_of_one_file_lose_no_targets_trials() {
        const TARGETS: [&str; 6] = ["t0", "t1", "t2", "t3", "t4", "t5"];
        let dir = scratch("concurrent");
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("out.json");
        let threads: Vec<_> = TARGETS
            .iter()
            .map(|&target| {
                let path = path.clone();
                std::thread::spawn(move || {
                    let mut rec = crate::fixture::records::record("a", 0.5, Some(BELOW), 500);
                    rec.bench_target = target;
                    let run = crate::fixture::records::bench_run_info();
                    for _ in 0..10 {
                        let records = [Record::Diff(Box::new(rec.clone()))];
                        write_json(&path, &records, &run, Scope::WholeTarget).unwrap();
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        let doc: serde_json::Value =
            serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
        let mut found: Vec<&str> = doc["trials"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["bench_target"].as_str().unwrap())
            .collect();
        found.sort_unstable();
        assert_eq!(found, TARGETS);
        fs::remove_dir_all(&dir).unwrap();
    }
}
