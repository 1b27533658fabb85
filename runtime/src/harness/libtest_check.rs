//! The check, for generated code, that a bench target does not run under libtest's harness.
//!
//! A `[[bench]]` entry without `harness = false` is built with libtest's harness (Cargo's
//! default, `rustc --test`): libtest's own `main` replaces the file's `fn main() {
//! duobench::main() }`, finds none of duobench's benchmarks, reports `running 0 tests` and
//! exits 0. Only that build keeps test functions (with `harness = false` Cargo passes
//! `--cfg test`, which leaves them out), so the attributes' expansion holds
//!
//! ```text
//! #[test]
//! fn __duobench_libtest_check() {
//!     const _: () = UnderLibtest::<{ in_bench_target(file!()) }>::REFUSED;
//! }
//! ```
//!
//! in a block, where libtest does not list it, and it fails to compile, with the message
//! below, exactly in a bench target's file. Integration tests that read the registered
//! benchmarks are built under the harness too, and pass: their files are not under
//! `benches/`. Every attribute of the file asks for the same constant, so the compiler
//! reports it once.

/// Whether `path` (a `file!()`) belongs to a bench target: the nearest of its directories
/// named `benches`, `tests`, `src` or `examples` is `benches` (`benches/sort.rs`,
/// `benches/common/mod.rs`, `perf/benches/sort.rs`; not `benches/tests/read.rs`, the
/// integration test of a package named `benches`).
#[must_use]
pub const fn in_bench_target(path: &str) -> bool {
    let bytes = path.as_bytes();
    // Directories from the last one back: the file's own name is skipped.
    let mut end = bytes.len();
    while end > 0 && !is_separator(bytes[end - 1]) {
        end -= 1;
    }
    while end > 0 {
        let dir_end = end - 1;
        let mut start = dir_end;
        while start > 0 && !is_separator(bytes[start - 1]) {
            start -= 1;
        }
        if is(bytes, start, dir_end, b"benches") {
            return true;
        }
        if is(bytes, start, dir_end, b"tests")
            || is(bytes, start, dir_end, b"src")
            || is(bytes, start, dir_end, b"examples")
        {
            return false;
        }
        end = start;
    }
    false
}

const fn is_separator(byte: u8) -> bool {
    byte == b'/' || byte == b'\\'
}

/// Whether `bytes[start..end]` is `word`.
const fn is(bytes: &[u8], start: usize, end: usize, word: &[u8]) -> bool {
    if end - start != word.len() {
        return false;
    }
    let mut i = 0;
    while i < word.len() {
        if bytes[start + i] != word[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// A build of a bench file under libtest's harness (`IN_BENCH_TARGET`), or of a file that
/// is not a bench target's.
pub struct UnderLibtest<const IN_BENCH_TARGET: bool>;

impl<const IN_BENCH_TARGET: bool> UnderLibtest<IN_BENCH_TARGET> {
    /// Fails to compile for a bench target: libtest would run none of its benchmarks.
    pub const REFUSED: () = if IN_BENCH_TARGET {
        panic!(
            "this bench target is built with libtest's harness (Cargo's default), which runs \
             none of duobench's benchmarks: add `harness = false` to its `[[bench]]` entry in \
             Cargo.toml, or add the entry where Cargo found the file in benches/ by itself:\n\n\
             [[bench]]\n\
             name = \"...\"  # this file's name, without .rs\n\
             harness = false"
        )
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bench_files_are_told_from_tests_and_sources() {
        for path in [
            "benches/sort.rs",
            "benches/sort/main.rs",
            "benches/common/mod.rs",
            "perf/benches/sort.rs",
            "C:\\work\\crate\\benches\\sort.rs",
            "benches/benches/sort.rs",
        ] {
            assert!(in_bench_target(path), "{path}");
        }
        for path in [
            "tests/descriptors.rs",
            "tests/tests/descriptors.rs",
            "benches/tests/read.rs",
            "benches/src/lib.rs",
            "src/lib.rs",
            "sort.rs",
            "",
            "benches",
            "examples/benches.rs",
        ] {
            assert!(!in_bench_target(path), "{path}");
        }
    }
}
