//! The HTML report's files (feature `html`): this run's target page and the index rebuilt
//! from every page in the directory, written through `util::write_owned`: atomically, and only
//! over pages duobench wrote (rendering is `report::html`'s).

use super::owned::check_report_owned;
use crate::analysis::Warning;
use crate::report::html::{index_page, page_content, target_page};
use crate::report::Record;
use crate::util::{write_owned, FileKind};
use std::fs;
use std::path::{Path, PathBuf};

/// Writes the page of this run's bench target into `dir` (created if missing) and rebuilds
/// `dir/index.html` from every target page there; returns the index's path. Records of one
/// run all belong to one bench target (one binary); nothing is written without records, and
/// nothing at all when the target's page or `index.html` in `dir` is a file duobench did not
/// write.
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
    let failed = |path: &Path, e: String| {
        format!("could not write the HTML report to {}: {e}", path.display())
    };
    fs::create_dir_all(dir).map_err(|e| failed(dir, e.to_string()))?;
    let target = first.bench_target();
    check_report_owned(dir, Some(target))
        .map_err(|e| format!("could not write the HTML report: {e}"))?;
    let page = dir.join(format!("{target}.html"));
    write_owned(&page, FileKind::Html, |_| {
        Ok(target_page(target, records, run_warnings).into_bytes())
    })
    .map_err(|e| failed(&page, e))?;
    let index = dir.join("index.html");
    write_owned(&index, FileKind::Html, |_| {
        Ok(index_page(&target_pages(dir)).into_bytes())
    })
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
    use crate::fixture::records::{diff, BELOW};
    use crate::fixture::scratch::scratch_dir;

    /// A directory that does not exist yet, inside a fresh scratch directory.
    fn scratch(name: &str) -> PathBuf {
        scratch_dir(&format!("html-{name}")).join("report")
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
        assert_eq!(
            fs::read_to_string(dir.join("notes.html")).unwrap(),
            "<p>not ours</p>",
            "a page of someone else's in the directory is left as it is"
        );
        let page = fs::read_to_string(dir.join("claims.html")).unwrap();
        assert_eq!(page.matches("<section class=\"comparison\"").count(), 2);
        fs::remove_dir_all(dir.parent().unwrap()).unwrap();
    }

    #[test]
    fn a_foreign_page_named_as_the_targets_is_left_alone() {
        let dir = scratch("foreign-page");
        fs::create_dir_all(&dir).unwrap();
        let records = [diff("a", 0.5, Some(BELOW), 500)];
        let target = records[0].bench_target();
        let page = dir.join(format!("{target}.html"));
        fs::write(&page, "<h1>mine</h1>").unwrap();
        let e = write_html(&dir, &records, &[]).unwrap_err();
        assert!(
            e.contains(&format!("{}: it exists and is not", page.display())),
            "{e}"
        );
        assert_eq!(fs::read_to_string(&page).unwrap(), "<h1>mine</h1>");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1, "no index either");
        // Pages this module wrote are its own to replace.
        fs::remove_file(&page).unwrap();
        write_html(&dir, &records, &[]).unwrap();
        write_html(&dir, &records, &[]).unwrap();
        fs::remove_dir_all(dir.parent().unwrap()).unwrap();
    }

    #[test]
    fn a_report_directory_with_a_foreign_index_is_left_alone() {
        let dir = scratch("foreign-index");
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join("index.html"), "<h1>mine</h1>").unwrap();
        let e = write_html(&dir, &[diff("a", 0.5, Some(BELOW), 500)], &[]).unwrap_err();
        assert!(
            e.contains("index.html: it exists and is not an HTML page"),
            "{e}"
        );
        assert_eq!(
            fs::read_to_string(dir.join("index.html")).unwrap(),
            "<h1>mine</h1>"
        );
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
        fs::remove_dir_all(dir.parent().unwrap()).unwrap();
    }
}
