//! The one rule for every file duobench writes: it is replaced only when it is recognisably
//! duobench's own, and then atomically (`atomic_file`). Every writer goes through
//! [`write_owned`]; the checks made before anything is measured use [`check_owned`], so the
//! two can never disagree.
//!
//! A file is ours when it is missing, empty (or only white space: what `mktemp` or `touch`
//! gives), or holds what duobench writes in that place, each kind recognised by a mark it
//! always carries ([`FileKind`]). Anything else is someone else's: it is left byte for byte,
//! and the error names what it is not and what to do. A device or a FIFO is never replaced
//! (it is written through), so it is not read either: reading would block, or take what
//! another process is owed.

use super::atomic_file::{resolve_links, write_atomically};
use serde_json::Value;
use std::fs;
use std::io;
use std::path::Path;

/// The first line of every markdown table duobench writes: an HTML comment, which GitHub
/// and other renderers do not show.
pub const MARKDOWN_MARK: &str = "<!-- written by duobench: each run rewrites this file -->";

/// In the `<head>` of every HTML page duobench writes (the report's pages and index, and a
/// merged document's page): the standard way a page names the program that made it.
pub const HTML_MARK: &str = "<meta name=\"generator\" content=\"duobench\">";

/// What else marks the report's pages as duobench's: a target page's content marker
/// (`report::html::BEGIN`, by which the index gathers pages) and the index's title. Pages
/// that carry them without [`HTML_MARK`] are the report's all the same.
const REPORT_MARKS: [&str; 2] = [
    "<!-- duobench:content -->",
    "<title>duobench report</title>",
];

/// The `format` field of a baseline file.
pub const BASELINE_FORMAT: &str = "duobench-baseline";

/// The first line of a run's marker (`target/duobench/running/{target}.{pid}`).
pub const RUN_MARKER_MARK: &str = "duobench run marker";

/// What a file holds when duobench wrote it, and so how it is recognised as duobench's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FileKind {
    /// The `--json` document (and `cargo duobench merge --json`): a JSON object with a
    /// `schema_version` and a `trials` array.
    JsonDocument,
    /// `--export bmf`: Bencher's Metric Format, a JSON object whose every entry is an
    /// object of measures, each with a numeric `value` (`{}` too). The format has no room
    /// for a mark, so its shape is what is recognised.
    Bmf,
    /// `--export github`: github-action-benchmark's JSON array, every entry an object with
    /// a string `name` and a numeric `value` (`[]` too). Recognised by shape, as BMF.
    GithubBenchmark,
    /// A markdown table (`--export markdown`, `cargo duobench merge --markdown`): its first
    /// line is `<!-- written by duobench: each run rewrites this file -->`.
    Markdown,
    /// An HTML page (the report's, `cargo duobench merge --html`): it holds
    /// `<meta name="generator" content="duobench">` (or, a report's page, its content
    /// marker or the index's title).
    Html,
    /// A saved baseline: a JSON object whose `format` is `duobench-baseline`, of any
    /// version (a file of another version is refused when read, not when replaced).
    Baseline,
    /// The stamp of `cargo duobench compare`'s stored base: its first line names the commit
    /// (`commit …`).
    CompareStamp,
    /// A run's marker: its first line is `duobench run marker`.
    RunMarker,
}

impl FileKind {
    /// What a file of this kind is, in words: "a duobench JSON document".
    #[must_use]
    pub fn what(self) -> &'static str {
        match self {
            FileKind::JsonDocument => "a duobench JSON document",
            FileKind::Bmf => "a Bencher Metric Format object",
            FileKind::GithubBenchmark => "a github-action-benchmark array",
            FileKind::Markdown => "a markdown table written by duobench",
            FileKind::Html => "an HTML page written by duobench",
            FileKind::Baseline => "a duobench baseline file",
            FileKind::CompareStamp => "a stamp of cargo duobench compare",
            FileKind::RunMarker => "a duobench run marker",
        }
    }

    /// What to do about a file of someone else's where this kind would go.
    #[must_use]
    pub fn advice(self) -> &'static str {
        match self {
            FileKind::JsonDocument
            | FileKind::Bmf
            | FileKind::GithubBenchmark
            | FileKind::Markdown => {
                "name another file, or remove this one if duobench may replace it"
            }
            FileKind::Html => {
                "name another place for it (the report's directory is --report DIR), or remove \
                 this file if duobench may replace it"
            }
            FileKind::Baseline | FileKind::CompareStamp => {
                "name another directory with --baseline-dir, or remove this file if duobench \
                 may replace it"
            }
            FileKind::RunMarker => "remove it if duobench may replace it",
        }
    }

    /// Whether `text` (not empty) is what duobench writes as this kind.
    #[must_use]
    pub fn recognises(self, text: &str) -> bool {
        let first_line = text.lines().next().unwrap_or_default().trim_end();
        match self {
            FileKind::JsonDocument => json(text)
                .is_some_and(|doc| doc.get("schema_version").is_some() && doc["trials"].is_array()),
            FileKind::Bmf => json(text).is_some_and(|doc| {
                doc.as_object()
                    .is_some_and(|entries| entries.values().all(is_bmf_entry))
            }),
            FileKind::GithubBenchmark => json(text).is_some_and(|doc| {
                doc.as_array()
                    .is_some_and(|entries| entries.iter().all(is_github_entry))
            }),
            FileKind::Markdown => first_line == MARKDOWN_MARK,
            FileKind::Html => REPORT_MARKS
                .iter()
                .chain([&HTML_MARK])
                .any(|mark| text.contains(mark)),
            FileKind::Baseline => json(text).is_some_and(|doc| doc["format"] == BASELINE_FORMAT),
            FileKind::CompareStamp => {
                first_line.starts_with("duobench compare stamp")
                    || first_line.starts_with("commit ")
            }
            FileKind::RunMarker => first_line == RUN_MARKER_MARK,
        }
    }
}

fn json(text: &str) -> Option<Value> {
    serde_json::from_str(text).ok()
}

/// A BMF benchmark: measures, each with a numeric `value` (`{"x": 1}` is not one).
fn is_bmf_entry(entry: &Value) -> bool {
    entry.as_object().is_some_and(|measures| {
        measures
            .values()
            .all(|measure| measure.get("value").is_some_and(Value::is_number))
    })
}

/// A github-action-benchmark entry: `{"name": "...", "unit": "...", "value": 1.0, ...}`.
fn is_github_entry(entry: &Value) -> bool {
    entry["name"].is_string() && entry["value"].is_number()
}

/// The file at `path` when it is ours as `kind`: `None` when there is nothing to keep (no
/// file, an empty one, or a device or FIFO, which is written through), its text otherwise.
///
/// # Errors
///
/// The file is someone else's (the message says what it is not and what to do), a
/// directory, or cannot be read; without the path, which the caller names.
pub fn read_owned(path: &Path, kind: FileKind) -> Result<Option<String>, String> {
    let real = resolve_links(path).map_err(|e| e.to_string())?;
    match fs::metadata(&real) {
        Ok(meta) if meta.is_dir() => return Err("is a directory".to_owned()),
        Ok(meta) if !meta.is_file() => return Ok(None),
        Ok(_) => {}
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e.to_string()),
    }
    let bytes = fs::read(&real).map_err(|e| e.to_string())?;
    let text = String::from_utf8(bytes).ok();
    match text {
        Some(text) if text.trim().is_empty() => Ok(None),
        Some(text) if kind.recognises(&text) => Ok(Some(text)),
        _ => Err(not_ours(kind)),
    }
}

/// The refusal of a file that is not ours: what it is not, that it was left alone, and what
/// to do.
fn not_ours(kind: FileKind) -> String {
    format!(
        "it exists and is not {}, so it was left as it is: {}",
        kind.what(),
        kind.advice()
    )
}

/// Checks, without writing, that `path` may be written as `kind` (see [`read_owned`]).
///
/// # Errors
///
/// As [`read_owned`].
pub fn check_owned(path: &Path, kind: FileKind) -> Result<(), String> {
    read_owned(path, kind).map(drop)
}

/// Writes `path` as `kind`: when the file is ours ([`read_owned`]), `render` makes the new
/// contents from what is there (`None` when nothing is kept), and they replace it
/// atomically (a device or FIFO is written through). A file that is not ours is left byte
/// for byte, and nothing is rendered.
///
/// # Errors
///
/// The refusal of a file that is not ours, `render`'s own refusal, or what the system
/// reported when writing; without the path, which the caller names.
pub fn write_owned(
    path: &Path,
    kind: FileKind,
    render: impl FnOnce(Option<&str>) -> Result<Vec<u8>, String>,
) -> Result<(), String> {
    let existing = read_owned(path, kind)?;
    let bytes = render(existing.as_deref())?;
    write_atomically(path, &bytes).map_err(|e| e.to_string())
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn scratch(name: &str) -> std::path::PathBuf {
        crate::fixture::scratch::scratch_dir(&format!("owned-{name}"))
    }

    /// What each kind writes, and a file of the same family that is not its.
    fn ours_and_theirs(kind: FileKind) -> (String, &'static str) {
        match kind {
            FileKind::JsonDocument => (
                r#"{"schema_version": 1, "mode": "bench", "trials": []}"#.to_owned(),
                r#"{"x": 1}"#,
            ),
            FileKind::Bmf => (
                r#"{"t::a": {"latency": {"value": 1.5}}}"#.to_owned(),
                r#"{"x": 1}"#,
            ),
            FileKind::GithubBenchmark => (
                r#"[{"name": "t::a", "unit": "ns", "value": 1.5}]"#.to_owned(),
                r#"[1, 2]"#,
            ),
            FileKind::Markdown => (
                format!("{MARKDOWN_MARK}\n### duobench\n"),
                "### my notes\n\n3 trials: 0 refuted, 0 inconclusive\n",
            ),
            FileKind::Html => (
                format!("<html><head>{HTML_MARK}</head></html>"),
                "<html><head><title>duobench</title></head></html>",
            ),
            FileKind::Baseline => (
                format!(r#"{{"format": "{BASELINE_FORMAT}", "version": 9}}"#),
                r#"{"format": "other"}"#,
            ),
            FileKind::CompareStamp => ("commit abc\nrustc 1\n".to_owned(), "notes\ncommit abc\n"),
            FileKind::RunMarker => (format!("{RUN_MARKER_MARK}\nt::a"), "t::a"),
        }
    }

    const KINDS: [FileKind; 8] = [
        FileKind::JsonDocument,
        FileKind::Bmf,
        FileKind::GithubBenchmark,
        FileKind::Markdown,
        FileKind::Html,
        FileKind::Baseline,
        FileKind::CompareStamp,
        FileKind::RunMarker,
    ];

    #[test]
    fn each_kind_replaces_its_own_files_and_leaves_every_other_byte_for_byte() {
        let dir = scratch("kinds");
        let file = dir.join("out");
        for kind in KINDS {
            let (ours, theirs) = ours_and_theirs(kind);
            for foreign in [theirs, "not json at all", "\u{feff}{}"] {
                fs::write(&file, foreign).unwrap();
                let e =
                    write_owned(&file, kind, |_| panic!("rendered over {foreign:?}")).unwrap_err();
                assert!(
                    e.contains(&format!("is not {}", kind.what())),
                    "{kind:?}: {e}"
                );
                assert!(
                    e.contains(&format!("left as it is: {}", kind.advice())),
                    "{e}"
                );
                assert_eq!(fs::read_to_string(&file).unwrap(), foreign, "{kind:?}");
                assert!(check_owned(&file, kind).is_err());
            }
            // Bytes that are not text are someone else's too.
            fs::write(&file, [0xff, 0xfe, 0x00]).unwrap();
            assert!(write_owned(&file, kind, |_| Ok(Vec::new())).is_err());
            assert_eq!(fs::read(&file).unwrap(), [0xff, 0xfe, 0x00]);
            // Our own file is handed to `render` and replaced.
            fs::write(&file, &ours).unwrap();
            write_owned(&file, kind, |found| {
                assert_eq!(found, Some(ours.as_str()), "{kind:?}");
                Ok(b"new".to_vec())
            })
            .unwrap();
            assert_eq!(fs::read_to_string(&file).unwrap(), "new");
            // Missing, empty and blank files are ours, with nothing to keep.
            for blank in [None, Some(""), Some(" \n\t\n")] {
                let _ = fs::remove_file(&file);
                if let Some(text) = blank {
                    fs::write(&file, text).unwrap();
                }
                check_owned(&file, kind).unwrap();
                write_owned(&file, kind, |found| {
                    assert_eq!(found, None);
                    Ok(b"made".to_vec())
                })
                .unwrap();
                assert_eq!(fs::read_to_string(&file).unwrap(), "made");
            }
        }
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_report_page_is_known_by_its_content_marker_or_the_index_title_too() {
        for page in [
            "<html><body><!-- duobench:content -->\n<h2>t</h2><!-- /duobench:content --></body>",
            "<html><head><title>duobench report</title></head></html>",
        ] {
            assert!(FileKind::Html.recognises(page), "{page}");
        }
    }

    #[test]
    fn a_device_is_written_through_unread_and_a_directory_is_refused() {
        // `/dev/null` holds nothing of anyone's: written through, never read as a result.
        write_owned(Path::new("/dev/null"), FileKind::JsonDocument, |found| {
            assert_eq!(found, None);
            Ok(b"{}".to_vec())
        })
        .unwrap();
        let dir = scratch("dir");
        let e = write_owned(&dir, FileKind::Html, |_| Ok(Vec::new())).unwrap_err();
        assert_eq!(e, "is a directory");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_link_to_someone_elses_file_is_refused_and_both_are_left() {
        let dir = scratch("link");
        fs::write(dir.join("notes.md"), "# my notes\n").unwrap();
        std::os::unix::fs::symlink("notes.md", dir.join("table.md")).unwrap();
        assert!(write_owned(
            &dir.join("table.md"),
            FileKind::Markdown,
            |_| Ok(Vec::new())
        )
        .is_err());
        assert_eq!(
            fs::read_to_string(dir.join("notes.md")).unwrap(),
            "# my notes\n"
        );
        assert!(fs::symlink_metadata(dir.join("table.md"))
            .unwrap()
            .file_type()
            .is_symlink());
        fs::remove_dir_all(&dir).unwrap();
    }
}
