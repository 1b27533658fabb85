//! What a reader of the published crates' docs can follow: no link points into the
//! repository by a relative path (a package holds no repository to follow it into), no
//! address is one the project does not declare (it has none of its own yet: no repository
//! or homepage), each README link leads to its page both in rustdoc (an intra-doc link) and
//! outside it, on GitHub and crates.io (the same page on docs.rs), the README stays short and
//! points to the guide, and the crate root of `duobench` lists at most 16 items.

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
/// read on; the guide holds the rest. The link definitions at its end are not read, and not
/// counted.
const MAX_README_LINES: usize = 150;

/// Whether `line` defines a reference link: `[label]: target`.
fn is_definition(line: &str) -> bool {
    line.starts_with('[') && line.contains("]: ") && !line.contains("](")
}

/// The README's text: its lines before the link definitions at its end.
fn readme_text(readme: &str) -> Vec<&str> {
    let lines: Vec<&str> = readme.lines().collect();
    let text = lines.len() - lines.iter().rev().take_while(|l| is_definition(l)).count();
    let mut text = lines[..text].to_vec();
    while text.last().is_some_and(|l| l.trim().is_empty()) {
        text.pop();
    }
    text
}

#[test]
fn the_readme_is_short_and_says_where_the_guide_is() {
    let root = workspace_root();
    let readme = read(&root.join("README.md"));
    let lines = readme_text(&readme).len();
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
        "--bench NAME -- --help",
    ] {
        assert!(readme.contains(needed), "README.md does not say `{needed}`");
    }
    let guide = read(&root.join("runtime/doc/guide.md"));
    assert!(
        guide.contains("cargo doc -p duobench --open"),
        "the guide's first page does not say how to open it"
    );
}

/// Where docs.rs keeps the page of a rustdoc path of the crate: the fallback of a README
/// link outside rustdoc (in two parts: only the README may hold duobench's own address,
/// runtime/tests/addresses.rs checks).
const DOCS_RS: &str = concat!("https:/", "/docs.rs/duobench/latest/duobench/");

/// The page on docs.rs of an intra-doc path of the crate's root (`crate::guide::ci`,
/// `macro@crate::bench`).
fn docs_rs_page(path: &str) -> Option<String> {
    if let Some(name) = path.strip_prefix("macro@crate::") {
        return Some(format!("{DOCS_RS}attr.{name}.html"));
    }
    let modules = path.strip_prefix("crate::")?;
    Some(format!(
        "{DOCS_RS}{}/index.html",
        modules.replace("::", "/")
    ))
}

/// The reference definitions of `text`: label → target.
fn definitions(text: &str) -> Vec<(String, String)> {
    text.lines()
        .filter(|l| is_definition(l))
        .filter_map(|l| {
            let (label, target) = l.split_once("]: ")?;
            Some((
                label.trim_start_matches('[').to_owned(),
                target.trim().to_owned(),
            ))
        })
        .collect()
}

/// The labels of `text`'s shortcut links, `` [`guide::ci`] `` (not followed by a target).
fn shortcut_labels(text: &str) -> Vec<String> {
    let mut labels = Vec::new();
    for line in text.lines().filter(|l| !is_definition(l)) {
        let mut rest = line;
        while let Some(at) = rest.find("[`") {
            rest = &rest[at + 1..];
            let Some(end) = rest.find(']') else { break };
            let after = &rest[end + 1..];
            if !after.starts_with('(') && !after.starts_with('[') && !after.starts_with(':') {
                labels.push(rest[..end].to_owned());
            }
            rest = &rest[end..];
        }
    }
    labels.sort();
    labels.dedup();
    labels
}

/// What is wrong with the README's links, given its text and the intra-doc definitions the
/// crate's docs put before it: a shortcut link without a rustdoc path, or without a docs.rs
/// page, or whose docs.rs page is not its rustdoc path's.
fn readme_link_problems(readme: &str, intra_doc: &str) -> Vec<String> {
    let fallbacks = definitions(readme);
    let paths = definitions(intra_doc);
    let find = |defs: &[(String, String)], label: &str| {
        defs.iter()
            .find(|(l, _)| l == label)
            .map(|(_, t)| t.clone())
    };
    let mut problems = Vec::new();
    for label in shortcut_labels(readme) {
        let path = find(&paths, &label);
        let fallback = find(&fallbacks, &label);
        match (path.as_deref().and_then(docs_rs_page), fallback) {
            (None, _) => problems.push(format!("{label}: no intra-doc path in readme_links.md")),
            (Some(_), None) => problems.push(format!("{label}: no docs.rs fallback in README.md")),
            (Some(page), Some(fallback)) if page != fallback => problems.push(format!(
                "{label}: README.md links {fallback}, rustdoc {page}"
            )),
            _ => {}
        }
    }
    problems
}

#[test]
fn every_readme_link_leads_to_its_page_in_rustdoc_and_on_docs_rs() {
    let root = workspace_root();
    let readme = read(&root.join("README.md"));
    let intra_doc = read(&root.join("runtime/doc/readme_links.md"));
    assert!(
        shortcut_labels(&readme).len() > 15,
        "the README's guide table has links"
    );
    let problems = readme_link_problems(&readme, &intra_doc);
    assert!(
        problems.is_empty(),
        "each `[`x`]` link of README.md needs its rustdoc path in runtime/doc/readme_links.md \
         (included before the README, so rustdoc uses it) and the same page on docs.rs among \
         the README's own definitions (for GitHub and crates.io):\n{}",
        problems.join("\n")
    );
    let lib = read(&root.join("runtime/src/lib.rs"));
    let (links, readme_doc) = (
        lib.find("include_str!(\"../doc/readme_links.md\")"),
        lib.find("include_str!(\"../README.md\")"),
    );
    assert!(
        links.zip(readme_doc).is_some_and(|(l, r)| l < r),
        "lib.rs must include doc/readme_links.md before README.md: the first definition wins"
    );
}

#[test]
fn a_readme_link_without_its_fallback_or_path_is_caught() {
    let intra_doc = "[`guide::ci`]: crate::guide::ci\n[`bench`]: macro@crate::bench\n";
    let good = format!(
        "See [`guide::ci`] and [`bench`], or [text](#anchor).\n\n\
         [`guide::ci`]: {DOCS_RS}guide/ci/index.html\n[`bench`]: {DOCS_RS}attr.bench.html\n"
    );
    assert_eq!(readme_link_problems(&good, intra_doc), Vec::<String>::new());
    let no_fallback = "See [`guide::ci`].\n";
    assert_eq!(
        readme_link_problems(no_fallback, intra_doc),
        ["`guide::ci`: no docs.rs fallback in README.md"]
    );
    let elsewhere =
        format!("See [`guide::ci`].\n\n[`guide::ci`]: {DOCS_RS}guide/claims/index.html\n");
    assert_eq!(readme_link_problems(&elsewhere, intra_doc).len(), 1);
    let no_path = format!(
        "See [`guide::reports`].\n\n[`guide::reports`]: {DOCS_RS}guide/reports/index.html\n"
    );
    assert_eq!(
        readme_link_problems(&no_path, intra_doc),
        ["`guide::reports`: no intra-doc path in readme_links.md"]
    );
    // The definitions at the end are not the README's text.
    assert_eq!(
        readme_text(&good),
        ["See [`guide::ci`] and [`bench`], or [text](#anchor)."]
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
