//! A counted trial's `counts` object in the `--json` document: which tool counted, whether
//! the counts were exact, and each routine's per-call figures.

use super::parts::in_unit;
use crate::analysis::{Counted, PerCall};
use crate::model::Measure;
use serde::Serialize;

/// What counting found (`counts`; absent for timed trials): under Valgrind, or read here for
/// a measurement whose repeats are exact (then without Valgrind's figures: null).
#[derive(Serialize)]
pub(super) struct CountsOut {
    counted_by: String,
    /// Counted under Valgrind, rather than read in the bench's own process.
    under_valgrind: bool,
    /// Every repeat counted the same: ratio and verdict are exact.
    exact: bool,
    repeats: usize,
    calls: [u64; 2],
    loop_share_instructions: Option<f64>,
    cycle_weights: Option<CycleWeights>,
    cache_model: Option<String>,
    elapsed_secs: f64,
    first: PerCallOut,
    second: Option<PerCallOut>,
}

#[derive(Serialize)]
struct CycleWeights {
    l1_hit: u64,
    ll_hit: u64,
    memory: u64,
}

/// One routine's figures per call: under Valgrind its events, read here its count of the
/// measure in the document's unit (as `instructions`, the figure every counted result
/// decides on), the events null.
#[derive(Serialize)]
struct PerCallOut {
    instructions: f64,
    data_accesses: Option<f64>,
    l1_misses: Option<f64>,
    ll_misses: Option<f64>,
    estimated_cycles: Option<f64>,
    repeats: Vec<f64>,
}

fn per_call(p: &PerCall, measure: Measure) -> PerCallOut {
    let event = |x: f64| x.is_finite().then_some(x);
    PerCallOut {
        instructions: in_unit(measure, p.instructions),
        data_accesses: event(p.data_accesses),
        l1_misses: event(p.l1_misses),
        ll_misses: event(p.ll_misses),
        estimated_cycles: event(p.estimated_cycles),
        repeats: p.repeats.iter().map(|&x| in_unit(measure, x)).collect(),
    }
}

/// The `counts` object of a result of `measure` counted as `c`.
pub(super) fn counts(c: &Counted, measure: Measure) -> CountsOut {
    let (l1_hit, ll_hit, memory) = c.cycle_weights;
    let valgrind = c.under_valgrind;
    CountsOut {
        counted_by: c.counted_by.clone(),
        under_valgrind: valgrind,
        exact: c.unmoved(),
        repeats: c.repeats,
        calls: [c.calls.0, c.calls.1],
        loop_share_instructions: valgrind.then_some(c.loop_share),
        cycle_weights: valgrind.then_some(CycleWeights {
            l1_hit,
            ll_hit,
            memory,
        }),
        cache_model: valgrind.then(|| c.cache_model.describe()),
        elapsed_secs: c.elapsed.as_secs_f64(),
        first: per_call(&c.first, measure),
        second: c.second.as_ref().map(|p| per_call(p, measure)),
    }
}
