//! Where duobench keeps its files: `<target dir>/duobench/`, beside the build that made the
//! bench binary, so `cargo clean` removes them with everything else.

use std::path::{Path, PathBuf};

/// `<target dir>/duobench`: the home of duobench's files (reports, baselines).
///
/// The target directory is `CARGO_TARGET_DIR` when it is set to an absolute path (cargo runs
/// a bench in its package's directory, so a relative one would be taken from the wrong
/// place); otherwise it is found from this executable, which cargo builds at
/// `<target>/<profile>/deps/<bin>` (or `<target>/<triple>/<profile>/deps/<bin>` when
/// cross-compiling, which this takes as the target directory).
#[must_use]
pub fn duobench_dir() -> PathBuf {
    let from_env = std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from);
    let exe = std::env::current_exe().ok();
    target_dir(from_env.as_deref(), exe.as_deref()).join("duobench")
}

/// The target directory from `CARGO_TARGET_DIR` and the executable's path; `target` in the
/// working directory when neither tells.
#[must_use]
fn target_dir(from_env: Option<&Path>, exe: Option<&Path>) -> PathBuf {
    if let Some(dir) = from_env.filter(|d| d.is_absolute()) {
        return dir.to_owned();
    }
    exe.and_then(Path::parent)
        // `deps/` holds bench binaries; an `examples/` or plain profile dir may too.
        .map(|dir| match dir.file_name() {
            Some(name) if name == "deps" || name == "examples" => dir.parent().unwrap_or(dir),
            _ => dir,
        })
        .and_then(Path::parent)
        .map_or_else(|| PathBuf::from("target"), Path::to_owned)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absolute_cargo_target_dir_wins() {
        let exe = Path::new("/p/target/release/deps/claims-0123456789abcdef");
        assert_eq!(
            target_dir(Some(Path::new("/elsewhere")), Some(exe)),
            Path::new("/elsewhere")
        );
        // A relative one is relative to where cargo ran, not to the bench: not usable.
        assert_eq!(
            target_dir(Some(Path::new("rel")), Some(exe)),
            Path::new("/p/target")
        );
    }

    #[test]
    fn derived_from_the_executable() {
        let exe = Path::new("/p/target/release/deps/claims-0123456789abcdef");
        assert_eq!(target_dir(None, Some(exe)), Path::new("/p/target"));
        let cross = Path::new("/p/target/x86_64-unknown-linux-gnu/release/deps/claims");
        assert_eq!(
            target_dir(None, Some(cross)),
            Path::new("/p/target/x86_64-unknown-linux-gnu")
        );
        let plain = Path::new("/p/target/debug/tool");
        assert_eq!(target_dir(None, Some(plain)), Path::new("/p/target"));
        assert_eq!(target_dir(None, None), Path::new("target"));
    }
}
