//! Benchmarks registered at run time rather than by an attribute: a layer that learns its
//! benchmarks' names only by running code (the Criterion compatibility crate runs its group
//! functions to list them) hands them over here before the harness starts.
//!
//! Each one becomes an ordinary [`Descriptor`], leaked so that it is `'static` like the
//! attributes' (one small allocation per benchmark, for the life of the process), whose
//! routine is [`run_dynamic`] and whose argument index picks the closure to call. Everything
//! after the registry (filters, settings, baselines, reports, serve mode) then treats it as a
//! `#[bench]`.

use super::descriptor::{Descriptor, Routine};
use super::specs::{trial_specs, TrialSpec};
use crate::api::Bencher;
use crate::model::AttrOptions;
use crate::model::Mode;
use crate::session::{Overrides, Settings};
use std::sync::OnceLock;

/// The code of a run-time benchmark: it gets the trial's bencher, calls one of its `iter`
/// methods, and hands it back. By value, so that a caller without a lifetime to borrow it
/// for can still keep it while its own code runs.
pub type DynamicRoutine = Box<dyn Fn(Bencher) -> Bencher + Send + Sync>;

/// One benchmark registered at run time.
pub struct DynamicBench {
    /// The trial name, as libtest filters and reports show it.
    pub name: String,
    /// Options as an attribute would give them (samples, warmup, budget, throughput).
    pub options: AttrOptions,
    /// The code to measure.
    pub routine: DynamicRoutine,
}

struct Registered {
    descriptors: Vec<&'static Descriptor>,
    routines: Vec<DynamicRoutine>,
}

static REGISTERED: OnceLock<Registered> = OnceLock::new();

/// Registers `benches` for this process; `module_path` and `file` are where they were
/// declared (the bench target's crate, for baselines and messages).
///
/// # Panics
///
/// When called twice: a process has one list of benchmarks.
pub fn register(benches: Vec<DynamicBench>, module_path: &'static str, file: &'static str) {
    let mut descriptors = Vec::with_capacity(benches.len());
    let mut routines = Vec::with_capacity(benches.len());
    for bench in benches {
        let descriptor = Descriptor {
            fn_name: Box::leak(bench.name.into_boxed_str()),
            name: None,
            module_path,
            file,
            line: 0,
            ignore: None,
            vs: None,
            args: &[],
            routine: Routine::Bench(run_dynamic),
            options: bench.options,
        };
        descriptors.push(&*Box::leak(Box::new(descriptor)));
        routines.push(bench.routine);
    }
    let fresh = REGISTERED
        .set(Registered {
            descriptors,
            routines,
        })
        .is_ok();
    assert!(
        fresh,
        "run-time benchmarks can be registered once per process"
    );
}

/// Every trial of the process: the attributes' (sorted by name), then the run-time ones in
/// the order registered (the order their declarations run in).
#[must_use]
pub fn all_trial_specs() -> Vec<TrialSpec> {
    let mut specs = trial_specs();
    specs.extend(dynamic_specs());
    specs
}

/// The registered benchmarks as trials; the argument index is the benchmark's place in the
/// list.
fn dynamic_specs() -> Vec<TrialSpec> {
    REGISTERED.get().map_or_else(Vec::new, |r| {
        r.descriptors
            .iter()
            .enumerate()
            .map(|(arg_index, &descriptor)| TrialSpec {
                descriptor,
                arg_index,
            })
            .collect()
    })
}

/// The routine of every run-time benchmark: calls the closure at `index` with the trial's
/// bencher, which it hands back.
fn run_dynamic(bencher: &mut Bencher, index: usize) {
    let routine = &REGISTERED
        .get()
        .expect("run-time benchmarks are registered")
        .routines[index];
    // A stand-in while the closure owns the real one; it is never measured with.
    let stand_in = Bencher::new(
        Mode::Test,
        Settings::resolve(&AttrOptions::NONE, Overrides::default()),
    );
    let taken = std::mem::replace(bencher, stand_in);
    *bencher = routine(taken);
}
