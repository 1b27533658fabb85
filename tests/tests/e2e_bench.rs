//! End to end for `#[bench]`: the user's crate `tests/e2e-crate` (bench target `single`)
//! smoke-run under `cargo test`, then measured under `cargo bench` and compared with its
//! saved baselines. Runs are short (`--max-time`) and one at a time, so the timings that the
//! regression check reads are not disturbed by another run.

use duobench_tests::{cargo_with_env, target_dir, text};
use std::fs;
use std::path::PathBuf;
use std::process::Output;
use std::sync::{Mutex, MutexGuard};

/// Where the bench target `single` keeps the baselines of `trial`.
fn baseline_dir(trial: &str) -> PathBuf {
    target_dir().join("duobench/single").join(trial)
}

/// One cargo run at a time: parallel runs would share the two cores and skew timings.
fn serial() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    LOCK.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// `cargo bench` of one trial of `single`, with a short budget.
fn bench(trial: &str, extra: &[&str], env: &[(&str, &str)]) -> Output {
    let mut args = vec![
        "bench",
        "-q",
        "--bench",
        "single",
        "--",
        trial,
        "--exact",
        "--warmup",
        "100ms",
        "--max-time",
        "1s",
    ];
    args.extend_from_slice(extra);
    cargo_with_env(&args, env)
}

fn change_line(out: &str) -> &str {
    out.lines()
        .find(|l| l.starts_with("  change   "))
        .unwrap_or_else(|| panic!("no change line in:\n{out}"))
}

/// The relative change in percent printed first on the change line (`+100.2%`).
fn change_percent(line: &str) -> f64 {
    let word = line["  change   ".len()..]
        .split_whitespace()
        .next()
        .unwrap_or_default();
    word.trim_end_matches('%')
        .parse()
        .unwrap_or_else(|_| panic!("no percentage in {line:?}"))
}

#[test]
fn test_mode_smoke_runs_every_bench() {
    let _serial = serial();
    let output = cargo_with_env(
        &[
            "test",
            "--release",
            "--bench",
            "single",
            "-q",
            "--",
            "--format",
            "pretty",
        ],
        &[] as &[(&str, &str)],
    );
    let out = text(&output);
    assert!(output.status.success(), "{out}");
    for name in ["custom", "scaled", "sort/10", "sort/1000", "zero_arg"] {
        let line = out
            .lines()
            .find(|l| l.starts_with(&format!("test [bench] {name} ")))
            .unwrap_or_else(|| panic!("no line for {name} in:\n{out}"));
        assert!(line.ends_with("ok"), "{line}");
    }
    assert!(out.contains("5 passed; 0 failed"), "{out}");
    // Smoke runs measure nothing, so there is no report.
    assert!(!out.contains("duobench results"), "{out}");
}

#[test]
fn consecutive_runs_compare_and_twice_the_work_regresses() {
    let _serial = serial();
    let _ = fs::remove_dir_all(baseline_dir("scaled"));

    let first = bench("scaled", &[], &[]);
    let out = text(&first);
    assert!(first.status.success(), "{out}");
    assert!(out.contains("[bench] scaled"), "{out}");
    assert!(
        change_line(&out).contains("none yet: this is the first run"),
        "{out}"
    );
    assert!(out.contains("  thrpt    "), "{out}");
    assert!(baseline_dir("scaled").join("previous.json").is_file());

    let second = bench("scaled", &[], &[]);
    let out = text(&second);
    assert!(second.status.success(), "{out}");
    // The same work again: whatever the machine did in between, it is compared.
    let line = change_line(&out);
    assert!(line.contains("vs previous run"), "{out}");
    change_percent(line);

    let doubled = bench("scaled", &[], &[("E2E_WORK_FACTOR", "2")]);
    let out = text(&doubled);
    assert!(doubled.status.success(), "{out}");
    let line = change_line(&out);
    assert!(line.ends_with("regressed (noise threshold 2.00%)"), "{out}");
    // Twice the work is +100%; the band allows for the machine's speed changing between
    // runs (other builds and tests on the same two cores move it by tens of percent).
    let percent = change_percent(line);
    assert!((50.0..=160.0).contains(&percent), "{percent}% in {line}");
}

#[test]
fn named_baselines_save_and_compare() {
    let _serial = serial();
    let _ = fs::remove_dir_all(baseline_dir("sort~10"));
    let saved = bench("sort/10", &["--save-baseline", "e2e-main"], &[]);
    let out = text(&saved);
    assert!(saved.status.success(), "{out}");
    assert!(
        change_line(&out).contains("saved as baseline `e2e-main`"),
        "{out}"
    );
    assert!(baseline_dir("sort~10").join("e2e-main.json").is_file());

    // The baseline kept its executable too; without it, the comparison is with the saved
    // numbers, and says so (pairing is tested in e2e_versions.rs).
    let exe = target_dir()
        .join("duobench/single/@executables")
        .join(format!("e2e-main{}", std::env::consts::EXE_SUFFIX));
    fs::remove_file(&exe).unwrap_or_else(|e| panic!("{}: {e}", exe.display()));
    let compared = bench("sort/10", &["--baseline", "e2e-main"], &[]);
    let out = text(&compared);
    assert!(compared.status.success(), "{out}");
    assert!(
        change_line(&out).contains("vs baseline `e2e-main`"),
        "{out}"
    );
    assert!(
        out.contains(
            "  versions unpaired comparison with saved numbers: baseline `e2e-main` has no \
             stored executable"
        ),
        "{out}"
    );
}

#[test]
fn missing_named_baseline_is_a_clear_error() {
    let _serial = serial();
    let _ = fs::remove_dir_all(baseline_dir("zero_arg"));
    let output = bench("zero_arg", &["--baseline", "missing"], &[]);
    let out = text(&output);
    assert!(!output.status.success(), "{out}");
    // Said before anything is measured, naming the baseline and the bench target.
    assert!(
        out.lines().any(|l| l
            .starts_with("error: no baseline `missing` was saved for bench target `single` in ")
            && l.ends_with("save it first with --save-baseline missing; nothing was measured")),
        "{out}"
    );
    assert!(!out.contains("test zero_arg"), "a trial ran: {out}");
}

#[test]
fn corrupt_baseline_is_a_clear_error_and_stays() {
    let _serial = serial();
    let dir = baseline_dir("custom");
    fs::create_dir_all(&dir).unwrap();
    let path = dir.join("previous.json");
    fs::write(
        &path,
        "{\"format\": \"duobench-baseline\", \"version\": 1, oops",
    )
    .unwrap();
    let output = bench("custom", &[], &[]);
    let out = text(&output);
    assert!(!output.status.success(), "{out}");
    let start = format!("baseline file {} is corrupt (", path.display());
    assert!(
        out.lines().any(|l| l.trim().starts_with(&start)),
        "no line starting {start:?} in:\n{out}"
    );
    assert!(out.contains("1 failed"), "{out}");
    assert!(fs::read_to_string(&path).unwrap().ends_with("oops"));
    fs::remove_file(&path).unwrap();
}

/// The previous run's file of `trial` made to hold a pace no machine reaches (a step of the
/// probe in a billionth of a nanosecond): every run is then slower than it.
fn make_previous_pace_unreachable(trial: &str) {
    let path = baseline_dir(trial).join("previous.json");
    let mut saved: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
    assert!(saved["lanes_pace_ns_per_step"].is_number(), "{saved}");
    saved["lanes_pace_ns_per_step"] = 1e-9.into();
    fs::write(&path, saved.to_string()).unwrap();
}

#[test]
fn a_run_slower_than_the_previous_runs_pace_is_held_to_it_and_says_so() {
    let _serial = serial();
    let _ = fs::remove_dir_all(baseline_dir("zero_arg"));
    let first = bench("zero_arg", &[], &[]);
    let out = text(&first);
    assert!(first.status.success(), "{out}");
    assert!(!out.contains("through most of a first run"), "{out}");

    make_previous_pace_unreachable("zero_arg");
    let held = bench("zero_arg", &[], &[]);
    let out = text(&held);
    assert!(held.status.success(), "{out}");
    let line = out
        .lines()
        .find(|l| l.contains("through most of a first run"))
        .unwrap_or_else(|| panic!("no line on the slowed run in:\n{out}"));
    assert!(line.starts_with("  machine  ran "), "{line}");
    assert!(
        line.contains("and was still slower after") && line.ends_with("not taken again"),
        "{line}"
    );

    // The control: `--measure-once` holds no run to the previous one's pace.
    make_previous_pace_unreachable("zero_arg");
    let once = bench("zero_arg", &["--measure-once"], &[]);
    let out = text(&once);
    assert!(once.status.success(), "{out}");
    assert!(!out.contains("through most of a first run"), "{out}");
}

/// The previous run's file of `trial` rewritten as a run `factor` times as slow, whose
/// figure held all of `wait_share` of waiting for a core (`None`: no share kept, as in the
/// files of earlier versions).
fn make_previous_run(trial: &str, factor: f64, wait_share: Option<f64>) {
    let path = baseline_dir(trial).join("previous.json");
    let mut saved: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
    for ns in saved["ns"].as_array_mut().expect("the samples' times") {
        *ns = (ns.as_f64().unwrap() * factor).into();
    }
    saved["slope_ns"] = (saved["slope_ns"].as_f64().unwrap() * factor).into();
    let fields = saved.as_object_mut().unwrap();
    match wait_share {
        Some(share) => fields.insert("wait_share".to_owned(), share.into()),
        None => fields.remove("wait_share"),
    };
    // A figure on undisturbed samples, whatever the run the file came from met on a busy
    // machine (a test that needs it disturbed says so itself).
    fields.remove("rests_on_disturbed");
    fs::write(&path, saved.to_string()).unwrap();
}

/// Whether a change line is not judged for this run's own figure resting on disturbed
/// samples, which the suite's load on two cores can make, and for nothing of the previous
/// run's.
fn not_judged_for_this_runs_load_alone(line: &str) -> bool {
    line.contains("not judged: the machine differed (this run's figure rests on samples")
}

#[test]
fn a_change_against_a_figure_resting_on_disturbed_samples_is_not_judged() {
    let _serial = serial();
    let _ = fs::remove_dir_all(baseline_dir("custom"));
    let first = bench("custom", &[], &[]);
    assert!(first.status.success(), "{}", text(&first));
    let path = baseline_dir("custom").join("previous.json");
    let rested = |on_disturbed: bool| {
        // A previous run scaled to its time on the core read a third below the routine,
        // with a wait that alone explains only a slower reading.
        make_previous_run("custom", 1.0 / 1.5, Some(0.66));
        let mut saved: serde_json::Value =
            serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
        saved["rests_on_disturbed"] = on_disturbed.into();
        fs::write(&path, saved.to_string()).unwrap();
        let run = bench("custom", &[], &[]);
        let out = text(&run);
        assert!(run.status.success(), "{out}");
        (change_line(&out).to_owned(), out)
    };
    let (line, out) = rested(true);
    // This run's samples may be disturbed too, by the suite's load on two cores.
    assert!(
        line.contains("not judged: the machine differed (")
            && (line
                .contains("the figure of the previous run rests on samples the wait disturbed")
                || line.contains(
                    "the figures of the previous run and of this one rest on samples the wait \
                     disturbed"
                )),
        "{out}"
    );
    // The control: the same figures resting on undisturbed samples read "regressed",
    // unless this run itself waited for a core (the suite's load on two cores can make it).
    let (line, out) = rested(false);
    assert!(
        line.ends_with(": regressed (noise threshold 2.00%)")
            || line.contains("not judged") && !line.contains("of the previous run rests"),
        "{out}"
    );
}

#[test]
fn a_change_the_previous_runs_wait_explains_is_not_judged() {
    let _serial = serial();
    let _ = fs::remove_dir_all(baseline_dir("custom"));
    let first = bench("custom", &[], &[]);
    assert!(first.status.success(), "{}", text(&first));
    let saved = fs::read_to_string(baseline_dir("custom").join("previous.json")).unwrap();
    assert!(saved.contains("\"wait_share\""), "{saved}");

    // A loaded previous run: its thread waited 90% of its samples' time, and its figure
    // read twice the routine's. The same code now is not judged: the waits could explain
    // more than the -50% measured unless this run waited three quarters of its time too.
    make_previous_run("custom", 2.0, Some(0.9));
    let after_load = bench("custom", &[], &[]);
    let out = text(&after_load);
    assert!(after_load.status.success(), "{out}");
    let line = change_line(&out);
    assert!(
        line.contains(
            "not judged: the machine differed (waited for a core 90.0% of the previous run"
        ),
        "{out}"
    );

    // The control: the same previous figures with no wait kept read "improved", unless the
    // suite's load disturbed this run's own samples.
    make_previous_run("custom", 2.0, None);
    let blind = bench("custom", &[], &[]);
    let out = text(&blind);
    assert!(blind.status.success(), "{out}");
    let line = change_line(&out);
    assert!(
        line.ends_with(": improved (noise threshold 2.00%)")
            || not_judged_for_this_runs_load_alone(line),
        "{out}"
    );

    // A real 20% slowdown after a quiet previous run is still regressed, unless the suite's
    // load on two cores made this run slower by itself: then it is not judged, and says
    // so, either with this run's wait or with its pace probe slower than the previous run's.
    make_previous_run("custom", 1.0 / 1.2, Some(0.0));
    let slower = bench("custom", &[], &[]);
    let out = text(&slower);
    assert!(slower.status.success(), "{out}");
    let line = change_line(&out);
    if line.ends_with(": regressed (noise threshold 2.00%)")
        || not_judged_for_this_runs_load_alone(line)
    {
        return;
    }
    let figure_after = |marker: &str| {
        line.split(marker)
            .nth(1)
            .and_then(|rest| rest.split('%').next())
            .and_then(|share| share.parse::<f64>().ok())
    };
    if let Some(own) = figure_after("0.0% of the previous run, ") {
        assert!(own >= 10.0, "not judged for a wait of {own}%:\n{out}");
    } else if let Some(pace) = figure_after("its pace probe ran ") {
        assert!(
            pace >= 2.0 && line.contains("% slower than during the previous run"),
            "not judged for a pace probe {pace}% apart:\n{out}"
        );
    } else {
        panic!("neither regressed nor not judged for this run's load:\n{out}");
    }
}
