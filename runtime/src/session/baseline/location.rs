//! Where baselines live: `<target dir>/duobench/<bench target>/<trial>/<baseline>.json`;
//! the target directory itself is found by `crate::util::target_dir`.

use std::path::{Path, PathBuf};

/// Longest escaped path component kept whole; longer names are cut and given a hash, well
/// within the 255-byte limit of common file systems.
const MAX_COMPONENT: usize = 120;

/// The directory of one trial's baselines under `duobench_dir` (`<target>/duobench`, see
/// `crate::util::target_dir`).
#[must_use]
pub fn trial_dir(duobench_dir: &Path, bench_target: &str, trial: &str) -> PathBuf {
    duobench_dir
        .join(component(bench_target))
        .join(component(trial))
}

/// Where baseline `name` of `bench_target` keeps its executable: beside the trial
/// directories, in `@executables`, a name no trial's directory can have (`@` is escaped in
/// those).
#[must_use]
pub fn executable_path(duobench_dir: &Path, bench_target: &str, name: &str) -> PathBuf {
    duobench_dir
        .join(component(bench_target))
        .join("@executables")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX))
}

/// A trial name as one safe path component: `::` becomes `.`, the `/` before an argument
/// becomes `~`, letters, digits, `_` and `-` stay, and every other byte is written `%XX`.
/// Distinct names rarely meet (and the file records the full name, so a meeting is an error,
/// never a wrong comparison).
fn component(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut rest = name;
    while let Some(c) = rest.chars().next() {
        if let Some(after) = rest.strip_prefix("::") {
            out.push('.');
            rest = after;
            continue;
        }
        match c {
            'a'..='z' | 'A'..='Z' | '0'..='9' | '_' | '-' => out.push(c),
            '/' => out.push('~'),
            _ => {
                let mut buf = [0; 4];
                for byte in c.encode_utf8(&mut buf).bytes() {
                    out.push_str(&format!("%{byte:02X}"));
                }
            }
        }
        rest = &rest[c.len_utf8()..];
    }
    if out.len() > MAX_COMPONENT {
        // The escaped text is ASCII, so any byte index is a char boundary.
        out.truncate(MAX_COMPONENT - 17);
        out.push_str(&format!("-{:016x}", fnv1a(name.as_bytes())));
    }
    out
}

/// FNV-1a, 64 bits: a stable hash (std's `DefaultHasher` may change between releases).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xCBF2_9CE4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01B3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trial_names_become_safe_components() {
        assert_eq!(component("sort/1000"), "sort~1000");
        assert_eq!(component("hashing::fx_vs_ahash"), "hashing.fx_vs_ahash");
        assert_eq!(component("f/SIZES[0] .. x"), "f~SIZES%5B0%5D%20%2E%2E%20x");
        assert_eq!(component("ü"), "%C3%BC");
        let dir = trial_dir(Path::new("/t/duobench"), "single", "sort/10");
        assert_eq!(dir, PathBuf::from("/t/duobench/single/sort~10"));
    }

    #[test]
    fn long_names_are_cut_and_hashed() {
        let a = component(&"x".repeat(500));
        let b = component(&format!("{}y", "x".repeat(499)));
        assert_eq!(a.len(), MAX_COMPONENT);
        assert_ne!(a, b);
        assert_eq!(a[..MAX_COMPONENT - 17], b[..MAX_COMPONENT - 17]);
    }
}
