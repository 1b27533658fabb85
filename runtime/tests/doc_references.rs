//! Every reference the docs and comments make to the code is to something that exists: a
//! module path of the runtime (`harness::run::previous_pace`, `decide::Verdict`, an item
//! its module defines or re-exports), a guide chapter (`guide::ci`), or a file or folder of
//! the repository (`runtime/src/util/units.rs`, `harness/cli/values.rs`, `decide/simulation/`,
//! `invocation.rs`). Read in every source's comments and in every markdown file of the workspace
//! but the raw outputs of validation runs, which record what programs printed. A file moved
//! or renamed without its references fails here, naming each reference and where it is.

mod common;

use common::{files_under, read, shown, workspace_root};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The runtime's layers: a path starting with one names a module of `runtime/src`.
const LAYERS: &[&str] = &[
    "harness", "report", "api", "session", "analysis", "measure", "decide", "stats", "model",
    "util", "fixture",
];

/// Extensions of the repository's files that a reference names.
const EXTENSIONS: &[&str] = &[
    "rs", "md", "toml", "json", "txt", "py", "yml", "yaml", "css", "sh", "stderr", "lock",
];

/// Names that stand for any file, not for one: the layout rules speak of `x.rs` beside `x/`.
const PLACEHOLDERS: &[&str] = &[
    "x.rs",
    "x/",
    "x/tests.rs",
    "x/mod.rs",
    "foo.rs",
    "foo/",
    "foo/mod.rs",
];

/// Words that end like a Rust file and name no file: a site and a project.
const NOT_FILES: &[&str] = &["docs.rs", "Criterion.rs"];

/// What the workspace holds that a reference may name.
struct Known {
    /// Every file name in the workspace, for a reference by bare name (`invocation.rs`).
    names: BTreeSet<String>,
    /// The guide's chapters, as `lib.rs` declares them.
    chapters: BTreeSet<String>,
    /// The crates the runtime depends on, whose paths are not its modules'.
    crates: BTreeSet<String>,
}

/// What one checked file may reference, and where.
struct Context<'a> {
    root: &'a Path,
    known: &'a Known,
    /// The file's own folder, its crate's root and `src/`: where a relative path starts.
    bases: Vec<PathBuf>,
    /// For a file of a crate's `src/`, the folder of the modules beside it.
    module_dir: Option<PathBuf>,
}

/// The text that may hold references: a Rust source's comments (`//`, `///`, `//!`), a
/// markdown file whole.
fn prose(path: &Path, text: &str) -> String {
    if path.extension().is_some_and(|e| e != "rs") {
        return text.to_owned();
    }
    text.lines()
        .filter_map(|line| {
            let trimmed = line.trim_start();
            if trimmed.starts_with("//") {
                Some(trimmed.trim_start_matches('/').trim_start_matches('!'))
            } else {
                // A comment after code; `//` inside a string (an address) is not one.
                line.split_once(" // ").map(|(_, comment)| comment)
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The words of `text` that may be references, without the punctuation and quotes around
/// them (`harness/cli/values.rs's` → `harness/cli/values.rs`).
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| c.is_whitespace() || "`\"()[]{}<>|,;*".contains(c))
        .map(|w| {
            let w = w.trim_end_matches("'s");
            let w = w.trim_matches(|c: char| "'.,;:!?)(`".contains(c));
            // A line reference: `trial.rs:42`.
            w.split_once(".rs:")
                .map_or(w.to_owned(), |(file, _)| format!("{file}.rs"))
        })
        .filter(|w| !w.is_empty())
        .collect()
}

/// Whether `word` is shaped like a module path of the runtime, and where it starts: a layer
/// (`crate::` first or not) from `runtime/src`, a guide chapter, or, in a file of a crate's
/// `src/`, a module beside it (`filters::select_any` in `harness/cli/`, `claim::Claim` in
/// `macros/src/`).
fn module_path<'w>(ctx: &Context<'_>, word: &'w str) -> Option<(PathBuf, Vec<&'w str>)> {
    let word = word.strip_prefix("crate::").unwrap_or(word);
    let segments: Vec<&str> = word.split("::").collect();
    let names = segments.len() >= 2
        && segments.iter().enumerate().all(|(i, s)| {
            // `decide::` (a test filter) ends in an empty segment.
            (s.is_empty() && i > 0 && i + 1 == segments.len())
                || (!s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
        });
    if !names {
        return None;
    }
    let src = ctx.root.join("runtime/src");
    let first = segments[0];
    let start = if LAYERS.contains(&first) || first == "guide" {
        src
    } else if ctx.known.crates.contains(first) {
        // `tokio::spawn` is the crate's, even beside a module named `tokio`.
        return None;
    } else {
        let beside = ctx.module_dir.as_ref()?;
        let module = beside.join(format!("{first}.rs")).is_file() || beside.join(first).is_dir();
        module.then(|| beside.clone())?
    };
    Some((start, segments))
}

/// Whether `name` is defined or brought in (`use`) by any of `files`.
fn defines(files: &[PathBuf], name: &str) -> bool {
    let definers = [
        "fn", "struct", "enum", "trait", "type", "const", "static", "mod", "union",
    ];
    files.iter().any(|file| {
        let text = read(file);
        text.lines().any(|line| {
            let line = line.trim_start();
            let tokens: Vec<&str> = line
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '!'))
                .filter(|t| !t.is_empty())
                .collect();
            let defined = tokens
                .windows(2)
                .any(|w| (definers.contains(&w[0]) || w[0] == "macro_rules!") && w[1] == name);
            let imported =
                (line.starts_with("use ") || line.contains(" use ")) && tokens.contains(&name);
            defined || imported
        })
    })
}

/// Why module path `segments`, from folder `start`, names nothing, if it does: each
/// segment a module (a file, a folder, or both) inside the one before, until
/// one is an item its module defines or re-exports (what follows an item, a variant or a
/// method, is not checked).
fn module_problem(ctx: &Context<'_>, start: &Path, segments: &[&str]) -> Option<String> {
    if segments[0] == "guide" && start.ends_with("runtime/src") {
        let chapter = segments[1];
        return (!chapter.is_empty() && !ctx.known.chapters.contains(chapter))
            .then(|| format!("no guide chapter `{chapter}`"));
    }
    let mut module = start.join(segments[0]);
    for segment in segments[1..].iter().filter(|s| !s.is_empty()) {
        let child = module.join(segment);
        if child.is_dir() || child.with_extension("rs").is_file() {
            module = child;
            continue;
        }
        let mut files = if module.is_dir() {
            files_under(&module, &["rs"])
        } else {
            Vec::new()
        };
        files.extend(Some(module.with_extension("rs")).filter(|f| f.is_file()));
        return (!defines(&files, segment)).then(|| {
            format!(
                "`{}` has no module or item `{segment}`",
                shown(ctx.root, &module).replace("runtime/src/", "")
            )
        });
    }
    None
}

/// Whether `word` is shaped like a repository path: a folder path, or a file name with one
/// of [`EXTENSIONS`]; and not an address, a placeholder, a pattern, or a path outside the
/// repository (`/proc/...`, `target/...`, `~/.cargo`).
fn file_path(word: &str) -> bool {
    let has_ext = word
        .rsplit_once('.')
        .is_some_and(|(stem, ext)| !stem.is_empty() && EXTENSIONS.contains(&ext));
    let shaped = has_ext || (word.contains('/') && word.ends_with('/') && word.len() > 2);
    let outside = word.contains("://")
        || word.starts_with(['/', '~', '$', '.'])
            && !word.starts_with(".ci/")
            && !word.starts_with(".github/")
            && !word.starts_with(".config/")
        || word.starts_with("target/")
        || word.contains("..")
        || word.contains(['*', '<', '>', '{', '}', '@', '='])
        || word
            .split('/')
            .any(|s| s.is_empty() && !word.ends_with('/'));
    shaped
        && !outside
        && !PLACEHOLDERS.contains(&word)
        && !NOT_FILES.contains(&word)
        && !pattern(word)
}

/// Whether `word` is a pattern of names rather than a name: a part in capitals stands for
/// what varies (`docs/validation-runs/DATE-rivals.md`); a name in capitals alone
/// (`VALIDATION.md`) is a file's.
fn pattern(word: &str) -> bool {
    word.split('/').any(|segment| {
        let stem = segment.split('.').next().unwrap_or(segment);
        let parts: Vec<&str> = stem.split(['-', '_']).filter(|p| !p.is_empty()).collect();
        let capital = |p: &&str| p.len() >= 2 && p.chars().all(|c| c.is_ascii_uppercase());
        parts.iter().any(capital) && !parts.iter().all(capital)
    })
}

/// Why repository path `word` names nothing, if it does: a path with a folder must exist
/// from one of the places it can start (the workspace, `runtime/src`, `runtime/`, the
/// file's folder, crate or `src/`) when its first folder exists there (a user's
/// `benches/sorting.rs` in an example does not); a bare file name must be some file's name
/// in the workspace (only `.rs` files and capitalised documents such as `VALIDATION.md`
/// are taken for the repository's; `out.json` is a user's).
fn path_problem(ctx: &Context<'_>, word: &str) -> Option<String> {
    let bare = word.trim_end_matches('/');
    if !bare.contains('/') {
        let checked = word.ends_with(".rs")
            || (word.ends_with(".md")
                && word
                    .trim_end_matches(".md")
                    .chars()
                    .all(|c| c.is_ascii_uppercase() || c == '_'));
        return (checked && !ctx.known.names.contains(bare))
            .then(|| format!("no file named `{word}` in the workspace"));
    }
    let first = bare.split('/').next().unwrap_or_default();
    let starts: Vec<&PathBuf> = ctx
        .bases
        .iter()
        .filter(|base| base.join(first).exists())
        .collect();
    let found = starts.iter().any(|base| base.join(bare).exists());
    (!starts.is_empty() && !found).then(|| format!("no `{word}` in the repository"))
}

/// The nearest folder at or above `dir` with a `Cargo.toml`.
fn crate_root(root: &Path, dir: &Path) -> PathBuf {
    dir.ancestors()
        .take_while(|d| d.starts_with(root))
        .find(|d| d.join("Cargo.toml").is_file())
        .unwrap_or(root)
        .to_path_buf()
}

/// Every reference of `text` (the file at `path`) that names nothing, as `why` messages.
fn problems(ctx: &Context<'_>, path: &Path, text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for word in words(&prose(path, text)) {
        let problem = match module_path(ctx, &word) {
            Some((start, segments)) => module_problem(ctx, &start, &segments),
            None if file_path(&word) => path_problem(ctx, &word),
            None => None,
        };
        if let Some(why) = problem {
            found.push(format!("`{word}`: {why}"));
        }
    }
    found.sort();
    found.dedup();
    found
}

/// The guide's chapters: the modules `lib.rs` declares inside `pub mod guide`.
fn chapters(root: &Path) -> BTreeSet<String> {
    let lib = read(&root.join("runtime/src/lib.rs"));
    let guide = lib.split("pub mod guide {").nth(1).unwrap_or_default();
    guide
        .lines()
        .filter_map(|l| l.trim().strip_prefix("pub mod "))
        .map(|l| {
            l.trim_end_matches(" {}")
                .trim_end_matches('{')
                .trim()
                .to_owned()
        })
        .collect()
}

/// The checked files: every Rust source and markdown file of the workspace, but the raw
/// outputs of validation runs and the notices of files copied from other repositories,
/// which name paths in those.
fn checked_files(root: &Path) -> Vec<PathBuf> {
    files_under(root, &["rs", "md"])
        .into_iter()
        .filter(|path| !path.starts_with(root.join("docs/validation-runs")))
        .filter(|path| !path.ends_with("NOTICE.md"))
        .collect()
}

fn context<'a>(root: &'a Path, known: &'a Known, file: &Path) -> Context<'a> {
    let dir = file.parent().unwrap_or(root);
    let krate = crate_root(root, dir);
    let module_dir = file
        .starts_with(krate.join("src"))
        .then(|| dir.to_path_buf());
    let bases = vec![
        root.to_path_buf(),
        root.join("runtime/src"),
        root.join("runtime"),
        dir.to_path_buf(),
        krate.join("src"),
        krate,
    ];

    Context {
        root,
        known,
        bases,
        module_dir,
    }
}

/// The dependencies of `manifest` (a `Cargo.toml`), by their names in Rust paths.
fn dependencies(manifest: &str) -> BTreeSet<String> {
    let mut crates = BTreeSet::new();
    let mut in_dependencies = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_dependencies = line.contains("dependencies");
        } else if in_dependencies {
            if let Some((name, _)) = line.split_once(['=', '.']) {
                crates.insert(name.trim().replace('-', "_"));
            }
        }
    }
    crates
}

fn known(root: &Path) -> Known {
    let names = files_under(root, EXTENSIONS)
        .iter()
        .filter_map(|f| f.file_name()?.to_str().map(str::to_owned))
        .collect();
    Known {
        names,
        chapters: chapters(root),
        crates: dependencies(&read(&root.join("runtime/Cargo.toml"))),
    }
}

#[test]
fn every_doc_reference_names_something_that_exists() {
    let root = workspace_root();
    let files = checked_files(&root);
    assert!(files.len() > 300, "read only {} files", files.len());
    let known = known(&root);
    let chapters = &known.chapters;
    assert!(
        chapters.contains("ci") && chapters.len() > 15,
        "{chapters:?}"
    );
    assert!(known.crates.contains("tokio") && known.crates.contains("libtest_mimic"));
    let mut found = Vec::new();
    for file in &files {
        let ctx = context(&root, &known, file);
        for problem in problems(&ctx, file, &read(file)) {
            found.push(format!("{}: {problem}", shown(&root, file)));
        }
    }
    assert!(
        found.is_empty(),
        "doc references to what does not exist (a module path of runtime/src, a guide \
         chapter or a repository file):\n{}",
        found.join("\n")
    );
}

#[test]
fn broken_references_are_caught_and_sound_ones_pass() {
    let root = workspace_root();
    let known = known(&root);
    let here = root.join("runtime/src/harness/cli/mod.rs");
    let ctx = context(&root, &known, &here);
    // Written with `#` for the comment's slashes, so that this file's own comments hold no
    // broken reference.
    let source = "\
#! The pace of `session::previous_speed`, the units of runtime/src/units.rs; see `executor.rs`
#! and `cli.rs`, the chapter [`guide::benchmarks`], `decide::Verdit`, `report/terminal/nope/`.
#! Sound: `harness::run::previous_pace`, `crate::decide::Verdict::Pass`, `decide::`,
#! runtime/src/util/units.rs, `harness/cli/values.rs`'s list, `values.rs`, `decide/simulation/`,
#! `report/terminal/tests.rs`, docs/VALIDATION.md, `VALIDATION.md`, [`guide::ci`], `.ci/run`,
#! `invocation.rs:42`, a user's `benches/sorting.rs`, `out.json`, `x.rs` beside `x/`,
#! `target/duobench/report`, https://example.org/a/b.rs, `<target>/duobench/base-cache`,
#! docs.rs, Criterion.rs, `docs/validation-runs/DATE-rivals.md`, `filters::select_any`.
fn main() {} # and `stats::nothing_here`
let url = \"https://example.org/x.rs\"; # fine
"
    .replace('#', "//");
    let caught = problems(&ctx, &here, &source);
    assert_eq!(
        caught,
        [
            "`cli.rs`: no file named `cli.rs` in the workspace",
            "`decide::Verdit`: `decide` has no module or item `Verdit`",
            "`executor.rs`: no file named `executor.rs` in the workspace",
            "`guide::benchmarks`: no guide chapter `benchmarks`",
            "`report/terminal/nope/`: no `report/terminal/nope/` in the repository",
            "`runtime/src/units.rs`: no `runtime/src/units.rs` in the repository",
            "`session::previous_speed`: `session` has no module or item `previous_speed`",
            "`stats::nothing_here`: `stats` has no module or item `nothing_here`",
        ]
    );
    // The same words in code, not in a comment, are not read.
    let code = "let p = session::previous_pace();\n";
    assert!(problems(&ctx, &here, code).is_empty());
}
