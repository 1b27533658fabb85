//! The runtime's layers only point down: a file imports from its own layer or the layers
//! below it, never from one above, and no files import each other in a cycle.
//!
//! A file's layer is its first folder under `src/` (see `ARCHITECTURE.md`); `lib.rs` is the
//! root, above all. Imports are the `use crate::…`, `use super::…`, `use self::…` trees and
//! every inline `crate::a::b` path in non-test code (`#[cfg(test)]` and
//! `#[cfg(all(test, …))]` items and files are left out: tests may reach anywhere), each
//! followed through the `pub(crate) use` re-exports of folders' `mod.rs` to the file that
//! defines the name. Written by hand rather than with `syn` because a path scan is all it
//! takes, and the runtime has no parser dependency to lean on.
//!
//! A layer's subfolders group its files by job, and each folder's module doc names every
//! module the folder holds (`folders.rs`).

mod folders;
mod scan;

use folders::undocumented_children;
use scan::{paths_in, production_code, reexports, resolve, test_only_children};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The layers, lowest first.
const LAYERS: &[&str] = &[
    "util", "model", "stats", "decide", "measure", "analysis", "session", "report", "api",
    "harness",
];

type Sources = BTreeMap<String, String>;

/// The layer's rank, `LAYERS.len()` for the crate root, `None` for a file in no layer.
fn rank(file: &str) -> Option<usize> {
    if file == "lib.rs" {
        return Some(LAYERS.len());
    }
    let top = file.split('/').next()?;
    LAYERS.iter().position(|l| *l == top)
}

/// `a/b.rs` → `[a, b]`; `a/mod.rs` → `[a]`; `lib.rs` → `[]`.
fn module_of(file: &str) -> Vec<String> {
    let mut parts: Vec<String> = file
        .trim_end_matches(".rs")
        .split('/')
        .map(String::from)
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// The file-level import graph of non-test code: file → files it imports.
fn graph(sources: &Sources) -> BTreeMap<String, BTreeSet<String>> {
    let mut test_only: BTreeSet<Vec<String>> = BTreeSet::new();
    for (file, text) in sources {
        for child in test_only_children(text) {
            let mut m = module_of(file);
            m.push(child);
            test_only.insert(m);
        }
    }
    let is_test = |m: &[String]| (1..=m.len()).any(|k| test_only.contains(&m[..k]));
    let modules: BTreeMap<Vec<String>, String> = sources
        .keys()
        .map(|f| (module_of(f), f.clone()))
        .filter(|(m, _)| !is_test(m))
        .collect();
    let reexported: Reexports = modules
        .values()
        .map(|f| (f.clone(), reexports(&production_code(&sources[f]))))
        .collect();
    let mut edges = BTreeMap::new();
    for (module, file) in &modules {
        let own_dir = file.strip_suffix("mod.rs");
        let targets: BTreeSet<String> = paths_in(&production_code(&sources[file]))
            .iter()
            .filter_map(|p| target(module, p, &modules, &reexported))
            .filter(|t| t != file && !own_dir.is_some_and(|d| t.starts_with(d)))
            .collect();
        edges.insert(file.clone(), targets);
    }
    edges
}

/// Each module file's re-exported names → the paths they stand for.
type Reexports = BTreeMap<String, BTreeMap<String, String>>;

/// The file that defines what `path` names: a name a folder's `mod.rs` re-exports
/// (`pub(crate) use file::Name`) leads on to the file behind it, so that the graph holds
/// the files that import each other, not the folder's door.
fn target(
    current: &[String],
    path: &str,
    modules: &BTreeMap<Vec<String>, String>,
    reexported: &Reexports,
) -> Option<String> {
    let (mut file, mut rest) = resolve(current, path, modules)?;
    // Re-exports may chain through nested folders; a chain longer than the folders' depth
    // would be a re-export of itself.
    for _ in 0..8 {
        let Some(to) = rest
            .first()
            .and_then(|name| reexported.get(&file)?.get(name))
        else {
            break;
        };
        let next = std::iter::once(to.clone())
            .chain(rest[1..].iter().cloned())
            .collect::<Vec<_>>()
            .join("::");
        match resolve(&module_of(&file), &next, modules) {
            Some((f, r)) if f != file || r != rest => (file, rest) = (f, r),
            _ => break,
        }
    }
    Some(file)
}

/// Every broken rule, one line each; empty when the layers hold.
fn violations(sources: &Sources) -> Vec<String> {
    let edges = graph(sources);
    let mut found = Vec::new();
    for (from, targets) in &edges {
        let Some(low) = rank(from) else {
            found.push(format!(
                "{from} is in no layer (folders: {})",
                LAYERS.join(", ")
            ));
            continue;
        };
        for to in targets {
            if rank(to).is_some_and(|high| high > low) {
                let layer = |f: &str| f.split('/').next().unwrap_or(f).to_owned();
                found.push(format!(
                    "{from} imports {to}: {} → {} points up",
                    layer(from),
                    layer(to)
                ));
            }
        }
    }
    for cycle in cycles(&edges) {
        found.push(format!("import cycle: {}", cycle.join(" → ")));
    }
    found
}

/// Files that reach themselves through imports, one entry per strongly connected set.
fn cycles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    let reach = |from: &String| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(f) = stack.pop() {
            for t in edges.get(&f).into_iter().flatten() {
                if seen.insert(t.clone()) {
                    stack.push(t.clone());
                }
            }
        }
        seen
    };
    let reached: BTreeMap<&String, BTreeSet<String>> =
        edges.keys().map(|f| (f, reach(f))).collect();
    let mut sets: BTreeSet<Vec<String>> = BTreeSet::new();
    for (f, r) in &reached {
        if r.contains(*f) {
            sets.insert(
                r.iter()
                    .filter(|g| reached[g].contains(*f))
                    .cloned()
                    .collect(),
            );
        }
    }
    sets.into_iter().collect()
}

fn read_sources(dir: &Path, root: &Path, out: &mut Sources) {
    for entry in std::fs::read_dir(dir).expect("src/ is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            read_sources(&path, root, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path
                .strip_prefix(root)
                .expect("under src/")
                .to_string_lossy()
                .replace('\\', "/");
            out.insert(
                rel,
                std::fs::read_to_string(&path).expect("a UTF-8 source file"),
            );
        }
    }
}

fn crate_of(files: &[(&str, &str)]) -> Sources {
    files
        .iter()
        .map(|(f, t)| ((*f).to_owned(), (*t).to_owned()))
        .collect()
}

#[test]
fn the_runtime_imports_only_from_its_own_layer_or_below() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut sources = Sources::new();
    read_sources(&src, &src, &mut sources);
    assert!(
        sources.len() > 50,
        "read only {} files from {}",
        sources.len(),
        src.display()
    );
    let found = violations(&sources);
    assert!(
        found.is_empty(),
        "layer rules broken:\n{}",
        found.join("\n")
    );
}

#[test]
fn an_import_from_a_higher_layer_is_named() {
    let sources = crate_of(&[
        ("lib.rs", "mod util;\nmod report;"),
        ("util/mod.rs", "pub mod units;"),
        (
            "util/units.rs",
            "use crate::report::{block::{ratio, Paint}, other};",
        ),
        ("report/mod.rs", "pub mod block;"),
        ("report/block.rs", "use crate::util::units::x;"),
    ]);
    let found = violations(&sources);
    assert!(
        found
            .contains(&"util/units.rs imports report/block.rs: util → report points up".to_owned()),
        "{found:?}"
    );
    assert!(
        found
            .iter()
            .any(|v| v.starts_with("import cycle: report/block.rs → util/units.rs")),
        "{found:?}"
    );
}

#[test]
fn the_reports_stand_below_the_handles() {
    // Records hold results, not handles: report reading a type defined in api points up.
    let sources = crate_of(&[
        (
            "api/mod.rs",
            "mod versions;\npub(crate) use versions::PairedResult;",
        ),
        ("api/versions.rs", "pub struct PairedResult;"),
        ("report/mod.rs", "mod diff_record;"),
        ("report/diff_record.rs", "use crate::api::PairedResult;"),
    ]);
    assert_eq!(
        violations(&sources),
        vec!["report/diff_record.rs imports api/versions.rs: report → api points up".to_owned()]
    );
}

#[test]
fn a_cycle_inside_one_layer_and_a_file_outside_the_layers_are_named() {
    let sources = crate_of(&[
        ("report/mod.rs", "pub mod a;\npub mod b;"),
        ("report/a.rs", "use super::b::B;"),
        ("report/b.rs", "fn f() -> crate::report::a::A { todo!() }"),
        ("loose.rs", ""),
    ]);
    let found = violations(&sources);
    assert!(
        found.contains(&"import cycle: report/a.rs → report/b.rs".to_owned()),
        "{found:?}"
    );
    assert!(
        found
            .iter()
            .any(|v| v.starts_with("loose.rs is in no layer")),
        "{found:?}"
    );
}

#[test]
fn imports_through_a_folders_reexports_are_followed_to_the_file() {
    let sources = crate_of(&[
        ("lib.rs", "mod util;\nmod report;"),
        ("util/mod.rs", "mod units;\npub(crate) use units::ratio;"),
        (
            "util/units.rs",
            "use crate::report::Colour;\npub fn ratio() {}",
        ),
        (
            "report/mod.rs",
            "mod a;\nmod b;\nmod block;\nmod paint;\npub(crate) use a::A;\n\
             pub(crate) use b::B;\npub(crate) use block::{Block, Paint as Colour};",
        ),
        (
            "report/paint/mod.rs",
            "mod style;\npub(crate) use style::Paint;",
        ),
        (
            "report/paint/style.rs",
            "use crate::util::ratio;\npub struct Paint;",
        ),
        (
            "report/block.rs",
            "pub(crate) use super::paint::Paint;\npub struct Block;",
        ),
        ("report/a.rs", "use crate::report::B;\npub struct A;"),
        ("report/b.rs", "use crate::report::A;\npub struct B;"),
    ]);
    let found = violations(&sources);
    assert!(
        found.contains(
            &"util/units.rs imports report/paint/style.rs: util → report points up".to_owned()
        ),
        "{found:?}"
    );
    assert!(
        found.contains(&"import cycle: report/paint/style.rs → util/units.rs".to_owned()),
        "{found:?}"
    );
    assert!(
        found.contains(&"import cycle: report/a.rs → report/b.rs".to_owned()),
        "{found:?}"
    );
}

#[test]
fn test_code_and_comments_may_reach_anywhere() {
    let sources = crate_of(&[
        ("util/mod.rs", "pub mod units;\npub mod lock;\n#[cfg(test)]\nmod fixture;"),
        ("util/fixture.rs", "use crate::harness::runner::x;"),
        ("util/units.rs", "// see crate::harness::runner\n#[cfg(test)]\nmod tests {\n    use crate::harness::runner::y;\n}\n"),
        (
            "util/lock.rs",
            "#[cfg(all(test, unix))]\nmod tests {\n    use crate::harness::runner::w;\n}\n",
        ),
        ("harness/mod.rs", "pub mod runner;"),
        ("harness/runner.rs", "use crate::util::units::z;"),
    ]);
    assert_eq!(violations(&sources), Vec::<String>::new());
    // The same import outside a test module is one.
    let sources = crate_of(&[
        (
            "util/clock.rs",
            "#[cfg(unix)]\nmod tests {\n    use crate::harness::runner::w;\n}\n",
        ),
        ("harness/runner.rs", ""),
    ]);
    assert_eq!(violations(&sources).len(), 1);
    // Code that tests compile among other builds is not test code.
    let sources = crate_of(&[
        ("util/mod.rs", "pub mod lock;"),
        (
            "util/lock.rs",
            "#[cfg(any(test, unix))]\nmod shared {\n    use crate::harness::runner::w;\n}\n",
        ),
        ("harness/mod.rs", "pub mod runner;"),
        ("harness/runner.rs", ""),
    ]);
    assert_eq!(
        violations(&sources),
        ["util/lock.rs imports harness/runner.rs: util → harness points up"]
    );
}

#[test]
fn every_folder_of_the_runtime_names_its_modules_in_its_doc() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let found = undocumented_children(&src);
    assert!(
        found.is_empty(),
        "folders of {} whose module doc leaves out what they hold:\n{}",
        src.display(),
        found.join("\n")
    );
}

#[test]
fn a_folder_whose_doc_leaves_out_a_module_is_named_with_the_modules_it_leaves_out() {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("layers-folder-docs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let write = |file: &str, text: &str| {
        let path = root.join(file);
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("a temporary folder");
        std::fs::write(path, text).expect("a temporary file");
    };
    // `layer/`'s doc names `a` and `handle`, `bench` only inside `benchmark`, and `inner`
    // only in its inline tests' doc, which is not the folder's; `inner/` names its one
    // file; `layer/handle.rs` beside `layer/handle/` names its child; `data.txt` is no
    // module; `loose/` has no module file at all. The root's `lib.rs` is the crate's front
    // page, not checked.
    write("lib.rs", "//! The crate.\nmod layer;\n");
    write(
        "layer/mod.rs",
        "//! `a` does one thing, `handle` another; every benchmark passes.\nmod a;\n\
         #[cfg(test)]\nmod tests {\n    //! The tests' doc names bench and inner: not the folder's.\n}\n",
    );
    write("layer/a.rs", "//! A.\n");
    write("layer/bench.rs", "//! Bench.\n");
    write("layer/data.txt", "no module\n");
    write(
        "layer/handle.rs",
        "//! The handle, and its `child` part.\nmod child;\n",
    );
    write("layer/handle/child.rs", "//! Child.\n");
    write("layer/inner/mod.rs", "//! What `c` computes.\nmod c;\n");
    write("layer/inner/c.rs", "//! C.\n");
    write("layer/loose/d.rs", "//! D.\n");
    let found = undocumented_children(&root);
    std::fs::remove_dir_all(&root).expect("the temporary folder removed");
    assert_eq!(
        found,
        vec![
            "layer/ holds bench, inner that the module doc of layer/mod.rs does not \
             name: say what each is for"
                .to_owned(),
            "layer/loose/ has no module file (layer/loose/mod.rs or layer/loose.rs) to say \
             what it holds"
                .to_owned(),
        ]
    );
}
