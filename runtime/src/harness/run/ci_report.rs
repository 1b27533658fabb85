//! What a run tells CI after the trials: `--export markdown FILE`, and under GitHub Actions
//! (`GITHUB_ACTIONS=true`) a table appended to the job summary (`$GITHUB_STEP_SUMMARY`) and
//! an `::error` annotation at the annotated function of each refuted claim.

use crate::harness::trial_specs;
use crate::model::bench_target;
use crate::model::{Export, ExportFormat};
use crate::report::annotations;
use crate::report::markdown_table;
use crate::report::Record;
use crate::report::{append_step_summary, write_markdown};
use crate::report::{to_json, RunInfo};
use std::path::PathBuf;

/// Where GitHub Actions wants the job summary, when this run is one of its steps.
fn step_summary(env: impl Fn(&str) -> Option<String>) -> Option<Option<PathBuf>> {
    (env("GITHUB_ACTIONS").as_deref() == Some("true")).then(|| {
        env("GITHUB_STEP_SUMMARY")
            .filter(|p| !p.is_empty())
            .map(PathBuf::from)
    })
}

/// Writes the markdown exports among `exports` and, under GitHub Actions, the job summary
/// and annotations. Returns the one-line errors of what could not be written.
pub fn write_ci_report(exports: &[Export], records: &[Record], run: &RunInfo) -> Vec<String> {
    let markdown: Vec<&Export> = exports
        .iter()
        .filter(|e| e.format == ExportFormat::Markdown)
        .collect();
    let github = step_summary(|name| std::env::var(name).ok());
    if records.is_empty() || (markdown.is_empty() && github.is_none()) {
        return Vec::new();
    }
    let doc: serde_json::Value = match serde_json::from_str(&to_json(records, run)) {
        Ok(doc) => doc,
        Err(e) => return vec![format!("could not render the results for CI: {e}")],
    };
    let mut errors: Vec<String> = markdown
        .iter()
        .filter_map(|export| write_markdown(&export.path, &doc).err())
        .collect();
    if let Some(summary) = github {
        print!("{}", annotations(&doc, locate));
        let title = format!("duobench: {}", records[0].bench_target());
        if let Some(path) = summary {
            errors.extend(append_step_summary(&path, &markdown_table(&doc, &title)).err());
        }
    }
    errors
}

/// The file and line of the function that registered trial `name` of `target`.
fn locate(target: &str, name: &str) -> Option<(String, u32)> {
    trial_specs()
        .into_iter()
        .find(|spec| bench_target(spec.descriptor.module_path) == target && spec.name() == name)
        .map(|spec| (spec.descriptor.file.to_owned(), spec.descriptor.line))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_github_actions_gets_a_summary() {
        let env = |vars: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                vars.iter()
                    .find(|(k, _)| *k == name)
                    .map(|(_, v)| (*v).to_owned())
            }
        };
        assert_eq!(step_summary(env(&[])), None);
        assert_eq!(step_summary(env(&[("GITHUB_ACTIONS", "false")])), None);
        assert_eq!(step_summary(env(&[("GITHUB_ACTIONS", "true")])), Some(None));
        assert_eq!(
            step_summary(env(&[
                ("GITHUB_ACTIONS", "true"),
                ("GITHUB_STEP_SUMMARY", "/tmp/summary.md")
            ])),
            Some(Some(PathBuf::from("/tmp/summary.md")))
        );
    }
}
