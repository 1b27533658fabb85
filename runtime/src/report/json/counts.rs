//! A counted trial's `counts` object in the `--json` document: which tool counted, whether
//! the counts were exact, and each routine's per-call figures.

use crate::analysis::{Counted, PerCall};
use serde::Serialize;

/// What counting under Valgrind found (`counts`; absent for timed trials).
#[derive(Serialize)]
pub(super) struct CountsOut {
    counted_by: String,
    /// Every repeat counted the same: ratio and verdict are exact.
    exact: bool,
    repeats: usize,
    calls: [u64; 2],
    loop_share_instructions: f64,
    cycle_weights: CycleWeights,
    cache_model: String,
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

#[derive(Serialize)]
struct PerCallOut {
    instructions: f64,
    data_accesses: f64,
    l1_misses: f64,
    ll_misses: f64,
    estimated_cycles: f64,
    repeats: Vec<f64>,
}

fn per_call(p: &PerCall) -> PerCallOut {
    PerCallOut {
        instructions: p.instructions,
        data_accesses: p.data_accesses,
        l1_misses: p.l1_misses,
        ll_misses: p.ll_misses,
        estimated_cycles: p.estimated_cycles,
        repeats: p.repeats.clone(),
    }
}

/// The `counts` object of a counted result.
pub(super) fn counts(c: &Counted) -> CountsOut {
    let (l1_hit, ll_hit, memory) = c.cycle_weights;
    CountsOut {
        counted_by: c.counted_by.clone(),
        exact: c.unmoved(),
        repeats: c.repeats,
        calls: [c.calls.0, c.calls.1],
        loop_share_instructions: c.loop_share,
        cycle_weights: CycleWeights {
            l1_hit,
            ll_hit,
            memory,
        },
        cache_model: c.cache_model.describe(),
        elapsed_secs: c.elapsed.as_secs_f64(),
        first: per_call(&c.first),
        second: c.second.as_ref().map(per_call),
    }
}
