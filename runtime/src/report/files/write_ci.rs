//! The files a run writes for CI besides `--json`: `--export markdown FILE`, and under
//! GitHub Actions the job summary. Both are rendered from the `--json` document by
//! `report::markdown`.

use super::markdown::merge_markdown;
use super::owned::read_existing;
use crate::util::write_atomically;
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
    let existing = read_existing(path).map_err(failed)?;
    let table = merge_markdown(existing.as_deref(), doc, "duobench")
        .map_err(|e| failed(format!("{e}; left unchanged")))?;
    write_atomically(path, table.as_bytes()).map_err(|e| failed(e.to_string()))
}

/// Appends `table` to the job summary file GitHub Actions names in `GITHUB_STEP_SUMMARY`:
/// the runner creates it for each step and shows what the step appended.
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
