//! `cargo duobench compare REV`: the working tree against REV's merge base with `HEAD`,
//! paired. The base revision's bench executables are built and stored as baseline
//! `merge-base` without measuring anything (`base.rs`), then every selected `#[bench]` of
//! the working tree is measured in duos against the same trial there, every bench target
//! even when one fails. The comparison fails when its filters select nothing to judge, when
//! a selected trial was not measured (`coverage.rs`), and under a gate when a trial of the
//! base is not compared (`removed.rs`).
//!
//! Options reach the harness as `DUOBENCH_*` variables rather than after `--`: Cargo hands
//! what follows `--` to every target it runs, and libtest's own harness (a library's unit
//! tests) rejects options it does not know.

use crate::args::CompareArgs;
use crate::base::{ensure_base, metadata, stored_executables, Places, BASE};
use crate::children::{handle_signals, remove_on_stop};
use crate::coverage::{bench_executables, listed_trials, missing, outcome_line, Listed, TrialKey};
use crate::env::read_duobench_vars;
use crate::outputs::{self, check_json};
use crate::removed::{not_compared, report_not_compared};
use crate::run::{cargo, output_of, status_of, without_duobench_vars};
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Instant;

/// Runs the comparison. The exit code is the comparing `cargo bench`'s, or failure when a
/// selected trial was not measured or, under a gate, a trial of the base was not compared.
pub fn compare(mut args: CompareArgs) -> Result<ExitCode, String> {
    handle_signals()?;
    let passed = read_duobench_vars(&mut args, std::env::vars())?;
    let args = args;
    let here = std::env::current_dir().map_err(|e| format!("cannot read this directory: {e}"))?;
    let top = PathBuf::from(output_of(&here, "git", &["rev-parse", "--show-toplevel"])?);
    let base = merge_base(&here, &args.rev)?;
    let short = &base[..base.len().min(12)];
    let target = target_dir(&here)?;
    let json = args.json.as_ref().map(|json| absolute(&here, json));
    if let Some(json) = &json {
        check_json(json)?;
    }
    let baseline_dir = match &args.baseline_dir {
        Some(dir) => absolute(&here, dir),
        None => target.join("duobench").join(format!("base-{short}")),
    };
    let places = Places {
        top: &top,
        here: &here,
        target: &target,
        baseline_dir: &baseline_dir,
    };
    // Held until the comparison ends: no other comparison replaces these executables while
    // this one pairs with them.
    let stored = ensure_base(&places, &base, &args.cargo, args.share_config)?;
    // What the comparison must look at: every selected trial of every bench target; and
    // what the base has, with the same filters.
    let executables = bench_executables(&here, &args.cargo)?;
    let lister = |path: &Path| {
        let mut command = Command::new(path);
        without_duobench_vars(&mut command)
            .envs(passed.iter().cloned())
            .current_dir(&here);
        command
    };
    let mut branch = Vec::new();
    for exe in &executables {
        branch.extend(listed_trials(
            &exe.target,
            &exe.path,
            &args.harness,
            lister,
        )?);
    }
    let targets: Vec<&str> = executables.iter().map(|e| e.target.as_str()).collect();
    check_selection(&args, &branch, &targets)?;
    let mut base_trials = Vec::new();
    let base_executables = if stored.stored {
        stored_executables(&baseline_dir)
    } else {
        Vec::new()
    };
    for (target, exe) in base_executables {
        // A base whose duobench does not know an option given after `--` cannot list its
        // trials with it: an error, unless removed trials may go anyway.
        match listed_trials(&target, &exe, &args.harness, lister) {
            Ok(listed) => base_trials.extend(listed),
            Err(why) if args.allow_removed => eprintln!(
                "duobench: cannot list the trials of {short} ({why}): trials it has and the \
                 working tree does not are not looked for (--allow-removed)"
            ),
            Err(why) => {
                return Err(format!(
                    "cannot list the trials of {short}, so the trials the working tree no \
                     longer runs cannot be found: {why}; pass --allow-removed to compare \
                     without looking for them"
                ))
            }
        }
    }
    let gone = not_compared(&base_trials, &branch);
    let expected: BTreeSet<TrialKey> = branch
        .iter()
        .filter(|t| !t.ignored)
        .map(|t| t.key.clone())
        .collect();
    let new_targets: Vec<&str> = targets
        .iter()
        .copied()
        .filter(|t| !stored.targets.iter().any(|b| b.replace('-', "_") == *t))
        .collect();
    if !new_targets.is_empty() {
        eprintln!(
            "duobench: new since {short}, so unpaired and not gated: bench target{} {}",
            if new_targets.len() == 1 { "" } else { "s" },
            new_targets.join(", ")
        );
    }
    eprintln!(
        "duobench: comparing the working tree with {short} ({}): each #[bench] paired with \
         the same trial there",
        args.rev
    );
    let output = outputs::start(json.as_deref(), &target.join("duobench"))?;
    if json.is_none() || output.deliver_to.is_some() {
        // The comparison's own file goes with it, also when a signal ends it.
        remove_on_stop(output.channel.clone());
    }
    let mut bench = cargo();
    // Every target runs even when one fails: a refuted claim in one must not leave another
    // target's regression unmeasured. The caller's `DUOBENCH_*` variables reach it only as
    // `env.rs` allows.
    without_duobench_vars(&mut bench)
        .args(["bench", "--no-fail-fast"])
        .args(&args.cargo)
        .current_dir(&here)
        .envs(passed.iter().cloned())
        .env("DUOBENCH_BASELINE", BASE)
        .env("DUOBENCH_BASELINE_DIR", &baseline_dir)
        .env("DUOBENCH_JSON", &output.channel);
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
    let text = output.read();
    let doc: Value =
        serde_json::from_str(&text).unwrap_or_else(|_| serde_json::json!({ "trials": [] }));
    let undelivered = output.finish(json.is_some(), &text).err();
    if let Some(e) = &undelivered {
        eprintln!("error: {e}");
    }
    let left_out = missing(&expected, &doc);
    eprintln!("duobench: {}", outcome_line(&doc));
    let mut failed = false;
    if !left_out.is_empty() {
        eprintln!(
            "error: {} selected trial{} not measured, so not gated:",
            left_out.len(),
            if left_out.len() == 1 {
                " was"
            } else {
                "s were"
            }
        );
        for ((target, name), why) in &left_out {
            eprintln!("  {target}::{name}: {}", why.words());
        }
        failed = true;
    }
    let gated = args.max_regression.is_some();
    failed |= report_not_compared(&gone, short, gated, args.allow_removed);
    if failed {
        return Ok(ExitCode::FAILURE);
    }
    if undelivered.is_some() {
        return Ok(ExitCode::FAILURE);
    }
    Ok(match status.code() {
        Some(0) => ExitCode::SUCCESS,
        Some(code) => ExitCode::from(u8::try_from(code).unwrap_or(1)),
        None => ExitCode::FAILURE,
    })
}

/// A comparison must select something to look at, and under a gate a `#[bench]` to judge:
/// a filter that selects nothing (a typo) would otherwise pass having judged nothing.
fn check_selection(args: &CompareArgs, branch: &[Listed], targets: &[&str]) -> Result<(), String> {
    let runs = |kind: Option<&str>| {
        branch
            .iter()
            .any(|t| !t.ignored && kind.is_none_or(|kind| t.kind == kind))
    };
    let (what, judged) = match &args.max_regression {
        Some(p) if !runs(Some("bench")) => (
            "nothing to gate",
            format!("no #[bench], so --max-regression {p} would judge nothing"),
        ),
        None if !runs(None) => ("nothing to compare", "no trial".to_owned()),
        _ => return Ok(()),
    };
    let mut selection = args.cargo.join(" ");
    if !args.harness.is_empty() {
        selection = format!("{selection} -- {}", args.harness.join(" "));
    }
    let selection = match selection.trim() {
        "" => "the workspace's bench targets select".to_owned(),
        filter => format!("the filter `{filter}` selects"),
    };
    let listed = format!(
        "cargo bench {}-- --list {}",
        args.cargo
            .iter()
            .map(|a| format!("{a} "))
            .collect::<String>(),
        args.harness.join(" ")
    );
    Err(format!(
        "{what}: {selection} {judged} (bench targets looked at: {}); fix the filter \
         (`{}` lists what it selects)",
        if targets.is_empty() {
            "none".to_owned()
        } else {
            targets.join(", ")
        },
        listed.trim_end()
    ))
}

/// The merge base of `rev` and `HEAD`, or a one-line reason: a revision that does not
/// exist, or a shallow clone whose history does not reach the merge base.
fn merge_base(here: &Path, rev: &str) -> Result<String, String> {
    match output_of(here, "git", &["merge-base", rev, "HEAD"]) {
        Ok(base) if !base.is_empty() => Ok(base),
        result => {
            let exists = output_of(
                here,
                "git",
                &[
                    "rev-parse",
                    "--verify",
                    "--quiet",
                    &format!("{rev}^{{commit}}"),
                ],
            )
            .is_ok();
            let shallow = output_of(here, "git", &["rev-parse", "--is-shallow-repository"])
                .is_ok_and(|s| s == "true");
            match (exists, shallow) {
                (true, true) => Err(format!(
                    "`git merge-base {rev} HEAD` found no common commit: this clone is shallow \
                     and its history stops before the two meet; fetch more of it (`git fetch \
                     --unshallow`, or `fetch-depth: 0` in actions/checkout)"
                )),
                (true, false) => Err(format!(
                    "{rev} and HEAD share no history (`git merge-base {rev} HEAD` found no \
                     common commit)"
                )),
                (false, _) => Err(result.err().unwrap_or_else(|| {
                    format!("`git merge-base {rev} HEAD` failed: no revision `{rev}`")
                })),
            }
        }
    }
}

/// The target directory cargo uses here (`CARGO_TARGET_DIR`, a config file, or the
/// workspace's `target`).
fn target_dir(here: &Path) -> Result<PathBuf, String> {
    metadata(here)?["target_directory"]
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
