//! Change against a baseline: how much the per-iteration time moved since a saved run, how
//! sure we are, and a plain verdict.
//!
//! The verdict asks what the interval can tell, against the noise threshold: a change whose
//! whole interval lies beyond the threshold, with Welch's test significant (Criterion.rs's
//! rule), is improved or regressed; one whose whole interval lies within it is no change;
//! an interval that reaches past the threshold without lying beyond it cannot tell which,
//! and says "not enough data" (−14.6% [−27.6%, +0.92%] against a 2% threshold is not "no
//! change").
//!
//! The two runs are unpaired, and each ran on the machine of its moment. What the machine
//! did is known of each: the share of the samples' time its thread waited for a core (and
//! is still in the figure), and the pace probe's speed. A change the machine's difference
//! could explain is not the code's to claim: the interval is widened by as much as the
//! machine can move the figure, in the direction it would move it, and the verdict is
//! taken again on the widened interval. Where that takes a verdict away, the change is "not
//! judged: the machine differed". A real slowdown after a quieter previous run stays
//! "regressed": a run that waited more explains a slowdown only by its wait's share, a run
//! that waited less explains none (docs/STATISTICS.md, "Changes against a baseline").

use super::bench_result::{bootstrap, iterations_as_f64};
use crate::stats::{slope_change, welch, Estimate, Points, PointsError, Sample};

/// Default noise threshold: changes within ±2% are not called improvements or regressions.
pub const DEFAULT_NOISE_THRESHOLD: f64 = 0.02;

/// How much a routine's time can move for a move of the pace probe, as a power of the
/// probe's ratio: in the host's slow stretches an allocating routine slowed by about three
/// times the probe's share (docs/DESIGN-MEASUREMENTS.md, "The machine's slow stretches"), so a
/// probe's move of m explains a routine's move of up to (1 + m)³ − 1.
const PACE_REACH: i32 = 3;

/// The plain verdict on a change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChangeVerdict {
    /// Faster, beyond the noise threshold.
    Improved,
    /// Slower, beyond the noise threshold.
    Regressed,
    /// The runs differ significantly, but the whole interval lies within the noise
    /// threshold.
    WithinNoise,
    /// No significant difference, and the whole interval lies within the noise threshold.
    NoChange,
    /// The interval reaches past the noise threshold without lying beyond it: the runs
    /// cannot tell a change from none.
    NotEnoughData,
    /// The machine differed between the runs by more than the change can be told apart
    /// from: not judged ([`MachineDifference`] says how).
    MachineDiffered,
}

impl ChangeVerdict {
    /// The verdict as printed (a machine that differed is said with its figures by the
    /// reports: see [`MachineDifference`]).
    #[must_use]
    pub fn words(self) -> &'static str {
        match self {
            ChangeVerdict::Improved => "improved",
            ChangeVerdict::Regressed => "regressed",
            ChangeVerdict::WithinNoise => "no change (within the noise threshold)",
            ChangeVerdict::NoChange => "no change",
            ChangeVerdict::NotEnoughData => {
                "not enough data (the interval reaches past the noise threshold)"
            }
            ChangeVerdict::MachineDiffered => "not judged: the machine differed",
        }
    }

    /// The verdict as one machine-friendly word (the JSON document's).
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            ChangeVerdict::Improved => "improved",
            ChangeVerdict::Regressed => "regressed",
            ChangeVerdict::WithinNoise => "within_noise",
            ChangeVerdict::NoChange => "no_change",
            ChangeVerdict::NotEnoughData => "not_enough_data",
            ChangeVerdict::MachineDiffered => "machine_differed",
        }
    }
}

/// A run compared with its baseline.
#[must_use]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Change {
    /// Relative change of the per-iteration slope, `new/old − 1` (+1.0 is twice as slow),
    /// with its two-sample bootstrap interval.
    pub relative: Estimate,
    /// Two-sided p-value of Welch's t-test on the samples' per-iteration times; NaN when
    /// both runs are constant.
    pub p_value: f64,
    /// The threshold used.
    pub noise_threshold: f64,
    /// The significance level used.
    pub alpha: f64,
    /// The verdict.
    pub verdict: ChangeVerdict,
    /// What the machine was in each run, and the change it alone could explain.
    pub machine: MachineDifference,
}

/// What the machine was during one run, as far as it moves a `#[bench]`'s figure.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RunMachine {
    /// Share of the samples' wall time the thread waited for a core (`None`: not read, or a
    /// baseline file from before it was kept).
    pub wait_share: Option<f64>,
    /// The pace probe's median time per step, in nanoseconds (`None`: not read).
    pub pace_ns_per_step: Option<f64>,
    /// Whether the run's figure rests on samples its thread's wait disturbed (too few ran
    /// undisturbed to set those aside, so each was scaled to its time on the core).
    pub rests_on_disturbed: bool,
}

/// How the machine differed between the baseline's run and this one.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MachineDifference {
    /// The baseline's run.
    pub then: RunMachine,
    /// This run.
    pub now: RunMachine,
    /// The pace probe's move, `new/old − 1` of its time per step (+0.4: 40% slower now);
    /// `None` when either run read no pace.
    pub pace_change: Option<f64>,
    /// The change the machine alone could explain, `new/old − 1`: (the most it could make
    /// this run faster, ≤ 0; the most it could make it slower, ≥ 0). Each cause counts only
    /// from the noise threshold up (the wait's effect, the probe's own move): below it the
    /// machine held still.
    pub explains: (f64, f64),
    /// Whether the two runs' waits count in `explains`.
    pub wait_counted: bool,
    /// Whether the pace probe's move counts in `explains`.
    pub pace_counted: bool,
}

impl MachineDifference {
    /// The difference between `then` and `now`, each cause counted from `noise_threshold`.
    #[must_use]
    pub fn between(then: RunMachine, now: RunMachine, noise_threshold: f64) -> Self {
        let pace_change = then
            .pace_ns_per_step
            .zip(now.pace_ns_per_step)
            .map(|(then, now)| now / then - 1.0)
            .filter(|m| m.is_finite());
        // A figure that holds its whole wait w reads 1 / (1 − w) times the routine's. Set
        // aside or scaled, the wait is gone from the samples but not what waiting that long
        // did between the waits (the caches, the core's other thread): each run's figure is
        // taken as slowed by (1 − w)^−β, with one unknown β between 0 and 1 for both runs (the
        // same machine, the same routine), so the waits explain anything from no change to
        // (1 − w_then) / (1 − w_now) − 1, in its direction.
        let on_core = |w: f64| (1.0 - w.clamp(0.0, 1.0)).max(1e-6);
        let wait = then
            .wait_share
            .zip(now.wait_share)
            .map(|(then, now)| on_core(then) / on_core(now) - 1.0);
        // The probe's own move is judged against the threshold, as the reports' line on it.
        let pace = pace_change
            .filter(|m| m.abs() >= noise_threshold)
            .map(|m| (1.0 + m).max(0.0).powi(PACE_REACH) - 1.0);
        let wait = wait.filter(|e| e.abs() >= noise_threshold);
        let (mut faster, mut slower) = (0.0f64, 0.0f64);
        for e in [wait, pace].into_iter().flatten() {
            faster = faster.min(e);
            slower = slower.max(e);
        }
        Self {
            then,
            now,
            pace_change,
            explains: (faster, slower),
            wait_counted: wait.is_some(),
            pace_counted: pace.is_some(),
        }
    }

    /// Whether either run's figure rests on disturbed samples: a scaled figure is the
    /// routine's time only as far as the scaling holds, so neither direction of a change is
    /// the code's to claim.
    #[must_use]
    pub fn disturbed(&self) -> bool {
        self.then.rests_on_disturbed || self.now.rests_on_disturbed
    }
}

/// One run's samples: iterations and net nanoseconds of each, and its machine.
#[derive(Clone, Copy, Debug)]
pub struct RunSamples<'a> {
    /// Iterations of each sample.
    pub iters: &'a [u64],
    /// Net time of each sample, in nanoseconds.
    pub ns: &'a [f64],
    /// What the machine was during the run.
    pub machine: RunMachine,
}

/// Compares `new` with `old`: the slope change with a (1 − alpha) interval, Welch's p, and
/// the verdict against `noise_threshold` (a fraction, 0.02 for 2%) and the two runs'
/// machines. Cost: two-sample bootstrap of `resamples` resamples, `B · O(n_old + n_new)`.
///
/// # Errors
///
/// If either run's samples are not valid points (fewer than two, or not finite).
pub fn compare_runs(
    old: RunSamples<'_>,
    new: RunSamples<'_>,
    noise_threshold: f64,
    alpha: f64,
    resamples: usize,
) -> Result<Change, PointsError> {
    let machine = MachineDifference::between(old.machine, new.machine, noise_threshold);
    let (old_x, new_x) = (iterations_as_f64(old.iters), iterations_as_f64(new.iters));
    let old = Points::new(&old_x, old.ns)?;
    let new = Points::new(&new_x, new.ns)?;
    let relative = slope_change(old, new, &bootstrap(resamples), 1.0 - alpha);
    let (old_ratios, new_ratios) = (old.ratios(), new.ratios());
    let p_value = match (Sample::new(&new_ratios), Sample::new(&old_ratios)) {
        (Ok(a), Ok(b)) => welch(a, b, 1.0 - alpha).p_two_sided,
        _ => f64::NAN,
    };
    Ok(Change {
        relative,
        p_value,
        noise_threshold,
        alpha,
        verdict: verdict(&relative, p_value, noise_threshold, alpha, &machine),
        machine,
    })
}

/// The change of a count between two runs of which one counted nothing per iteration (one
/// of `figures`, old and new, zero), where there is no ratio to resample: nothing both
/// times is no change, nothing to some an infinite rise (regressed), some to nothing −100%
/// (improved). Counts are exact, so the change has no interval beyond its point and no
/// p-value.
pub fn change_with_none(
    machines: (RunMachine, RunMachine),
    (old_figure, new_figure): (f64, f64),
    noise_threshold: f64,
    alpha: f64,
) -> Change {
    let machine = MachineDifference::between(machines.0, machines.1, noise_threshold);
    let relative = match (old_figure == 0.0, new_figure == 0.0) {
        (true, true) => 0.0,
        (true, false) => f64::INFINITY,
        _ => new_figure / old_figure - 1.0,
    };
    let verdict = if relative > noise_threshold {
        ChangeVerdict::Regressed
    } else if relative < -noise_threshold {
        ChangeVerdict::Improved
    } else {
        ChangeVerdict::NoChange
    };
    Change {
        relative: Estimate {
            point: relative,
            low: relative,
            high: relative,
        },
        p_value: f64::NAN,
        noise_threshold,
        alpha,
        verdict,
        machine,
    }
}

/// What the interval tells against the threshold, the machine aside; a NaN p-value
/// (nothing varies) is not significant.
fn told(low: f64, high: f64, p_value: f64, noise: f64, alpha: f64) -> ChangeVerdict {
    let significant = p_value < alpha;
    let within = low >= -noise && high <= noise;
    if significant && low > noise {
        ChangeVerdict::Regressed
    } else if significant && high < -noise {
        ChangeVerdict::Improved
    } else if within && significant {
        ChangeVerdict::WithinNoise
    } else if within {
        ChangeVerdict::NoChange
    } else {
        ChangeVerdict::NotEnoughData
    }
}

/// The verdict on `relative`, with the machine able to explain a change within
/// `machine.explains` = (faster, slower): the interval's ends are divided by what the
/// machine could have done to them, and a verdict the widened interval no longer supports
/// is the machine's. An interval that could not tell by itself stays "not enough data",
/// unless the machine could explain its point's direction. A figure resting on disturbed
/// samples is never called improved or regressed: how far its scaling misses is not known
/// (docs/STATISTICS.md, "Changes against a baseline").
fn verdict(
    relative: &Estimate,
    p_value: f64,
    noise: f64,
    alpha: f64,
    machine: &MachineDifference,
) -> ChangeVerdict {
    let alone = told(relative.low, relative.high, p_value, noise, alpha);
    if machine.disturbed() && matches!(alone, ChangeVerdict::Improved | ChangeVerdict::Regressed) {
        return ChangeVerdict::MachineDiffered;
    }
    let (faster, slower) = machine.explains;
    if (faster, slower) == (0.0, 0.0) {
        return alone;
    }
    let low = (1.0 + relative.low) / (1.0 + slower) - 1.0;
    let high = (1.0 + relative.high) / (1.0 + faster) - 1.0;
    let widened = told(low, high, p_value, noise, alpha);
    let explained_direction =
        (relative.point < 0.0 && faster < 0.0) || (relative.point > 0.0 && slower > 0.0);
    match widened {
        ChangeVerdict::NotEnoughData
            if alone != ChangeVerdict::NotEnoughData || explained_direction =>
        {
            ChangeVerdict::MachineDiffered
        }
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::DEFAULT_RESAMPLES;

    /// Samples of d, 2d, … iterations at `per_iter` ns with a small deterministic wobble.
    fn samples(per_iter: f64, phase: f64) -> (Vec<u64>, Vec<f64>) {
        let iters: Vec<u64> = (1..=50).map(|i| 100 * i).collect();
        let ns = iters
            .iter()
            .map(|&k| per_iter * k as f64 * (1.0 + 0.01 * (k as f64 + phase).sin()))
            .collect();
        (iters, ns)
    }

    /// Waited for a core `share` of its figure's time, at the usual pace.
    fn waited(share: f64) -> RunMachine {
        RunMachine {
            wait_share: Some(share),
            pace_ns_per_step: Some(2.5),
            rests_on_disturbed: false,
        }
    }

    /// A machine able to explain `explains` and nothing else.
    fn explaining(explains: (f64, f64)) -> MachineDifference {
        MachineDifference {
            explains,
            ..MachineDifference::default()
        }
    }

    fn compare_on(old: f64, then: RunMachine, new: f64, now: RunMachine) -> Change {
        let (oi, on) = samples(old, 0.0);
        let (ni, nn) = samples(new, 1.3);
        let old = RunSamples {
            iters: &oi,
            ns: &on,
            machine: then,
        };
        let new = RunSamples {
            iters: &ni,
            ns: &nn,
            machine: now,
        };
        compare_runs(old, new, DEFAULT_NOISE_THRESHOLD, 0.05, DEFAULT_RESAMPLES).unwrap()
    }

    fn compare(old: f64, new: f64) -> Change {
        compare_on(old, RunMachine::default(), new, RunMachine::default())
    }

    #[test]
    fn twice_the_time_is_a_regression_of_about_100_percent() {
        let c = compare(10.0, 20.0);
        assert_eq!(c.verdict, ChangeVerdict::Regressed);
        assert!((c.relative.point - 1.0).abs() < 0.01, "{c:?}");
        assert!(c.relative.low < c.relative.point && c.relative.point < c.relative.high);
        assert!(c.p_value < 1e-10);
        assert_eq!(compare(20.0, 10.0).verdict, ChangeVerdict::Improved);
    }

    #[test]
    fn small_or_no_differences_are_no_change() {
        // The same speed, and 0.5% slower, under 1% noise: possibly significant, never
        // beyond the 2% threshold.
        for new in [10.0, 10.05] {
            let c = compare(10.0, new);
            assert!(
                matches!(
                    c.verdict,
                    ChangeVerdict::NoChange | ChangeVerdict::WithinNoise
                ),
                "{c:?}"
            );
        }
    }

    fn e(low: f64, high: f64) -> Estimate {
        Estimate {
            point: 0.5 * (low + high),
            low,
            high,
        }
    }

    const STILL: (f64, f64) = (0.0, 0.0);

    #[test]
    fn verdict_rule() {
        let v = |est: Estimate, p| verdict(&est, p, 0.02, 0.05, &explaining(STILL));
        assert_eq!(v(e(0.03, 0.05), 0.01), ChangeVerdict::Regressed);
        assert_eq!(v(e(-0.05, -0.03), 0.01), ChangeVerdict::Improved);
        assert_eq!(v(e(0.005, 0.015), 0.01), ChangeVerdict::WithinNoise);
        assert_eq!(v(e(-0.01, 0.015), 0.3), ChangeVerdict::NoChange);
        // Beyond the threshold but not significant: the two tests disagree, nothing told.
        assert_eq!(v(e(0.03, 0.05), 0.2), ChangeVerdict::NotEnoughData);
        assert_eq!(v(e(0.03, 0.05), f64::NAN), ChangeVerdict::NotEnoughData);
        // An interval that reaches past the threshold without lying beyond it, significant
        // or not (Criterion called the first "within noise", the second "no change").
        assert_eq!(v(e(0.01, 0.05), 0.01), ChangeVerdict::NotEnoughData);
        assert_eq!(v(e(-0.276, 0.0092), 0.2), ChangeVerdict::NotEnoughData);
    }

    #[test]
    fn unchanged_code_after_a_run_that_waited_for_a_core_is_not_judged() {
        // The previous run waited 66% of its figure's time, and its figure holds it: it read
        // three times the routine's time. This run is quiet.
        let c = compare_on(30.0, waited(0.66), 10.0, waited(0.0));
        assert!(c.relative.high < -0.6, "{c:?}");
        assert_eq!(c.verdict, ChangeVerdict::MachineDiffered);
        assert!((c.machine.explains.0 - (0.34 - 1.0)).abs() < 1e-9, "{c:?}");
        assert_eq!(c.machine.explains.1, 0.0);
        // The control: the same figures with no wait known read "improved".
        let blind = compare_on(30.0, RunMachine::default(), 10.0, RunMachine::default());
        assert_eq!(blind.verdict, ChangeVerdict::Improved);
        // And the other way: a loaded run after a quiet one.
        let c = compare_on(10.0, waited(0.0), 30.0, waited(0.66));
        assert_eq!(c.verdict, ChangeVerdict::MachineDiffered);
    }

    #[test]
    fn a_change_beside_a_figure_resting_on_disturbed_samples_is_not_judged() {
        // A loaded run scaled to its time on the core read 36% below the quiet one before
        // it, the wait alone explaining only a slower reading; and the quiet run after it.
        let scaled = RunMachine {
            rests_on_disturbed: true,
            ..waited(0.66)
        };
        let c = compare_on(3.67, waited(0.001), 2.34, scaled);
        assert!(c.relative.high < -0.3, "{c:?}");
        assert!(c.machine.disturbed());
        assert_eq!(c.verdict, ChangeVerdict::MachineDiffered, "{c:?}");
        let c = compare_on(2.34, scaled, 2.78, waited(0.003));
        assert_eq!(c.verdict, ChangeVerdict::MachineDiffered, "{c:?}");
        // The control: the same waits with the figures resting on undisturbed samples.
        let kept = waited(0.66);
        let c = compare_on(3.67, waited(0.001), 2.34, kept);
        assert_eq!(c.verdict, ChangeVerdict::Improved, "{c:?}");
        let c = compare_on(2.34, kept, 2.78, waited(0.003));
        assert_eq!(c.verdict, ChangeVerdict::Regressed, "{c:?}");
        // What is within the threshold stays told: the figure cannot have hidden a change
        // the interval excludes.
        let c = compare_on(10.0, scaled, 10.0, scaled);
        assert!(matches!(
            c.verdict,
            ChangeVerdict::NoChange | ChangeVerdict::WithinNoise
        ));
    }

    #[test]
    fn a_real_slowdown_after_a_quieter_run_is_still_regressed() {
        // 20% slower, this run quiet, the previous one loaded or quiet: a wait that made the
        // previous run read slower cannot explain this one reading slower still.
        for then in [waited(0.0), waited(0.66), waited(0.3)] {
            let c = compare_on(10.0, then, 12.0, waited(0.0));
            assert_eq!(c.verdict, ChangeVerdict::Regressed, "{c:?}");
        }
        // Beside a short wait in this run (5%: it explains up to 5.3%), still regressed.
        let c = compare_on(10.0, waited(0.0), 12.0, waited(0.05));
        assert_eq!(c.verdict, ChangeVerdict::Regressed, "{c:?}");
        // An improvement the wait of this run works against is the code's too.
        let c = compare_on(10.0, waited(0.0), 8.0, waited(0.3));
        assert_eq!(c.verdict, ChangeVerdict::Improved, "{c:?}");
        // But a wait in this run that could make it read 20% slower leaves 20% unjudged.
        let c = compare_on(10.0, waited(0.0), 12.0, waited(0.2));
        assert_eq!(c.verdict, ChangeVerdict::MachineDiffered, "{c:?}");
    }

    #[test]
    fn runs_that_waited_alike_are_judged_and_a_quiet_one_beside_a_loaded_one_is_not() {
        // Twice the work, both runs waiting about half their time (a busy machine through
        // both): the waits explain 8% at most, and the change is the code's.
        let c = compare_on(10.0, waited(0.54), 20.0, waited(0.5));
        assert_eq!(c.verdict, ChangeVerdict::Regressed, "{c:?}");
        // The same 20% slowdown after a loaded run is regressed (the wait could only have
        // made the previous run slower) and before one not judged (this run's samples may
        // have run slower beside the load, set aside or not).
        let c = compare_on(10.0, waited(0.58), 12.0, waited(0.0));
        assert_eq!(c.verdict, ChangeVerdict::Regressed, "{c:?}");
        let c = compare_on(10.0, waited(0.0), 12.0, waited(0.58));
        assert_eq!(c.verdict, ChangeVerdict::MachineDiffered, "{c:?}");
    }

    #[test]
    fn no_change_beside_a_machine_that_could_hide_one_is_not_judged() {
        // The same speed, this run waited 50% and its figure holds it: the code could have
        // become twice as fast behind the wait.
        let c = compare_on(10.0, waited(0.0), 10.0, waited(0.5));
        assert_eq!(c.verdict, ChangeVerdict::MachineDiffered, "{c:?}");
        // Waits under the threshold's worth are the machine holding still.
        let c = compare_on(10.0, waited(0.0), 10.0, waited(0.01));
        assert_eq!(c.machine.explains, STILL);
        assert!(matches!(
            c.verdict,
            ChangeVerdict::NoChange | ChangeVerdict::WithinNoise
        ));
    }

    #[test]
    fn a_pace_that_moved_explains_a_change_in_its_direction() {
        let at = |pace| RunMachine {
            pace_ns_per_step: Some(pace),
            ..RunMachine::default()
        };
        // The probe 10% faster now explains a change of up to 0.9³ − 1 = −27%.
        let c = compare_on(10.0, at(2.5), 8.0, at(2.25));
        assert!((c.machine.pace_change.unwrap() + 0.1).abs() < 1e-9);
        assert!((c.machine.explains.0 - (0.9f64.powi(3) - 1.0)).abs() < 1e-9);
        assert_eq!(c.verdict, ChangeVerdict::MachineDiffered, "{c:?}");
        // A slowdown while the probe ran faster is the code's.
        let c = compare_on(10.0, at(2.5), 12.0, at(2.25));
        assert_eq!(c.verdict, ChangeVerdict::Regressed, "{c:?}");
        // A probe within the threshold is the machine holding still.
        let c = compare_on(10.0, at(2.5), 12.0, at(2.52));
        assert_eq!(c.verdict, ChangeVerdict::Regressed, "{c:?}");
        assert_eq!(c.machine.explains, STILL);
    }

    #[test]
    fn a_wide_interval_the_machine_could_explain_says_the_machine() {
        let v = |est: Estimate, explains| verdict(&est, 0.2, 0.02, 0.05, &explaining(explains));
        // −14.6% [−27.6%, +0.92%]: the machine could make this run 40% faster.
        let wide = Estimate {
            point: -0.146,
            low: -0.276,
            high: 0.0092,
        };
        assert_eq!(v(wide, (-0.4, 0.0)), ChangeVerdict::MachineDiffered);
        // The machine could only have made it slower: the data alone cannot tell.
        assert_eq!(v(wide, (0.0, 0.3)), ChangeVerdict::NotEnoughData);
    }

    #[test]
    fn invalid_samples_are_an_error() {
        let old = RunSamples {
            iters: &[1],
            ns: &[1.0],
            machine: RunMachine::default(),
        };
        let new = RunSamples {
            iters: &[1, 2],
            ns: &[1.0, 2.0],
            machine: RunMachine::default(),
        };
        assert!(compare_runs(old, new, 0.02, 0.05, DEFAULT_RESAMPLES).is_err());
    }
}
