//! What the tests that read the repository's own files share: where the workspace is, and
//! the files under a folder.

// Each test target uses part of this module.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The workspace root: the parent of the `duobench` package.
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace root")
        .to_path_buf()
}

/// The files under `dir` whose extension is one of `extensions`, recursively, sorted, never
/// inside build output or git's own folder (`target`, `.git`). Symbolic links are followed,
/// as `cargo package` follows them.
pub fn files_under(dir: &Path, extensions: &[&str]) -> Vec<PathBuf> {
    let mut files = Vec::new();
    collect(dir, extensions, &mut files);
    files.sort();
    files
}

fn collect(dir: &Path, extensions: &[&str], out: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        if path
            .file_name()
            .is_some_and(|n| n == "target" || n == ".git")
        {
            continue;
        }
        if path.is_dir() {
            collect(&path, extensions, out);
        } else if path
            .extension()
            .and_then(|ext| ext.to_str())
            .is_some_and(|ext| extensions.contains(&ext))
        {
            out.push(path);
        }
    }
}

/// A file's text; a test that cannot read a file it lists fails naming it.
pub fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// `path` relative to the workspace root, for messages.
pub fn shown(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}
