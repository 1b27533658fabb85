//! `--family-alpha`: the claims of one run share one error rate.

use crate::harness::cli::Invocation;
use crate::harness::registry::TrialSpec;
use crate::session::options::Overrides;

/// With `--family-alpha A`, the m claims that will run share A: each is judged at A / m
/// (Bonferroni). Each claim's confidence sequence holds at all times with probability
/// 1 − A/m, so by the union bound all of them hold together with probability 1 − A, early
/// stopping included.
pub fn share_family_alpha(invocation: &Invocation, specs: &[TrialSpec]) -> Overrides {
    let Some(family_alpha) = invocation.overrides.family_alpha else {
        return invocation.overrides.clone();
    };
    let args = &invocation.libtest;
    let claims = specs
        .iter()
        .filter(|spec| spec.descriptor.options.claim.is_some())
        .filter(|spec| spec.is_selected(args))
        .count()
        .max(1);
    Overrides {
        alpha: Some(family_alpha / claims as f64),
        ..invocation.overrides.clone()
    }
}
