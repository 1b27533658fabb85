//! Whether the duos a comparison set aside are what the machine's own stalls explain: one
//! rule, which both the comparison's block (`report::diff_notes`) and the doctor
//! (`doctor::many_set_aside`) follow.
//!
//! A stall (`measure::stalls`) that lands in a timed batch lengthens it; once it lengthens it
//! by more than the fence's reach, the duo is set aside. Stalls arrive at random, so the
//! share of duos hit is a Poisson probability: 1 − exp(−Σ rate(longer than the batch's
//! reach) × batch time) over the duo's four batches. On a virtual machine that stalls a
//! running thread hundreds of times a second, a comparison of batches of tens of
//! microseconds expects a noticeable share of its duos set aside with nothing else running
//! (docs/DESIGN-MEASUREMENTS.md, section "Interrupts, preemption and the machine's stalls");
//! only a
//! share clearly above that is a sign of other load or of routines with slow paths of their
//! own.

use crate::analysis::DiffResult;
use crate::decide::Basis;
use crate::measure::MachineStalls;

/// A share of duos set aside up to this needs no explaining: the verdict rests on nearly
/// every duo. It is also the whole rule where no
/// stall rate applies (counts of allocations or instructions, which stalls do not change).
pub const BASE_SHARE: f64 = 0.05;
/// Fewer duos than this say nothing about a share.
pub const FEWEST_DUOS: usize = 10;
/// The stall rate may be this many times what the spin saw before a share counts as
/// unexplained. A 20 ms spin of a machine that stalls a few hundred times a second sees
/// 10–20 stalls; had it stalled twice as often, seeing 16 or fewer would be a 1-in-700
/// accident (Poisson). The factor also covers what
/// the model leaves out: stalls shorter than the reach that add to a pair's own noise.
const STALL_SLACK: f64 = 2.0;
/// Standard deviations of chance in the count of duos hit (binomial) allowed above the
/// expected count: a count this far above its expectation comes about once in 700 runs.
const CHANCE_SDS: f64 = 3.0;

/// How the machine's stalls bear on one comparison.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StallExplanation {
    /// The share of duos stalls should hit, from the Poisson model.
    pub expected_share: f64,
    /// Stalls long enough to set aside a duo of this comparison (longer than the reach in
    /// its shorter batch), per second of running.
    pub per_second: f64,
    /// The median length of those stalls, in nanoseconds (`None` if the spin saw none).
    pub typical_ns: Option<f64>,
}

/// What the share of duos set aside says.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SetAside {
    /// At most [`BASE_SHARE`], or fewer than [`FEWEST_DUOS`] duos: nothing to say.
    Few,
    /// The machine's stalls explain the share.
    Explained(StallExplanation),
    /// More than stalls explain (`None`: no stall rate applies or was measured).
    Unexplained(Option<StallExplanation>),
}

/// Duos the fence set aside, and duos measured (preempted ones, set aside before the fence,
/// count among the measured, not among the set-aside). Outlying duos that a routine owns,
/// or whose owner is unsettled, were not set aside: they count in the ratio
/// (`Basis::Unfenced`, `Basis::Unsettled`), so none are set aside then, and nothing calls
/// them so — not the block's lines, not the doctor.
#[must_use]
pub fn set_aside_count(r: &DiffResult) -> (usize, usize) {
    let set_aside = if matches!(r.basis, Some(Basis::Unfenced | Basis::Unsettled(_))) {
        0
    } else {
        r.duos_set_aside
    };
    (set_aside, r.pairs / 2)
}

/// Whether the share set aside is large enough that the machine's stall rate is wanted.
#[must_use]
pub fn needs_explaining(r: &DiffResult) -> bool {
    let (set_aside, duos) = set_aside_count(r);
    duos >= FEWEST_DUOS && set_aside as f64 > BASE_SHARE * duos as f64
}

/// The share of this comparison's duos that `stalls` should hit; `None` where they cannot
/// move the values compared (measures other than time) or the batches are unknown.
#[must_use]
pub fn stall_explanation(r: &DiffResult, stalls: &MachineStalls) -> Option<StallExplanation> {
    if !r.measure.is_time() {
        return None;
    }
    let batches = [
        r.first?.median * r.batch_iters as f64,
        r.second?.median * r.second_batch_iters as f64,
    ];
    if batches.iter().any(|b| !(b.is_finite() && *b > 0.0)) {
        return None;
    }
    // A stall of s in a batch of b moves the pair's log ratio by ln(1 + s / b).
    let reach = r.fence_half_width.exp_m1();
    let shorter = batches[0].min(batches[1]) * reach;
    Some(StallExplanation {
        expected_share: batch_hit_share(stalls, &batches, reach),
        per_second: stalls.per_second_above(shorter),
        typical_ns: stalls.typical_above(shorter),
    })
}

/// The chance that `stalls`' machine pushes one batch of `batch_ns` more than `reach` (a
/// fraction) past its pace: counted over batch-long windows of the spin's chunks where it
/// timed some (gaps and slower stretches alike, `MachineStalls::windows_slowed`), else a
/// Poisson probability over the stalls longer than the reach. One model for a duo's batches
/// and a `#[bench]`'s samples.
pub(crate) fn batch_slowed(stalls: &MachineStalls, batch_ns: f64, reach: f64) -> f64 {
    stalls.windows_slowed(batch_ns, reach).unwrap_or_else(|| {
        let per_ns = stalls.per_second_above(batch_ns * reach) / 1e9;
        -(-(per_ns * batch_ns)).exp_m1()
    })
}

/// The chance that at least one of a duo's four batches (two of each length in `batches`,
/// in nanoseconds) is pushed more than `reach` past its pace ([`batch_slowed`]).
fn batch_hit_share(stalls: &MachineStalls, batches: &[f64], reach: f64) -> f64 {
    let missed: f64 = batches
        .iter()
        .map(|&b| (1.0 - batch_slowed(stalls, b, reach)).powi(2))
        .product();
    1.0 - missed
}

/// The one rule: a share above [`BASE_SHARE`] is explained when its count of duos lies
/// within chance ([`CHANCE_SDS`]) of what stalls at [`STALL_SLACK`] times the measured rate
/// would hit.
#[must_use]
pub fn judge_set_aside(r: &DiffResult) -> SetAside {
    judge_set_aside_with(r, r.machine_stalls.as_ref())
}

/// [`judge_set_aside`] with `stalls` in place of the ones the result carries.
fn judge_set_aside_with(r: &DiffResult, stalls: Option<&MachineStalls>) -> SetAside {
    if !needs_explaining(r) {
        return SetAside::Few;
    }
    let (set_aside, duos) = set_aside_count(r);
    judge_count(
        set_aside,
        duos,
        stalls.and_then(|s| stall_explanation(r, s)),
    )
}

/// Whether `count` of `n` lies within chance of what stalls at [`STALL_SLACK`] times the
/// measured rate would hit (`None`: no stall rate applies, so nothing is explained). One
/// rule for the duos a comparison set aside and the severe outliers of a `#[bench]`.
pub(crate) fn judge_count(count: usize, n: usize, e: Option<StallExplanation>) -> SetAside {
    let Some(e) = e else {
        return SetAside::Unexplained(None);
    };
    let n = n as f64;
    let q = (STALL_SLACK * e.expected_share).min(1.0);
    let allowed = n * q + CHANCE_SDS * (n * q * (1.0 - q)).sqrt();
    if count as f64 <= allowed {
        SetAside::Explained(e)
    } else {
        SetAside::Unexplained(Some(e))
    }
}

/// Spins at most this many times before a share counts as more than the machine explains.
/// The machine's stall rate changes within a second (docs/DESIGN-MEASUREMENTS.md, section
/// "Interrupts, preemption and the machine's stalls"), so one 20 ms spin after a comparison
/// can fall in a calmer phase than the comparison did; the busiest of a few spins bounds the
/// phases around it. Only a share that needs explaining pays for them: 80 ms at most.
pub const MAX_SPINS: usize = 4;

/// Measures the machine's stalls with `spin` until they explain the share that `judge`
/// judges, at most [`MAX_SPINS`] times, and returns the spin that explained it, or else the
/// one that explained most (the highest expected share).
pub fn spin_until_explained(
    judge: impl Fn(&MachineStalls) -> SetAside,
    mut spin: impl FnMut() -> MachineStalls,
) -> MachineStalls {
    let mut busiest: Option<(f64, MachineStalls)> = None;
    for _ in 0..MAX_SPINS {
        let stalls = spin();
        let expected = match judge(&stalls) {
            SetAside::Few | SetAside::Explained(_) => return stalls,
            SetAside::Unexplained(e) => e.map_or(0.0, |e| e.expected_share),
        };
        if busiest.as_ref().is_none_or(|(most, _)| expected > *most) {
            busiest = Some((expected, stalls));
        }
    }
    busiest.map_or_else(MachineStalls::default, |(_, stalls)| stalls)
}

/// This comparison's stalls, measured with `spin` as [`spin_until_explained`] says.
pub fn stalls_for_comparison(r: &DiffResult, spin: impl FnMut() -> MachineStalls) -> MachineStalls {
    spin_until_explained(|s| judge_set_aside_with(r, Some(s)), spin)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::stalls::{stalled as comparison, stalls};
    use crate::measure::by_name;

    #[test]
    fn the_expected_share_is_poisson_over_the_four_batches() {
        // 16 stalls of 60 µs in 20 ms: 800 a second. Four batches of about 20 µs a duo.
        let r = comparison(28, None);
        let e = stall_explanation(&r, &stalls(16, 60_000)).unwrap();
        let duo_ns = 2.0 * 20.0 * (r.first.unwrap().median + r.second.unwrap().median);
        let hits = 800.0 * duo_ns / 1e9;
        assert!(
            (e.expected_share - (1.0 - (-hits).exp())).abs() < 1e-12,
            "{e:?}"
        );
        assert!((0.055..0.07).contains(&e.expected_share), "{e:?}");
        assert_eq!((e.per_second, e.typical_ns), (800.0, Some(60_000.0)));
        // Stalls too short to push a pair past the fence (0.5 µs: 2.5% of a batch, the
        // fence reaches 4.1%) explain nothing.
        let short = stalls(16, 500);
        assert_eq!(stall_explanation(&r, &short).unwrap().expected_share, 0.0);
    }

    #[test]
    fn a_share_the_machines_stalls_explain_is_not_a_warning() {
        // 28 of 203 duos (13.8%) on a machine stalling 800 times a second (about 6% expected):
        // what the examples show on a quiet virtual machine.
        let r = comparison(28, Some(stalls(16, 60_000)));
        let SetAside::Explained(e) = judge_set_aside(&r) else {
            panic!("{:?}", judge_set_aside(&r));
        };
        assert!(e.expected_share > 0.05, "{e:?}");
        // Negative controls: the old fixed rule (more than 10% set aside) warned on exactly
        // this comparison, and so does this rule on a machine that does not stall.
        let (set_aside, duos) = set_aside_count(&r);
        assert!(set_aside as f64 / duos as f64 > 0.10);
        let quiet = comparison(28, Some(stalls(0, 0)));
        assert!(matches!(
            judge_set_aside(&quiet),
            SetAside::Unexplained(Some(_))
        ));
        assert_eq!(
            judge_set_aside(&comparison(28, None)),
            SetAside::Unexplained(None)
        );
    }

    #[test]
    fn a_share_far_above_the_stalls_is_a_warning() {
        // Half the duos, where stalls explain 6%: another program ran.
        let r = comparison(100, Some(stalls(16, 60_000)));
        assert!(matches!(
            judge_set_aside(&r),
            SetAside::Unexplained(Some(_))
        ));
        // The boundary: 2 × 6.2% of 203 duos is 25, plus three binomial sds (14).
        assert!(matches!(
            judge_set_aside(&comparison(39, Some(stalls(16, 60_000)))),
            SetAside::Explained(_)
        ));
        assert!(matches!(
            judge_set_aside(&comparison(41, Some(stalls(16, 60_000)))),
            SetAside::Unexplained(_)
        ));
    }

    #[test]
    fn a_calm_first_spin_is_followed_by_more_until_one_explains() {
        // 60 of 203 duos set aside: 800 stalls a second (6% expected) do not explain them,
        // 2,400 a second (17%) do. The machine changes phase between spins.
        let r = comparison(60, None);
        let phases = [stalls(16, 60_000), stalls(16, 60_000), stalls(48, 60_000)];
        let mut spins = phases.iter().cloned();
        let mut spun = 0;
        let chosen = stalls_for_comparison(&r, || {
            spun += 1;
            spins.next().expect("no more than three spins")
        });
        assert_eq!((spun, chosen.stalls_ns.len()), (3, 48));
        // Negative control: a machine that stays calm gets MAX_SPINS spins, and the share
        // stays unexplained against the busiest of them.
        let mut spun = 0;
        let calm = stalls_for_comparison(&r, || {
            spun += 1;
            stalls(8 + spun, 60_000)
        });
        assert_eq!((spun, calm.stalls_ns.len()), (MAX_SPINS, 8 + MAX_SPINS));
        let mut r = r;
        r.machine_stalls = Some(calm);
        assert!(matches!(
            judge_set_aside(&r),
            SetAside::Unexplained(Some(_))
        ));
    }

    #[test]
    fn slower_stretches_without_gaps_explain_set_aside_duos_too() {
        // 60 of 203 duos (30%) of 20 µs batches set aside by a ±4% fence. The spin saw no
        // gap, but every tenth stretch of 200 µs ran 10% slower: about a tenth of 20 µs
        // windows, a third of the duos' four batches, ran past the fence.
        let chunks: Vec<u32> = (0..40_000)
            .map(|i| if (i / 400) % 10 == 0 { 550 } else { 500 })
            .collect();
        let slowed = MachineStalls {
            chunks_ns: chunks,
            ..stalls(0, 0)
        };
        let r = comparison(60, Some(slowed.clone()));
        let SetAside::Explained(e) = judge_set_aside(&r) else {
            panic!("{:?}", judge_set_aside(&r));
        };
        assert!((0.3..0.4).contains(&e.expected_share), "{e:?}");
        // Negative controls: the same machine seen by the clock alone (no chunks), and a
        // share far above the slowdowns.
        let clock_only = comparison(60, Some(stalls(0, 0)));
        assert!(matches!(
            judge_set_aside(&clock_only),
            SetAside::Unexplained(Some(_))
        ));
        let far_above = comparison(170, Some(slowed));
        assert!(matches!(
            judge_set_aside(&far_above),
            SetAside::Unexplained(Some(_))
        ));
    }

    #[test]
    fn few_duos_set_aside_need_no_explaining() {
        let r = comparison(10, None);
        assert!(!needs_explaining(&r));
        assert_eq!(judge_set_aside(&r), SetAside::Few);
        assert!(needs_explaining(&comparison(11, None)));
    }

    #[test]
    fn stalls_do_not_explain_counts_of_allocations() {
        let mut r = comparison(28, Some(stalls(16, 60_000)));
        r.measure = by_name::allocations;
        assert_eq!(judge_set_aside(&r), SetAside::Unexplained(None));
        r.measure = by_name::cpu_time;
        assert!(matches!(judge_set_aside(&r), SetAside::Explained(_)));
    }
}
