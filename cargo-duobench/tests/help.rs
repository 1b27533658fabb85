//! `--help` as a new user types it: after `cargo duobench` and after each command, it prints
//! the usage and exits 0, before anything the command would check (a revision, shards), and
//! outside any git repository.

use std::process::{Command, Output};

/// `cargo duobench ARGS`, as cargo runs the subcommand, in a directory that is no repository.
fn duobench(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cargo-duobench"))
        .arg("duobench")
        .args(args)
        .current_dir(std::env::temp_dir())
        .output()
        .expect("cargo-duobench runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn each_command_prints_its_usage_on_help_and_succeeds() {
    for (args, shows, leaves_out) in [
        (
            &["compare", "--help"][..],
            "cargo duobench compare REV",
            "merge SHARD",
        ),
        (
            &["compare", "-h"],
            "cargo duobench compare REV",
            "merge SHARD",
        ),
        (
            &["compare", "--bench", "x", "--help"],
            "--allow-removed",
            "merge SHARD",
        ),
        (
            &["merge", "--help"],
            "cargo duobench merge SHARD",
            "compare REV",
        ),
        (&["--help"], "cargo duobench merge SHARD", "error"),
    ] {
        let output = duobench(args);
        let out = stdout(&output);
        assert_eq!(output.status.code(), Some(0), "{args:?}: {output:?}");
        assert!(out.starts_with("usage:\n"), "{args:?}:\n{out}");
        assert!(out.contains(shows), "{args:?}:\n{out}");
        assert!(!out.contains(leaves_out), "{args:?}:\n{out}");
        assert!(output.stderr.is_empty(), "{args:?}: {output:?}");
    }
}

#[test]
fn a_missing_revision_is_still_an_error_with_the_usage() {
    let output = duobench(&["compare"]);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.starts_with("error: compare: which revision?"), "{err}");
    assert!(err.contains("usage:\n"), "{err}");
    // `--help` after `--` is the harness's, not compare's: the revision is still missing.
    let output = duobench(&["compare", "--", "--help"]);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
}
