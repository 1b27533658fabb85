//! The files a run writes after libtest's summary: the `--json` document and the HTML
//! report. This is an edge of the program; everything it writes is rendered by the pure
//! modules beside it, and written atomically.

use super::export::{export_value, merge_export, Export};
use super::owned::{check_report_owned, read_existing};
use crate::analysis::Warning;
use crate::report::html::{index_page, page_content, target_page};
use crate::report::Record;
use crate::report::{merge_document, Scope};
use crate::report::{to_json, RunInfo};
use crate::util::lock_output;
use crate::util::write_atomically;
use std::fs;
use std::path::{Path, PathBuf};

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
    let merged = merge_document(read_existing(path).map_err(failed)?.as_deref(), new, scope)
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
    let _lock = lock_output(path).map_err(|e| failed(e.to_string()))?;
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

/// Writes the page of this run's bench target into `dir` (created if missing) and rebuilds
/// `dir/index.html` from every target page there; returns the index's path. Records of one
/// run all belong to one bench target (one binary); nothing is written without records, and
/// nothing at all when `dir` holds an `index.html` duobench did not write.
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
    check_report_owned(dir).map_err(|e| format!("could not write the HTML report: {e}"))?;
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
    use crate::model::Mode;

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
                    let run = RunInfo {
                        mode: Mode::Bench,
                        timer: TIMER,
                        meta: crate::fixture::records::run_meta(),
                        doctor: Vec::new(),
                    };
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

    #[test]
    fn a_report_directory_with_a_foreign_index_is_left_alone() {
        let dir = scratch("foreign-index");
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join("index.html"), "<h1>mine</h1>").unwrap();
        let e = write_html(&dir, &[diff("a", 0.5, Some(BELOW), 500)], &[]).unwrap_err();
        assert!(e.contains("was not written by duobench"), "{e}");
        assert_eq!(
            fs::read_to_string(dir.join("index.html")).unwrap(),
            "<h1>mine</h1>"
        );
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
        fs::remove_dir_all(&dir).unwrap();
    }
}
