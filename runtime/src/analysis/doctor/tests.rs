//! Each check on a result built to show its condition, and on one that does not.

use super::*;
use crate::fixture::bench_runs::{result, run};
use crate::fixture::records::result as diff_result;
use crate::fixture::stalls::{stalled, stalls};
use crate::measure::OsUsage;

fn checks(warnings: &[Warning]) -> Vec<Check> {
    warnings.iter().map(|w| w.check).collect()
}

#[test]
fn a_clean_bench_gets_no_warning() {
    let mut r = result(run(20.0, 100, 1_000, None), None);
    r.empty_iteration_ns = Some(0.3);
    assert_eq!(bench_warnings("sort/1000", &r), vec![]);
}

#[test]
fn a_slope_at_the_empty_routines_level_is_optimized_away() {
    let mut r = result(run(0.31, 100, 1_000_000, None), None);
    r.empty_iteration_ns = Some(0.3);
    let w = optimized_away(&r).expect("flagged");
    assert!(w.finding.contains("optimized away"), "{}", w.finding);
    assert!(w.advice.contains("black_box"));
    // One real operation more than the empty loop is work, and so is anything when the
    // floor was not measured.
    r.empty_iteration_ns = Some(0.1);
    assert_eq!(optimized_away(&r), None);
    r.empty_iteration_ns = None;
    assert_eq!(optimized_away(&r), None);
}

#[test]
fn a_routine_whose_pace_wanders_is_judged_by_its_fast_samples() {
    // The CI case: a third of the samples run at the empty loop's pace and the rest at a
    // slower one, so the slope and the median sit above the line while the fast samples
    // are at the floor.
    let mut wandering = run(0.33, 100, 1_000_000, None);
    for (i, ns) in wandering.ns.iter_mut().enumerate() {
        if i % 3 != 0 {
            *ns *= 2.3;
        }
    }
    let mut r = result(wandering, None);
    r.empty_iteration_ns = Some(0.32);
    assert!(r.slope.point > 1.5 * 0.32 + 0.1, "{}", r.slope.point);
    assert!(optimized_away(&r).is_some());
    // Work whose fastest samples are well above the floor is not flagged.
    let mut work = run(2.0, 100, 1_000_000, None);
    work.ns[0] *= 0.2;
    let mut r = result(work, None);
    r.empty_iteration_ns = Some(0.32);
    assert_eq!(optimized_away(&r), None);
}

#[test]
fn a_result_that_changes_between_calls_is_work_however_fast() {
    let mut r = result(run(0.31, 100, 1_000_000, None), None);
    r.empty_iteration_ns = Some(0.3);
    r.result_varies = Some(false);
    let w = optimized_away(&r).expect("a constant result at the floor is flagged");
    assert!(w.finding.contains("the same in two calls"), "{}", w.finding);
    r.result_varies = Some(true);
    assert_eq!(optimized_away(&r), None);
}

#[test]
fn a_large_fixed_cost_per_sample_is_setup_dominating() {
    let mut linear = run(2.0, 100, 1_000, None);
    // 100 µs per sample against 101 µs of iterations in an average sample.
    for ns in &mut linear.ns {
        *ns += 100_000.0;
    }
    let r = result(linear, None);
    let w = setup_dominates(&r).expect("flagged");
    assert_eq!(w.check, Check::SetupDominates);
    assert!(w.finding.contains("100 µs"), "{}", w.finding);
    // A small fixed cost (0.5% of a sample) is not worth a warning.
    let mut small = run(2.0, 100, 1_000, None);
    for ns in &mut small.ns {
        *ns += 500.0;
    }
    assert_eq!(setup_dominates(&result(small, None)), None);
}

#[test]
fn a_speed_change_during_the_run_is_not_called_setup() {
    // Later (larger) samples run at 1.2 ns per iteration instead of 2: the fit's intercept
    // is large, but the line fits badly, and no setup exists.
    let mut linear = run(2.0, 100, 1_000, None);
    let half = linear.ns.len() / 2;
    for (ns, &k) in linear.ns.iter_mut().zip(&linear.iters).skip(half) {
        *ns = 1.2 * k as f64;
    }
    assert_eq!(setup_dominates(&result(linear, None)), None);
}

#[test]
fn a_wide_interval_or_many_severe_outliers_is_noise() {
    let mut r = result(run(20.0, 100, 1_000, None), None);
    assert_eq!(noisy_bench(&r), None);
    r.slope.low = 15.0;
    r.slope.high = 25.0;
    assert!(noisy_bench(&r).unwrap().finding.contains("±25.0%"));
    let mut r = result(run(20.0, 100, 1_000, None), None);
    r.outliers.high_severe = 15;
    assert!(noisy_bench(&r).unwrap().finding.contains("15 of 100"));
    // Severe outliers that the machine's stalls explain (2,500 a second of 5 µs, which push
    // out the short samples) are not the benchmark's noise; far more of them are.
    r.machine_stalls = Some(stalls(50, 5_000));
    assert_eq!(noisy_bench(&r), None);
    r.outliers.high_severe = 60;
    let w = noisy_bench(&r).unwrap();
    assert!(
        w.finding
            .contains("more than this machine's own stalls explain"),
        "{w:?}"
    );
}

#[test]
fn memory_that_keeps_growing_is_flagged_and_a_plateau_is_not() {
    let iters: Vec<u64> = (1..=100).map(|i| 1_000 * i).collect();
    // A leak of 64 bytes per iteration: the peak follows the cumulative iterations.
    let mut total = 0u64;
    let leaking: Vec<u64> = iters
        .iter()
        .map(|&k| {
            total += k;
            50_000 + total * 64 / 1024
        })
        .collect();
    let growth = memory_growth(&iters, &leaking).expect("flagged");
    assert!(
        (growth.bytes_per_iteration() - 64.0).abs() < 1.0,
        "{growth:?}"
    );
    assert!(growth.warning().finding.contains("64.0 B per iteration"));
    // A working set reached in the first samples, then flat.
    let plateau: Vec<u64> = (0..100).map(|i| 50_000 + 8_000.min(i * 2_000)).collect();
    assert_eq!(memory_growth(&iters, &plateau), None);
    // One late allocation of 4 MiB is one step, not growth with the iterations.
    let late: Vec<u64> = (0..100)
        .map(|i| if i < 90 { 50_000 } else { 54_096 })
        .collect();
    assert_eq!(memory_growth(&iters, &late), None);
    assert_eq!(memory_growth(&iters, &[]), None);
}

#[test]
fn scattered_duos_are_noise_and_many_set_aside_are_reported() {
    let mut r = diff_result(0.5, None, 400);
    assert_eq!(diff_warnings("a", None, &r), vec![]);
    // Duos that stray ±30% in log from each other: a robust spread of 1.4826 · 0.3.
    r.duo_log_diffs = (0..200)
        .map(|i| -0.69 + if i % 2 == 0 { 0.3 } else { -0.3 })
        .collect();
    let w = noisy_diff(&r).expect("flagged");
    assert!(w.finding.contains("±56.0%"), "{}", w.finding);
    r.pairs = 400;
    r.duos_set_aside = 50;
    let w = many_set_aside(&r).expect("flagged");
    assert_eq!(
        w.finding,
        "50 of 200 duos (25.0%) were set aside as outliers; 3 more were set aside because the \
         OS preempted them"
    );
}

#[test]
fn duos_set_aside_beyond_the_machines_stalls_are_reported() {
    // 800 stalls of 60 µs a second explain about 6% of the duos of 20 µs batches: 28 of 203
    // set aside is the machine, 100 is not.
    let explained = stalled(28, Some(stalls(16, 60_000)));
    assert_eq!(many_set_aside(&explained), None);
    let w = many_set_aside(&stalled(100, Some(stalls(16, 60_000)))).expect("flagged");
    assert!(
        w.finding.starts_with(
            "100 of 203 duos (49.3%) were set aside as outliers, more than this machine's own \
             stalls explain (about 6.2%)"
        ),
        "{}",
        w.finding
    );
    // Negative control: without the stall rate the first is flagged too, as it was before.
    assert!(many_set_aside(&stalled(28, None)).is_some());
}

#[test]
fn the_machine_is_judged_only_on_what_it_says() {
    let quiet = MachineFacts {
        governors: vec!["performance".into(), "performance".into()],
    };
    assert_eq!(run_warnings(false, &quiet), vec![]);
    assert_eq!(run_warnings(false, &MachineFacts::default()), vec![]);
    let scaling = MachineFacts {
        governors: vec!["powersave".into(), "performance".into()],
    };
    assert_eq!(
        checks(&run_warnings(true, &scaling)),
        vec![Check::DebugBuild, Check::FrequencyScaling]
    );
}

/// What the OS counted over a trial of 2 s: the thread's wait for a core and the steal.
fn trial_os(wait_share: f64, steal_share: Option<f64>) -> OsUsage {
    OsUsage {
        wall_ns: 2_000_000_000,
        run_queue_wait_ns: Some((wait_share * 2e9) as u64),
        steal_share,
        ..OsUsage::default()
    }
}

#[test]
fn load_is_judged_over_the_trials_own_time() {
    // Right after a build the one-minute load average still holds it (3.2 on 2 cores), while
    // the trial itself ran alone: its thread waited for a core 0.4% of its time. The load
    // average is no evidence about the trial, and no figure the trial had says it competed.
    let alone = trial_os(0.004, Some(0.0));
    assert_eq!(heavy_load(Some(&alone)), None);
    let mut r = result(run(2.0, 100, 1_000, None), None);
    r.os = Some(alone);
    assert!(!checks(&bench_warnings("b", &r)).contains(&Check::HeavyLoad));
    // Beside other busy work it waited 30% of the time: flagged, on the trial.
    let w = heavy_load(Some(&trial_os(0.30, None))).expect("flagged");
    assert_eq!(
        w.finding,
        "the measuring thread was ready to run but waited for a core for 30.0% of the trial's \
         2.00 s: other work competed for the CPU"
    );
    r.os = Some(trial_os(0.30, None));
    assert!(checks(&bench_warnings("b", &r)).contains(&Check::HeavyLoad));
    let mut d = diff_result(0.5, None, 400);
    d.os = Some(trial_os(0.30, None));
    assert_eq!(
        checks(&diff_warnings("d", None, &d)),
        vec![Check::HeavyLoad]
    );
    // A hypervisor's steal counts too; at the threshold itself, neither does.
    let w = heavy_load(Some(&trial_os(0.0, Some(0.2)))).expect("flagged");
    assert!(
        w.finding
            .starts_with("a hypervisor gave 20.0% of the CPUs' time"),
        "{}",
        w.finding
    );
    assert_eq!(heavy_load(Some(&trial_os(0.10, Some(0.10)))), None);
    // Where the system counts nothing, nothing is said.
    assert_eq!(heavy_load(None), None);
    let uncounted = OsUsage {
        wall_ns: 2_000_000_000,
        ..OsUsage::default()
    };
    assert_eq!(heavy_load(Some(&uncounted)), None);
}

#[test]
fn long_names_are_flagged() {
    assert_eq!(long_name("sort/10000"), None);
    let long = "a".repeat(61);
    assert_eq!(long_name(&long).unwrap().check, Check::LongName);
    let r = diff_result(0.5, None, 400);
    assert_eq!(
        checks(&diff_warnings(&long, None, &r)),
        vec![Check::LongName]
    );
}

#[test]
fn a_machine_that_speeds_up_during_the_run_is_not_called_setup_when_the_probe_saw_it() {
    // The machine ran 60% slower at the first sample and sped up steadily: per-iteration
    // times fall with the sample's size, the line still fits (r² ≥ 0.95), and its intercept
    // is large. The pace read after every sample fell alike.
    let mut linear = run(2.0, 100, 1_000, None);
    let slowdown = |i: usize| 1.6 - 0.006 * i as f64;
    for (i, ns) in linear.ns.iter_mut().enumerate() {
        *ns *= slowdown(i);
    }
    let mut steady = result(linear.clone(), None);
    steady.run.pace_ns = vec![2_500.0; 100];
    let w = setup_dominates(&steady).expect("without the pace, this looks like setup");
    assert!(steady.fit.unwrap().r_squared >= 0.95, "{w:?}");
    linear.pace_ns = (0..100).map(|i| 2_500.0 * slowdown(i)).collect();
    assert_eq!(setup_dominates(&result(linear, None)), None);
    // A real fixed cost stays one whatever the machine's pace did.
    let mut setup = run(2.0, 100, 1_000, None);
    for (i, ns) in setup.ns.iter_mut().enumerate() {
        *ns = (*ns + 100_000.0) * (1.0 + 0.02 * ((i % 5) as f64 - 2.0));
    }
    setup.pace_ns = (0..100)
        .map(|i| 2_500.0 * (1.0 + 0.02 * ((i % 5) as f64 - 2.0)))
        .collect();
    assert!(setup_dominates(&result(setup, None)).is_some());
}

#[test]
fn a_claim_decided_in_one_process_near_its_bound_is_said_to_rest_on_its_placement() {
    use crate::decide::Verdict;
    use crate::fixture::records::{counted_result, over_three_rounds};
    use crate::model::Claim;
    let below = |bound| Claim::Below {
        bound,
        inclusive: false,
    };
    let mut r = diff_result(0.5, None, 400);
    r.ratio = 0.5;
    r.verdict = Verdict::Pass;
    // 1% from `ratio < 0.505`: warned, with the claim and the margin.
    let w = near_bound_in_one_process(Some(&below(0.505)), &r).expect("flagged");
    assert_eq!(w.check, Check::NearBoundInOneProcess);
    assert!(w.finding.contains("claim `ratio < 0.505`"), "{}", w.finding);
    assert!(
        w.finding.contains("ratio at 0.500, 1.00% from its bound"),
        "{}",
        w.finding
    );
    assert!(w.advice.contains("across_processes"));
    assert_eq!(
        checks(&diff_warnings("a", Some(&below(0.505)), &r)),
        vec![Check::NearBoundInOneProcess]
    );
    // A band's nearer edge counts; refuted alike.
    let band = Claim::Within {
        low: 0.495,
        high: 0.6,
        high_inclusive: true,
    };
    r.verdict = Verdict::Refuted;
    assert!(near_bound_in_one_process(Some(&band), &r).is_some());
    // Not warned: 4% of margin, no claim, undecided, counted, or decided over processes.
    assert_eq!(near_bound_in_one_process(Some(&below(0.52)), &r), None);
    let two_percent = Claim::Within {
        low: 0.98,
        high: 1.02,
        high_inclusive: true,
    };
    let mut same = diff_result(1.0, None, 400);
    (same.ratio, same.verdict) = (1.0, Verdict::Pass);
    assert_eq!(near_bound_in_one_process(Some(&two_percent), &same), None);
    assert_eq!(near_bound_in_one_process(None, &r), None);
    r.verdict = Verdict::Inconclusive;
    assert_eq!(near_bound_in_one_process(Some(&below(0.505)), &r), None);
    let mut counted = counted_result(0.5);
    counted.verdict = Verdict::Pass;
    assert_eq!(
        near_bound_in_one_process(Some(&below(0.505)), &counted),
        None
    );
    let mut rounds = diff_result(0.5, None, 400);
    over_three_rounds(&mut rounds, false);
    rounds.verdict = Verdict::Pass;
    assert_eq!(
        near_bound_in_one_process(Some(&below(0.505)), &rounds),
        None
    );
}
