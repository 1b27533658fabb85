//! What a run does about versions around its trials: keep the executable when saving a
//! baseline, prepare the baseline's executable when comparing with one, and serve mode (a
//! bench executable started with the hidden [`SERVE_FLAG`] runs no libtest harness; it runs
//! the `#[bench]` trials the parent names, each up to its `iter` call, and exits when its
//! stdin closes).

use crate::api::store_executable;
use crate::api::BaselineExecutable;
use crate::api::Bencher;
pub(crate) use crate::api::Role;
use crate::api::{leave_interrupts_to_the_parent, next_request, send};
use crate::api::{BenchOutcome, Diff, DiffOutcome};
use crate::api::{CountPlan, CountRole};
use crate::api::{DiffRole, DiffSide};
use crate::api::{Reply, Request, TrialRequest, PROTOCOL_VERSION};
#[cfg(doc)]
use crate::api::{COUNT_FLAG, COUNT_HERE_FLAG, SERVE_FLAG};
use crate::harness::Invocation;
use crate::harness::Routine;
use crate::harness::TrialSpec;
use crate::measure::built_in;
use crate::model::bench_target;
use crate::model::BaselineName;
use crate::model::Mode;
use crate::session::BaselineChoice;
use crate::session::{baseline_saved, baseline_saved_elsewhere, executable_path};
use crate::session::{Overrides, Settings};
use crate::util::catch_panic;
use crate::util::duobench_dir;
use crate::util::percent_of;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// Where this run's baselines live: `--baseline-dir`, else `<target>/duobench`.
#[must_use]
pub fn baseline_root(overrides: &Overrides) -> PathBuf {
    overrides.baseline_dir.clone().unwrap_or_else(duobench_dir)
}

/// Under `cargo bench`: with `--save-baseline NAME`, stores this executable with the
/// baseline (a failure is a warning: the numbers are still saved, and a later
/// `--baseline NAME` says that it compares unpaired); with `--baseline NAME`, the shared
/// handle to that baseline's executable, started when the first `#[bench]` asks.
#[must_use]
pub fn prepare(
    invocation: &Invocation,
    specs: &[TrialSpec],
) -> Option<Arc<Mutex<BaselineExecutable>>> {
    let overrides = &invocation.overrides;
    if invocation.mode != Mode::Bench || invocation.libtest.list {
        return None;
    }
    // All trials of an executable share its bench target.
    let bench_target = bench_target(specs.first()?.descriptor.module_path);
    let root = baseline_root(overrides);
    match BaselineChoice::of(overrides.save_baseline, overrides.baseline) {
        BaselineChoice::Save(name) => {
            if let Err(why) = store_executable(&root, bench_target, name) {
                eprintln!("warning: {why}; `--baseline {name}` will compare unpaired");
            }
            None
        }
        BaselineChoice::Compare(name) => {
            let exe = executable_path(&root, bench_target, name);
            let target_is_new = target_is_new(&root, bench_target, name);
            Some(Arc::new(Mutex::new(BaselineExecutable::new(
                name,
                exe,
                target_is_new,
            ))))
        }
        BaselineChoice::Previous => None,
    }
}

/// `--save-baseline NAME --store-only`: stores this executable as baseline NAME's and
/// measures nothing, so a base revision costs its build and a copy, not a run. Exits: 0 once
/// stored, 1 when it cannot be stored, 2 outside `cargo bench` (a test-profile build is not
/// what a later `cargo bench --baseline NAME` should pair with).
pub fn store_only(invocation: &Invocation, specs: &[TrialSpec]) -> ! {
    let Some(name) = invocation.overrides.save_baseline else {
        unreachable!("the command line refuses --store-only without --save-baseline")
    };
    if invocation.mode != Mode::Bench {
        eprintln!(
            "error: --store-only stores a bench build: run it under `cargo bench`, not \
             `cargo test`"
        );
        std::process::exit(2);
    }
    let Some(first) = specs.first() else {
        println!("no benchmarks registered: nothing to store");
        std::process::exit(0);
    };
    let bench_target = bench_target(first.descriptor.module_path);
    match store_executable(&baseline_root(&invocation.overrides), bench_target, name) {
        Ok(path) => {
            println!(
                "stored the executable of `{bench_target}` as baseline `{name}` ({}); nothing \
                 measured",
                path.display()
            );
            std::process::exit(0);
        }
        Err(why) => {
            eprintln!("error: {why}");
            std::process::exit(1);
        }
    }
}

/// Under `cargo bench` with `--baseline NAME`, when a `#[bench]` of `specs` (the trials
/// this run starts) would compare with it: the baseline must have been saved for this bench
/// target, or the run stops before measuring (a typo would otherwise fail every trial after
/// measuring it).
///
/// # Errors
///
/// One line naming the baseline, the bench target and where it was looked for.
pub fn check_baseline_saved(invocation: &Invocation, specs: &[&TrialSpec]) -> Result<(), String> {
    let overrides = &invocation.overrides;
    let BaselineChoice::Compare(name) =
        BaselineChoice::of(overrides.save_baseline, overrides.baseline)
    else {
        return Ok(());
    };
    let Some(first_bench) = specs
        .iter()
        .find(|spec| matches!(spec.descriptor.routine, Routine::Bench(_)))
    else {
        return Ok(());
    };
    if invocation.mode != Mode::Bench {
        return Ok(());
    }
    let target = bench_target(first_bench.descriptor.module_path);
    let root = baseline_root(overrides);
    if baseline_saved(&root, target, name) || target_is_new(&root, target, name) {
        return Ok(());
    }
    Err(format!(
        "no baseline `{name}` was saved for bench target `{target}` in {}: save it first with \
         --save-baseline {name}; nothing was measured",
        root.display()
    ))
}

/// Whether `bench_target` is new since baseline `name`: the baseline was saved for other
/// bench targets under `root` (as `cargo duobench compare` stores every target of the base
/// revision) but not for this one. Its gated trials are then reported as new, not failed.
fn target_is_new(root: &std::path::Path, bench_target: &str, name: BaselineName) -> bool {
    !baseline_saved(root, bench_target, name) && baseline_saved_elsewhere(root, bench_target, name)
}

/// The role of the `Bencher` of trial `name`.
#[must_use]
pub fn role(baseline_exe: Option<&Arc<Mutex<BaselineExecutable>>>, name: &str) -> Role {
    match baseline_exe {
        Some(baseline_exe) => Role::Paired {
            baseline_exe: Arc::clone(baseline_exe),
            trial: name.to_owned(),
        },
        None => Role::Local,
    }
}

/// What the report says of a `#[bench]` compared unpaired: `why` a pairing that `--baseline`
/// asked for was not possible, what it was compared with instead (the numbers saved under
/// the baseline's name, or nothing when it has none for this trial), and, under
/// `--max-regression`, that the gate was not judged. A gate on saved numbers would judge
/// run-to-run changes with the within-run variance alone (the same code run twice on a
/// quiet machine is often "regressed"; docs/VALIDATION.md, section "Across versions"):
/// there is no error rate to honour, so the trial passes and says so. `None` when there is
/// nothing to say.
#[must_use]
pub fn unpaired_note(why: Option<&str>, compared: bool, settings: &Settings) -> Option<String> {
    let baseline = settings.baseline.compare_with();
    let gate = settings.max_regression.map(|p| {
        if compared {
            format!(
                "unpaired: cannot gate at alpha {} (max regression {}% not judged, passed with \
                 a warning)",
                settings.alpha,
                percent_of(p)
            )
        } else {
            format!(
                "max regression {}% not judged, passed with a warning",
                percent_of(p)
            )
        }
    });
    match (why, compared, gate) {
        (Some(why), true, Some(gate)) => Some(format!(
            "unpaired comparison with saved numbers: {why}; {gate}"
        )),
        (Some(why), true, None) => Some(format!("unpaired comparison with saved numbers: {why}")),
        (Some(why), false, gate) => Some(format!(
            "unpaired: {why}; nothing compared: baseline `{baseline}` has no numbers saved for \
             this trial{}",
            gate.map(|gate| format!("; {gate}")).unwrap_or_default()
        )),
        (None, true, Some(gate)) => Some(format!(
            "{gate}; compare with `--baseline NAME` to pair with a stored executable"
        )),
        (None, _, _) => None,
    }
}

/// Serves trials until stdin closes, then exits.
pub fn serve(specs: &[TrialSpec]) -> ! {
    leave_interrupts_to_the_parent();
    send(&Reply::Hello(PROTOCOL_VERSION));
    loop {
        let reply = match Request::parse(&next_request()) {
            Ok(Request::Trial(trial)) => serve_trial(specs, &trial),
            Ok(Request::DiffSide(side, trial)) => serve_diff_side(specs, side, &trial),
            Ok(other) => Reply::Error(format!("unexpected `{other}` between trials")),
            Err(e) => Reply::Error(e),
        };
        send(&reply);
    }
}

/// A counting child (the hidden [`COUNT_FLAG`], under Valgrind): runs the one trial named
/// after the plan, its routines counted inside its `compare` or `iter` call, then exits: 0
/// once counted, 1 with the reason on stderr otherwise.
pub fn count_child(specs: &[TrialSpec], args: &[String]) -> ! {
    exit_counted(CountPlan::parse(args).and_then(|(plan, name)| count_trial(specs, plan, &name)))
}

/// Exits a counting child: 0 once counted, 1 with the reason on stderr otherwise.
fn exit_counted(counted: Result<(), String>) -> ! {
    match counted {
        Ok(()) => std::process::exit(0),
        Err(why) => {
            eprintln!("error: {why}");
            std::process::exit(1);
        }
    }
}

/// The trial named `name`, which a counting child was started for.
fn trial_named<'a>(specs: &'a [TrialSpec], name: &str) -> Result<&'a TrialSpec, String> {
    specs
        .iter()
        .find(|spec| spec.name() == name)
        .ok_or_else(|| format!("no trial named `{name}` in this executable"))
}

fn count_trial(specs: &[TrialSpec], plan: CountPlan, name: &str) -> Result<(), String> {
    let spec = trial_named(specs, name)?;
    let settings = Settings::resolve(&spec.descriptor.options, Overrides::default());
    let role = CountRole::Child(plan);
    let counted = match spec.descriptor.routine {
        Routine::Diff(entry) => {
            let mut diff = Diff::new(Mode::Bench, settings);
            diff.with_count_role(role);
            catch_panic(|| entry(&mut diff, spec.arg_index))?;
            matches!(diff.into_outcome(), Some(DiffOutcome::Smoke))
        }
        Routine::Bench(entry) => {
            let mut bencher = Bencher::new(Mode::Bench, settings).with_count_role(role);
            catch_panic(|| entry(&mut bencher, spec.arg_index))?;
            matches!(bencher.into_outcome(), Some(BenchOutcome::Smoke))
        }
    };
    if counted {
        Ok(())
    } else {
        Err(format!(
            "trial `{name}` counted nothing (iter_custom times itself)"
        ))
    }
}

/// A counting child that reads its counts itself (the hidden [`COUNT_HERE_FLAG`], a
/// baseline's stored executable): runs the one `#[bench]` trial named after the plan, its
/// routine's counts read and printed inside its `iter` call, then exits: 0 once counted, 1
/// with the reason on stderr otherwise.
pub fn count_here_child(specs: &[TrialSpec], args: &[String]) -> ! {
    exit_counted(
        CountPlan::parse_here(args)
            .and_then(|(measure, plan, name)| count_trial_here(specs, &measure, plan, &name)),
    )
}

fn count_trial_here(
    specs: &[TrialSpec],
    measure: &str,
    plan: CountPlan,
    name: &str,
) -> Result<(), String> {
    let spec = trial_named(specs, name)?;
    let Routine::Bench(entry) = spec.descriptor.routine else {
        return Err(format!("trial `{name}` is not a #[bench]"));
    };
    let settings = settings_measuring(spec, measure)?;
    let role = CountRole::ChildHere(plan);
    let mut bencher = Bencher::new(Mode::Bench, settings).with_count_role(role);
    catch_panic(|| entry(&mut bencher, spec.arg_index))?;
    match bencher.into_outcome() {
        Some(BenchOutcome::Smoke) => Ok(()),
        Some(BenchOutcome::Failed(why) | BenchOutcome::Unavailable(why)) => Err(why),
        _ => Err(format!(
            "trial `{name}` counted nothing (iter_custom times itself)"
        )),
    }
}

/// The settings a child runs `spec` with: its attribute's, measured as the comparing
/// process asked. A built-in measure named there is taken whatever the attribute says, as a
/// `--measure` option would; a user's measurement only where the attribute gives one of
/// that name.
fn settings_measuring(spec: &TrialSpec, measure: &str) -> Result<Settings, String> {
    let overrides = Overrides {
        measure: built_in(measure),
        ..Overrides::default()
    };
    let settings = Settings::resolve(&spec.descriptor.options, overrides);
    if settings.measure.name() == measure {
        Ok(settings)
    } else {
        Err(format!(
            "trial `{}` measures {} here, not {measure}",
            spec.name(),
            settings.measure.name()
        ))
    }
}

/// Runs `trial` (its setup, then batches inside its `iter` call) and says how it ended.
fn serve_trial(specs: &[TrialSpec], trial: &TrialRequest) -> Reply {
    let found = specs.iter().find(|spec| spec.name() == trial.name);
    let Some((spec, Routine::Bench(entry))) = found.map(|s| (s, s.descriptor.routine)) else {
        return Reply::Missing;
    };
    let settings = match settings_measuring(spec, &trial.measure) {
        Ok(settings) => settings,
        Err(why) => return Reply::Error(why),
    };
    let mut bencher = Bencher::new(Mode::Bench, settings).serving();
    match catch_panic(|| entry(&mut bencher, spec.arg_index)) {
        Err(why) => Reply::Error(why),
        Ok(()) if bencher.served() => Reply::Finished,
        Ok(()) => Reply::Error(
            "the #[bench] function never called an iter method of its Bencher".to_owned(),
        ),
    }
}

/// Runs `#[bench_diff]` `trial` (its setup, then batches of routine `side` inside its
/// `compare` call) and says how it ended.
fn serve_diff_side(specs: &[TrialSpec], side: DiffSide, trial: &TrialRequest) -> Reply {
    let found = specs.iter().find(|spec| spec.name() == trial.name);
    let Some((spec, Routine::Diff(entry))) = found.map(|s| (s, s.descriptor.routine)) else {
        return Reply::Missing;
    };
    let settings = match settings_measuring(spec, &trial.measure) {
        Ok(settings) => settings,
        Err(why) => return Reply::Error(why),
    };
    let mut diff = Diff::new(Mode::Bench, settings);
    diff.with_role(DiffRole::Serve(side));
    match catch_panic(|| entry(&mut diff, spec.arg_index)) {
        Err(why) => Reply::Error(why),
        Ok(()) => match diff.into_outcome() {
            Some(DiffOutcome::Served) => Reply::Finished,
            Some(DiffOutcome::Unavailable(why) | DiffOutcome::Failed(why)) => Reply::Error(why),
            _ => Reply::Error(
                "the #[bench_diff] function never called a compare method of its Diff".to_owned(),
            ),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::settable::SETTABLE;
    use crate::harness::Descriptor;
    use crate::measure::by_name;
    use crate::model::{AttrOptions, Measure};

    fn noop(_: &mut Bencher, _: usize) {}

    /// A `#[bench]` `fn_name` of bench target `b`, measuring `measure`.
    const fn bench(fn_name: &'static str, measure: Option<Measure>) -> Descriptor {
        Descriptor {
            fn_name,
            name: None,
            module_path: "b",
            file: "benches/b.rs",
            line: 1,
            ignore: None,
            vs: None,
            args: &[],
            routine: Routine::Bench(noop),
            options: AttrOptions {
                measure,
                ..AttrOptions::NONE
            },
        }
    }

    static PLAIN: Descriptor = bench("parse", None);
    static BY_ALLOCATIONS: Descriptor = bench("parse", Some(by_name::allocations));
    static BY_SETTABLE: Descriptor = bench("parse", Some(Measure::custom(&SETTABLE)));

    #[test]
    fn a_child_takes_the_measure_the_comparing_process_judges() {
        let spec = |descriptor| TrialSpec {
            descriptor,
            arg_index: 0,
        };
        let measured = |descriptor, measure| {
            settings_measuring(&spec(descriptor), measure).map(|s| s.measure.name().to_owned())
        };
        // A built-in measure, whatever the attribute says (as `--measure` would).
        assert_eq!(measured(&PLAIN, "wall").as_deref(), Ok("wall"));
        assert_eq!(measured(&PLAIN, "cpu_time").as_deref(), Ok("cpu_time"));
        assert_eq!(
            measured(&BY_ALLOCATIONS, "cpu_time").as_deref(),
            Ok("cpu_time")
        );
        assert_eq!(measured(&BY_SETTABLE, "wall").as_deref(), Ok("wall"));
        // A user's measurement only where the trial defines one of that name.
        assert_eq!(
            measured(&BY_SETTABLE, "Settable").as_deref(),
            Ok("Settable")
        );
        assert_eq!(
            measured(&PLAIN, "Settable"),
            Err("trial `parse` measures wall here, not Settable".to_owned())
        );
        assert_eq!(
            measured(&BY_ALLOCATIONS, "Settable"),
            Err("trial `parse` measures allocations here, not Settable".to_owned())
        );
    }

    #[test]
    fn an_unpaired_gate_passes_and_says_so() {
        let plain = Settings::resolve(&AttrOptions::default(), Overrides::default());
        let gated = Settings {
            max_regression: Some(0.05),
            ..plain
        };
        assert_eq!(unpaired_note(None, true, &plain), None);
        let note = unpaired_note(Some("no executable"), true, &gated).unwrap();
        assert_eq!(
            note,
            "unpaired comparison with saved numbers: no executable; unpaired: cannot gate at \
             alpha 0.05 (max regression 5% not judged, passed with a warning)"
        );
        let note = unpaired_note(None, true, &gated).unwrap();
        assert!(note.starts_with("unpaired: cannot gate"), "{note}");
        // Nothing was compared (a first run): nothing was gated either.
        assert_eq!(unpaired_note(None, false, &gated), None);
        // Pairing failed and the baseline has no numbers: said so, never "compared".
        let note = unpaired_note(Some("no executable"), false, &plain).unwrap();
        assert_eq!(
            note,
            "unpaired: no executable; nothing compared: baseline `previous` has no numbers saved \
             for this trial"
        );
        let note = unpaired_note(Some("no executable"), false, &gated).unwrap();
        assert!(
            note.ends_with(
                "nothing compared: baseline `previous` has no numbers saved for this \
                 trial; max regression 5% not judged, passed with a warning"
            ),
            "{note}"
        );
    }

    static BENCH: Descriptor = bench("fast", None);

    #[test]
    fn a_baseline_saved_for_no_trial_stops_the_run_before_measuring() {
        let root = crate::fixture::scratch::scratch_dir("baseline-typo");
        let spec = TrialSpec {
            descriptor: &BENCH,
            arg_index: 0,
        };
        let dir = root.to_str().unwrap();
        let parse = |name: &str| {
            let args = ["--bench", "--baseline", name, "--baseline-dir", dir];
            Invocation::parse(args.iter().map(|a| (*a).to_owned()), |_| None).unwrap()
        };
        let e = check_baseline_saved(&parse("typo"), &[&spec]).unwrap_err();
        assert!(
            e.starts_with("no baseline `typo` was saved for bench target `b` in "),
            "{e}"
        );
        assert!(
            e.ends_with("nothing was measured") && !e.contains('\n'),
            "{e}"
        );
        // Nothing is checked when no #[bench] of this target runs.
        check_baseline_saved(&parse("typo"), &[]).unwrap();
        // Saved for one trial: fine.
        let trial = root.join("b").join("fast");
        std::fs::create_dir_all(&trial).unwrap();
        std::fs::write(trial.join("main.json"), "{}").unwrap();
        check_baseline_saved(&parse("main"), &[&spec]).unwrap();
        std::fs::remove_dir_all(&root).unwrap();
    }
}
