//! Folders that explain their parts: a folder's module doc (the leading `//!` lines of
//! `foo/mod.rs`, or of `foo.rs` beside `foo/`) names every module the folder holds, files
//! and subfolders alike, so that the doc is the folder's map and a new module cannot arrive
//! without a word on why it exists. The root is left out: its module file is `lib.rs`,
//! whose doc is the crate's public front page, and `ARCHITECTURE.md` maps its layers.

use std::collections::BTreeSet;
use std::path::Path;

/// Every folder under `root` (`root` itself left out) whose module doc leaves out one of its
/// modules: one line each, naming the folder relative to `root` and the missing modules.
pub fn undocumented_children(root: &Path) -> Vec<String> {
    let mut found = Vec::new();
    for sub in entries(root).iter().filter(|p| p.is_dir()) {
        visit(sub, root, &mut found);
    }
    found
}

fn entries(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{} cannot be listed: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .collect();
    entries.sort();
    entries
}

fn visit(dir: &Path, root: &Path, found: &mut Vec<String>) {
    let name = dir
        .strip_prefix(root)
        .expect("under the root")
        .to_string_lossy()
        .replace('\\', "/");
    let inside = dir.join("mod.rs");
    let beside = dir.with_extension("rs");
    let module_file = [inside, beside].into_iter().find(|f| f.is_file());
    let all = entries(dir);
    let children = child_modules(&all);
    match module_file {
        None => found.push(format!(
            "{name}/ has no module file ({name}/mod.rs or {name}.rs) to say what it holds"
        )),
        Some(file) => {
            let text = std::fs::read_to_string(&file)
                .unwrap_or_else(|e| panic!("{} cannot be read: {e}", file.display()));
            let doc = module_doc(&text);
            let missing: Vec<&str> = children
                .iter()
                .map(String::as_str)
                .filter(|child| !names(&doc, child))
                .collect();
            if !missing.is_empty() {
                let file = file
                    .strip_prefix(root)
                    .expect("under the root")
                    .to_string_lossy()
                    .replace('\\', "/");
                found.push(format!(
                    "{name}/ holds {} that the module doc of {file} does not name: say what \
                     each is for",
                    missing.join(", ")
                ));
            }
        }
    }
    for sub in all.iter().filter(|p| p.is_dir()) {
        visit(sub, root, found);
    }
}

/// The modules among a folder's entries: `x.rs` other than `mod.rs`, and each subfolder
/// that is a module (it has a `mod.rs`, or its `x.rs` is here too).
fn child_modules(entries: &[std::path::PathBuf]) -> BTreeSet<String> {
    let stem = |p: &Path| p.file_stem().map(|s| s.to_string_lossy().into_owned());
    entries
        .iter()
        .filter(|p| {
            if p.is_dir() {
                p.join("mod.rs").is_file() || p.with_extension("rs").is_file()
            } else {
                p.extension().is_some_and(|e| e == "rs")
                    && p.file_name().is_some_and(|n| n != "mod.rs")
            }
        })
        .filter_map(|p| stem(p))
        .collect()
}

/// The module's own doc: the `//!` lines the file opens with (an inline `mod tests`'s
/// inner doc further down is not the folder's).
fn module_doc(text: &str) -> String {
    text.lines()
        .take_while(|line| line.starts_with("//!"))
        .map(|line| line.trim_start_matches("//!"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Whether `doc` names `child` as a whole word (`bench` is not named by `benchmark`).
fn names(doc: &str, child: &str) -> bool {
    let is_word = |c: char| c.is_alphanumeric() || c == '_';
    doc.match_indices(child).any(|(at, _)| {
        let before = doc[..at].chars().next_back();
        let after = doc[at + child.len()..].chars().next();
        !before.is_some_and(is_word) && !after.is_some_and(is_word)
    })
}
