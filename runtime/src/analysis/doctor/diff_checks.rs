//! Checks of one comparison: noisy duos, and many duos set aside.

use super::{Check, Warning};
use crate::analysis::diff_result::DiffResult;
use crate::stats::mad;
use crate::util::units::three_significant;

/// Duos whose log-differences scatter more than this (a robust standard deviation: 1.4826 ×
/// MAD) are noisy: one duo's ratio is off by 10% or more.
const NOISY_LOG_SPREAD: f64 = 0.10;
/// A share of duos set aside above this is reported.
const SET_ASIDE_SHARE: f64 = 0.10;
/// Fewer duos than this say nothing about spread.
const FEWEST_DUOS: usize = 10;

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

/// Many duos were set aside as outliers.
#[must_use]
pub fn many_set_aside(r: &DiffResult) -> Option<Warning> {
    let duos = r.pairs / 2;
    if duos < FEWEST_DUOS {
        return None;
    }
    let share = r.duos_set_aside as f64 / duos as f64;
    (share > SET_ASIDE_SHARE).then(|| Warning {
        check: Check::ManySetAside,
        finding: format!(
            "{} of {duos} duos ({}%) were set aside as outliers ({} of them preempted by the OS)",
            r.duos_set_aside,
            three_significant(100.0 * share),
            r.preempted_set_aside
        ),
        advice: "something else ran on the machine during the comparison: quiet it and run \
                 again, or check that the routines do not sometimes take a slow path",
    })
}
