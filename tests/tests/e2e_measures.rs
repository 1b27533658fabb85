//! End to end: the measures bench target of the user crate (`tests/e2e-crate/benches/measures.rs`),
//! in test mode.

mod common;

use common::{cargo, text};
use std::sync::OnceLock;

/// The test-mode run of the measures target, done once and shared.
fn test_run() -> &'static (bool, String) {
    static RUN: OnceLock<(bool, String)> = OnceLock::new();
    RUN.get_or_init(|| {
        let output = cargo(&[
            "test",
            "--release",
            "--bench",
            "measures",
            "-q",
            "--",
            "--format",
            "pretty",
        ]);
        (output.status.success(), text(&output))
    })
}

fn outcome_of<'a>(out: &'a str, kind: &str, name: &str) -> &'a str {
    let needle = format!("test [{kind}] {name} ");
    out.lines()
        .find(|l| l.starts_with(&needle) && l[needle.len()..].trim_start().starts_with("..."))
        .map(|l| l.rsplit(' ').next().unwrap_or(""))
        .unwrap_or_else(|| panic!("no line for {name} in:\n{out}"))
}

#[test]
fn inputs_made_outside_the_timed_region_do_not_dilute_the_ratio() {
    let (_, out) = test_run();
    assert_eq!(outcome_of(out, "diff", "untimed_inputs"), "ok", "{out}");
}
