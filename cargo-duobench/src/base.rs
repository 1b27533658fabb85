//! The base revision's bench executables: checked out in a worktree of its own commit, built
//! in a target directory kept between runs, stored as baseline `base` without measuring
//! anything, and stamped with everything that decides what was built, so that a later
//! comparison reuses them only when they are what it would build.
//!
//! - **One worktree for the repository**, in its git directory, moved to each base commit
//!   with `git checkout` (which gives changed files new modification times, so that Cargo
//!   rebuilds what changed in the one target directory kept for the base). When a package of
//!   the workspace depends on a relative path outside the repository (`cargo add --path
//!   ../lib` writes one), a worktree in the git directory would resolve `../lib` to the wrong
//!   place, so the worktree goes beside the repository instead, at the same depth. One
//!   worktree, not one a commit: Cargo's fingerprints do not name a package's directory, so
//!   two checkouts of one package building into one target directory could take each
//!   other's artifacts for their own.
//! - **Locks**: the worktree's around checking out, building and storing, so that two
//!   comparisons started together wait for each other instead of swapping sources under
//!   each other's build; the baseline directory's for as long as a comparison uses it.
//! - **The stamp** holds the commit, the cargo arguments, `rustc -vV` as the base's build
//!   sees it, the flag variables cargo reads, and each stored executable's size and hash;
//!   any difference, or an executable missing or changed, means building again.

use crate::run::{cargo, output_of, status_of, stdout_of, without_duobench_vars};
use duobench::result::document::{check_owned, write_owned, FileKind};
use fs4::FileExt;
use serde_json::Value;
use std::fs::{self, File};
use std::path::{Path, PathBuf};

/// The baseline name the base revision is stored under.
pub const BASE: &str = "base";

/// The file in the baseline directory that says what it holds.
const STAMP: &str = "compare-stamp.txt";

/// The variables that change what cargo builds without changing the command line.
const FLAG_VARS: [&str; 5] = [
    "RUSTFLAGS",
    "CARGO_ENCODED_RUSTFLAGS",
    "CARGO_BUILD_RUSTFLAGS",
    "RUSTC",
    "RUSTC_WRAPPER",
];

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
/// returns the lock that keeps them there while the comparison runs; `bench_targets`, the
/// bench targets the base revision has (so that a target added since is reported as new).
pub fn ensure_base(
    places: &Places<'_>,
    commit: &str,
    cargo_args: &[String],
) -> Result<(Held, Vec<String>), String> {
    let short = &commit[..commit.len().min(12)];
    let held = lock(
        &beside(places.baseline_dir, "lock"),
        &format!("the base executables in {}", places.baseline_dir.display()),
    )?;
    let worktree = worktree_for(places)?;
    let _worktree_lock = lock(
        &beside(&worktree, "lock"),
        &format!("the base's worktree {}", worktree.display()),
    )?;
    check_out(places.top, &worktree, commit)?;
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
        return Ok((held, targets));
    };
    let header = stamp_header(
        commit,
        &base_args,
        &rustc_version(&package_dir),
        std::env::vars(),
    );
    let stamp_path = places.baseline_dir.join(STAMP);
    let found = fs::read_to_string(&stamp_path).unwrap_or_default();
    if stamp_holds(&found, &header, places.baseline_dir) {
        eprintln!(
            "duobench: the executables of {short} are stored in {}: nothing to build",
            places.baseline_dir.display()
        );
        return Ok((held, targets));
    }
    // Someone else's file where the stamp goes stops the comparison before the build.
    check_owned(&stamp_path, FileKind::CompareStamp)
        .map_err(|e| format!("cannot write {}: {e}", stamp_path.display()))?;
    let started = std::time::Instant::now();
    clear_stored(places.baseline_dir)?;
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
    Ok((held, targets))
}

/// The base's worktree: in the git directory, or beside the repository when a relative path
/// dependency leaves it (see the module docs).
fn worktree_for(places: &Places<'_>) -> Result<PathBuf, String> {
    if let Some(outside) = path_dependency_outside(places.here, places.top)? {
        let parent = places
            .top
            .parent()
            .ok_or("the repository has no parent directory")?;
        let name = places
            .top
            .file_name()
            .map_or_else(|| "repository".into(), |n| n.to_string_lossy().into_owned());
        eprintln!(
            "duobench: a path dependency leaves the repository ({}): the base is checked out \
             beside it, where that path resolves",
            outside.display()
        );
        return Ok(parent.join(format!(".{name}.duobench-base")));
    }
    let git_dir = PathBuf::from(output_of(
        places.top,
        "git",
        &["rev-parse", "--git-common-dir"],
    )?);
    let git_dir = if git_dir.is_absolute() {
        git_dir
    } else {
        places.top.join(git_dir)
    };
    Ok(git_dir.join("duobench-base"))
}

/// The first path dependency of a workspace package that lies outside `top` and is written
/// as a relative path, if any: an absolute one resolves the same from any checkout.
fn path_dependency_outside(here: &Path, top: &Path) -> Result<Option<PathBuf>, String> {
    let metadata = metadata(here)?;
    let top = top.canonicalize().unwrap_or_else(|_| top.to_owned());
    for package in metadata["packages"].as_array().into_iter().flatten() {
        let manifest = package["manifest_path"]
            .as_str()
            .and_then(|path| fs::read_to_string(path).ok())
            .unwrap_or_default();
        let outside = package["dependencies"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|dependency| dependency["path"].as_str())
            .find(|path| {
                let real = Path::new(path)
                    .canonicalize()
                    .unwrap_or_else(|_| path.into());
                !real.starts_with(&top) && written_relative(&manifest, path, &real)
            });
        if let Some(path) = outside {
            return Ok(Some(PathBuf::from(path)));
        }
    }
    Ok(None)
}

/// Whether `manifest` spells the dependency at `path` (`real` once links are resolved) as a
/// relative path: it contains neither absolute spelling.
fn written_relative(manifest: &str, path: &str, real: &Path) -> bool {
    let real = real.display().to_string();
    ![path, real.as_str()]
        .iter()
        .any(|spelling| manifest.contains(spelling.trim_end_matches('/')))
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

/// Creates the worktree of `commit` at `worktree`, or moves the existing one there.
fn check_out(top: &Path, worktree: &Path, commit: &str) -> Result<(), String> {
    if worktree.join(".git").exists() {
        let head = output_of(worktree, "git", &["rev-parse", "HEAD"]).unwrap_or_default();
        if head != commit {
            output_of(
                worktree,
                "git",
                &["checkout", "--quiet", "--force", "--detach", commit],
            )?;
        }
        return Ok(());
    }
    if worktree.exists() {
        return Err(format!(
            "{} exists and is not a git worktree: remove it",
            worktree.display()
        ));
    }
    let path = worktree.to_string_lossy().into_owned();
    output_of(
        top,
        "git",
        &["worktree", "add", "--quiet", "--detach", &path, commit],
    )?;
    Ok(())
}

/// `rustc -vV` in `package_dir`, on one line: a toolchain file there is what the base's
/// build uses.
fn rustc_version(package_dir: &Path) -> String {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned());
    output_of(package_dir, &rustc, &["-vV"])
        .unwrap_or_else(|e| format!("unknown ({e})"))
        .replace('\n', "; ")
}

/// The stamp's lines that say what a build of `commit` with `cargo_args` by `rustc` would
/// produce, with those of the variables `vars` that change a build.
fn stamp_header(
    commit: &str,
    cargo_args: &[String],
    rustc: &str,
    vars: impl Iterator<Item = (String, String)>,
) -> String {
    let mut header = format!(
        "commit {commit}\ncargo bench {}\nrustc {rustc}\n",
        cargo_args.join(" ")
    );
    let mut vars: Vec<(String, String)> = vars
        .filter(|(key, _)| {
            FLAG_VARS.contains(&key.as_str())
                || key.starts_with("CARGO_PROFILE_")
                || key.starts_with("CARGO_TARGET_")
        })
        .filter(|(key, _)| key != "CARGO_TARGET_DIR")
        .collect();
    vars.sort();
    for (key, value) in vars {
        header.push_str(&format!("env {key}={value:?}\n"));
    }
    header
}

/// Whether the stamp `found` was written for `header` and every executable it lists is
/// still there, unchanged.
fn stamp_holds(found: &str, header: &str, baseline_dir: &Path) -> bool {
    let Some(listed) = found.strip_prefix(header) else {
        return false;
    };
    let Ok(now) = executables_lines(baseline_dir) else {
        return false;
    };
    !listed.is_empty() && listed == now
}

/// The stored executables of baseline `base` in `baseline_dir`, one line each with size
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
        lines.push(format!(
            "executable {shown} {} {:016x}\n",
            bytes.len(),
            fnv1a(&bytes)
        ));
    }
    lines.sort();
    Ok(lines.concat())
}

/// The stored executables of baseline `base`: `TARGET/@executables/base[.exe]`.
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

/// Removes the executables of baseline `base` stored before, so that a target the new base
/// lacks does not keep an older revision's executable.
fn clear_stored(baseline_dir: &Path) -> Result<(), String> {
    for exe in stored(baseline_dir) {
        fs::remove_file(&exe).map_err(|e| format!("cannot remove {}: {e}", exe.display()))?;
    }
    Ok(())
}

/// FNV-1a over `bytes`: a fingerprint of an executable, to notice one replaced or damaged
/// since it was stamped (not a defence against tampering). Written here rather than taken
/// from a crate: ten lines against a dependency.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Builds the base's bench targets in `package_dir` and stores them as baseline `base`.
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

    #[test]
    fn a_stamp_holds_only_for_its_header_and_unchanged_executables() {
        let dir = std::env::temp_dir().join(format!("duobench-stamp-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let exe = dir
            .join("work/@executables")
            .join(format!("{BASE}{}", std::env::consts::EXE_SUFFIX));
        fs::create_dir_all(exe.parent().unwrap()).unwrap();
        fs::write(&exe, b"one build").unwrap();
        let header = "commit abc\ncargo bench \n";
        let stamp = header.to_owned() + &executables_lines(&dir).unwrap();
        assert!(stamp_holds(&stamp, header, &dir));
        assert!(!stamp_holds(&stamp, "commit def\ncargo bench \n", &dir));
        // An executable changed, or deleted, since it was stamped.
        fs::write(&exe, b"another build").unwrap();
        assert!(!stamp_holds(&stamp, header, &dir));
        fs::remove_file(&exe).unwrap();
        assert!(!stamp_holds(&stamp, header, &dir));
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn another_toolchain_or_other_flags_make_another_stamp() {
        let vars = |pairs: &[(&str, &str)]| {
            pairs
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect::<Vec<_>>()
                .into_iter()
        };
        let args = strings(&["--bench", "work"]);
        let plain = stamp_header("abc", &args, "rustc 1.95.0", vars(&[("HOME", "/root")]));
        // The stamp written is one the next comparison may replace as its own.
        assert!(FileKind::CompareStamp.recognises(&plain));
        // Variables that do not change a build leave the stamp as it is.
        assert_eq!(
            plain,
            stamp_header("abc", &args, "rustc 1.95.0", vars(&[("HOME", "/tmp")]))
        );
        for other in [
            stamp_header(
                "abc",
                &args,
                "rustc 1.95.0",
                vars(&[("RUSTFLAGS", "-C opt-level=1")]),
            ),
            stamp_header("abc", &args, "rustc 1.96.0", vars(&[])),
            stamp_header(
                "abc",
                &args,
                "rustc 1.95.0",
                vars(&[("CARGO_PROFILE_BENCH_LTO", "true")]),
            ),
            stamp_header(
                "abc",
                &strings(&["--profile", "dev"]),
                "rustc 1.95.0",
                vars(&[]),
            ),
        ] {
            assert_ne!(plain, other);
        }
    }

    #[test]
    fn only_a_relative_path_leaving_the_repository_needs_the_base_beside_it() {
        let real = Path::new("/work/lib");
        assert!(written_relative(
            "lib = { path = \"../lib\" }",
            "/work/lib",
            real
        ));
        assert!(!written_relative(
            "lib = { path = \"/work/lib\" }",
            "/work/lib",
            real
        ));
        assert!(!written_relative(
            "lib = { path = '/work/lib/' }",
            "/work/lib",
            real
        ));
    }

    #[test]
    fn the_fingerprint_is_fnv1a() {
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
    }
}
