//! What a reader of the published crates' docs can follow: no link points into the
//! repository by a relative path (a package holds no repository to follow it into), no
//! address is one the project does not declare (it has none of its own yet: no repository,
//! crates.io or docs.rs page), the README stays short and points to the guide, and the crate
//! root of `duobench` lists at most 16 items.

mod common;

use common::{files_under, read, workspace_root};
use std::path::{Path, PathBuf};

/// The most names `cargo doc` may list at the root of `duobench`: fifteen, and the
/// `measurement` module, the one trait users implement (for a measurement of their own),
/// which belongs neither with what a measurement returns (`result`) nor with the handles.
const MAX_ROOT_ITEMS: usize = 16;

/// Link targets a reader can follow from docs.rs, crates.io and GitHub alike.
fn followable(target: &str) -> bool {
    let target = target.trim();
    let absolute = ["https://", "http://", "mailto:"]
        .iter()
        .any(|scheme| target.starts_with(scheme));
    // An intra-doc link names a Rust path (`crate::guide::ci#…`, `Self::iter`, `Bencher`);
    // a repository path has a folder or a file extension.
    let rust_path = target.contains("::")
        || !(target.contains('/') || target.rsplit_once('.').is_some_and(|(_, ext)| is_ext(ext)));
    absolute || target.starts_with('#') || rust_path
}

fn is_ext(ext: &str) -> bool {
    let ext = ext.split('#').next().unwrap_or(ext);
    (1..=5).contains(&ext.len()) && ext.chars().all(|c| c.is_ascii_alphanumeric())
}

/// Every link target in markdown text: inline `[label](target)` and reference definitions
/// `[label]: target`.
fn link_targets(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("](") {
        rest = &rest[at + 2..];
        let end = rest.find(')').unwrap_or(rest.len());
        targets.push(
            rest[..end]
                .split_whitespace()
                .next()
                .unwrap_or("")
                .to_owned(),
        );
    }
    for line in text.lines() {
        let line = line.trim_start();
        if let (true, Some((_, target))) = (line.starts_with('['), line.split_once("]: ")) {
            targets.push(target.split_whitespace().next().unwrap_or("").to_owned());
        }
    }
    targets
}

/// The doc comments of a Rust source file, as markdown.
fn doc_text(source: &str) -> String {
    source
        .lines()
        .filter_map(|l| {
            let l = l.trim_start();
            l.strip_prefix("///").or_else(|| l.strip_prefix("//!"))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Relative links in a file's docs, as `file: target` lines.
fn relative_links(file: &Path) -> Vec<String> {
    let text = read(file);
    let docs = if file.extension().is_some_and(|e| e == "rs") {
        doc_text(&text)
    } else {
        text
    };
    link_targets(&docs)
        .into_iter()
        .filter(|t| !followable(t))
        .map(|t| format!("{}: {t}", file.display()))
        .collect()
}

#[test]
fn published_docs_have_no_relative_links_into_the_repository() {
    let root = workspace_root();
    let files = published_docs(&root);
    assert!(files.len() > 50, "read only {} files", files.len());
    let found: Vec<String> = files.iter().flat_map(|f| relative_links(f)).collect();
    assert!(
        found.is_empty(),
        "relative links into the repository break in the package's docs; link a guide chapter \
         (`crate::guide::...`) or name the repository's file in plain text:\n{}",
        found.join("\n")
    );
}

/// The docs the published crates ship: the READMEs, the guide (whose reference chapters are
/// `docs/*.md`, through links in `runtime/doc/guide/`) and the sources' doc comments.
fn published_docs(root: &Path) -> Vec<PathBuf> {
    let mut files = vec![
        root.join("README.md"),
        root.join("criterion-compat/README.md"),
    ];
    for dir in [
        "runtime/src",
        "runtime/doc",
        "macros/src",
        "criterion-compat/src",
        "cargo-duobench/src",
    ] {
        files.extend(files_under(&root.join(dir), &["rs", "md"]));
    }
    files
}

/// The most lines the README may have: it says what duobench is, how to try it and where to
/// read on; the guide holds the rest.
const MAX_README_LINES: usize = 150;

#[test]
fn the_readme_is_short_and_says_where_the_guide_is() {
    let root = workspace_root();
    let readme = read(&root.join("README.md"));
    let lines = readme.lines().count();
    assert!(
        lines <= MAX_README_LINES,
        "README.md has {lines} lines (at most {MAX_README_LINES}): move the rest into a guide \
         chapter"
    );
    for needed in [
        "cargo doc -p duobench --open",
        "cargo bench -p duobench-examples",
        "cargo test --workspace --release",
        "path = \"../duobench/runtime\"",
    ] {
        assert!(readme.contains(needed), "README.md does not say `{needed}`");
    }
    let guide = read(&root.join("runtime/doc/guide.md"));
    assert!(
        guide.contains("cargo doc -p duobench --open"),
        "the guide's first page does not say how to open it"
    );
}

/// The settings of a TOML file: its lines without comments and blank lines.
fn toml_settings(text: &str) -> Vec<&str> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect()
}

#[test]
fn the_guide_shows_the_repository_s_nextest_configuration() {
    let root = workspace_root();
    let config = read(&root.join(".config/nextest.toml"));
    let chapter = read(&root.join("runtime/doc/guide/ci.md"));
    let shown = chapter
        .split("```toml\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("a toml block in the CI chapter");
    assert_eq!(
        toml_settings(shown),
        toml_settings(&config),
        "the CI chapter's nextest configuration differs from .config/nextest.toml"
    );
}

#[test]
fn a_relative_link_is_caught_and_absolute_and_intra_doc_links_pass() {
    let docs = doc_text(
        "/// See [the schema](docs/duobench.schema.json), [arch][a], [up](../README.md),\n\
         /// [png](report.png#top).\n\
         /// [a]: ARCHITECTURE.md\n\
         /// [ok](https://example.org/x.md), [chapter](crate::guide::ci#formats), [`Diff`],\n\
         /// [iter](Self::iter), [here](#forms), [word](Bencher)\n",
    );
    let bad: Vec<String> = link_targets(&docs)
        .into_iter()
        .filter(|t| !followable(t))
        .collect();
    assert_eq!(
        bad,
        [
            "docs/duobench.schema.json",
            "../README.md",
            "report.png#top",
            "ARCHITECTURE.md"
        ]
    );
}

/// The names a crate root's source makes public and visible: top-level `pub` items and each
/// name a top-level `pub use` brings in, except those marked `#[doc(hidden)]`.
fn root_items(source: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut depth = 0i64;
    let mut hidden = false;
    let mut pending_use = String::new();
    for line in source.lines() {
        let trimmed = line.trim();
        if depth == 0 && pending_use.is_empty() {
            if trimmed.starts_with("#[doc(hidden)]") {
                hidden = true;
            } else if let Some(item) = trimmed.strip_prefix("pub ") {
                if item.starts_with("use ") {
                    pending_use.push_str(item);
                } else if !hidden {
                    let name = item
                        .split_whitespace()
                        .nth(1)
                        .unwrap_or("")
                        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                        .next()
                        .unwrap_or("");
                    names.push(name.to_owned());
                }
            }
        } else if !pending_use.is_empty() {
            pending_use.push(' ');
            pending_use.push_str(trimmed);
        }
        if !pending_use.is_empty() && pending_use.ends_with(';') {
            if !hidden {
                names.extend(use_names(&pending_use));
            }
            pending_use.clear();
            hidden = false;
        } else if pending_use.is_empty() && depth == 0 && trimmed.starts_with("pub ") {
            hidden = false;
        }
        depth += line.matches('{').count() as i64 - line.matches('}').count() as i64;
    }
    names
}

/// `use a::{b, c as d};` → `[b, d]`; `use a::b;` → `[b]`.
fn use_names(item: &str) -> Vec<String> {
    let body = item.trim_start_matches("use ").trim_end_matches(';');
    let list = match (body.find('{'), body.rfind('}')) {
        (Some(open), Some(close)) => body[open + 1..close].to_owned(),
        _ => body.rsplit("::").next().unwrap_or(body).to_owned(),
    };
    list.split(',')
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .map(|n| n.rsplit(' ').next().unwrap_or(n).to_owned())
        .collect()
}

#[test]
fn the_crate_root_lists_at_most_fifteen_items() {
    let lib = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs");
    let names = root_items(&read(&lib));
    for expected in [
        "bench",
        "bench_diff",
        "main",
        "Bencher",
        "Diff",
        "guide",
        "result",
    ] {
        assert!(
            names.iter().any(|n| n == expected),
            "{expected} missing: {names:?}"
        );
    }
    assert!(
        names.len() <= MAX_ROOT_ITEMS,
        "{} items at the root of duobench (at most {MAX_ROOT_ITEMS}): {names:?}; put result and \
         statistics types under `duobench::result`",
        names.len()
    );
}

#[test]
fn root_items_counts_re_exports_and_modules_and_skips_hidden_ones() {
    let source = "\
//! Docs.
mod private;
pub use a::{One, two,
    Three};
#[doc = \"x\"]
pub use b::four;
pub use c::Five as Six;
pub mod seven {
    pub use d::Inner;
}
#[doc(hidden)]
pub mod hidden {
    pub fn no() {}
}
pub fn eight() {}
";
    assert_eq!(
        root_items(source),
        ["One", "two", "Three", "four", "Six", "seven", "eight"]
    );
}
