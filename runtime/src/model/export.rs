//! `--export FORMAT FILE`, as asked for: which CI format, and where. The writers live in
//! `report::export`.

use crate::util::FileKind;
use std::path::PathBuf;

/// A CI format `--export` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportFormat {
    /// Bencher Metric Format.
    Bmf,
    /// github-action-benchmark, `customSmallerIsBetter`.
    Github,
    /// A markdown table of the trials, for a pull-request comment.
    Markdown,
}

/// One `--export FORMAT FILE`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Export {
    /// What to write.
    pub format: ExportFormat,
    /// Where.
    pub path: PathBuf,
}

impl ExportFormat {
    /// `bmf`, `github` or `markdown`.
    pub fn parse(text: &str) -> Result<ExportFormat, String> {
        match text.trim() {
            "bmf" => Ok(ExportFormat::Bmf),
            "github" => Ok(ExportFormat::Github),
            "markdown" => Ok(ExportFormat::Markdown),
            other => Err(format!(
                "unknown export format `{other}`: expected bmf, github or markdown"
            )),
        }
    }

    /// What its file holds, as the one rule of who owns a file recognises it.
    #[must_use]
    pub fn file_kind(self) -> FileKind {
        match self {
            ExportFormat::Bmf => FileKind::Bmf,
            ExportFormat::Github => FileKind::GithubBenchmark,
            ExportFormat::Markdown => FileKind::Markdown,
        }
    }
}
