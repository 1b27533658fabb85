//! Every web address in the repository's sources, docs, manifests and workflows is one the
//! project declares below: another project's page the docs cite, or a name reserved for
//! examples. duobench has no address of its own yet (no repository address, no crates.io or
//! docs.rs page), so a link to one would lead nowhere; until it is published its docs link
//! only to what the package ships (the guide's chapters), and name the repository's files in
//! plain text.

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
    ("https://example.org", "reserved for examples (RFC 2606)"),
    (
        "https://example.invalid",
        "reserved for examples (RFC 2606)",
    ),
];

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
        for (number, line) in read(file).lines().enumerate() {
            for url in addresses(line).into_iter().filter(|u| !declared(u)) {
                found.push(format!("{}:{}: {url}", shown(&root, file), number + 1));
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

#[test]
fn no_declared_address_is_duobench_s_own_while_it_is_unpublished() {
    for (address, why) in DECLARED {
        assert!(
            !address.contains("duobench"),
            "{address} ({why}): duobench publishes no page yet"
        );
    }
}

#[test]
fn undeclared_addresses_are_caught_and_declared_ones_pass() {
    // Built from parts so that this file itself holds no undeclared address.
    let own = |host: &str, path: &str| ["https:", "", host, path].join("/");
    let undeclared = [
        own("docs.rs", "duobench/latest/duobench/guide/index.html"),
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
