//! The base revision's bench executables: checked out in a worktree of its own commit
//! (`worktree.rs`), built in a target directory kept between runs, stored as baseline
//! [`BASE`] without measuring anything, and stamped with everything that decides what was
//! built (`stamp.rs`), so that a later comparison reuses them only when they are what it
//! would build.
//!
//! - **Locks**: the worktree's around checking out, building and storing, so that two
//!   comparisons started together wait for each other instead of swapping sources under
//!   each other's build; the baseline directory's for as long as a comparison uses it.
//! - **The name** is `merge-base`, not `base` or `previous`: a run under `--baseline NAME`
//!   saves its numbers as the previous run, `previous` (`base` on the command line, as
//!   Criterion names it), so under either name an unpaired fallback would compare the
//!   working tree with its own previous run and call it the base. Nothing saves numbers as
//!   `merge-base` (the base is stored, not measured), so such a fallback compares with
//!   nothing, and says so.

use crate::run::{cargo, status_of, stdout_of, without_duobench_vars};
use crate::{stamp, worktree};
use duobench::result::document::{check_owned, write_owned, FileKind};
use fs4::FileExt;
use serde_json::Value;
use std::fs::{self, File};
use std::path::{Path, PathBuf};

/// The baseline name the base revision is stored under.
pub const BASE: &str = "merge-base";

/// The file in the baseline directory that says what it holds.
const STAMP: &str = "compare-stamp.txt";

/// Where things are: the repository, the package directory inside it, the target
/// directory, and the baseline directory the base's executables go to.
pub struct Places<'a> {
    /// The repository's top directory.
    pub top: &'a Path,
    /// The directory the comparison runs in (a package inside `top`).
    pub here: &'a Path,
    /// The working tree's target directory.
    pub target: &'a Path,
    /// Where the base's executables are stored (and kept).
    pub baseline_dir: &'a Path,
}

/// A lock held for as long as this comparison uses the baseline directory.
pub struct Held(#[allow(dead_code, reason = "held for its drop, which unlocks")] File);

/// The base as stored for this comparison.
pub struct Base {
    /// The lock that keeps its executables there while the comparison runs.
    #[allow(dead_code, reason = "held for its drop, which unlocks")]
    pub held: Held,
    /// The bench targets the base revision has (a target added since is new).
    pub targets: Vec<String>,
    /// Whether its executables of the selected bench targets are stored (not when it has
    /// none of them).
    pub stored: bool,
}

/// The file beside `path` named as it with `.suffix` added (`base-abc.lock`).
fn beside(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".");
    name.push(suffix);
    PathBuf::from(name)
}

/// Takes the lock of `path` (created if missing), saying when it has to wait.
fn lock(path: &Path, what: &str) -> Result<Held, String> {
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let file = File::options()
        .create(true)
        .truncate(false)
        .write(true)
        .open(path)
        .map_err(|e| format!("cannot open the lock {}: {e}", path.display()))?;
    if FileExt::try_lock(&file).is_err() {
        eprintln!("duobench: waiting for another comparison using {what}");
        FileExt::lock(&file).map_err(|e| format!("cannot lock {}: {e}", path.display()))?;
    }
    Ok(Held(file))
}

/// Makes sure `baseline_dir` holds the executables of `commit` built by `cargo_args`, and
/// returns them as a [`Base`]. With `share_config`, the base is built with the working
/// tree's cargo configuration.
pub fn ensure_base(
    places: &Places<'_>,
    commit: &str,
    cargo_args: &[String],
    share_config: bool,
) -> Result<Base, String> {
    let short = &commit[..commit.len().min(12)];
    let held = lock(
        &beside(places.baseline_dir, "lock"),
        &format!("the base executables in {}", places.baseline_dir.display()),
    )?;
    let worktree = worktree::location(places.top)?;
    let _worktree_lock = lock(
        &beside(&worktree, "lock"),
        &format!("the base's worktree {}", worktree.display()),
    )?;
    worktree::reset(places.top, &worktree, commit)?;
    worktree::configure(places.top, places.here, &worktree, share_config)?;
    let inside = places
        .here
        .strip_prefix(places.top)
        .unwrap_or(Path::new(""));
    let package_dir = worktree.join(inside);
    let targets = bench_targets(&package_dir)?;
    let base_args = args_for_base(cargo_args, &targets);
    let Some(base_args) = base_args else {
        eprintln!(
            "duobench: {short} has none of the selected bench targets: nothing of it to store"
        );
        return Ok(Base {
            held,
            targets,
            stored: false,
        });
    };
    let header = stamp::header(commit, &base_args, &package_dir, std::env::vars());
    let stamp_path = places.baseline_dir.join(STAMP);
    let found = fs::read_to_string(&stamp_path).unwrap_or_default();
    let now = executables_lines(places.baseline_dir).unwrap_or_default();
    if stamp::holds(&found, &header, &now) {
        eprintln!(
            "duobench: the executables of {short} are stored in {}: nothing to build",
            places.baseline_dir.display()
        );
        return Ok(Base {
            held,
            targets,
            stored: true,
        });
    }
    // Someone else's file where the stamp goes stops the comparison before the build.
    check_owned(&stamp_path, FileKind::CompareStamp)
        .map_err(|e| format!("cannot write {}: {e}", stamp_path.display()))?;
    let started = std::time::Instant::now();
    clear_stored(places.baseline_dir)?;
    // A stamp that no longer holds is removed first: a build stopped halfway leaves none.
    let _ = fs::remove_file(&stamp_path);
    store_base(places, &package_dir, &base_args, short)?;
    let stamp = header + &executables_lines(places.baseline_dir)?;
    write_owned(&stamp_path, FileKind::CompareStamp, |_| {
        Ok(stamp.into_bytes())
    })
    .map_err(|e| format!("cannot write {}: {e}", stamp_path.display()))?;
    // What the base cost: its build and a copy, where saving it with `--save-baseline`
    // alone would also have measured every benchmark of it.
    eprintln!(
        "duobench: {short} built and stored in {:.1} s, nothing of it measured",
        started.elapsed().as_secs_f64()
    );
    Ok(Base {
        held,
        targets,
        stored: true,
    })
}

/// `cargo metadata --no-deps` of the workspace in `dir`.
pub fn metadata(dir: &Path) -> Result<Value, String> {
    let stdout = stdout_of(
        cargo()
            .args(["metadata", "--no-deps", "--format-version", "1"])
            .current_dir(dir),
    )?;
    serde_json::from_slice(&stdout).map_err(|e| format!("cargo metadata gave no JSON: {e}"))
}

/// The bench targets of the workspace in `dir`.
fn bench_targets(dir: &Path) -> Result<Vec<String>, String> {
    let metadata = metadata(dir)?;
    Ok(metadata["packages"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|package| package["targets"].as_array().into_iter().flatten())
        .filter(|target| {
            target["kind"]
                .as_array()
                .is_some_and(|kinds| kinds.iter().any(|k| k == "bench"))
        })
        .filter_map(|target| target["name"].as_str().map(str::to_owned))
        .collect())
}

/// The cargo arguments for building the base: `--bench NAME` only for targets it has (a
/// target added since is new, not an error). `None` when every `--bench` named is new.
fn args_for_base(cargo_args: &[String], base_targets: &[String]) -> Option<Vec<String>> {
    let mut kept = Vec::with_capacity(cargo_args.len());
    let (mut named, mut named_here) = (0, 0);
    let mut args = cargo_args.iter();
    while let Some(arg) = args.next() {
        let name = match arg.strip_prefix("--bench=") {
            Some(name) => Some(name.to_owned()),
            None if arg == "--bench" => args.next().cloned(),
            None => None,
        };
        match name {
            Some(name) => {
                named += 1;
                if base_targets.contains(&name) {
                    named_here += 1;
                    kept.extend(["--bench".to_owned(), name]);
                }
            }
            None => kept.push(arg.clone()),
        }
    }
    (named == 0 || named_here > 0).then_some(kept)
}

/// The stored executables of baseline [`BASE`] in `baseline_dir`, one line each with size
/// and hash, sorted.
fn executables_lines(baseline_dir: &Path) -> Result<String, String> {
    let mut lines = Vec::new();
    for exe in stored(baseline_dir) {
        let bytes = fs::read(&exe).map_err(|e| format!("cannot read {}: {e}", exe.display()))?;
        let shown = exe
            .strip_prefix(baseline_dir)
            .unwrap_or(&exe)
            .display()
            .to_string();
        lines.push(stamp::executable_line(&shown, &bytes));
    }
    lines.sort();
    Ok(lines.concat())
}

/// The stored executables of baseline [`BASE`]: `TARGET/@executables/merge-base[.exe]`.
fn stored(baseline_dir: &Path) -> Vec<PathBuf> {
    let file = format!("{BASE}{}", std::env::consts::EXE_SUFFIX);
    fs::read_dir(baseline_dir)
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .map(|entry| entry.path().join("@executables").join(&file))
        .filter(|exe| exe.is_file())
        .collect()
}

/// The stored executables of baseline [`BASE`] in `baseline_dir`, each with its bench
/// target (the directory it is stored under, as the JSON document names the target).
pub fn stored_executables(baseline_dir: &Path) -> Vec<(String, PathBuf)> {
    stored(baseline_dir)
        .into_iter()
        .filter_map(|exe| {
            let target = exe.parent()?.parent()?.file_name()?.to_string_lossy();
            Some((target.into_owned(), exe))
        })
        .collect()
}

/// Removes the executables of baseline [`BASE`] stored before, so that a target the new base
/// lacks does not keep an older revision's executable.
fn clear_stored(baseline_dir: &Path) -> Result<(), String> {
    for exe in stored(baseline_dir) {
        fs::remove_file(&exe).map_err(|e| format!("cannot remove {}: {e}", exe.display()))?;
    }
    Ok(())
}

/// Builds the base's bench targets in `package_dir` and stores them as baseline [`BASE`].
fn store_base(
    places: &Places<'_>,
    package_dir: &Path,
    cargo_args: &[String],
    short: &str,
) -> Result<(), String> {
    eprintln!(
        "duobench: building the bench targets of {short} and storing them (nothing is measured)"
    );
    let mut store = cargo();
    without_duobench_vars(&mut store)
        .arg("bench")
        .args(cargo_args)
        .current_dir(package_dir)
        // A target directory of its own, kept between runs (only what changed since the
        // last base is rebuilt): in the working tree's, the two checkouts of one package
        // share fingerprints, and Cargo would take the base's build for the working
        // tree's, whose sources are older than it.
        .env(
            "CARGO_TARGET_DIR",
            places.target.join("duobench").join("base-target"),
        )
        .env("DUOBENCH_SAVE_BASELINE", BASE)
        .env("DUOBENCH_STORE_ONLY", "1")
        .env("DUOBENCH_BASELINE_DIR", places.baseline_dir);
    let status = status_of(&mut store, "build the base revision")?;
    if !status.success() {
        return Err(format!(
            "building or storing the bench targets of {short} failed ({status}): cargo's \
             output above says what failed"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(args: &[&str]) -> Vec<String> {
        args.iter().map(|a| (*a).to_owned()).collect()
    }

    #[test]
    fn a_bench_target_the_base_lacks_is_left_out_of_its_build() {
        let base = strings(&["old"]);
        assert_eq!(
            args_for_base(
                &strings(&["--bench", "old", "--bench=new", "-p", "x"]),
                &base
            ),
            Some(strings(&["--bench", "old", "-p", "x"]))
        );
        assert_eq!(args_for_base(&strings(&["--bench", "new"]), &base), None);
        assert_eq!(
            args_for_base(&strings(&["--release"]), &base),
            Some(strings(&["--release"]))
        );
    }
}
