//! The wander grid: the first routine's speed relative to the second wanders (AR(1) in the
//! log) with a standard deviation of 0.2%, 0.6% or 2% and a memory of 5, 25, 50 or 200 duos,
//! at short routines (blocks of 12 duos, 1,250-duo pilot and budget) and long ones (one duo a
//! block, an 8-duo pilot, 600 duos). Both one-sided claims whose boundary is the mean ratio
//! are false in every cell. The negative control assumes blocks independent and must break
//! alpha where the wander outlasts a block many times over.
//!
//! Every cell runs in [`wander_grid_false_verdicts`] (ignored: a table for
//! docs/VALIDATION.md). The asserted tests take, for short routines, the longest memories
//! at every size, and for long routines every cell that keeps alpha; the two that do not
//! are asserted as a known limit. Bands as wide as `ratio in 0.97..=1.03` with an edge on
//! either claim's bound are false too: the coverage table (`coverage.rs`) asserts them in
//! the cells of memories up to 50 duos, and here in those of 200 duos, where they keep alpha
//! and fall into the known limit as the one-sided claims do.

use super::coverage::edge_bands;
use super::{
    above, assert_fooled_both_ways, at_most_alpha, below, short, simulate, Noise, Scenario, CLEAN,
    INDEPENDENT, RUNS,
};
use crate::decide::sequential::Safeguards;
use crate::model::Claim;

/// Batch calls per duo: a wander's memory in duos is four times as many batches.
const BATCHES_PER_DUO: f64 = 4.0;

/// The wander sizes of the grid (log sd).
const SIZES: [f64; 3] = [0.002, 0.006, 0.02];

/// The wander memories of the grid, in duos.
const MEMORIES: [usize; 4] = [5, 25, 50, 200];

/// How long one call of the routines is, as the duo loop sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Length {
    /// 55 ns calls: 20 µs batches, blocks of 12 duos, a 100 ms pilot and budget.
    Short,
    /// 2 ms calls: one call a batch, one duo a block, 1.3% noise per batch, 600 duos.
    Long,
}

fn noise(sd: f64, memory_duos: usize) -> Noise {
    Noise {
        wander_sd: sd,
        wander_memory: memory_duos as f64 * BATCHES_PER_DUO,
        ..CLEAN
    }
}

fn cell(length: Length, sd: f64, memory_duos: usize) -> Scenario {
    let noise = noise(sd, memory_duos);
    match length {
        Length::Short => short(noise),
        Length::Long => Scenario::long(1.0, noise, 0.013, 600),
    }
}

/// The wander has mean 0 in the log, so the mean ratio is exp(sd²/2), a hair above 1: both
/// claims are false, each with its boundary on the truth.
fn false_claims(sd: f64) -> [Claim; 2] {
    [below(1.0), above(1.0 + sd * sd)]
}

/// The bands with an edge on either of [`false_claims`]' bounds: the top on 1, the bottom on
/// 1 + sd², both false.
fn false_bands(sd: f64) -> [Claim; 2] {
    [edge_bands(1.0)[0], edge_bands(1.0 + sd * sd)[1]]
}

/// A seed per cell and claim, so that every cell's runs are its own.
fn seed(length: Length, size: usize, memory: usize, claim: usize) -> u64 {
    let base = if length == Length::Short { 200 } else { 300 };
    base + 20 * size as u64 + 4 * memory as u64 + claim as u64
}

/// Asserts both false claims of each cell keep alpha (and both bands, with `bands`).
fn assert_cells_keep_alpha(length: Length, cells: &[(usize, usize)], bands: bool) {
    for &(size, memory) in cells {
        let (sd, memory_duos) = (SIZES[size], MEMORIES[memory]);
        let scenario = cell(length, sd, memory_duos);
        let claims = false_claims(sd)
            .into_iter()
            .chain(false_bands(sd).into_iter().filter(|_| bands));
        for (j, claim) in claims.enumerate() {
            let passed = simulate(seed(length, size, memory, j), &scenario, claim).passed;
            assert!(
                at_most_alpha(passed),
                "{length:?}, sd {sd}, memory {memory_duos} duos: {passed} of {RUNS} passed {claim:?}"
            );
        }
    }
}

/// The negative control: blocks assumed independent under `scenario`'s wander pass and
/// refute an A/A claim on the truth well above alpha.
fn assert_control_breaks(scenario: Scenario) {
    let control = Scenario {
        safeguards: INDEPENDENT,
        ..scenario
    };
    assert_fooled_both_ways(&simulate(290, &control, below(1.0)));
}

#[test]
fn the_longest_wanders_keep_alpha_for_short_routines() {
    // Short routines never decide under these wanders at all: the pilot's hundred blocks
    // show the dependence before the test starts.
    assert_cells_keep_alpha(Length::Short, &[(0, 3), (1, 3), (2, 3)], false);
    assert_control_breaks(cell(Length::Short, SIZES[0], MEMORIES[3]));
}

#[test]
fn the_grid_keeps_alpha_for_long_routines_outside_its_known_limit() {
    // Every size with memories of 5, 25 and 50 duos, 0.2% with 200 too.
    assert_cells_keep_alpha(
        Length::Long,
        &[
            (0, 0),
            (0, 1),
            (0, 2),
            (0, 3),
            (1, 0),
            (1, 1),
            (1, 2),
            (2, 0),
            (2, 1),
            (2, 2),
        ],
        false,
    );
    // The one cell of 200 duos inside the limit, with its bands.
    assert_cells_keep_alpha(Length::Long, &[(0, 3)], true);
    assert_control_breaks(cell(Length::Long, SIZES[2], MEMORIES[1]));
}

#[test]
fn slower_larger_wanders_pass_false_claims_at_long_routines_a_known_limit() {
    // A wander of about one duo's noise (0.6–2% against 1.3%) with a memory of 200 duos
    // outlasts the series a decision waits for (`MIN_SERIES_DUOS`, three memories of 50),
    // and the noise hides the part the series shows: what stays for the run looks like the
    // ratio (a larger wander, 8%, is plain to see and keeps alpha: `long.rs`).
    // docs/STATISTICS.md, "Known limits"; a change that lifts this limit fails here and
    // belongs in the docs.
    // The band whose top is on the truth falls into it as `ratio < 1` does.
    for (size, memory) in [(1, 3), (2, 3)] {
        let (sd, memory_duos) = (SIZES[size], MEMORIES[memory]);
        for (j, claim) in [below(1.0), false_bands(sd)[0]].into_iter().enumerate() {
            let o = simulate(
                seed(Length::Long, size, memory, 2 * j),
                &cell(Length::Long, sd, memory_duos),
                claim,
            );
            assert!(
                !at_most_alpha(o.passed),
                "sd {sd}, memory {memory_duos} duos: {} of {RUNS} passed {claim:?}",
                o.passed
            );
        }
    }
}

/// Prints every cell's false passes with the dependence safeguard and without it, and the
/// median duos to a decision. `WANDER_GRID=short` or `long` keeps one length.
#[test]
#[ignore = "measurement: prints a table"]
fn wander_grid_false_verdicts() {
    let only = std::env::var("WANDER_GRID").ok();
    for length in [Length::Short, Length::Long] {
        if only
            .as_deref()
            .is_some_and(|o| !format!("{length:?}").eq_ignore_ascii_case(o))
        {
            continue;
        }
        for (i, &sd) in SIZES.iter().enumerate() {
            for (m, &memory_duos) in MEMORIES.iter().enumerate() {
                let claims = false_claims(sd).into_iter().chain(false_bands(sd));
                for (j, claim) in claims.enumerate() {
                    let mut line = format!("{length:?} sd {sd} memory {memory_duos} {claim:?}:");
                    for safeguards in [Safeguards::ALL, INDEPENDENT] {
                        let scenario = Scenario {
                            safeguards,
                            ..cell(length, sd, memory_duos)
                        };
                        let o = simulate(seed(length, i, m, j), &scenario, claim);
                        line.push_str(&format!(
                            " dependence {}: passed {} refuted {} median {};",
                            safeguards.dependence, o.passed, o.refuted, o.median_duos
                        ));
                    }
                    println!("{line}");
                }
            }
        }
    }
}
