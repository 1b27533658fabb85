//! Checks of one comparison: noisy duos, and many duos set aside.

use super::{Check, Warning};
use crate::analysis::DiffResult;
use crate::analysis::{judge_set_aside, set_aside_count, SetAside, FEWEST_DUOS};
use crate::stats::mad;
use crate::util::three_significant;

/// Duos whose log-differences scatter more than this (a robust standard deviation: 1.4826 ×
/// MAD) are noisy: one duo's ratio is off by 10% or more.
const NOISY_LOG_SPREAD: f64 = 0.10;

/// The duos' log-differences scatter widely (robustly: one outlier does not count).
#[must_use]
pub fn noisy_diff(r: &DiffResult) -> Option<Warning> {
    if r.duo_log_diffs.len() < FEWEST_DUOS {
        return None;
    }
    let mut sorted: Vec<f64> = r
        .duo_log_diffs
        .iter()
        .copied()
        .filter(|x| x.is_finite())
        .collect();
    sorted.sort_by(f64::total_cmp);
    if sorted.len() < FEWEST_DUOS {
        return None;
    }
    let spread = 1.4826 * mad(&sorted);
    (spread > NOISY_LOG_SPREAD).then(|| Warning {
        check: Check::HighNoise,
        finding: format!(
            "one duo's ratio typically strays ±{}% from the others (robust spread of the duos' \
             log ratios)",
            three_significant(100.0 * spread.exp_m1())
        ),
        advice: "quiet the machine (close other programs), or make each batch longer; a noisy \
                 comparison needs many more duos to reach a verdict",
    })
}

/// More duos were set aside as outliers than the machine's own stalls explain (the rule is
/// `machine_noise::judge_set_aside`, which the comparison's block follows too).
#[must_use]
pub fn many_set_aside(r: &DiffResult) -> Option<Warning> {
    let SetAside::Unexplained(explanation) = judge_set_aside(r) else {
        return None;
    };
    let (set_aside, duos) = set_aside_count(r);
    let beyond = explanation.map_or_else(String::new, |e| {
        format!(
            ", more than this machine's own stalls explain (about {:.1}%)",
            100.0 * e.expected_share
        )
    });
    let preempted = match r.preempted_set_aside {
        0 => String::new(),
        n => format!("; {n} more were set aside because the OS preempted them"),
    };
    Some(Warning {
        check: Check::ManySetAside,
        finding: format!(
            "{set_aside} of {duos} duos ({}%) were set aside as outliers{beyond}{preempted}",
            three_significant(100.0 * set_aside as f64 / duos as f64),
        ),
        advice: "the verdict already allows for them (they hit neither routine more than \
                 chance allows, or they count in the ratio); for a \
                 tighter estimate, quiet the machine and run again, or check that the routines \
                 do not sometimes take a slow path",
    })
}
