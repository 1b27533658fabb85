//! The stamp of a stored base: everything that decides what building it produces, and the
//! executables it produced. A later comparison reuses the executables only when the stamp
//! it would write is the one found, and every executable it lists is there, unchanged.
//!
//! What decides a build: the commit and cargo's arguments (features, profile, `--config`);
//! the toolchain (`rustc -vV` and `cargo -V` as the base's build finds them); every cargo
//! configuration file that build reads (`.cargo/config.toml` and `.cargo/config` in the
//! base's package directory and each directory above it, and in `CARGO_HOME`), by content;
//! and the variables that change a build without changing the command line (`RUSTFLAGS`,
//! `CARGO_ENCODED_RUSTFLAGS`, `CARGO_BUILD_*`, `CARGO_PROFILE_*`, `CARGO_TARGET_*`, the C
//! compilers' flags that build scripts read, ...).

use crate::run::output_of;
use std::fs;
use std::path::{Path, PathBuf};

/// The stamp's format: a stamp of another format never holds, so a cache written before
/// the stamp covered what it covers now is built again.
const FORMAT: &str = "duobench compare stamp 2";

/// The variables that change what cargo builds, by name.
const FLAG_VARS: [&str; 15] = [
    "RUSTFLAGS",
    "CARGO_ENCODED_RUSTFLAGS",
    "RUSTC",
    "RUSTC_WRAPPER",
    "RUSTC_WORKSPACE_WRAPPER",
    "RUSTC_BOOTSTRAP",
    "CARGO_HOME",
    "CARGO_INCREMENTAL",
    "CC",
    "CXX",
    "AR",
    "LD",
    "CFLAGS",
    "CXXFLAGS",
    "LDFLAGS",
];

/// The variables that change what cargo builds, by prefix (cargo reads any configuration
/// key from `CARGO_<KEY>`; the C compilers' per-target flags are `CFLAGS_<target>`, ...).
const FLAG_PREFIXES: [&str; 8] = [
    "CARGO_BUILD_",
    "CARGO_PROFILE_",
    "CARGO_TARGET_",
    "CARGO_UNSTABLE_",
    "CFLAGS_",
    "CXXFLAGS_",
    "CC_",
    "CXX_",
];

/// Variables among those prefixes that say where things go, not what is built.
const NOT_FLAGS: [&str; 2] = ["CARGO_TARGET_DIR", "CARGO_BUILD_TARGET_DIR"];

/// The stamp's lines that say what a build of `commit` with `cargo_args` in `package_dir`
/// would produce, with the variables `vars` of this process.
pub fn header<K: AsRef<str>, V: AsRef<str>>(
    commit: &str,
    cargo_args: &[String],
    package_dir: &Path,
    vars: impl IntoIterator<Item = (K, V)>,
) -> String {
    let toolchain = toolchain(package_dir);
    let configs = config_files(package_dir, cargo_home().as_deref());
    header_of(commit, cargo_args, &toolchain, &configs, vars)
}

/// The stamp's header from its parts: `configs` are the configuration files' paths with
/// their contents.
fn header_of<K: AsRef<str>, V: AsRef<str>>(
    commit: &str,
    cargo_args: &[String],
    toolchain: &str,
    configs: &[(PathBuf, Vec<u8>)],
    vars_in: impl IntoIterator<Item = (K, V)>,
) -> String {
    let mut header = format!(
        "{FORMAT}\ncommit {commit}\ncargo bench {}\ntoolchain {toolchain}\n",
        cargo_args.join(" ")
    );
    for (path, contents) in configs {
        header.push_str(&format!(
            "config {} {} {:016x}\n",
            path.display(),
            contents.len(),
            fnv1a(contents)
        ));
    }
    let mut vars: Vec<(&str, &str)> = Vec::new();
    let owned: Vec<(K, V)> = vars_in.into_iter().collect();
    for (key, value) in &owned {
        if changes_a_build(key.as_ref()) {
            vars.push((key.as_ref(), value.as_ref()));
        }
    }
    vars.sort();
    for (key, value) in vars {
        header.push_str(&format!("env {key}={value:?}\n"));
    }
    header
}

fn changes_a_build(key: &str) -> bool {
    (FLAG_VARS.contains(&key) || FLAG_PREFIXES.iter().any(|p| key.starts_with(p)))
        && !NOT_FLAGS.contains(&key)
}

/// `rustc -vV` and `cargo -V` in `package_dir`, on one line: a toolchain file there is what
/// the base's build uses.
fn toolchain(package_dir: &Path) -> String {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned());
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    [(rustc, "-vV"), (cargo, "-V")]
        .iter()
        .map(|(program, flag)| {
            output_of(package_dir, program, &[flag]).unwrap_or_else(|e| format!("unknown ({e})"))
        })
        .collect::<Vec<_>>()
        .join("; ")
        .replace('\n', "; ")
}

/// Cargo's home, whose configuration every build reads: `CARGO_HOME`, else `.cargo` in
/// the user's home directory.
fn cargo_home() -> Option<PathBuf> {
    std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .or_else(|| std::env::var_os("USERPROFILE"))
                .map(|home| PathBuf::from(home).join(".cargo"))
        })
}

/// The configuration files cargo reads for a build in `dir`, each with its contents:
/// `.cargo/config.toml` and `.cargo/config` in `dir` and every directory above it, then
/// those of `cargo_home` (once, if it is not among them).
pub fn config_files(dir: &Path, cargo_home: Option<&Path>) -> Vec<(PathBuf, Vec<u8>)> {
    let mut dirs: Vec<PathBuf> = dir.ancestors().map(|d| d.join(".cargo")).collect();
    if let Some(home) = cargo_home {
        if !dirs.iter().any(|d| d == home) {
            dirs.push(home.to_owned());
        }
    }
    dirs.iter()
        .flat_map(|dir| ["config.toml", "config"].map(|name| dir.join(name)))
        .filter_map(|path| fs::read(&path).ok().map(|contents| (path, contents)))
        .collect()
}

/// Whether the stamp `found` was written for `header` and every executable it lists is
/// still there, unchanged (`now`: the executables' lines as they are).
pub fn holds(found: &str, header: &str, now: &str) -> bool {
    found
        .strip_prefix(header)
        .is_some_and(|listed| !listed.is_empty() && listed == now)
}

/// One stamp line of the executable at `path`, shown as `shown`: its size and hash.
pub fn executable_line(shown: &str, bytes: &[u8]) -> String {
    format!("executable {shown} {} {:016x}\n", bytes.len(), fnv1a(bytes))
}

/// FNV-1a over `bytes`: a fingerprint of an executable or a configuration file, to notice
/// one replaced or changed since it was stamped (not a defence against tampering). Written
/// here rather than taken from a crate: ten lines against a dependency.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(args: &[&str]) -> Vec<String> {
        args.iter().map(|a| (*a).to_owned()).collect()
    }

    /// The variables `pairs` as the process has them.
    fn vars<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Iterator<Item = (&'a str, &'a str)> {
        pairs.iter().copied()
    }

    #[test]
    fn another_toolchain_config_or_flags_make_another_stamp() {
        let args = strings(&["--bench", "work"]);
        let config = |text: &str| vec![(PathBuf::from("/r/.cargo/config.toml"), text.into())];
        let plain = header_of(
            "abc",
            &args,
            "rustc 1.95.0",
            &[],
            vars(&[("HOME", "/root")]),
        );
        // The stamp written is one the next comparison may replace as its own.
        assert!(duobench::result::document::FileKind::CompareStamp.recognises(&plain));
        // Variables that do not change a build leave the stamp as it is.
        let elsewhere = vars(&[("HOME", "/tmp"), ("CARGO_TARGET_DIR", "/t")]);
        assert_eq!(
            plain,
            header_of("abc", &args, "rustc 1.95.0", &[], elsewhere)
        );
        for other in [
            header_of(
                "abc",
                &args,
                "rustc 1.95.0",
                &[],
                vars(&[("RUSTFLAGS", "-C x")]),
            ),
            header_of("abc", &args, "rustc 1.96.0", &[], vars(&[])),
            header_of(
                "abc",
                &args,
                "rustc 1.95.0",
                &[],
                vars(&[("CARGO_PROFILE_BENCH_LTO", "true")]),
            ),
            header_of(
                "abc",
                &args,
                "rustc 1.95.0",
                &[],
                vars(&[("CFLAGS", "-O0")]),
            ),
            header_of(
                "abc",
                &strings(&["--profile", "dev"]),
                "rustc 1.95.0",
                &[],
                vars(&[]),
            ),
            header_of(
                "abc",
                &strings(&["-F", "x"]),
                "rustc 1.95.0",
                &[],
                vars(&[]),
            ),
            header_of(
                "abc",
                &args,
                "rustc 1.95.0",
                &config("[build]\n"),
                vars(&[]),
            ),
        ] {
            assert_ne!(plain, other);
        }
        // A configuration file's contents count, not only that it is there.
        assert_ne!(
            header_of(
                "abc",
                &args,
                "r",
                &config("rustflags = [\"--cfg\", \"slow\"]"),
                vars(&[])
            ),
            header_of("abc", &args, "r", &config("rustflags = []"), vars(&[]))
        );
    }

    #[test]
    fn cargo_reads_the_configuration_of_every_directory_above_and_of_its_home() {
        let root = std::env::temp_dir().join(format!("duobench-configs-{}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        let package = root.join("repo/crates/one");
        let home = root.join("home/.cargo");
        for (dir, name) in [
            (root.join("repo/crates/one/.cargo"), "config.toml"),
            (root.join("repo/.cargo"), "config"),
            (home.clone(), "config.toml"),
        ] {
            fs::create_dir_all(&dir).unwrap();
            fs::write(dir.join(name), name).unwrap();
        }
        let found: Vec<PathBuf> = config_files(&package, Some(&home))
            .into_iter()
            .map(|(path, _)| path)
            .collect();
        assert_eq!(
            found[..3],
            [
                root.join("repo/crates/one/.cargo/config.toml"),
                root.join("repo/.cargo/config"),
                home.join("config.toml"),
            ]
        );
        fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn a_stamp_holds_only_for_its_header_and_unchanged_executables() {
        let header = "commit abc\ncargo bench \n";
        let now = executable_line("work/@executables/merge-base", b"one build");
        let stamp = header.to_owned() + &now;
        assert!(holds(&stamp, header, &now));
        assert!(!holds(&stamp, "commit def\ncargo bench \n", &now));
        // An executable changed, or deleted, since it was stamped.
        let changed = executable_line("work/@executables/merge-base", b"another build");
        assert!(!holds(&stamp, header, &changed));
        assert!(!holds(&stamp, header, ""));
        assert!(!holds(header, header, ""));
    }

    #[test]
    fn the_fingerprint_is_fnv1a() {
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
    }
}
