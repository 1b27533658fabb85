//! The `rust-version` the published crates declare is true of their locked dependencies: no
//! crate that a user of duobench compiles (normal and build dependencies, transitively, at
//! the versions in Cargo.lock) declares a newer one. Run by CI with the rest of the tests.

use serde_json::Value;
use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::process::Command;

fn version(text: &str) -> Vec<u64> {
    text.split('.')
        .map(|part| part.parse().unwrap_or(0))
        .collect()
}

#[test]
fn declared_rust_version_covers_every_locked_dependency() {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let output = Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--locked"])
        .current_dir(&workspace)
        .output()
        .expect("cargo metadata runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let metadata: Value = serde_json::from_slice(&output.stdout).unwrap();
    let packages: HashMap<&str, &Value> = metadata["packages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["id"].as_str().unwrap(), p))
        .collect();
    let nodes: HashMap<&str, &Value> = metadata["resolve"]["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| (n["id"].as_str().unwrap(), n))
        .collect();
    let published = ["duobench", "duobench-macros", "duobench-criterion-compat"];
    let ours: Vec<&str> = packages
        .iter()
        .filter(|(_, p)| p["source"].is_null() && published.contains(&p["name"].as_str().unwrap()))
        .map(|(id, _)| *id)
        .collect();
    assert_eq!(ours.len(), 3, "every published crate is in the workspace");

    let mut seen = HashSet::new();
    let mut stack = ours.clone();
    while let Some(id) = stack.pop() {
        if !seen.insert(id) {
            continue;
        }
        for dep in nodes[id]["deps"].as_array().unwrap() {
            let used_by_users = dep["dep_kinds"]
                .as_array()
                .unwrap()
                .iter()
                .any(|k| k["kind"].is_null() || k["kind"] == "build");
            if used_by_users {
                stack.push(dep["pkg"].as_str().unwrap());
            }
        }
    }
    for id in &ours {
        let declared = packages[id]["rust_version"]
            .as_str()
            .expect("the published crates declare a rust-version");
        let needed = seen
            .iter()
            .filter_map(|dep| {
                let p = packages[dep];
                p["rust_version"]
                    .as_str()
                    .map(|rv| (version(rv), format!("{} {}", p["name"], p["version"])))
            })
            .max()
            .unwrap();
        assert!(
            version(declared) >= needed.0,
            "rust-version {declared} is older than {} requires ({:?})",
            needed.1,
            needed.0
        );
    }
}
