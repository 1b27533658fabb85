//! `cargo duobench compare REV`: the working tree against REV's merge base with `HEAD`,
//! paired. The base revision is checked out in a git worktree and built into a target
//! directory kept for it (so only what changed is rebuilt), its bench executables are stored as
//! baseline `base` without measuring anything (`--store-only`), and then every selected
//! `#[bench]` of the working tree is measured in duos against the same trial there.
//!
//! Options reach the harness as `DUOBENCH_*` variables rather than after `--`: Cargo hands
//! what follows `--` to every target it runs, and libtest's own harness (a library's unit
//! tests) rejects options it does not know.

use crate::args::CompareArgs;
use crate::run::{cargo, output_of, status_of, stdout_of, without_duobench_vars};
use serde_json::Value;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// The baseline name the base revision is stored under.
const BASE: &str = "base";

/// The file in the baseline directory that says which commit, built how, it holds: when it
/// matches, the base revision is not built again (a second push to the same pull request,
/// or a CI cache restored by the base commit).
const STAMP: &str = "compare-stamp.txt";

/// Runs the comparison; the exit code is the comparing `cargo bench`'s.
pub fn compare(args: &CompareArgs) -> Result<ExitCode, String> {
    let here = std::env::current_dir().map_err(|e| format!("cannot read this directory: {e}"))?;
    let top = PathBuf::from(output_of(&here, "git", &["rev-parse", "--show-toplevel"])?);
    let base = output_of(&here, "git", &["merge-base", &args.rev, "HEAD"])?;
    let short = &base[..base.len().min(12)];
    let target = target_dir(&here)?;
    let baseline_dir = match &args.baseline_dir {
        Some(dir) => absolute(&here, dir),
        None => target.join("duobench").join(format!("base-{short}")),
    };
    let stamp = format!("commit {base}\ncargo bench {}\n", args.cargo.join(" "));
    let stamp_path = baseline_dir.join(STAMP);
    if fs::read_to_string(&stamp_path).is_ok_and(|found| found == stamp) {
        eprintln!(
            "duobench: the executables of {short} are stored in {}: nothing to build",
            baseline_dir.display()
        );
    } else {
        let started = Instant::now();
        store_base(args, &top, &here, &target, &baseline_dir, &base)?;
        fs::create_dir_all(&baseline_dir)
            .and_then(|()| fs::write(&stamp_path, stamp))
            .map_err(|e| format!("cannot write {}: {e}", stamp_path.display()))?;
        // What the base cost: its build and a copy, where saving it with `--save-baseline`
        // alone would also have measured every benchmark of it.
        eprintln!(
            "duobench: {short} built and stored in {:.1} s, nothing of it measured",
            started.elapsed().as_secs_f64()
        );
    }
    eprintln!(
        "duobench: comparing the working tree with {short} ({}), paired",
        args.rev
    );
    let mut bench = cargo();
    bench
        .arg("bench")
        .args(&args.cargo)
        .current_dir(&here)
        .env_remove("DUOBENCH_SAVE_BASELINE")
        .env_remove("DUOBENCH_STORE_ONLY")
        .env("DUOBENCH_BASELINE", BASE)
        .env("DUOBENCH_BASELINE_DIR", &baseline_dir);
    if !args.harness.is_empty() {
        bench.arg("--").args(&args.harness);
    }
    if let Some(p) = &args.max_regression {
        bench.env("DUOBENCH_MAX_REGRESSION", p);
    }
    if let Some(measure) = &args.measure {
        bench.env("DUOBENCH_MEASURE", measure);
    }
    if args.allow_unpaired {
        bench.env("DUOBENCH_ALLOW_UNPAIRED", "1");
    }
    if let Some(v) = &args.on_inconclusive {
        bench.env("DUOBENCH_ON_INCONCLUSIVE", v);
    }
    // Cargo runs each bench target in its package's directory: paths are made absolute.
    if let Some(json) = &args.json {
        bench.env("DUOBENCH_JSON", absolute(&here, json));
    }
    if !args.exports.is_empty() {
        let exports: Vec<String> = args
            .exports
            .iter()
            .map(|(format, file)| format!("{format} {}", absolute(&here, file).display()))
            .collect();
        bench.env("DUOBENCH_EXPORT", exports.join(";"));
    }
    let started = Instant::now();
    let status = status_of(&mut bench, "compare with the base revision")?;
    eprintln!(
        "duobench: the paired comparison took {:.1} s",
        started.elapsed().as_secs_f64()
    );
    Ok(match status.code() {
        Some(0) => ExitCode::SUCCESS,
        Some(code) => ExitCode::from(u8::try_from(code).unwrap_or(1)),
        None => ExitCode::FAILURE,
    })
}

/// Checks out `base` in a worktree in the git directory (kept for the next run) and
/// stores its bench executables as baseline `base` in `baseline_dir`, measuring nothing.
fn store_base(
    args: &CompareArgs,
    top: &Path,
    here: &Path,
    target: &Path,
    baseline_dir: &Path,
    base: &str,
) -> Result<(), String> {
    // In the repository's own git directory: one per repository, whatever target
    // directory several repositories share, and out of the way of the working tree.
    let git_dir = PathBuf::from(output_of(top, "git", &["rev-parse", "--git-common-dir"])?);
    let worktree = absolute(top, &git_dir).join("duobench-base");
    let worktree_text = worktree.to_string_lossy().into_owned();
    if worktree.join(".git").exists() {
        output_of(
            &worktree,
            "git",
            &["checkout", "--quiet", "--force", "--detach", base],
        )?;
    } else if worktree.exists() {
        return Err(format!(
            "{} exists and is not a git worktree: remove it",
            worktree.display()
        ));
    } else {
        output_of(
            top,
            "git",
            &[
                "worktree",
                "add",
                "--quiet",
                "--detach",
                &worktree_text,
                base,
            ],
        )?;
    }
    // The same package directory inside the worktree as here inside the repository.
    let inside = here.strip_prefix(top).unwrap_or(Path::new(""));
    eprintln!(
        "duobench: building the bench targets of {} and storing them (nothing is measured)",
        &base[..base.len().min(12)]
    );
    let mut store = cargo();
    without_duobench_vars(&mut store)
        .arg("bench")
        .args(&args.cargo)
        .current_dir(worktree.join(inside))
        // A target directory of its own, kept between runs (only what changed since the
        // last base is rebuilt): in the working tree's, the two checkouts of one package
        // share fingerprints, and Cargo would take the base's build for the working
        // tree's, whose sources are older than it.
        .env(
            "CARGO_TARGET_DIR",
            target.join("duobench").join("base-target"),
        )
        .env("DUOBENCH_SAVE_BASELINE", BASE)
        .env("DUOBENCH_STORE_ONLY", "1")
        .env("DUOBENCH_BASELINE_DIR", baseline_dir);
    let status = status_of(&mut store, "build the base revision")?;
    if !status.success() {
        return Err(format!(
            "building or storing the bench targets of {base} failed ({status}; its output is \
             above): a bench target named with --bench must exist in both revisions"
        ));
    }
    Ok(())
}

/// The target directory cargo uses here (`CARGO_TARGET_DIR`, a config file, or the
/// workspace's `target`).
fn target_dir(here: &Path) -> Result<PathBuf, String> {
    let stdout = stdout_of(
        cargo()
            .args(["metadata", "--no-deps", "--format-version", "1"])
            .current_dir(here),
    )?;
    let metadata: Value =
        serde_json::from_slice(&stdout).map_err(|e| format!("cargo metadata gave no JSON: {e}"))?;
    metadata["target_directory"]
        .as_str()
        .map(PathBuf::from)
        .ok_or_else(|| "cargo metadata named no target directory".to_owned())
}

fn absolute(here: &Path, path: &Path) -> PathBuf {
    if path.is_absolute() {
        path.to_owned()
    } else {
        here.join(path)
    }
}
