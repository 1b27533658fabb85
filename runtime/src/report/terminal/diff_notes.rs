//! The lines of a comparison's block that say what the estimate rests on: set-aside duos and
//! whose they were, correlated blocks, a drifting ratio.

use crate::analysis::DiffResult;
use crate::analysis::{judge_set_aside, SetAside, StallExplanation};
use crate::decide::{Basis, Unsettled};
use crate::report::RoutineNames;
use crate::util::{format_ns, ratio_text};

/// Note lines, each ending in a newline; empty when there is nothing to say.
#[must_use]
pub fn notes(r: &DiffResult, names: RoutineNames<'_>) -> String {
    let mut out = String::new();
    let split = r.spike_split;
    let duos = (r.pairs / 2).max(1);
    let share = r.duos_set_aside as f64 / duos as f64;
    if r.over_rounds.is_some_and(|o| o.mixed_basis) {
        out.push_str(&format!(
            "  outliers the rounds judged their {} outlying duos differently (machine noise in \
             some, a routine's own in others), each on its own duos\n",
            r.duos_set_aside
        ));
    }
    match r.basis {
        Some(Basis::Unfenced) => {
            let (owner, count) = if split.first >= split.second {
                (names.first, split.first)
            } else {
                (names.second, split.second)
            };
            out.push_str(&format!(
                "  outliers {owner} owns its slow batches ({count} of {} outlying duos): they are \
                 part of its mean latency and count in the ratio\n",
                r.duos_set_aside
            ));
        }
        Some(Basis::Unsettled(reason)) => out.push_str(&format!(
            "  outliers {} outlying duos ({} slow in {}, {} in {}): {}, so they count in the \
             ratio\n",
            r.duos_set_aside,
            split.first,
            names.first,
            split.second,
            names.second,
            match reason {
                Unsettled::TooFew => "too few to show the machine caused them",
                Unsettled::Disagreeing =>
                    "the ratio without them lies outside the interval with them",
            }
        )),
        Some(Basis::Fenced) if r.duos_set_aside > 0 => {
            out.push_str(&format!(
                "  outliers {} duos ({:.1}%) set aside as machine noise: no more slow in \
                 either routine than chance allows ({} slow in {}, {} in {})\n",
                r.duos_set_aside,
                100.0 * share,
                split.first,
                names.first,
                split.second,
                names.second
            ));
        }
        _ => {}
    }
    out.push_str(&set_aside_lines(judge_set_aside(r), share));
    if r.dependence > 1.0 && r.over_rounds.is_some() {
        out.push_str(&format!(
            "  blocks   correlated within a round: in the median round {:.1} blocks count as \
             one; the interval rests on the rounds, not on blocks\n",
            r.dependence
        ));
    } else if r.dependence > 1.0 {
        out.push_str(&format!(
            "  blocks   correlated: {:.1} blocks count as one independent block, and the \
             interval is wider for it\n",
            r.dependence
        ));
    }
    if let Some(d) = r.drift {
        let run = if r.over_rounds.is_some() {
            "rounds"
        } else {
            "run"
        };
        out.push_str(&format!(
            "  drift    the ratio drifts: {} in the first half of the {run}, {} in the second; \
             the verdict is about the average over the {run}\n",
            ratio_text(d.first_half),
            ratio_text(d.second_half)
        ));
    }
    out
}

/// What the machine's stalls say about the duos set aside (the rule the doctor follows too):
/// how often it stalls and the share that explains, and a warning when the share is above it.
fn set_aside_lines(judged: SetAside, share: f64) -> String {
    let stalls = |e: &StallExplanation| {
        let typical = e
            .typical_ns
            .map_or_else(String::new, |ns| format!(", typically {}", format_ns(ns)));
        format!(
            "  stalls   this machine stalls a running thread about {:.0} times a second{typical} \
             (not other programs: no context switch), enough to set aside about {:.1}% of \
             duos\n",
            // Tens at most: the spin counts 10–20 stalls.
            10.0 * (e.per_second / 10.0).round(),
            100.0 * e.expected_share
        )
    };
    match judged {
        SetAside::Few => String::new(),
        SetAside::Explained(e) => stalls(&e),
        SetAside::Unexplained(Some(e)) => format!(
            "{}  warning  {:.0}% of duos were set aside, more than the machine's stalls \
             explain: something else ran, and the verdict rests on the rest\n",
            stalls(&e),
            100.0 * share
        ),
        SetAside::Unexplained(None) => format!(
            "  warning  {:.0}% of duos were set aside: the machine is busy, and the verdict \
             rests on the rest\n",
            100.0 * share
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::many_set_aside;
    use crate::fixture::stalls::{stalled, stalls};

    fn notes_of(r: &DiffResult) -> String {
        let mut r = r.clone();
        r.basis = Some(Basis::Fenced);
        notes(&r, RoutineNames::of("a", Some("b"), false))
    }

    #[test]
    fn set_aside_duos_the_stalls_explain_are_said_to_be_the_machines_not_warned_about() {
        // 28 of 203 duos (13.8%), on a machine stalling 800 times a second for 60 µs.
        let r = stalled(28, Some(stalls(16, 60_000)));
        let text = notes_of(&r);
        assert!(text.contains("outliers 28 duos (13.8%) set aside as machine noise"));
        assert!(
            text.contains(
                "stalls   this machine stalls a running thread about 800 times a second, typically \
                 60.0 µs (not other programs"
            ),
            "{text}"
        );
        assert!(text.contains("set aside about 6.2% of duos"), "{text}");
        assert!(!text.contains("warning"), "{text}");
        // The doctor follows the same rule.
        assert_eq!(many_set_aside(&r), None);
    }

    #[test]
    fn outliers_a_routine_owns_are_counted_and_never_called_set_aside() {
        // Half the duos outlying, which the ownership rule gave to the first routine: they
        // count in the ratio, so no line and no doctor's warning says they were set aside.
        let mut r = stalled(100, Some(stalls(16, 60_000)));
        r.basis = Some(Basis::Unfenced);
        r.spike_split.first = 90;
        r.spike_split.second = 10;
        let text = notes(&r, RoutineNames::of("a", Some("b"), false));
        assert!(text.contains("outliers a owns its slow batches"), "{text}");
        assert!(!text.contains("set aside"), "{text}");
        assert!(!text.contains("warning"), "{text}");
        assert_eq!(many_set_aside(&r), None);
        // The same duos judged machine noise are set aside, and said to be.
        r.basis = Some(Basis::Fenced);
        assert!(notes(&r, RoutineNames::of("a", Some("b"), false)).contains("warning"));
        assert!(many_set_aside(&r).is_some());
    }

    #[test]
    fn outliers_whose_owner_is_unsettled_count_and_say_why() {
        // Most duos outlying, slow in both routines, and the ratio without them outside the
        // interval with them: every duo counts, so nothing says they were set aside.
        let mut r = stalled(100, Some(stalls(16, 60_000)));
        r.basis = Some(Basis::Unsettled(Unsettled::Disagreeing));
        r.spike_split.first = 60;
        r.spike_split.second = 30;
        let names = RoutineNames::of("a", Some("b"), false);
        let text = notes(&r, names);
        assert!(
            text.contains("the ratio without them lies outside the interval with them"),
            "{text}"
        );
        assert!(!text.contains("set aside"), "{text}");
        assert!(!text.contains("too few"), "{text}");
        assert_eq!(many_set_aside(&r), None);
        // Outliers on one side only (the pilot's included) are too few to tell; the reason
        // is the test's, not read again from the run's split, which leaves out the pilot.
        r.basis = Some(Basis::Unsettled(Unsettled::TooFew));
        assert!(notes(&r, names).contains("too few to show the machine caused them"));
    }

    #[test]
    fn across_versions_the_notes_speak_of_rounds() {
        let mut r = stalled(10, None);
        r.dependence = 2.5;
        r.drift = Some(crate::analysis::Drift {
            first_half: 0.9,
            second_half: 1.1,
        });
        let within = notes(&r, RoutineNames::of("a", Some("b"), false));
        assert!(
            within.contains("2.5 blocks count as one independent block, and the interval is wider")
        );
        assert!(within.contains("in the first half of the run"), "{within}");
        assert!(!within.contains("round"), "{within}");
        r.basis = None;
        r.over_rounds = Some(crate::analysis::OverRounds {
            rounds: 8,
            clock_rounds: 8,
            mixed_basis: true,
        });
        let across = notes(&r, RoutineNames::of("a", Some("b"), false));
        assert!(
            across.contains("outliers the rounds judged their 10 outlying duos differently"),
            "{across}"
        );
        assert!(
            across.contains(
                "in the median round 2.5 blocks count as one; the interval rests on the rounds"
            ),
            "{across}"
        );
        assert!(
            across.contains("in the first half of the rounds"),
            "{across}"
        );
        assert!(!across.contains("the interval is wider"), "{across}");
    }

    #[test]
    fn more_set_aside_than_stalls_explain_is_a_warning_in_the_block_and_the_doctor() {
        let r = stalled(100, Some(stalls(16, 60_000)));
        let text = notes_of(&r);
        assert!(text.contains("stalls   this machine stalls"), "{text}");
        assert!(
            text.contains("warning  49% of duos were set aside, more than the machine's stalls"),
            "{text}"
        );
        assert!(many_set_aside(&r).is_some());
        // Negative control: no stall rate, and the share the stalls explained above warns.
        let unexplained = stalled(28, None);
        let text = notes_of(&unexplained);
        assert!(
            text.contains("warning  14% of duos were set aside: the machine is busy"),
            "{text}"
        );
        assert!(many_set_aside(&unexplained).is_some());
        // A few percent is no news either way.
        let few = stalled(10, None);
        assert!(!notes_of(&few).contains("warning"));
        assert_eq!(many_set_aside(&few), None);
    }
}
