//! The files a run writes after libtest's summary: the `--json` document and the HTML
//! report. This is an edge of the program; everything it writes is rendered by the pure
//! modules beside it, and written atomically.

use super::export::{export_value, merge_export, Export};
use super::html::{index_page, page_content, target_page};
use super::json::{to_json, RunInfo};
use super::merge::merge_document;
use super::record::Record;
use crate::analysis::doctor::Warning;
use crate::util::atomic_file::write_atomically;
use std::fs;
use std::path::{Path, PathBuf};

/// Writes the `--json` document to `path`, merged with the other bench targets' trials
/// found there (see `merge`).
///
/// # Errors
///
/// A one-line message naming the file and what went wrong.
pub fn write_json(path: &Path, records: &[Record], run: &RunInfo) -> Result<(), String> {
    let failed = |e: String| {
        format!(
            "could not write the JSON results to {}: {e}",
            path.display()
        )
    };
    let new: serde_json::Value =
        serde_json::from_str(&to_json(records, run)).map_err(|e| failed(e.to_string()))?;
    let merged = merge_document(read_existing(path).map_err(failed)?.as_deref(), new)
        .map_err(|e| failed(format!("{e}; left unchanged")))?;
    let text = serde_json::to_string_pretty(&merged).unwrap_or_default() + "\n";
    write_atomically(path, text.as_bytes()).map_err(|e| failed(e.to_string()))
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
    let existing = read_existing(path).map_err(failed)?;
    let merged = merge_export(
        export.format,
        existing.as_deref(),
        new,
        first.bench_target(),
    )
    .map_err(|e| failed(format!("{e}; left unchanged")))?;
    let text = serde_json::to_string_pretty(&merged).unwrap_or_default() + "\n";
    write_atomically(path, text.as_bytes()).map_err(|e| failed(e.to_string()))
}

/// The file's text, or `None` when there is no file yet. Only a regular file (after
/// following links) holds results to merge with: reading a FIFO or a device would block or
/// consume what another process is owed, and those are written through as they are.
pub(super) fn read_existing(path: &Path) -> Result<Option<String>, String> {
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

/// Writes the page of this run's bench target into `dir` (created if missing) and rebuilds
/// `dir/index.html` from every target page there; returns the index's path. Records of one
/// run all belong to one bench target (one binary); nothing is written without records.
///
/// # Errors
///
/// A one-line message naming the file or directory and what went wrong.
pub fn write_html(
    dir: &Path,
    records: &[Record],
    run_warnings: &[Warning],
) -> Result<Option<PathBuf>, String> {
    let Some(first) = records.first() else {
        return Ok(None);
    };
    let failed = |path: &Path, e: std::io::Error| {
        format!("could not write the HTML report to {}: {e}", path.display())
    };
    fs::create_dir_all(dir).map_err(|e| failed(dir, e))?;
    let target = first.bench_target();
    let page = dir.join(format!("{target}.html"));
    write_atomically(&page, target_page(target, records, run_warnings).as_bytes())
        .map_err(|e| failed(&page, e))?;
    let index = dir.join("index.html");
    write_atomically(&index, index_page(&target_pages(dir)).as_bytes())
        .map_err(|e| failed(&index, e))?;
    Ok(Some(index))
}

/// (file name, content) of every target page in `dir`, by file name. Files that are not
/// duobench target pages (no content markers) are left out.
fn target_pages(dir: &Path) -> Vec<(String, String)> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut pages: Vec<(String, String)> = entries
        .filter_map(Result::ok)
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|name| name.ends_with(".html") && name != "index.html")
        .filter_map(|name| {
            let text = fs::read_to_string(dir.join(&name)).ok()?;
            let content = page_content(&text)?.to_owned();
            Some((name, content))
        })
        .collect();
    pages.sort();
    pages
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::records::{diff, BELOW, TIMER};
    use crate::model::mode::Mode;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("duobench-out-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn html_pages_and_an_index_that_gathers_them() {
        let dir = scratch("html");
        assert_eq!(write_html(&dir, &[], &[]), Ok(None));
        assert!(!dir.exists(), "nothing is written without records");
        let records = [
            diff("a", 0.5, Some(BELOW), 1_000),
            diff("b", 1.0, None, 300),
        ];
        let index = write_html(&dir, &records, &[]).unwrap().unwrap();
        assert_eq!(index, dir.join("index.html"));
        // Another bench target's page, as an earlier run of it would have left it.
        let other = target_page("other_target", &records[..1], &[]);
        fs::write(dir.join("other_target.html"), other).unwrap();
        fs::write(dir.join("notes.html"), "<p>not ours</p>").unwrap();
        write_html(&dir, &records, &[]).unwrap();
        let text = fs::read_to_string(&index).unwrap();
        assert_eq!(text.matches("<section class=\"comparison\"").count(), 3);
        assert!(
            text.contains("href=\"claims.html\"") && text.contains("href=\"other_target.html\"")
        );
        assert!(!text.contains("not ours"));
        let page = fs::read_to_string(dir.join("claims.html")).unwrap();
        assert_eq!(page.matches("<section class=\"comparison\"").count(), 2);
        fs::remove_dir_all(&dir).unwrap();
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
        };
        write_json(&path, &[diff("a", 0.5, Some(BELOW), 500)], &run).unwrap();
        let doc: serde_json::Value =
            serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(doc["trials"][0]["name"], "a");
        let e = write_json(&dir.join("missing/out.json"), &[], &run).unwrap_err();
        assert!(e.starts_with("could not write the JSON results to "), "{e}");
        fs::remove_dir_all(&dir).unwrap();
    }
}
