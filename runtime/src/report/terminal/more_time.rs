//! What an inconclusive comparison would need to decide: more time, only when more time
//! would do it, and how much.

use crate::analysis::DiffResult;
use crate::decide::log_margin;
use crate::decide::{PairSpread, DECISION_PRECISION, MIN_PAIRS};
use crate::model::Claim;

/// Advice for a comparison whose budget ended before a verdict. A decision waits for two
/// things (`decide::sequential`): an interval narrow against the estimate's distance from
/// the claim, which more time buys at the noise seen (the half-width shrinks like
/// 1/√time), and a minimum sample (`DiffResult::decision_floor` duos and enough effective
/// blocks), which more time buys at the pace duos were kept. The estimate names whichever is
/// further away; where neither can be told it names none.
///
/// Across versions more rounds, not more duos, decide: the advice is the rounds'.
#[must_use]
pub fn more_time_advice(claim: &Claim, r: &DiffResult) -> String {
    if let Some(p) = &r.process_pairs {
        return match pairs_needed_text(p) {
            Some(needed) => format!("About {needed}."),
            None if p.pairs < MIN_PAIRS => format!(
                "A verdict waits for {MIN_PAIRS} rounds of process pairs and {} ran: raise \
                 max_time.",
                p.pairs
            ),
            None => "More rounds at this spread are unlikely to decide it.".to_owned(),
        };
    }
    let Some((low, high)) = r.interval else {
        return format!(
            "The interval is still unbounded after {} pairs: raise max_time.",
            r.pairs
        );
    };
    let half_width = 0.5 * (high.ln() - low.ln());
    let margin = log_margin(claim, r.ratio.ln());
    if margin < 0.05 * half_width {
        return "The estimate sits on the claim's boundary: more time is unlikely to decide it."
            .to_owned();
    }
    let wanted = decision_half_width(margin);
    let for_precision = (half_width / wanted).powi(2);
    let kept = (r.pairs / 2).saturating_sub(r.preempted_set_aside);
    let floor = r.decision_floor;
    let for_floor = floor as f64 / kept.max(1) as f64;
    let factor = for_precision.max(for_floor);
    if factor <= 1.0 {
        // Precise enough and enough duos: what held it was the count of effective blocks,
        // which correlated blocks lower by a factor no run can promise to change.
        return format!(
            "The interval is already decisive; the verdict waited for enough independent \
             blocks (these were correlated, {:.1} blocks counting as one): raise max_time.",
            r.dependence.max(1.0)
        );
    }
    let needed = r.measure_time.as_secs_f64() * factor;
    if for_floor > for_precision {
        format!(
            "The interval is decisive, but a verdict waits for {floor} duos and \
             {kept} were kept: about {needed:.1} s of measuring in all would reach them \
             (raise max_time)."
        )
    } else {
        format!(
            "At this noise level about {needed:.1} s of measuring in all might decide it \
             (raise max_time)."
        )
    }
}

/// How many rounds an undecided comparison would need, and the budget that gives them:
/// `12 pairs in all would decide it (max_time = 4s)`; `None` when decided or out of reach.
/// The budget holds one round more than needed, each as long as a further round would take
/// with its process starts (`PairSpread::round_secs`): rounds start at a share of
/// `max_time` and double until a routine's duos fit, and those too short are spent all the
/// same.
pub(crate) fn pairs_needed_text(p: &PairSpread) -> Option<String> {
    p.pairs_needed.map(|needed| {
        format!(
            "{needed} pairs in all would decide it (max_time = {:.0}s)",
            ((needed + 1) as f64 * p.round_secs * 1.1).ceil()
        )
    })
}

/// The widest interval a decision accepts at `margin` from the boundary: the rule of
/// `Sequential::decision_half_width`, repeated here because the report only has the result.
fn decision_half_width(margin: f64) -> f64 {
    DECISION_PRECISION * margin
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decide::Verdict;
    use crate::fixture::records::{result, BELOW};
    use crate::report::failure_message;
    use std::time::Duration;

    fn inconclusive(interval: (f64, f64), ratio: f64, pairs: usize) -> DiffResult {
        let mut r = result(1.0, None, 200);
        r.verdict = Verdict::Inconclusive;
        r.ratio = ratio;
        r.interval = Some(interval);
        r.pairs = pairs;
        r.preempted_set_aside = 0;
        r.duos_per_block = 4;
        r.measure_time = Duration::from_secs(4);
        r
    }

    #[test]
    fn far_inside_the_claim_the_floor_is_named_not_a_fraction_of_a_second() {
        // 500 times inside `ratio < 0.1`, 60 duos kept of the 150 (six units of 25) a
        // decision waits for after a 16-duo pilot.
        let claim = Claim::Below {
            bound: 0.1,
            inclusive: false,
        };
        let mut r = inconclusive((0.000_19, 0.000_21), 0.0002, 120);
        r.units = true;
        r.decision_floor = 150;
        let advice = more_time_advice(&claim, &r);
        assert!(advice.contains("150 duos and 60 were kept"), "{advice}");
        assert!(advice.contains("about 10.0 s"), "{advice}");
    }

    #[test]
    fn a_wide_interval_asks_for_the_time_its_precision_needs() {
        // Half-width 0.2 at a margin of 0.2: the decision wants 0.1, four times the time.
        let claim = Claim::Below {
            bound: 1.0,
            inclusive: false,
        };
        let ratio = (-0.2f64).exp();
        let r = inconclusive(((-0.4f64).exp(), 1.0), ratio, 400);
        let advice = more_time_advice(&claim, &r);
        assert!(advice.contains("about 16.0 s"), "{advice}");
        assert!(advice.contains("might decide it"), "{advice}");
    }

    #[test]
    fn on_the_boundary_no_time_is_promised() {
        let claim = Claim::Below {
            bound: 1.0,
            inclusive: false,
        };
        let r = inconclusive((0.9, 1.11), 0.999_9, 400);
        assert!(more_time_advice(&claim, &r).contains("unlikely"));
    }

    #[test]
    fn an_unbounded_interval_after_many_pairs_is_not_called_too_few_pairs() {
        let claim = Claim::Below {
            bound: 1.0,
            inclusive: false,
        };
        let mut r = inconclusive((0.9, 1.1), 1.0, 5_768);
        r.interval = None;
        let advice = more_time_advice(&claim, &r);
        assert_eq!(
            advice,
            "The interval is still unbounded after 5768 pairs: raise max_time."
        );
    }

    #[test]
    fn an_undecided_cross_version_claim_asks_for_rounds_not_duos() {
        let mut r = result(0.79, Some(BELOW), 300);
        r.verdict = Verdict::Inconclusive;
        r.over_rounds = Some(crate::analysis::OverRounds {
            rounds: 6,
            clock_rounds: 6,
            mixed_basis: false,
        });
        let mut spread = PairSpread {
            pairs: 6,
            log_ratios: vec![-0.24; 6],
            between_sd: Some(0.02),
            within_se: Some(0.01),
            pairs_needed: Some(12),
            round_secs: 0.25,
            duos: 750,
            duo_floor: 75,
            gate: None,
        };
        r.process_pairs = Some(spread.clone());
        let message = failure_message(&BELOW, None, &r);
        assert!(message.contains(" pairs over 6 rounds in "), "{message}");
        assert!(
            message.contains("anytime-valid confidence sequence over rounds)"),
            "{message}"
        );
        assert!(
            message.ends_with(
                "the time budget ended first. About 12 pairs in all would decide it \
                 (max_time = 4s)."
            ),
            "{message}"
        );
        spread.pairs_needed = None;
        r.process_pairs = Some(spread.clone());
        assert!(failure_message(&BELOW, None, &r).ends_with("unlikely to decide it."));
        spread.pairs = 1;
        r.process_pairs = Some(spread);
        assert!(
            failure_message(&BELOW, None, &r)
                .ends_with("waits for 6 rounds of process pairs and 1 ran: raise max_time."),
            "{}",
            failure_message(&BELOW, None, &r)
        );
        // Negative control: within one process the advice is about duos and time.
        r.process_pairs = None;
        r.over_rounds = None;
        let message = failure_message(&BELOW, None, &r);
        assert!(!message.contains("round"), "{message}");
        assert!(!message.contains("pairs in all"), "{message}");
        // Its interval is said to be this process's, on units or not.
        assert!(
            message.contains("% confidence sequence within this process)"),
            "{message}"
        );
        r.units = true;
        r.duos_per_block = 25;
        let message = failure_message(&BELOW, None, &r);
        assert!(
            message.contains("% confidence sequence on units of 25 duos, within this process)"),
            "{message}"
        );
    }
}
