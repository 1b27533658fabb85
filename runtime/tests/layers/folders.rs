//! Folders that show the parts: no folder holds more than [`MAX_ENTRIES`] entries (files and
//! subfolders, `mod.rs` included), so a folder's listing reads as its parts, and a folder
//! that outgrows it is split by job into subfolders.

use std::path::Path;

/// The most entries a folder may hold: a listing a reader takes in at a glance.
pub const MAX_ENTRIES: usize = 12;

/// Every folder under `root`, `root` included, that holds more than [`MAX_ENTRIES`]
/// entries: one line each, naming the folder relative to `root` (`.` for `root` itself).
pub fn crowded_folders(root: &Path) -> Vec<String> {
    let mut found = Vec::new();
    visit(root, root, &mut found);
    found
}

fn visit(dir: &Path, root: &Path, found: &mut Vec<String>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{} cannot be listed: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .collect();
    entries.sort();
    if entries.len() > MAX_ENTRIES {
        let name = dir.strip_prefix(root).expect("under the root");
        let name = if name.as_os_str().is_empty() {
            ".".to_owned()
        } else {
            name.to_string_lossy().replace('\\', "/")
        };
        found.push(format!(
            "{name}/ holds {} entries, more than {MAX_ENTRIES}: split it into subfolders by job",
            entries.len()
        ));
    }
    for sub in entries.iter().filter(|p| p.is_dir()) {
        visit(sub, root, found);
    }
}
