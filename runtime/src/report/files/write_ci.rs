//! The files a run writes for CI besides `--json`: `--export markdown FILE`, and under
//! GitHub Actions the job summary. Both are rendered from the `--json` document by
//! `report::markdown`.

use super::markdown::merge_markdown;
use crate::util::{write_owned, FileKind};
use serde_json::Value;
use std::io::Write;
use std::path::Path;

/// Writes the markdown table of `doc` to `path`, merged with the table found there (other
/// bench targets of the same `cargo bench`). Nothing is written without trials.
///
/// # Errors
///
/// A one-line message naming the file and what went wrong.
pub fn write_markdown(path: &Path, doc: &Value) -> Result<(), String> {
    if doc["trials"].as_array().is_none_or(Vec::is_empty) {
        return Ok(());
    }
    let failed = |e: String| format!("could not write the markdown to {}: {e}", path.display());
    write_owned(path, FileKind::Markdown, |existing| {
        Ok(merge_markdown(existing, doc, "duobench").into_bytes())
    })
    .map_err(failed)
}

/// Appends `table` to the job summary file GitHub Actions names in `GITHUB_STEP_SUMMARY`:
/// the runner creates it for each step and shows what the step appended. The one file
/// duobench writes without `util::write_owned`: it is the runner's, made for steps to append
/// to, and appending replaces nothing that is there.
///
/// # Errors
///
/// A one-line message naming the file and what went wrong.
pub fn append_step_summary(path: &Path, table: &str) -> Result<(), String> {
    std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)
        .and_then(|mut file| writeln!(file, "{table}"))
        .map_err(|e| {
            format!(
                "could not append to the job summary {}: {e}",
                path.display()
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::records::{diff, BELOW};
    use crate::fixture::scratch::scratch_dir;
    use crate::report::to_json;
    use std::fs;

    #[test]
    fn the_markdown_export_replaces_its_own_table_and_leaves_notes_byte_for_byte() {
        let dir = scratch_dir("markdown-export");
        let run = crate::fixture::records::bench_run_info();
        let doc: Value =
            serde_json::from_str(&to_json(&[diff("a", 0.5, Some(BELOW), 500)], &run)).unwrap();
        let notes = dir.join("notes.md");
        let theirs = "### duobench\n\n1 trials: 0 refuted, 0 inconclusive\n\nmy notes\n";
        fs::write(&notes, theirs).unwrap();
        let e = write_markdown(&notes, &doc).unwrap_err();
        assert!(
            e.contains("is not a markdown table written by duobench"),
            "{e}"
        );
        assert!(e.contains(&notes.display().to_string()), "{e}");
        assert_eq!(fs::read_to_string(&notes).unwrap(), theirs);
        let table = dir.join("table.md");
        write_markdown(&table, &doc).unwrap();
        write_markdown(&table, &doc).unwrap();
        assert!(fs::read_to_string(&table)
            .unwrap()
            .contains("| `claims::a` |"));
        fs::remove_dir_all(&dir).unwrap();
    }
}
