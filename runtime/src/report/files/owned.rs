//! Whether the files a run will write are ours to replace, decided before anything is
//! measured (and again when writing, for what changed in between), by the one rule of
//! `util::write_owned`: so that an hour of measuring never ends in "exists and is not a
//! duobench JSON document" with the results lost. Here is what the rule needs to know of
//! each output: which files a report directory's run writes, and that a `cargo test` run
//! never replaces `cargo bench` results.

use super::export::Export;
use crate::model::Mode;
use crate::report::SCHEMA_VERSION;
use crate::report::{merge_document, Scope};
use crate::util::{check_owned, read_owned, FileKind};
use serde_json::json;
use std::path::Path;

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
    let existing = read_owned(path, FileKind::JsonDocument)?;
    merge_document(existing.as_deref(), probe, Scope::SameNames, None).map(drop)
}

/// Checks that `export` may be written to its file.
///
/// # Errors
///
/// Why not, without the path.
pub fn check_export_owned(export: &Export) -> Result<(), String> {
    check_owned(&export.path, export.format.file_kind())
}

/// Checks that the report may write the page of bench target `target` (when known) into
/// `dir` and rebuild `dir/index.html`: each missing, empty, or a page duobench wrote.
///
/// # Errors
///
/// Why not, naming the file.
pub fn check_report_owned(dir: &Path, target: Option<&str>) -> Result<(), String> {
    let pages = target
        .map(|target| format!("{target}.html"))
        .into_iter()
        .chain(["index.html".to_owned()]);
    for name in pages {
        let page = dir.join(name);
        check_owned(&page, FileKind::Html).map_err(|e| format!("{}: {e}", page.display()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::scratch::scratch_dir;
    use crate::model::ExportFormat;
    use crate::util::HTML_MARK;
    use std::fs;

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
        assert!(
            e.starts_with("it exists and is not a duobench JSON document, so it was left"),
            "{e}"
        );
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
    fn a_report_directory_with_someone_elses_index_or_target_page_is_refused() {
        let dir = scratch_dir("owned-report");
        check_report_owned(&dir, Some("claims")).unwrap();
        let ours = format!("<html><head>{HTML_MARK}</head></html>");
        for page in ["index.html", "claims.html"] {
            fs::write(dir.join(page), "<h1>my site</h1>").unwrap();
            let e = check_report_owned(&dir, Some("claims")).unwrap_err();
            assert!(
                e.contains(&format!("{page}: it exists and is not an HTML page")),
                "{e}"
            );
            assert!(e.contains("the report's directory is --report DIR"), "{e}");
            fs::write(dir.join(page), &ours).unwrap();
        }
        check_report_owned(&dir, Some("claims")).unwrap();
        // Another page in the directory is not one this run writes.
        fs::write(dir.join("other.html"), "<h1>mine</h1>").unwrap();
        check_report_owned(&dir, Some("claims")).unwrap();
        assert!(check_report_owned(&dir, Some("other")).is_err());
        fs::remove_dir_all(&dir).unwrap();
    }
}
