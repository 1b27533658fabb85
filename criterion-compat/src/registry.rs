//! The groups `criterion_group!` registers, turned into duobench trials by
//! `criterion_main!`: each group function is called once to list its benchmarks, and again
//! for each trial that runs (see `phase`).

use crate::criterion::Criterion;
use crate::measurement::{measure_of, Measurement, WallTime};
use crate::phase::{Listed, Phase, RunSlot, Wanted};
use duobench::__private::{main_with, AttrOptions, DynamicBench};
use std::collections::{HashMap, HashSet};
use std::sync::Mutex;

/// A group's configuration, as `criterion_group!`'s `config = ...` builds it.
pub type ConfigFn<M = WallTime> = fn() -> Criterion<M>;
/// One target function of a group.
pub type TargetFn<M = WallTime> = fn(&mut Criterion<M>);

/// A registered group: lists its benchmarks, each title unique among `titles`.
type Group = Box<dyn FnOnce(&mut HashSet<String>) -> Vec<DynamicBench> + Send>;

static GROUPS: Mutex<Vec<Group>> = Mutex::new(Vec::new());

/// Adds a group; `criterion_main!` calls the function `criterion_group!` defines. Its
/// measurement is `M`, as its `config` builds it; the run keeps the one built while its
/// benchmarks are listed, so it must be `Send` (Criterion's needs nothing).
pub fn register_group<M: Measurement + Send + 'static>(
    config: ConfigFn<M>,
    targets: &[TargetFn<M>],
) {
    let targets = targets.to_vec();
    let group: Group = Box::new(move |titles| list(config, &targets, titles));
    GROUPS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .push(group);
}

/// Lists every registered group's benchmarks and runs them under duobench's harness, as
/// the bench target declared at `module_path` in `file`.
pub fn run(module_path: &'static str, file: &'static str) -> ! {
    let groups = std::mem::take(
        &mut *GROUPS
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner),
    );
    let mut titles = HashSet::new();
    let benches = groups
        .into_iter()
        .flat_map(|group| group(&mut titles))
        .collect();
    main_with(benches, module_path, file)
}

/// The benchmarks `targets` declare under `config`, measured as its `Criterion` says.
fn list<M: Measurement + Send + 'static>(
    config: ConfigFn<M>,
    targets: &[TargetFn<M>],
    titles: &mut HashSet<String>,
) -> Vec<DynamicBench> {
    let mut benches = Vec::new();
    for &target in targets {
        let mut criterion = config();
        criterion.phase = Phase::List(Vec::new());
        target(&mut criterion);
        let Criterion {
            phase: Phase::List(listed),
            measurement,
            ..
        } = criterion
        else {
            unreachable!("only listing sets the phase")
        };
        let measure = measure_of(measurement);
        let mut occurrences: HashMap<String, usize> = HashMap::new();
        for Listed { name, options } in listed {
            let occurrence = occurrences.entry(name.clone()).or_default();
            let nth = *occurrence;
            *occurrence += 1;
            benches.push(DynamicBench {
                name: unique_title(&name, titles),
                options: AttrOptions { measure, ..options },
                routine: Box::new(move |bencher| {
                    run_one(config, target, Wanted::new(name.clone(), nth), bencher)
                }),
            });
        }
    }
    benches
}

/// `id` as Criterion titles it: `id` the first time, then `id #2`, `id #3`, … (the first
/// of those not taken yet), so that a bench file that repeats an id runs each benchmark.
fn unique_title(id: &str, titles: &mut HashSet<String>) -> String {
    let title = if titles.contains(id) {
        (2..)
            .map(|n| format!("{id} #{n}"))
            .find(|t| !titles.contains(t))
            .expect("a free title")
    } else {
        id.to_owned()
    };
    titles.insert(title.clone());
    title
}

/// Calls the group function again with only the `wanted` benchmark running, on duobench's
/// `bencher`.
fn run_one<M: Measurement>(
    config: ConfigFn<M>,
    target: TargetFn<M>,
    wanted: Wanted,
    bencher: duobench::Bencher,
) -> duobench::Bencher {
    let name = wanted.id.clone();
    let mut criterion = config();
    criterion.phase = Phase::Run(Box::new(RunSlot {
        wanted,
        bencher,
        found: false,
    }));
    target(&mut criterion);
    match std::mem::take(&mut criterion.phase) {
        Phase::Run(slot) if slot.found => slot.bencher,
        _ => panic!(
            "criterion compat: benchmark `{name}` was listed, but its group function did not \
             declare it again; a benchmark's name must not depend on state that changes \
             between calls"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::{BenchmarkId, Throughput};
    use std::time::Duration;

    fn targets(c: &mut Criterion) {
        c.bench_function("plain", |b| b.iter(|| 1));
        let mut group = c.benchmark_group("sizes");
        group.measurement_time(Duration::from_secs(1));
        for n in [3, 50] {
            group.throughput(Throughput::Bytes(n)).bench_with_input(
                BenchmarkId::new("encode", n),
                &n,
                |b, &n| b.iter(|| n),
            );
        }
        group.bench_function(BenchmarkId::from_parameter("last"), |b| b.iter(|| 0));
        group.finish();
    }

    fn configured() -> Criterion {
        Criterion::default().sample_size(10)
    }

    #[test]
    fn listing_names_benchmarks_as_criterion_does_with_their_options() {
        let benches = list(configured, &[targets], &mut HashSet::new());
        let names: Vec<&str> = benches.iter().map(|b| b.name.as_str()).collect();
        assert_eq!(
            names,
            ["plain", "sizes/encode/3", "sizes/encode/50", "sizes/last"]
        );
        assert_eq!(benches[0].options.samples, Some(10));
        assert_eq!(benches[0].options.max_time_ns, None);
        assert_eq!(benches[1].options.max_time_ns, Some(1_200_000_000));
        assert_eq!(
            benches[2].options.throughput,
            Some(duobench::result::Throughput::Bytes(50))
        );
        // The throughput set last still applies to the benchmarks after it.
        assert_eq!(
            benches[3].options.throughput,
            Some(duobench::result::Throughput::Bytes(50))
        );
    }

    fn repeats(c: &mut Criterion) {
        c.bench_function("same", |b| b.iter(|| 1));
        c.bench_function("same", |b| b.iter(|| 2));
        c.bench_function("same #2", |b| b.iter(|| 3));
    }

    #[test]
    fn a_repeated_id_gets_the_next_free_title_as_in_criterion() {
        let names: Vec<String> = list(Criterion::default, &[repeats, repeats], &mut HashSet::new())
            .into_iter()
            .map(|b| b.name)
            .collect();
        assert_eq!(
            names,
            [
                "same",
                "same #2",
                "same #2 #2",
                "same #3",
                "same #4",
                "same #2 #3"
            ]
        );
    }

    #[test]
    #[should_panic(expected = "`bench_function` ran outside `criterion_main!`")]
    fn declaring_outside_the_harness_names_the_method() {
        Criterion::default().bench_function("alone", |b| b.iter(|| 1));
    }
}
