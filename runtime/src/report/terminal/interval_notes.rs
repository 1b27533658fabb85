//! What a comparison's interval does and does not say, in the lines beside it: why a
//! verdict it seems to contradict is what it is (an interval on one side of the claim with
//! no verdict, a verdict reached on fewer duos than the figures), and what the interval
//! rests on and why (units, or the dependence measured near the line between the two).

use crate::analysis::{DecidedEarly, DiffResult};
use crate::decide::PathLengths;
use crate::decide::{
    judge, log_margin, ClaimText, PairSpread, Verdict, DECISION_PRECISION, MIN_PAIRS,
};
use crate::model::Claim;
use crate::report::RoutineNames;
use crate::util::{format_ns, format_secs, RatioDigits};
use std::time::Duration;

/// Why the verdict is not the one the interval beside it shows, or why none was reached
/// though the interval lies on one side of the claim; `None` when they agree, or without a
/// claim. `names` name the routine whose slow calls held a verdict back (`None`: "the
/// first routine").
#[must_use]
pub(crate) fn verdict_note(
    claim: &Claim,
    r: &DiffResult,
    names: Option<RoutineNames<'_>>,
) -> Option<String> {
    if r.counted.is_some() {
        return None;
    }
    let shown = r.interval.and_then(|(low, high)| judge(claim, low, high));
    if let Some(p) = &r.process_pairs {
        return rounds_note(claim, r.verdict, shown, p);
    }
    match r.verdict {
        Verdict::Inconclusive => {
            if let Some(costs) = r.rare_costs {
                let more = costs.more_duos.map_or_else(
                    || "more duos would show how much they cost".to_owned(),
                    |m| format!("about {m} more duos would decide"),
                );
                return Some(format!(
                    "slow calls of {} seen {} times, too few to weigh what they add to its \
                     mean; {more}",
                    owner(names, costs.first),
                    costs.seen
                ));
            }
            let (low, high) = r.interval?;
            let side = shown?;
            let half_width = 0.5 * (high.ln() - low.ln());
            let margin = log_margin(claim, r.ratio.ln());
            let lies = match side {
                Verdict::Pass => "inside",
                _ => "outside",
            };
            if half_width > DECISION_PRECISION * margin {
                Some(format!(
                    "the interval lies {lies} `{}`, but a verdict also waits for it to be at \
                     most half as wide as the estimate's distance from the claim's boundary \
                     (the decision precision: ±{} against ±{}), which keeps a lucky stretch \
                     from deciding",
                    ClaimText(claim),
                    half_width_percent_text(half_width),
                    half_width_percent_text(DECISION_PRECISION * margin)
                ))
            } else {
                Some(format!(
                    "the interval lies {lies} `{}`, but a verdict waits for the duos and \
                     independent blocks it needs at least",
                    ClaimText(claim)
                ))
            }
        }
        Verdict::Pass | Verdict::Refuted => {
            let early = r.decided_early?;
            (shown != Some(r.verdict)).then(|| early_note(r, early, names))
        }
        Verdict::Reported => None,
    }
}

/// Why a claim judged over rounds without a gate is undecided while the interval over
/// rounds lies on one side of it: the rounds and duos a verdict waits for at least. A gate
/// is judged by its own test, not on that interval, and its block says so.
fn rounds_note(
    claim: &Claim,
    verdict: Verdict,
    shown: Option<Verdict>,
    p: &PairSpread,
) -> Option<String> {
    if verdict != Verdict::Inconclusive || p.gate.is_some() {
        return None;
    }
    let lies = match shown? {
        Verdict::Pass => "inside",
        _ => "outside",
    };
    Some(format!(
        "the interval lies {lies} `{}`, but a verdict over rounds waits for {MIN_PAIRS} rounds \
         and {} duos at least: {} rounds and {} duos ran",
        ClaimText(claim),
        p.duo_floor,
        p.pairs,
        p.duos
    ))
}

/// Why a verdict reached before the figures' last duo stands beside an interval that does
/// not show it: the interval it rested on, and, when the one shown is unbounded, what left
/// it so.
fn early_note(r: &DiffResult, early: DecidedEarly, names: Option<RoutineNames<'_>>) -> String {
    let at_verdict = early.interval.map_or_else(String::new, |(low, high)| {
        format!(
            " on {}",
            RatioDigits::of(r.ratio, early.interval).interval(low, high)
        )
    });
    let unbounded = match (r.interval, r.rare_costs) {
        (Some(_), _) => String::new(),
        (None, Some(costs)) => format!(
            ", where slow calls of {} seen {} times leave it unbounded: too few to weigh \
             what they add to its mean",
            owner(names, costs.first),
            costs.seen
        ),
        (None, None) => ", where it is unbounded".to_owned(),
    };
    format!(
        "the verdict was reached after {} pairs{at_verdict}; the ratio and interval shown are \
         over all {} pairs, measured on after it{unbounded}",
        early.pairs, r.pairs
    )
}

/// The routine whose slow calls a note names: by its name when `names` are known.
fn owner(names: Option<RoutineNames<'_>>, first: bool) -> String {
    match (names, first) {
        (Some(n), true) => format!("`{}`", n.first),
        (Some(n), false) => format!("`{}`", n.second),
        (None, true) => "the first routine".to_owned(),
        (None, false) => "the second routine".to_owned(),
    }
}

/// What the interval rests on, and why the comparison took that path: on units, that they
/// count as independent by design, which covers a relative speed that forgets itself within
/// a unit and not a slower one, and why units where a rerun may judge otherwise (duos near
/// the line, too long for their pilot to measure the dependence within the warmup, or a
/// pilot cut short); with the dependence measured, only where the duo sits near that line.
/// `None` without an interval, or with nothing to say.
#[must_use]
pub(crate) fn path_note(r: &DiffResult) -> Option<String> {
    r.interval?;
    if !r.units {
        let lengths = r.path_lengths.filter(|l| l.near_line() && l.in_reach())?;
        return Some(format!(
            "with the dependence measured, as its duos (about {}) are at most the {}; a rerun \
             whose duos come out longer judges on units",
            format_ns(lengths.duo_ns),
            line_text(lengths)
        ));
    }
    let duos = (r.pairs / 2).max(1);
    let unit = r
        .measure_time
        .mul_f64(r.duos_per_block as f64 / duos as f64);
    let units = format!(
        "on units of {} duos (about {} each) counted as independent: it covers while the \
         routines' relative speed forgets itself within a unit, not a wander slower than that",
        r.duos_per_block,
        format_secs(unit.max(Duration::from_micros(1)))
    );
    let Some(lengths) = r.path_lengths.filter(|l| l.in_reach() || l.near_line()) else {
        return Some(units);
    };
    let why = if lengths.in_reach() {
        format!(
            "units, as the pilot held {} duos, fewer than the {} that measure the dependence \
             (the warmup ended short of them)",
            r.pilot_duos,
            lengths.pilot_needed()
        )
    } else {
        format!(
            "units, as its duos (about {}) are longer than the {}; a rerun whose duos come \
             out shorter measures it",
            format_ns(lengths.duo_ns),
            line_text(lengths)
        )
    };
    Some(format!("{units}; {why}"))
}

/// The line between the paths, in words: the longest duo for which the pilot that measures
/// the dependence fits in half the warmup.
fn line_text(lengths: PathLengths) -> String {
    format!(
        "{} for which the {} pilot duos that measure the dependence fit in half the {} warmup",
        format_ns(lengths.longest_measured_ns()),
        lengths.pilot_needed(),
        format_ns(lengths.warmup_ns)
    )
}

/// A log half-width as a percentage of the ratio, with two significant digits.
fn half_width_percent_text(log_half_width: f64) -> String {
    let p = 100.0 * log_half_width.exp_m1();
    if p >= 1.0 {
        format!("{p:.1}%")
    } else {
        format!("{p:.2}%")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decide::RareCosts;
    use crate::fixture::records::result;

    const ABOVE_ONE: Claim = Claim::Above {
        bound: 1.0,
        inclusive: false,
    };

    /// An inconclusive `ratio > 1` at `ratio` with the interval `(low, high)`.
    fn inconclusive(ratio: f64, interval: (f64, f64)) -> DiffResult {
        let mut r = result(ratio, Some(ABOVE_ONE), 200);
        r.verdict = Verdict::Inconclusive;
        r.ratio = ratio;
        r.interval = Some(interval);
        r
    }

    #[test]
    fn an_interval_over_rounds_above_the_bound_without_a_verdict_names_the_rounds_and_duos() {
        // A 20 ms comparison across processes at its 5 s budget: five rounds of four duos,
        // the interval above `ratio > 1`. The note names what a verdict waits for.
        let mut r = inconclusive(1.10, (1.08, 1.12));
        crate::fixture::records::over_three_rounds(&mut r, false);
        if let Some(p) = r.process_pairs.as_mut() {
            (p.pairs, p.duos, p.duo_floor) = (5, 20, 27);
        }
        let note = verdict_note(&ABOVE_ONE, &r, None).expect("a note");
        assert_eq!(
            note,
            "the interval lies inside `ratio > 1.0`, but a verdict over rounds waits for 6 \
             rounds and 27 duos at least: 5 rounds and 20 duos ran"
        );
        // Negative controls: an interval across the bound, and a gate, which its own test
        // judges, need no such note.
        r.interval = Some((0.99, 1.12));
        assert_eq!(verdict_note(&ABOVE_ONE, &r, None), None);
        r.interval = Some((1.08, 1.12));
        assert!(verdict_note(&ABOVE_ONE, &r, None).is_some());
        let design = crate::decide::GateDesign::new(0.05, 0.05, 0.05);
        if let Some(p) = r.process_pairs.as_mut() {
            p.gate = Some(crate::decide::GateSummary {
                design,
                outcome: crate::decide::GateOutcome::Inconclusive,
                decided_by: None,
                threshold: design.threshold(),
                planned_rounds: Some(20),
            });
        }
        assert_eq!(verdict_note(&ABOVE_ONE, &r, None), None);
    }

    #[test]
    fn an_interval_above_the_bound_without_a_verdict_names_the_decision_precision() {
        // The case a user met: 1.0087 [1.0041, 1.0133] for `ratio > 1`, inconclusive.
        let r = inconclusive(1.0087, (1.0041, 1.0133));
        let note = verdict_note(&ABOVE_ONE, &r, None).expect("a note");
        assert!(
            note.starts_with("the interval lies inside `ratio > 1.0`, but"),
            "{note}"
        );
        assert!(
            note.contains("decision precision: ±0.46% against ±0.43%"),
            "{note}"
        );
        // Negative control: an interval across the bound needs no note.
        let across = inconclusive(1.001, (0.995, 1.007));
        assert_eq!(verdict_note(&ABOVE_ONE, &across, None), None);
    }

    #[test]
    fn rare_slow_calls_that_held_the_verdict_back_are_named_with_the_duos_they_need() {
        let mut r = inconclusive(1.0, (0.99, 1.01));
        r.rare_costs = Some(RareCosts {
            first: false,
            seen: 4,
            more_duos: Some(2_300),
        });
        let names = RoutineNames {
            first: "fast",
            second: "rehashing",
        };
        let note = verdict_note(&ABOVE_ONE, &r, Some(names)).expect("a note");
        assert!(
            note.starts_with("slow calls of `rehashing` seen 4 times"),
            "{note}"
        );
        assert!(
            note.ends_with("about 2300 more duos would decide"),
            "{note}"
        );
    }

    #[test]
    fn a_verdict_reached_before_the_figures_says_so_when_they_differ() {
        let mut r = result(1.01, Some(ABOVE_ONE), 200);
        r.verdict = Verdict::Pass;
        r.interval = Some((0.999, 1.02));
        r.decided_early = Some(DecidedEarly {
            pairs: 300,
            interval: Some((1.002, 1.019)),
        });
        let note = verdict_note(&ABOVE_ONE, &r, None).expect("a note");
        assert_eq!(
            note,
            "the verdict was reached after 300 pairs on [1.0020, 1.0190]; the ratio and \
             interval shown are over all 406 pairs, measured on after it"
        );
        // The interval agreeing with the verdict needs no note.
        r.interval = Some((1.001, 1.02));
        assert_eq!(verdict_note(&ABOVE_ONE, &r, None), None);
    }

    #[test]
    fn a_verdict_beside_an_unbounded_interval_says_what_left_it_unbounded() {
        // A pass whose measurement went on until one routine's rare slow calls held its
        // interval unbounded: "pass" beside "[unbounded]" needs the reason.
        let mut r = result(1.097, Some(ABOVE_ONE), 292);
        r.verdict = Verdict::Pass;
        r.interval = None;
        r.decided_early = Some(DecidedEarly {
            pairs: 240,
            interval: Some((1.0905, 1.1094)),
        });
        r.rare_costs = Some(RareCosts {
            first: true,
            seen: 2,
            more_duos: Some(900),
        });
        let names = RoutineNames {
            first: "slow",
            second: "fast",
        };
        let note = verdict_note(&ABOVE_ONE, &r, Some(names)).expect("a note");
        assert!(
            note.contains("after 240 pairs on [1.0905, 1.1094]"),
            "{note}"
        );
        assert!(
            note.ends_with(
                "where slow calls of `slow` seen 2 times leave it unbounded: too few \
                 to weigh what they add to its mean"
            ),
            "{note}"
        );
        r.rare_costs = None;
        let note = verdict_note(&ABOVE_ONE, &r, None).expect("a note");
        assert!(note.ends_with("where it is unbounded"), "{note}");
        // Negative control: without the early verdict's record nothing explains it.
        r.decided_early = None;
        assert_eq!(verdict_note(&ABOVE_ONE, &r, None), None);
    }

    #[test]
    fn an_interval_on_units_says_what_it_does_not_cover() {
        let mut r = result(1.0, Some(ABOVE_ONE), 200);
        assert_eq!(path_note(&r), None);
        r.units = true;
        r.duos_per_block = 25;
        let note = path_note(&r).expect("a note");
        assert!(note.starts_with("on units of 25 duos (about "), "{note}");
        assert!(note.ends_with("not a wander slower than that"), "{note}");
    }

    /// The lengths of a duo of `duo_ns` in blocks of two, with the default 200 ms warmup:
    /// the line sits at 0.667 ms.
    fn lengths(duo_ns: f64) -> PathLengths {
        PathLengths {
            duo_ns,
            duos_per_block: 2,
            warmup_ns: 200e6,
        }
    }

    #[test]
    fn a_path_says_why_and_near_the_line_that_a_rerun_may_take_the_other() {
        let mut r = result(1.0, Some(ABOVE_ONE), 200);
        r.units = true;
        r.duos_per_block = 25;
        r.path_lengths = Some(lengths(850e3));
        let note = path_note(&r).expect("a note");
        assert!(
            note.ends_with(
                "; units, as its duos (about 850 µs) are longer than the 667 µs for which the \
                 150 pilot duos that measure the dependence fit in half the 200 ms warmup; a \
                 rerun whose duos come out shorter measures it"
            ),
            "{note}"
        );
        // Far from the line, no rerun crosses it: what the units cover, no more.
        r.path_lengths = Some(lengths(20e6));
        let note = path_note(&r).expect("a note");
        assert!(note.ends_with("not a wander slower than that"), "{note}");
        // In reach, on units: the pilot was cut short.
        r.path_lengths = Some(lengths(300e3));
        r.pilot_duos = 90;
        let note = path_note(&r).expect("a note");
        assert!(
            note.ends_with(
                "; units, as the pilot held 90 duos, fewer than the 150 that measure the \
                 dependence (the warmup ended short of them)"
            ),
            "{note}"
        );
        // With the dependence measured, near the line: which side a rerun may take.
        r.units = false;
        r.path_lengths = Some(lengths(550e3));
        let note = path_note(&r).expect("a note");
        assert!(
            note.starts_with(
                "with the dependence measured, as its duos (about 550 µs) are at most the \
                 667 µs"
            ),
            "{note}"
        );
        assert!(
            note.ends_with("a rerun whose duos come out longer judges on units"),
            "{note}"
        );
        // Negative control: far below the line, nothing to say.
        r.path_lengths = Some(lengths(80e3));
        assert_eq!(path_note(&r), None);
    }
}
