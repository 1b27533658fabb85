//! The base's git worktree: where it lives, how it is brought to the base commit before
//! every build, and which cargo configuration its build reads.
//!
//! - **Beside the repository**, at the same depth (`../.NAME.duobench-base`). Cargo reads
//!   the configuration files of the directory it builds in and of every directory above,
//!   so a worktree inside the repository (in its git directory, say) would also read the
//!   working tree's `.cargo/config.toml`, and the base would not be built as its revision
//!   builds. Beside the repository the directories above are the repository's own, so the
//!   configuration that applies from above (and `CARGO_HOME`'s) is the same for both, and a
//!   relative path dependency that leaves the repository (`cargo add --path ../lib`)
//!   resolves as in the working tree. Where nothing can be created there, the worktree goes
//!   in the git directory, unless a configuration file of the working tree would then apply
//!   to the base (an error says so).
//! - **One worktree**, moved to each base commit: Cargo's fingerprints do not name a
//!   package's directory, so two checkouts of one package building into the one target
//!   directory kept for the base could take each other's artifacts for their own.
//! - **Reset before every build**: `git checkout --force` of the commit, then `git clean
//!   -ffdx`, so a file edited, added or ignored in the worktree since is not built (files
//!   that did not change keep their modification times, and Cargo rebuilds only what did).
//! - **`--share-config`** builds the base with the working tree's configuration files of
//!   the directories from the repository's top to the package instead of its own (local,
//!   uncommitted settings such as a `target-cpu` both builds should share). Without it, a
//!   line says when the two differ.

use crate::run::output_of;
use crate::stamp::config_files;
use std::fs;
use std::path::{Path, PathBuf};

/// Where the base's worktree goes for the repository at `top` (see the module docs).
///
/// # Errors
///
/// When it can go neither beside the repository nor, without the working tree's
/// configuration applying to it, in the git directory.
pub fn location(top: &Path) -> Result<PathBuf, String> {
    let name = top
        .file_name()
        .map_or_else(|| "repository".into(), |n| n.to_string_lossy().into_owned());
    let beside = top
        .parent()
        .map(|parent| parent.join(format!(".{name}.duobench-base")));
    let why_not = match &beside {
        Some(dir) if dir.exists() => return Ok(dir.clone()),
        Some(dir) => match claim_dir(dir) {
            Ok(()) => return Ok(dir.clone()),
            Err(e) => format!("cannot create {}: {e}", dir.display()),
        },
        None => "the repository has no parent directory".to_owned(),
    };
    let git_dir = PathBuf::from(output_of(top, "git", &["rev-parse", "--git-common-dir"])?);
    let inside = if git_dir.is_absolute() {
        git_dir
    } else {
        top.join(git_dir)
    }
    .join("duobench-base");
    let shared = top
        .parent()
        .map(|parent| config_files(parent, None))
        .unwrap_or_default();
    let leaking: Vec<String> = config_files(&inside, None)
        .into_iter()
        .filter(|config| !shared.contains(config) && !config.0.starts_with(&inside))
        .map(|(path, _)| path.display().to_string())
        .collect();
    if !leaking.is_empty() {
        return Err(format!(
            "the base's worktree goes beside the repository, and {why_not}; in the git \
             directory its build would also read {}: make the repository's parent directory \
             writable",
            leaking.join(", ")
        ));
    }
    eprintln!(
        "duobench: the base's worktree is in the git directory ({}): {why_not}",
        inside.display()
    );
    Ok(inside)
}

/// Creates `dir`, or finds it made: a comparison started beside this one may create it
/// between this one's look and its own attempt, and it is then the one worktree both use
/// (each under the worktree's lock); taking the git directory instead would build two
/// checkouts into the one target directory (see the module docs).
fn claim_dir(dir: &Path) -> std::io::Result<()> {
    match fs::create_dir(dir) {
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && dir.is_dir() => Ok(()),
        made => made,
    }
}

/// Brings the worktree at `worktree` to `commit` exactly: created if missing, checked out
/// with `--force`, and cleaned of every file git does not track (ignored ones too).
///
/// # Errors
///
/// A git command's failure, or a directory there that is not a worktree.
pub fn reset(top: &Path, worktree: &Path, commit: &str) -> Result<(), String> {
    if !worktree.join(".git").exists() {
        let empty = fs::read_dir(worktree).map_or(true, |mut entries| entries.next().is_none());
        if !empty {
            return Err(format!(
                "{} exists and is not a git worktree: remove it",
                worktree.display()
            ));
        }
        let path = worktree.to_string_lossy().into_owned();
        // `--force`: a worktree deleted by hand is still registered, and git refuses to add
        // it again without.
        output_of(
            top,
            "git",
            &[
                "worktree", "add", "--quiet", "--force", "--detach", &path, commit,
            ],
        )?;
    }
    output_of(
        worktree,
        "git",
        &["checkout", "--quiet", "--force", "--detach", commit],
    )?;
    output_of(worktree, "git", &["clean", "-ffdxq"])?;
    Ok(())
}

/// The configuration files of the working tree that cargo reads in `here` from the
/// repository's top down, as paths relative to `top`: what `--share-config` shares.
fn own_configs(top: &Path, here: &Path) -> Vec<PathBuf> {
    let inside = here.strip_prefix(top).unwrap_or(Path::new(""));
    inside
        .ancestors()
        .flat_map(|dir| ["config.toml", "config"].map(|name| dir.join(".cargo").join(name)))
        .collect()
}

/// With `share`, gives the worktree the working tree's configuration files (and removes
/// its own where the working tree has none); without, says on stderr which of them differ
/// from the base's, which the base is built with.
///
/// # Errors
///
/// A file that cannot be copied or removed.
pub fn configure(top: &Path, here: &Path, worktree: &Path, share: bool) -> Result<(), String> {
    let mut differing = Vec::new();
    for relative in own_configs(top, here) {
        let (ours, base) = (top.join(&relative), worktree.join(&relative));
        let (ours_text, base_text) = (fs::read(&ours).ok(), fs::read(&base).ok());
        if ours_text == base_text {
            continue;
        }
        if !share {
            differing.push(relative.display().to_string());
            continue;
        }
        let done = match &ours_text {
            Some(text) => base
                .parent()
                .map_or(Ok(()), fs::create_dir_all)
                .and_then(|()| fs::write(&base, text)),
            None => fs::remove_file(&base),
        };
        done.map_err(|e| format!("cannot share {} with the base: {e}", relative.display()))?;
    }
    if !differing.is_empty() {
        eprintln!(
            "duobench: the base is built with its own cargo configuration, as its revision \
             builds, not with the working tree's {} (--share-config builds it with the \
             working tree's)",
            differing.join(", ")
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_worktree_directory_another_comparison_just_made_is_taken_as_the_one() {
        let dir = std::env::temp_dir().join(format!("duobench-claim-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        claim_dir(&dir).unwrap();
        // Made by the comparison beside: still this one's, not a reason to go elsewhere.
        claim_dir(&dir).unwrap();
        // A file there is not a directory to build in.
        let file = dir.join("file");
        fs::write(&file, "").unwrap();
        assert!(claim_dir(&file).is_err());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_shared_configuration_is_that_of_the_directories_from_the_top_to_the_package() {
        let found = own_configs(Path::new("/r"), Path::new("/r/crates/one"));
        assert_eq!(found[0], PathBuf::from("crates/one/.cargo/config.toml"));
        assert_eq!(found.last().unwrap(), &PathBuf::from(".cargo/config"));
        assert_eq!(found.len(), 6);
        assert_eq!(own_configs(Path::new("/r"), Path::new("/r")).len(), 2);
    }
}
