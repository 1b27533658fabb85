//! End to end: mistakes of a first setup get a message that says what to do. A bench target
//! left under libtest's harness (its `[[bench]]` entry lacks `harness = false`) fails to
//! build, once, naming the entry, where it used to run no benchmark and exit 0.

use duobench_tests::{cargo, text};

#[test]
fn a_bench_target_under_libtests_harness_fails_to_build_naming_the_entry() {
    let output = cargo(&[
        "bench",
        "--features",
        "harness-check",
        "--bench",
        "libtest_harness",
    ]);
    let out = text(&output);
    assert!(!output.status.success(), "{out}");
    assert!(!out.contains("running 0 tests"), "{out}");
    assert!(
        out.contains("this bench target is built with libtest's harness"),
        "{out}"
    );
    assert!(
        out.contains("add `harness = false` to its `[[bench]]` entry in Cargo.toml"),
        "{out}"
    );
    // One error for the file, however many attributes it has, and it points at them.
    assert!(out.contains("due to 1 previous error"), "{out}");
    assert!(out.contains("benches/libtest_harness.rs:7:1"), "{out}");
}
