//! Whether a file the run will write is ours to replace, decided before anything is
//! measured (and again when writing, for what changed in between): a document of another
//! kind or another program is refused, so that an hour of measuring never ends in "exists
//! and is not a duobench JSON document" with the results lost. An empty file is ours (what
//! `mktemp` gives).

use super::export::{merge_export, Export, ExportFormat};
use super::markdown::merge_markdown;
use crate::model::Mode;
use crate::report::SCHEMA_VERSION;
use crate::report::{merge_document, Scope};
use serde_json::{json, Value};
use std::fs;
use std::path::Path;

/// The file's text, or `None` when there is no file yet. Only a regular file (after
/// following links) holds results to merge with: reading a FIFO or a device would block or
/// consume what another process is owed, and those are written through as they are.
///
/// # Errors
///
/// The system's reason the file cannot be read.
pub fn read_existing(path: &Path) -> Result<Option<String>, String> {
    match fs::metadata(path) {
        Ok(meta) if !meta.is_file() => return Ok(None),
        _ => {}
    }
    match fs::read_to_string(path) {
        Ok(text) => Ok(Some(text)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e.to_string()),
    }
}

/// Checks that a `--json` document of `mode` may be written to `path`.
///
/// # Errors
///
/// Why not, without the path (the caller names it).
pub fn check_json_owned(path: &Path, mode: Mode) -> Result<(), String> {
    let mode = match mode {
        Mode::Test => "test",
        Mode::Bench => "bench",
    };
    let probe = json!({ "schema_version": SCHEMA_VERSION, "mode": mode, "trials": [] });
    merge_document(
        read_existing(path)?.as_deref(),
        probe,
        Scope::SameNames,
        None,
    )
    .map(drop)
}

/// Checks that `export` may be written to its file.
///
/// # Errors
///
/// Why not, without the path.
pub fn check_export_owned(export: &Export) -> Result<(), String> {
    let existing = read_existing(&export.path)?;
    let empty = match export.format {
        ExportFormat::Bmf => Value::Object(serde_json::Map::new()),
        ExportFormat::Github => Value::Array(Vec::new()),
        ExportFormat::Markdown => {
            let doc = json!({ "trials": [] });
            return merge_markdown(existing.as_deref(), &doc, "duobench").map(drop);
        }
    };
    merge_export(export.format, existing.as_deref(), empty, "").map(drop)
}

/// Checks that the report may rebuild `dir/index.html`: missing, empty, or one duobench
/// wrote.
///
/// # Errors
///
/// Why not, naming the file.
pub fn check_report_owned(dir: &Path) -> Result<(), String> {
    let index = dir.join("index.html");
    match read_existing(&index)? {
        Some(text) if !text.trim().is_empty() && !is_our_index(&text) => Err(format!(
            "{} exists and was not written by duobench (name another directory with \
             --report-dir)",
            index.display()
        )),
        _ => Ok(()),
    }
}

/// Title of the report's index page: what marks an `index.html` as duobench's.
pub const INDEX_TITLE: &str = "duobench report";

fn is_our_index(text: &str) -> bool {
    text.contains(&format!("<title>{INDEX_TITLE}</title>"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::scratch::scratch_dir;

    #[test]
    fn foreign_files_are_refused_and_empty_or_missing_ones_are_ours() {
        let dir = scratch_dir("owned-files");
        let file = dir.join("out.json");
        check_json_owned(&file, Mode::Bench).unwrap();
        fs::write(&file, "").unwrap();
        check_json_owned(&file, Mode::Bench).unwrap();
        let export = Export {
            format: ExportFormat::Bmf,
            path: file.clone(),
        };
        check_export_owned(&export).unwrap();
        fs::write(&file, "{\"x\":1}").unwrap();
        let e = check_json_owned(&file, Mode::Bench).unwrap_err();
        assert_eq!(e, "exists and is not a duobench JSON document");
        assert!(check_export_owned(&export).is_err());
        fs::write(
            &file,
            "{\"schema_version\": 1, \"mode\": \"bench\", \"trials\": []}",
        )
        .unwrap();
        check_json_owned(&file, Mode::Bench).unwrap();
        let e = check_json_owned(&file, Mode::Test).unwrap_err();
        assert!(e.contains("`cargo bench` results"), "{e}");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_report_directory_with_someone_elses_index_is_refused() {
        let dir = scratch_dir("owned-report");
        check_report_owned(&dir).unwrap();
        fs::write(dir.join("index.html"), "<h1>my site</h1>").unwrap();
        let e = check_report_owned(&dir).unwrap_err();
        assert!(
            e.ends_with("was not written by duobench (name another directory with --report-dir)"),
            "{e}"
        );
        let ours = format!("<html><head><title>{INDEX_TITLE}</title></head></html>");
        fs::write(dir.join("index.html"), ours).unwrap();
        check_report_owned(&dir).unwrap();
        fs::remove_dir_all(&dir).unwrap();
    }
}
