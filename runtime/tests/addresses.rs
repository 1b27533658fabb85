//! Every web address in the repository's sources, docs, manifests and workflows is one the
//! project declares below: another project's page the docs cite, or a name reserved for
//! examples. duobench has no address of its own yet (no repository address, no homepage),
//! so its docs link only to what the package ships (the guide's chapters) and name the
//! repository's files in plain text. The one exception is the README's links, which GitHub
//! and crates.io show outside rustdoc: they fall back to the crate's pages on docs.rs, which
//! publishing the crate makes, and only the README may link there (in rustdoc the same
//! links are intra-doc links: runtime/tests/docs_surface.rs).

mod common;

use common::{files_under, read, shown, workspace_root};
use regex::Regex;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The addresses the project declares, each with why the docs may link to it. A declared
/// address covers the pages under it.
const DECLARED: &[(&str, &str)] = &[
    (
        "https://bencher.dev",
        "Bencher, whose metric format `--export bmf` writes",
    ),
    (
        "https://github.com/benchmark-action/github-action-benchmark",
        "the action whose format `--export github` writes",
    ),
    (
        "https://json-schema.org",
        "JSON Schema, the language of the `--json` schema",
    ),
    (
        "http://json-schema.org",
        "the schema draft that Bencher's own schema names",
    ),
    (
        "https://crates.io/crates/hex",
        "a crate whose Criterion bench file runs unchanged",
    ),
    (
        "https://crates.io/crates/base64",
        "a crate whose Criterion bench file runs unchanged",
    ),
    (
        "https://github.com/KokaKiwi/rust-hex",
        "where hex's bench file comes from",
    ),
    (
        "https://github.com/marshallpierce/rust-base64",
        "where base64's bench file comes from",
    ),
    (
        "https://github.com/bheisler/criterion.rs",
        "Criterion.rs, whose user guide's custom measurement example runs unchanged",
    ),
    (
        DOCS_RS,
        "the crate's pages on docs.rs, which exist once it is published: the README's links \
         outside rustdoc, and only those",
    ),
    (
        "https://keepachangelog.com",
        "Keep a Changelog, the form CHANGELOG.md follows",
    ),
    ("https://example.org", "reserved for examples (RFC 2606)"),
    (
        "https://example.invalid",
        "reserved for examples (RFC 2606)",
    ),
];

/// The crate's pages on docs.rs (in two parts, so that this file holds no link to them).
const DOCS_RS: &str = concat!("https:/", "/docs.rs/duobench");

/// The one file that may link to duobench's own pages: the README, shown outside rustdoc
/// (`runtime/README.md` is the package's link to it).
const OWN_PAGES_FROM: [&str; 2] = ["README.md", "runtime/README.md"];

/// Whether `url` is a declared address or a page under one.
fn declared(url: &str) -> bool {
    DECLARED.iter().any(|(address, _)| {
        url.strip_prefix(address)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with(['/', '#', '?']))
    })
}

/// Every `http://` or `https://` address in `text`, without the punctuation that ends a
/// sentence or closes a link.
fn addresses(text: &str) -> Vec<String> {
    static PATTERN: OnceLock<Regex> = OnceLock::new();
    let pattern = PATTERN
        .get_or_init(|| Regex::new(r#"https?://[^\s<>()\[\]"'`]+"#).expect("a valid pattern"));
    pattern
        .find_iter(text)
        .map(|m| m.as_str().trim_end_matches(['.', ',', ';', ':']).to_owned())
        .collect()
}

/// The checked files: every source, doc, manifest and workflow of the workspace, without the
/// raw outputs of validation runs (records of what programs printed).
fn checked_files(root: &Path) -> Vec<PathBuf> {
    files_under(root, &["rs", "md", "toml", "yml", "yaml"])
        .into_iter()
        .filter(|path| !path.starts_with(root.join("docs/validation-runs")))
        .collect()
}

#[test]
fn every_address_is_declared() {
    let root = workspace_root();
    let files = checked_files(&root);
    assert!(files.len() > 100, "read only {} files", files.len());
    let mut found = Vec::new();
    for file in &files {
        let name = shown(&root, file);
        for (number, line) in read(file).lines().enumerate() {
            for url in addresses(line)
                .into_iter()
                .filter(|u| !allowed_in(&name, u))
            {
                found.push(format!("{name}:{}: {url}", number + 1));
            }
        }
    }
    assert!(
        found.is_empty(),
        "addresses the project does not declare (duobench has none of its own yet: link a \
         guide chapter, `crate::guide::...`, or name the repository's file in plain text; \
         declare another project's page in runtime/tests/addresses.rs):\n{}",
        found.join("\n")
    );
}

/// Whether file `name` (relative to the workspace) may hold `url`: a declared address, and
/// one of duobench's own pages only in the README.
fn allowed_in(name: &str, url: &str) -> bool {
    declared(url) && (!url.starts_with(DOCS_RS) || OWN_PAGES_FROM.contains(&name))
}

#[test]
fn duobench_s_only_declared_address_is_its_docs_rs_pages() {
    for (address, why) in DECLARED {
        assert!(
            !address.contains("duobench") || *address == DOCS_RS,
            "{address} ({why}): duobench publishes no page of its own yet"
        );
    }
}

#[test]
fn undeclared_addresses_are_caught_and_declared_ones_pass() {
    // Built from parts so that this file itself holds no undeclared address.
    let own = |host: &str, path: &str| ["https:", "", host, path].join("/");
    let undeclared = [
        own("docs.rs", "duobenchmark/latest/duobenchmark/index.html"),
        own(
            "github.com",
            "duobench/duobench/blob/main/docs/VALIDATION.md",
        ),
        own("github.com", "duobench/duobench"),
        own("crates.io", "crates/hexagon"),
        own("bencher.dev.example.com", "x"),
    ];
    let text = format!(
        "See [the guide]({}), [source]({}),\n\
         repository = \"{}\"\n\
         {} and <{}>.\n\
         Fine: [bmf](https://bencher.dev/docs/reference/bencher-metric-format), \
         [hex](https://crates.io/crates/hex), https://json-schema.org/draft/2020-12/schema, \
         https://example.invalid/duobench.",
        undeclared[0], undeclared[1], undeclared[2], undeclared[3], undeclared[4],
    );
    let caught: Vec<String> = addresses(&text)
        .into_iter()
        .filter(|u| !declared(u))
        .collect();
    assert_eq!(caught, undeclared);
}

#[test]
fn duobench_s_docs_rs_pages_are_linked_from_the_readme_alone() {
    let page = [
        "https:",
        "",
        "docs.rs",
        "duobench/latest/duobench/guide/ci/index.html",
    ]
    .join("/");
    assert!(allowed_in("README.md", &page));
    assert!(!allowed_in("runtime/doc/guide/ci.md", &page));
    assert!(!allowed_in("runtime/src/lib.rs", &page));
}
