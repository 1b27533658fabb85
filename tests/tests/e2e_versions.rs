//! End to end for cross-version comparisons: the bench target `versions` of
//! `tests/e2e-crate` is built as is, saved as baseline `main` (numbers and executable), then
//! rebuilt with one routine 3× slower and compared with `main` in duos across processes,
//! gated by `--max-regression 50%`. Wide margins, as for every timing test: an earlier
//! design once read 1.48× for the very same build under CI's load, a reading not reproduced
//! since (see docs/VALIDATION.md, "Across versions"), so a tighter gate here would test the
//! machine, not the feature. Also: the same build against itself, a crashing baseline
//! executable, a killed and an interrupted comparing process, a gate that refuses each case
//! that cannot be paired, and the unpaired fallback `--allow-unpaired` restores.

use duobench_tests::{cargo_with_env, text};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

/// Where this test keeps its baselines (`--baseline-dir`), fresh for each run.
fn baseline_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("duobench-e2e-versions-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// `cargo bench --bench versions` with a short budget; `slowdown` is compiled into the
/// build (`E2E_SLOWDOWN_PERCENT`), so changing it rebuilds the bench target.
fn bench(dir: &Path, slowdown: Option<&str>, extra: &[&str], env: &[(&str, &str)]) -> Output {
    let mut args = vec![
        "bench",
        "-q",
        "--bench",
        "versions",
        "--",
        "--baseline-dir",
        dir.to_str().unwrap(),
        "--warmup",
        "100ms",
        // Enough for a decision when a loaded machine delays the four process wake-ups of
        // every duo; a decided comparison stops long before.
        "--max-time",
        "3s",
        "--no-report",
    ];
    args.extend_from_slice(extra);
    let mut env: Vec<(&str, &str)> = env.to_vec();
    env.extend(slowdown.map(|s| ("E2E_SLOWDOWN_PERCENT", s)));
    let mut command_env = env.clone();
    if slowdown.is_none() {
        // An empty value would still count as set: remove it by giving cargo none.
        command_env.retain(|(k, _)| *k != "E2E_SLOWDOWN_PERCENT");
    }
    cargo_with_env(&args, &command_env)
}

/// The estimate on the `ratio` line of trial `name`'s block.
fn ratio(out: &str, name: &str) -> f64 {
    let block = out
        .split("\n\n")
        .find(|b| b.starts_with(&format!("[versions] {name}\n")))
        .unwrap_or_else(|| panic!("no block for {name} in:\n{out}"));
    let line = block
        .lines()
        .find(|l| l.starts_with("  ratio "))
        .unwrap_or_else(|| panic!("no ratio line in:\n{block}"));
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// Processes still serving from executables under `dir`, the end-to-end target directory
/// or the copies a comparison makes of both sides (`duobench-serve-<pid>-<n>` in the
/// temporary directory): the baseline's and the comparing build's own (Linux: read from
/// /proc).
fn serving_processes(dir: &Path) -> Vec<String> {
    let Ok(entries) = fs::read_dir("/proc") else {
        return Vec::new();
    };
    let dir = dir.to_string_lossy();
    let target = duobench_tests::target_dir();
    let target = target.to_string_lossy();
    entries
        .filter_map(|e| fs::read(e.ok()?.path().join("cmdline")).ok())
        .map(|raw| String::from_utf8_lossy(&raw).replace('\0', " "))
        .filter(|cmd| {
            cmd.contains("--duobench-serve")
                && (cmd.contains(dir.as_ref())
                    || cmd.contains(target.as_ref())
                    || cmd.contains("/duobench-serve-"))
        })
        .collect()
}

/// Starts the stored executable comparing `unchanged` with itself under a gate too tight to
/// decide (a hundredth of a percent plans rounds far beyond the budget, so it runs on), in a process group of its own, and waits until it
/// serves.
#[cfg(target_os = "linux")]
fn endless_comparison(exe: &Path, dir: &Path) -> std::process::Child {
    use std::os::unix::process::CommandExt;
    let parent = std::process::Command::new(exe)
        .args(["--bench", "--baseline", "main", "--baseline-dir"])
        .arg(dir)
        .args([
            "--max-time",
            "60s",
            "--max-regression",
            "0.01%",
            "--no-report",
        ])
        .args(["unchanged", "--exact"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .process_group(0)
        .spawn()
        .unwrap();
    assert!(
        wait_until(|| serving_processes(dir).len() == 2),
        "the two serving processes never started: {:?}",
        serving_processes(dir)
    );
    parent
}

/// The line libtest prints under `---- name ----`: the trial's failure message.
fn failure_line<'a>(out: &'a str, name: &str) -> &'a str {
    let header = format!("---- {name} ----");
    out.lines()
        .skip_while(|l| *l != header)
        .nth(1)
        .unwrap_or_else(|| panic!("no failure message for {name} in:\n{out}"))
}

/// Polls `done` for up to 20 s.
#[cfg(target_os = "linux")]
fn wait_until(mut done: impl FnMut() -> bool) -> bool {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while std::time::Instant::now() < deadline {
        if done() {
            return true;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    false
}

#[test]
fn a_slowed_routine_fails_the_gate_across_versions_and_the_same_build_passes() {
    let dir = baseline_dir();
    let json = dir.join("paired.json");

    // The baseline: numbers and the executable.
    let saved = bench(&dir, None, &["--save-baseline", "main"], &[]);
    assert!(saved.status.success(), "{}", text(&saved));
    let exe = dir
        .join("versions/@executables")
        .join(format!("main{}", std::env::consts::EXE_SUFFIX));
    assert!(exe.is_file(), "no stored executable at {}", exe.display());

    // The same build against itself: paired, nothing fails.
    let same = bench(
        &dir,
        None,
        &[
            "--baseline",
            "main",
            "--max-regression",
            "50%",
            "--json",
            json.to_str().unwrap(),
        ],
        &[],
    );
    let out = text(&same);
    assert!(same.status.success(), "{out}");
    for name in ["slowed", "unchanged", "crashes_in_baseline"] {
        let r = ratio(&out, name);
        assert!((0.6..1.6).contains(&r), "{name}: ratio {r}\n{out}");
    }
    assert_eq!(out.matches("  versions paired:").count(), 3, "{out}");
    let doc: serde_json::Value = serde_json::from_str(&fs::read_to_string(&json).unwrap()).unwrap();
    let schema_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/duobench.schema.json");
    let schema: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(schema_path).unwrap()).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator.iter_errors(&doc).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:#?}\n{doc:#}");
    for trial in doc["trials"].as_array().unwrap() {
        assert_eq!(trial["kind"], "versions", "{trial:#}");
        assert_eq!(trial["baseline"], "main", "{trial:#}");
        assert_eq!(trial["claim"], "ratio <= 1.5", "{trial:#}");
        // Decided across rounds of fresh process pairs, never inside one pair.
        if trial["verdict"] == "pass" {
            let rounds = trial["process_pairs"]["ratios"]
                .as_array()
                .map_or(0, Vec::len);
            assert!(rounds >= 6, "{trial:#}");
            assert_eq!(trial["process_pairs"]["pairs"], rounds, "{trial:#}");
            // Its figures describe every round, not the last: the reference t is over the
            // rounds, and pooled batches of different processes get no Welch test.
            assert_eq!(trial["student"]["n"], rounds, "{trial:#}");
        }
        assert!(trial["welch"].is_null(), "{trial:#}");
    }
    assert_eq!(out.matches(" rounds in ").count(), 3, "{out}");

    // The branch: `slowed` does 3× the work, `unchanged` does not.
    let branch = bench(
        &dir,
        Some("200"),
        &["--baseline", "main", "--max-regression", "50%"],
        &[],
    );
    let out = text(&branch);
    assert!(!branch.status.success(), "{out}");
    assert!(
        out.contains("test [bench] slowed") && out.contains("---- slowed ----"),
        "{out}"
    );
    assert!(!out.contains("---- unchanged ----"), "{out}");
    let slowed = ratio(&out, "slowed");
    assert!(
        (2.2..4.0).contains(&slowed),
        "slowed: ratio {slowed}\n{out}"
    );
    let unchanged = ratio(&out, "unchanged");
    assert!(
        (0.6..1.6).contains(&unchanged),
        "unchanged: ratio {unchanged}\n{out}"
    );
    assert!(
        out.contains(
            "---- slowed ----\nnew/old against baseline `main`: gate max regression 50% \
             regressed: ratio "
        ),
        "{out}"
    );

    // The baseline's executable aborts inside its routine: one line, no process left.
    let crashed = bench(
        &dir,
        Some("200"),
        &["--baseline", "main", "crashes_in_baseline", "--exact"],
        &[("E2E_CRASH", "1")],
    );
    let out = text(&crashed);
    assert!(!crashed.status.success(), "{out}");
    let message = out
        .lines()
        .skip_while(|l| !l.starts_with("---- crashes_in_baseline ----"))
        .nth(1)
        .unwrap_or_else(|| panic!("no failure message in:\n{out}"));
    assert!(
        message.starts_with("the baseline's executable failed: it exited (")
            && message.contains("SIGABRT") == cfg!(unix),
        "{message}\n{out}"
    );
    assert_eq!(serving_processes(&dir), Vec::<String>::new());

    // The comparing process is killed in the middle of a comparison: its children see
    // their stdin close and exit. The stored executable itself is the comparing process
    // here, so both serving processes run from `dir`.
    #[cfg(target_os = "linux")]
    {
        let mut parent = endless_comparison(&exe, &dir);
        parent.kill().unwrap();
        parent.wait().unwrap();
        assert!(
            wait_until(|| serving_processes(&dir).is_empty()),
            "left behind: {:?}",
            serving_processes(&dir)
        );
    }

    // Ctrl-C reaches the whole process group: the children leave it to the parent, which
    // abandons the trial, says so in one line, exits with 130 and reaps them.
    #[cfg(target_os = "linux")]
    {
        let parent = endless_comparison(&exe, &dir);
        let group = format!("kill -INT -{}", parent.id());
        let sent = std::process::Command::new("sh")
            .args(["-c", &group])
            .status();
        assert!(sent.unwrap().success());
        let output = parent.wait_with_output().unwrap();
        let out = text(&output);
        assert_eq!(output.status.code(), Some(130), "{out}");
        assert!(
            out.contains("interrupted: the 0 results measured before it were kept"),
            "{out}"
        );
        assert!(!out.contains("the baseline's executable failed"), "{out}");
        assert_eq!(serving_processes(&dir), Vec::<String>::new());
    }

    // Under a gate, each case that cannot be paired fails in one line saying why and what
    // to do; `--allow-unpaired` compares with the saved numbers and passes with a warning.
    let gated = |extra: &[&str]| {
        let mut args = vec![
            "--baseline",
            "main",
            "--max-regression",
            "50%",
            "slowed",
            "--exact",
        ];
        args.extend_from_slice(extra);
        bench(&dir, Some("200"), &args, &[])
    };
    let refused = |case: &str, reason: &str, extra: &[&str]| {
        let output = gated(extra);
        let out = text(&output);
        assert!(!output.status.success(), "{case}: {out}");
        let message = failure_line(&out, "slowed");
        assert!(
            message.starts_with("cannot judge max regression 50% without pairing: ")
                && message.contains(reason)
                && message.contains("--allow-unpaired"),
            "{case}: {message}\n{out}"
        );
        assert_eq!(serving_processes(&dir), Vec::<String>::new(), "{case}");
    };

    // A trial the stored executable does not have: another bench target's executable,
    // stored with `--store-only` (which measures nothing), stands in for it.
    let stored = cargo_with_env::<&str>(
        &[
            "bench",
            "-q",
            "--bench",
            "single",
            "--",
            "--baseline-dir",
            dir.to_str().unwrap(),
            "--save-baseline",
            "other",
            "--store-only",
        ],
        &[],
    );
    let out = text(&stored);
    assert!(stored.status.success(), "{out}");
    assert!(
        out.contains("stored the executable of `single` as baseline `other`")
            && out.contains("nothing measured")
            && !out.contains("test "),
        "{out}"
    );
    let other = dir
        .join("single/@executables")
        .join(format!("other{}", std::env::consts::EXE_SUFFIX));
    // Nothing was measured, so no trial saved numbers beside the executable.
    let saved: Vec<_> = fs::read_dir(dir.join("single"))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(saved, ["@executables"]);
    let saved_exe = fs::read(&exe).unwrap();
    fs::copy(&other, &exe).unwrap();
    // A trial new since the baseline has nothing to regress from: it passes, saying so.
    let output = gated(&[]);
    let out = text(&output);
    assert!(output.status.success(), "new trial: {out}");
    assert!(
        out.contains("unpaired, new since baseline `main`: trial `slowed` does not exist in the executable of baseline `main`")
            && out.contains("not judged (nothing to regress from)"),
        "new trial: {out}"
    );
    assert_eq!(serving_processes(&dir), Vec::<String>::new());
    fs::write(&exe, &saved_exe).unwrap();

    // An executable that cannot start.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(&exe, fs::Permissions::from_mode(0o644)).unwrap();
        refused(
            "cannot start",
            "the executable of baseline `main` is unusable",
            &[],
        );
    }

    // An executable that speaks another protocol: refused at the handshake.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::write(
            &exe,
            "#!/bin/sh\necho 'duobench:hello 999'\ncat >/dev/null\n",
        )
        .unwrap();
        fs::set_permissions(&exe, fs::Permissions::from_mode(0o755)).unwrap();
        refused("other protocol", "speaks serve protocol 999", &[]);
        // Without a gate there is nothing to refuse: unpaired, said out loud.
        let foreign = bench(
            &dir,
            Some("200"),
            &["--baseline", "main", "slowed", "--exact"],
            &[],
        );
        let out = text(&foreign);
        assert!(foreign.status.success(), "{out}");
        assert!(out.contains("speaks serve protocol 999"), "{out}");
        assert_eq!(serving_processes(&dir), Vec::<String>::new());

        // An executable that never answers: killed and reaped at the greeting's deadline,
        // and the trial compares unpaired, instead of waiting for ever.
        fs::write(&exe, "#!/bin/sh\nexec sleep 600\n").unwrap();
        let start = std::time::Instant::now();
        let silent = bench(
            &dir,
            Some("200"),
            &["--baseline", "main", "slowed", "--exact"],
            &[],
        );
        let out = text(&silent);
        assert!(silent.status.success(), "{out}");
        assert!(out.contains("did not answer within 5s (killed)"), "{out}");
        assert!(
            start.elapsed() < std::time::Duration::from_secs(60),
            "{out}"
        );
        assert_eq!(serving_processes(&dir), Vec::<String>::new());
    }

    // Without the executable. The failed trial is recorded in the JSON document and the
    // markdown export with the reason and what to do, although nothing was measured.
    fs::remove_file(&exe).unwrap();
    let json = dir.join("unpaired.json");
    let markdown = dir.join("unpaired.md");
    let reason = "baseline `main` has no stored executable";
    refused(
        "no executable",
        reason,
        &[
            "--json",
            json.to_str().unwrap(),
            "--export",
            "markdown",
            markdown.to_str().unwrap(),
        ],
    );
    let doc: serde_json::Value = serde_json::from_slice(&fs::read(&json).unwrap()).unwrap();
    let trial = &doc["trials"][0];
    assert_eq!(doc["trials"].as_array().map(Vec::len), Some(1), "{doc}");
    assert_eq!(trial["name"], "slowed", "{doc}");
    assert_eq!(trial["kind"], "unpaired", "{doc}");
    assert_eq!(trial["verdict"], "failed", "{doc}");
    assert!(
        trial["reason"]
            .as_str()
            .is_some_and(|r| r.starts_with(reason)),
        "{doc}"
    );
    assert!(
        trial["remedy"]
            .as_str()
            .is_some_and(|r| r.contains("--allow-unpaired")),
        "{doc}"
    );
    let table = fs::read_to_string(&markdown).unwrap();
    assert!(
        table.contains("1 trials: 1 failed unpaired, 0 refuted, 0 inconclusive")
            && table.contains(&format!(
                "| `versions::slowed` | unpaired | – | – | `max regression 50%` | failed: {reason}"
            )),
        "{table}"
    );
    let allowed = gated(&["--allow-unpaired"]);
    let out = text(&allowed);
    assert!(allowed.status.success(), "{out}");
    assert!(
        out.contains(
            "unpaired comparison with saved numbers: baseline `main` has no stored executable"
        ) && out.contains("unpaired: cannot gate at alpha 0.05"),
        "{out}"
    );
    fs::remove_dir_all(&dir).unwrap();
}
