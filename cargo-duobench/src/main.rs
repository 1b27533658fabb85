//! `cargo duobench`: the cross-version comparison of a working tree with a git revision in
//! one command, and the merge of a suite's shards.
//!
//! ```text
//! cargo duobench compare REV [--max-regression P] [OPTIONS] [CARGO BENCH OPTIONS] [-- HARNESS OPTIONS]
//! cargo duobench merge SHARD.json... --json OUT [--markdown FILE] [--html FILE]
//! ```

mod args;
mod base;
mod children;
mod compare;
mod coverage;
mod env;
mod merge;
mod outputs;
mod removed;
mod run;
mod stamp;
mod worktree;

use std::process::ExitCode;

/// `compare`'s usage and what it does.
const COMPARE_USAGE: &str = "\
  cargo duobench compare REV [--max-regression P] [--allow-unpaired] [--allow-removed] [--share-config]
                             [--on-inconclusive fail|pass|ignore] [--measure instructions|cachegrind]
                             [--baseline-dir DIR] [--json FILE] [--export FORMAT FILE]
                             [cargo bench options: --bench NAME, -p PKG, --features ...] [-- duobench options]
      Builds REV's merge base with HEAD in a git worktree beside the repository (reset to that
      commit before every build; its own target directory, kept), stores its bench executables
      as baseline `merge-base` without measuring them, then measures every selected #[bench] of
      the working tree in duos against the same trial there (with --measure instructions or
      cachegrind: counts both under Valgrind, and gates exactly; a #[bench] measuring
      allocations: both count it themselves, and it gates exactly). Fails when the filters select
      nothing to gate, when a selected trial was not measured, and under a gate when a #[bench]
      of the base is not compared.
      --allow-removed   a #[bench] of the base that the working tree does not run (removed,
                        renamed or ignored) is listed but does not fail the gate
      --share-config    build the base with the working tree's .cargo/config.toml files, not
                        its own
      Of the caller's DUOBENCH_* variables only the documented ones pass (DUOBENCH_MAX_TIME,
      DUOBENCH_WARMUP, DUOBENCH_ALPHA, ...; those of the options above stand for them);
      DUOBENCH_CALIBRATE, DUOBENCH_PROFILE_TIME and unknown names are refused. A signal
      (SIGINT, SIGTERM, SIGHUP) ends everything the comparison started before it exits.";

/// `merge`'s usage and what it does.
const MERGE_USAGE: &str = "\
  cargo duobench merge SHARD.json... --json OUT [--markdown FILE] [--html FILE]
      Joins the --json documents of a suite's shards (cargo nextest run --partition ...) into
      one document, and writes its markdown table and an HTML page of it.";

/// The usage of every command.
fn usage() -> String {
    format!("usage:\n{COMPARE_USAGE}\n{MERGE_USAGE}")
}

fn main() -> ExitCode {
    // Cargo runs `cargo-duobench duobench ARGS` for `cargo duobench ARGS`.
    let mut argv: Vec<String> = std::env::args().skip(1).collect();
    if argv.first().map(String::as_str) == Some("duobench") {
        argv.remove(0);
    }
    // `--help` after a command asks for that command's usage, before anything that
    // command would check (a revision, the shards).
    let command_usage = match argv.first().map(String::as_str) {
        Some("compare") => Some(COMPARE_USAGE),
        Some("merge") => Some(MERGE_USAGE),
        _ => None,
    };
    if let Some(text) = command_usage.filter(|_| args::asks_for_help(&argv[1..])) {
        println!("usage:\n{text}");
        return ExitCode::SUCCESS;
    }
    // A command line that cannot be parsed gets the usage; a step that fails, its line.
    let parsed = match argv.first().map(String::as_str) {
        Some("compare") => args::CompareArgs::parse(&argv[1..]).map(Command::Compare),
        Some("merge") => args::MergeArgs::parse(&argv[1..]).map(Command::Merge),
        Some("-h" | "--help" | "help") => {
            println!("{}", usage());
            return ExitCode::SUCCESS;
        }
        Some(other) => Err(format!(
            "unknown command `{other}`: expected compare or merge"
        )),
        None => Err("expected a command: compare or merge".to_owned()),
    };
    let command = match parsed {
        Ok(command) => command,
        Err(why) => {
            eprintln!("error: {why}\n\n{}", usage());
            return ExitCode::from(2);
        }
    };
    let outcome = match command {
        Command::Compare(args) => compare::compare(args),
        Command::Merge(args) => merge::merge(&args),
    };
    outcome.unwrap_or_else(|why| {
        eprintln!("error: {why}");
        ExitCode::FAILURE
    })
}

/// What the command line asks for.
enum Command {
    Compare(args::CompareArgs),
    Merge(args::MergeArgs),
}
