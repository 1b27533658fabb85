//! The HTML report's files (feature `html`): this run's target page and the index rebuilt
//! from every page in the directory, written through `util::write_owned`: atomically, and only
//! over pages duobench wrote (rendering is `report::html`'s).

use super::owned::check_report_owned;
use crate::analysis::Warning;
use crate::report::html::{index_page, merged_target_page, page_content};
use crate::report::{rfc3339_utc, Record, Scope};
use crate::util::{write_owned, FileKind};
use std::fs;
use std::path::{Path, PathBuf};

/// Writes the page of this run's bench target into `dir` (created if missing) and rebuilds
/// `dir/index.html` from every target page there; returns the index's path. Records of one
/// run all belong to one bench target (one binary); nothing is written without records, and
/// nothing at all when the target's page or `index.html` in `dir` is a file duobench did not
/// write. A run a filter narrowed (`Scope::SameNames`) replaces only its own trials on the
/// target's page and keeps the others, each saying when it was measured; an unfiltered run
/// replaces the page whole, so removed and renamed trials do not linger.
///
/// # Errors
///
/// A one-line message naming the file or directory and what went wrong.
pub fn write_html(
    dir: &Path,
    records: &[Record],
    run_warnings: &[Warning],
    scope: Scope,
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
    let now = rfc3339_utc(std::time::SystemTime::now());
    // The page's own text, read under the same rule that lets it be replaced: only a page
    // duobench wrote lends its earlier trials to this one.
    write_owned(&page, FileKind::Html, |earlier| {
        let earlier = match scope {
            Scope::SameNames => earlier,
            Scope::WholeTarget => None,
        };
        Ok(merged_target_page(target, records, run_warnings, earlier, &now).into_bytes())
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
    use crate::report::html::target_page;

    /// A directory that does not exist yet, inside a fresh scratch directory.
    fn scratch(name: &str) -> PathBuf {
        scratch_dir(&format!("html-{name}")).join("report")
    }

    #[test]
    fn html_pages_and_an_index_that_gathers_them() {
        let dir = scratch("html");
        assert_eq!(write_html(&dir, &[], &[], Scope::WholeTarget), Ok(None));
        assert!(!dir.exists(), "nothing is written without records");
        let records = [
            diff("a", 0.5, Some(BELOW), 1_000),
            diff("b", 1.0, None, 300),
        ];
        let index = write_html(&dir, &records, &[], Scope::WholeTarget)
            .unwrap()
            .unwrap();
        assert_eq!(index, dir.join("index.html"));
        // Another bench target's page, as an earlier run of it would have left it.
        let other = target_page("other_target", &records[..1], &[]);
        fs::write(dir.join("other_target.html"), other).unwrap();
        fs::write(dir.join("notes.html"), "<p>not ours</p>").unwrap();
        write_html(&dir, &records, &[], Scope::WholeTarget).unwrap();
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
        let e = write_html(&dir, &records, &[], Scope::WholeTarget).unwrap_err();
        assert!(
            e.contains(&format!("{}: it exists and is not", page.display())),
            "{e}"
        );
        assert_eq!(fs::read_to_string(&page).unwrap(), "<h1>mine</h1>");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1, "no index either");
        // Pages this module wrote are its own to replace.
        fs::remove_file(&page).unwrap();
        write_html(&dir, &records, &[], Scope::WholeTarget).unwrap();
        write_html(&dir, &records, &[], Scope::WholeTarget).unwrap();
        fs::remove_dir_all(dir.parent().unwrap()).unwrap();
    }

    #[test]
    fn a_filtered_run_keeps_the_trials_it_did_not_run_and_an_unfiltered_one_replaces_them() {
        let dir = scratch("filtered");
        let full = [
            diff("sum_a", 0.5, Some(BELOW), 1_000),
            diff("sum_b", 1.0, None, 300),
            diff("sum_c", 2.0, None, 300),
        ];
        write_html(&dir, &full, &[], Scope::WholeTarget).unwrap();
        let page = || fs::read_to_string(dir.join("claims.html")).unwrap();
        let index = || fs::read_to_string(dir.join("index.html")).unwrap();
        let sections = |text: &str| text.matches("<section class=\"comparison\"").count();
        // `cargo bench -- --exact sum_a`: sum_a again, measured anew, and the other two kept,
        // each saying it was measured earlier.
        let filtered = [diff("sum_a", 0.5, Some(BELOW), 2_000)];
        write_html(&dir, &filtered, &[], Scope::SameNames).unwrap();
        assert_eq!(sections(&page()), 3, "{}", page());
        assert_eq!(sections(&index()), 3);
        assert_eq!(page().matches("<p class=\"earlier\">Measured ").count(), 2);
        assert_eq!(
            page().matches("<span class=\"earlier\">measured ").count(),
            2
        );
        let order: Vec<usize> = ["sum_a", "sum_b", "sum_c"]
            .iter()
            .map(|name| page().find(&format!(">{name}</a>")).unwrap())
            .collect();
        assert!(order.is_sorted(), "the full run's order is kept: {order:?}");
        // The control: the same run unfiltered replaces the page whole.
        write_html(&dir, &filtered, &[], Scope::WholeTarget).unwrap();
        assert_eq!(sections(&page()), 1);
        assert!(!page().contains("class=\"earlier\""));
        fs::remove_dir_all(dir.parent().unwrap()).unwrap();
    }

    #[test]
    fn a_report_directory_with_a_foreign_index_is_left_alone() {
        let dir = scratch("foreign-index");
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join("index.html"), "<h1>mine</h1>").unwrap();
        let records = [diff("a", 0.5, Some(BELOW), 500)];
        let e = write_html(&dir, &records, &[], Scope::WholeTarget).unwrap_err();
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
