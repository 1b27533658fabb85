//! The sequential test: blocks of duos, an anytime-valid confidence sequence, and a stop as
//! soon as the claim is decided.
//!
//! What is estimated is the ratio of the two routines' **mean** per-call latencies (what a
//! caller pays; what `#[bench]`'s slope measures): per block, X = the first routine's summed
//! batch times and Y = the second's, and the estimate is ln(ΣX/ΣY), with the delta-method
//! spread of `stats::ratio_of_means`. Both routines' batches in a block ran under the same
//! machine state, so a slow drift of the machine's speed cancels from every block; on
//! undisturbed data the estimate is nearly the mean of the pair log-differences.
//!
//! Outliers: a duo with a pair outside the fence (`fence`) is set aside only while the
//! evidence says the machine caused it (`ownership`): set-aside duos must hit both routines
//! as chance allows. Each look computes both the fenced estimate (kept duos) and the
//! unfenced one (every duo) from the stored block sums, and judges with
//! - the fenced interval when nothing was set aside, or the split says machine noise and
//!   the unfenced interval does not exclude the fenced estimate;
//! - the unfenced interval otherwise: when one routine owns its outliers (they are its own
//!   costs), and while it is unsettled whose they are (too few set-aside duos to tell, or a
//!   disagreement beyond noise). Every duo is the estimand itself, so it is never wrong.
//!
//! The pick depends on the data, so it spends alpha: the fenced estimate's sequence runs at
//! [`FENCED_SHARE`] of alpha and the unfenced one's at the rest, and both hold at once with
//! probability 1 − alpha (a union bound), whichever a look judges with. No look needs both
//! to agree.
//!
//! Dependence: the relative speed of two routines can wander over tens of milliseconds, so
//! consecutive duos are not independent. Two designs, chosen before the test by the pilot's
//! length ([`SequentialSettings::for_pilot`]):
//! - **Dependence measured before the test.** When the pilot holds
//!   [`DEPENDENCE_PILOT_DUOS`](super::path::DEPENDENCE_PILOT_DUOS) or more (short routines: blocks of about 1 ms), the long-run variance factor f of the
//!   block values (`stats::long_run_factor`, overlapping batch means over the pilot's blocks
//!   followed by the run's) turns n correlated blocks into n/f effective ones, each with one
//!   block's spread: the interval widens by √f and a decision waits for `min_blocks`
//!   effective blocks. The pilot's series spans several memories of the slowest wander
//!   covered before the first look.
//! - **Units independent by design.** When the pilot is shorter (long routines, whose duos
//!   the pilot's budget holds few of), no factor is estimated: blocks are units of at least
//!   [`UNIT_DUOS`] duos, fixed before any data, long against the memories the guarantee
//!   covers, and the units count as independent observations. Nothing about dependence is
//!   chosen from the data, so nothing needs paying for; a wander whose memory reaches the
//!   unit's length is outside the guarantee (docs/STATISTICS.md).
//!
//! The confidence sequence (Lai's t-mixture, `stats::sequence`) holds at every look at once
//! with probability 1 − alpha for independent normal observations, so checking after every
//! block and stopping at the first decisive look keeps both error rates at most alpha; the
//! simulations (`simulation/`) check that this survives the approximations above, and
//! docs/STATISTICS.md states the procedure, its assumptions and its limits on one page.

use super::boundary::{Bound, Boundary};
use super::duo_times::DuoTimes;
use super::fence::{Fence, FollowingFence};
use super::ownership::{Attribution, SpikeSplit};
use super::p_value::{least_alpha, running_min, AnytimeP};
use super::path::{dependence_pilot_duos, PathLengths, DEPENDENCE_PILOT_BLOCKS};
use super::verdict::{judge, log_margin, Verdict};
use crate::model::Claim;
use crate::stats::{long_run_factor, ratio_of_means, PairedSums};
use crate::util::HeldBytes;

/// Without a claim, a run stops once the log interval's half-width is at most this (±0.5%).
pub const DEFAULT_PRECISION: f64 = 0.005;

/// A decision waits until the interval's half-width is at most this fraction of the distance
/// between the estimate and the claim's nearest boundary, a band's pass as much as a one-sided
/// claim's: where the interval under-covers (a relative speed that remembers itself for a
/// unit or longer), an interval inside a band is as likely to be wrong as one beside a bound
/// (docs/VALIDATION.md, section "Coverage of the printed interval").
pub const DECISION_PRECISION: f64 = 0.5;

/// Duos a decision waits for, whatever the block length: 150 batches of each routine. A
/// routine's own rare slow calls count in its mean latency only if the sample holds them:
/// after 150 batches without one, a cost that recurs in one batch of 50 or more often had a
/// chance of at most 5% to stay unseen (the rule of three). Where blocks are longer the
/// floor is outwaited: short routines wait for ten blocks of twelve duos after a pilot whose
/// rare costs hold the decision until the run meets them (scope: 1 in 200 batches), long
/// ones for six units, 300 batches (scope: 1 in 75); docs/STATISTICS.md states the scope and
/// `simulation::rare` asserts it and the limit beyond.
pub const MIN_DECISION_DUOS: usize = 75;

/// Duos the pilot holds, at least, before the measured-dependence path's first look: the
/// pilot the short routines' coverage was shown on (500 duos, the least a default warmup
/// leaves them, `simulation/coverage.rs`). A pilot cut shorter (by the warmup's cap, or a
/// user's `warmup`) leaves the factor measured on one to three memories of the slowest
/// wander covered, and the interval missed above alpha there (the coverage table's
/// short-pilot rows): the run's first duos top the pilot up instead, feeding the
/// dependence estimate and not the ratio's.
pub const DEPENDENCE_SERIES_DUOS: usize = 500;

/// Duos a block of the measured-dependence path holds at least: the short routines' blocks
/// the coverage was shown on. Blocks of one to four duos, with the same duos, missed in up
/// to 7% of runs under the slowest wanders covered, where blocks of twelve missed in at
/// most 4% (docs/VALIDATION.md, section "Coverage of the printed interval").
pub const DEPENDENCE_BLOCK_DUOS: usize = 12;

/// Duos the pilot of the measured-dependence path holds before its first look, in blocks of
/// `duos_per_block`: [`DEPENDENCE_SERIES_DUOS`] in whole blocks, and
/// [`DEPENDENCE_PILOT_BLOCKS`] of them.
fn dependence_series_duos(duos_per_block: usize) -> usize {
    let block = duos_per_block.max(1);
    DEPENDENCE_SERIES_DUOS
        .next_multiple_of(block)
        .max(DEPENDENCE_PILOT_BLOCKS * block)
}

/// Duos a unit holds at least when the pilot is too short to measure dependence. A unit
/// averages the relative speed over its duos, so units are nearly independent when the
/// relative speed forgets itself within a fraction of a unit: an AR(1) of coefficient 0.9
/// from one duo to the next (memory about 10 duos) still keeps the interval's misses at
/// most alpha, a wander whose memory is the unit's length does not (docs/VALIDATION.md,
/// section "Coverage of the printed interval"). Longer units cover slower wanders and cost
/// time to a verdict in proportion: a decision waits for the unit boundary's first look
/// ([`UNIT_BOUNDARY`]).
pub const UNIT_DUOS: usize = 25;

/// Whether a pilot of `pilot_duos` duos in blocks of `duos_per_block` measures the
/// dependence between blocks before the test ([`DEPENDENCE_PILOT_DUOS`](super::path::DEPENDENCE_PILOT_DUOS) in
/// [`DEPENDENCE_PILOT_BLOCKS`] blocks or more); when not, the test judges on units.
fn measures_dependence(pilot_duos: usize, duos_per_block: usize) -> bool {
    pilot_duos >= dependence_pilot_duos(duos_per_block)
}

/// Effective blocks a decision waits for on the measured-dependence path.
pub const MIN_BLOCKS: usize = 10;

/// The time a unit spans at least, up to [`UNIT_DUOS`] duos: what 25 duos of 2 ms routines
/// span, the length whose coverage the simulations show (a relative speed that forgets
/// itself within 80 ms, an AR(1) of 0.9 from one 8 ms duo to the next, covered). The
/// machine's memory is measured in time, so a routine whose duo is longer needs fewer duos
/// a unit to outlast it: [`unit_duos`].
pub const UNIT_NS: f64 = 200e6;

/// Duos a unit holds for duos of `duo_ns`: [`UNIT_DUOS`] up to duos of 8 ms, then as many as
/// span [`UNIT_NS`], at least one.
#[must_use]
pub fn unit_duos(duo_ns: f64) -> usize {
    ((UNIT_NS / duo_ns.max(1.0)).ceil() as usize).clamp(1, UNIT_DUOS)
}

/// The time the sample floor spans at most: with duos longer than this over
/// [`MIN_DECISION_DUOS`] (27 ms, calls of about 6.5 ms), the floor holds this much time of
/// duos instead of 75 of them, so that a routine of 20 ms can be decided within the
/// default 5 s budget. What the shorter floor leaves uncovered is a routine's own cost that
/// recurs more rarely than once in a third of the batches it holds (docs/STATISTICS.md,
/// "Long routines").
pub const FLOOR_NS: f64 = 2e9;

/// Duos a decision waits for when a duo lasts `duo_ns`: [`MIN_DECISION_DUOS`], or as many
/// as span [`FLOOR_NS`] when that is fewer.
#[must_use]
pub fn min_decision_duos(duo_ns: f64) -> usize {
    ((FLOOR_NS / duo_ns.max(1.0)).ceil() as usize).clamp(1, MIN_DECISION_DUOS)
}

/// How a test on units draws its interval: Lai's t-mixture tightest at twelve units (half
/// of what a 5 s budget holds for 2 ms routines, where the decisions that take longest
/// fall), deciding from six (at fewer its interval is too wide to decide a 1% difference of
/// 2 ms routines anyway). Mixtures tuned for fewer units and Student's t at scheduled looks
/// decide no sooner or leave scenarios the mixture covers uncovered (`decide::boundary`;
/// docs/STATISTICS.md, step 8).
pub const UNIT_BOUNDARY: Boundary = Boundary::Mixture {
    target: 12.0,
    min_units: 6,
};

/// Outlying duos per effective block when one routine owns its outliers. Rare, large own
/// costs make block values lumpy (most blocks have none), and a mean over lumpy values is
/// far from normal until it holds a few of them: the estimate counts as no more effective
/// blocks than it has seen outliers / 3 (so a decision needs about 30 of them; frequent
/// outliers weigh as more rare ones, see [`lump_equivalent`]) — while they
/// recur (one fell in the later half of the run so far); outliers that stopped, like those
/// of a ratio that moved once, leave ordinary block values behind. A smaller divisor keeps
/// the error rates but lets the estimate at the decision rest on too few lumps to be
/// accurate (docs/VALIDATION.md, section "Amortized costs").
const OWNED_OUTLIERS_PER_BLOCK: f64 = 3.0;

/// How many rare lumps the `outliers` among `duos` weigh as, for how far from normal their
/// mean is: a mean over n duos of which a share p carry a lump is skewed by
/// (1 − 2p) / √(n·p·(1 − p)), as a mean over n·p(1 − p)/(1 − 2p)² rare lumps would be. Rare
/// outliers count as themselves; frequent ones count for more, and from half the duos on
/// they no longer make the mean lumpy at all (infinite). Without this, a long routine whose
/// outliers fall in a large share of its duos counts as far too few effective blocks and
/// cannot be decided within the budget (docs/DESIGN-MEASUREMENTS.md).
fn lump_equivalent(outliers: f64, duos: f64) -> f64 {
    let p = (outliers / duos.max(1.0)).clamp(0.0, 1.0);
    if p >= 0.5 {
        f64::INFINITY
    } else {
        outliers * (1.0 - p) / ((1.0 - 2.0 * p) * (1.0 - 2.0 * p))
    }
}

/// The sum of squared deviations of `blocks` blocks, rescaled to `effective` blocks with the
/// same spread each: n blocks that count as n/f have the variance of a mean grow by f, not
/// f² (which passing the whole sum with the smaller count would give).
fn rescaled(sum_sq_dev: f64, effective: usize, blocks: usize) -> f64 {
    sum_sq_dev * effective as f64 / blocks.max(1) as f64
}

/// The share of alpha the fenced estimate's sequence spends; the unfenced one spends the
/// rest. Which estimate a look judges with depends on the data (who the set-aside duos
/// hit), so each sequence must hold on its own share for the verdict to hold at alpha
/// whichever is picked, at every look (a union bound over the two). The fenced estimate
/// judges most runs, so it gets most of alpha; the unfenced one judges routines that own
/// their outliers, whose intervals are wide for their lumps anyway.
pub const FENCED_SHARE: f64 = 0.8;

/// The two estimates' confidence sequences at one error rate, split by [`FENCED_SHARE`].
#[derive(Clone, Copy, Debug)]
struct Sequences {
    fenced: Bound,
    unfenced: Bound,
}

impl Sequences {
    /// Both sequences for a total error rate `alpha`, of which this test spends its
    /// [`SequentialSettings::alpha_share`]; without the ownership safeguard the fenced
    /// estimate is the only one and has all of it.
    fn new(alpha: f64, settings: &SequentialSettings) -> Self {
        let (fenced, unfenced) = Self::rates(alpha, settings);
        let boundary = settings.boundary();
        Self {
            fenced: Bound::new(boundary, fenced),
            unfenced: Bound::new(boundary, unfenced),
        }
    }

    /// The fenced and the unfenced sequence's error rates for a total `alpha`.
    fn rates(alpha: f64, settings: &SequentialSettings) -> (f64, f64) {
        let alpha = alpha * settings.alpha_share;
        if settings.safeguards.ownership {
            (alpha * FENCED_SHARE, alpha * (1.0 - FENCED_SHARE))
        } else {
            (alpha, alpha)
        }
    }

    /// The same intervals (the same mixture, the same τ each) at a total error rate
    /// `alpha`, split as [`Sequences::new`] splits it: intervals nested in their error
    /// rate, as the anytime p-value needs (`p_value`).
    fn at_alpha(&self, alpha: f64, settings: &SequentialSettings) -> Self {
        let (fenced, unfenced) = Self::rates(alpha, settings);
        Self {
            fenced: self.fenced.at_alpha(fenced),
            unfenced: self.unfenced.at_alpha(unfenced),
        }
    }
}

/// The block count a confidence sequence is tightest at, unless the settings say otherwise.
pub const TARGET_BLOCKS: f64 = 64.0;

/// Blocks between two refreshes of the run's own dependence estimate.
const DEPENDENCE_EVERY: usize = 8;

/// The robustness safeguards, each of which the simulations switch off in their negative
/// controls to show that it is needed (each alone in `simulation/controls.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Safeguards {
    /// The fence's centre follows the data.
    pub follow: bool,
    /// Set-aside duos must be shown to be machine noise.
    pub ownership: bool,
    /// Correlated blocks count as fewer effective ones (the long-run variance factor).
    pub dependence: bool,
    /// With a pilot too short to measure dependence, blocks are units of at least
    /// [`UNIT_DUOS`] duos counted as independent (without: blocks of the requested length,
    /// their dependence estimated from the run).
    pub units: bool,
    /// No decision before [`MIN_DECISION_DUOS`] duos.
    pub sample_floor: bool,
    /// No decision before the interval's half-width is [`DECISION_PRECISION`] of the
    /// margin: besides an accurate reported ratio, this is the slack that keeps a wander
    /// of the routines' relative speed too slow or too small for the dependence factor
    /// from passing claims on the truth.
    pub decision_precision: bool,
    /// The decision precision holds a band's pass too (without: a band passes as soon as
    /// its interval lies inside it, the rule before bands were held to it).
    pub band_precision: bool,
    /// Outliers of one routine that the pilot showed and the run has not met yet hold a
    /// decision back, as its own rare costs (without: the run's silence counts as their
    /// having stopped, the rule before).
    pub pilot_costs: bool,
    /// The measured-dependence path runs as its coverage was shown: blocks of at least
    /// [`DEPENDENCE_BLOCK_DUOS`], and a pilot topped up from the run to
    /// [`DEPENDENCE_SERIES_DUOS`] before the first look (without: the pilot as the warmup
    /// left it, in blocks of the requested length).
    pub full_pilot: bool,
}

impl Safeguards {
    /// Everything on: what every real run uses.
    pub const ALL: Safeguards = Safeguards {
        follow: true,
        ownership: true,
        dependence: true,
        units: true,
        sample_floor: true,
        decision_precision: true,
        band_precision: true,
        pilot_costs: true,
        full_pilot: true,
    };
}

/// Settings of the sequential test, resolved before measuring starts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SequentialSettings {
    /// Error rate: the interval is a (1 − alpha) confidence sequence.
    pub alpha: f64,
    /// The share of `alpha` this test spends, 1 unless another test may take over on the
    /// same duos: a test on thread CPU time leaves the rest to the wall-time test that
    /// replaces it if the routines turn out to wait, so that the two hold alpha together
    /// (a union bound; p-values stay on the scale of the whole `alpha`).
    pub alpha_share: f64,
    /// What to decide; `None` stops once the interval is `precision` narrow.
    pub claim: Option<Claim>,
    /// Duos summed into one block.
    pub duos_per_block: usize,
    /// Effective blocks required before any decision.
    pub min_blocks: usize,
    /// Block count the confidence sequence is tightest at.
    pub target_blocks: f64,
    /// Without a claim: stop when the log interval's half-width is at most this.
    pub precision: f64,
    /// ln(first routine's iterations per batch / second's): 0 when both run one count.
    /// Outliers fall on a batch in proportion to its time, which is the per-iteration
    /// ratio times this.
    pub log_batch_iters_ratio: f64,
    /// Duos a unit holds when the test judges on units ([`unit_duos`] of the routines'
    /// duo).
    pub unit_duos: usize,
    /// Duos a decision waits for ([`min_decision_duos`] of the routines' duo), with the
    /// sample floor on.
    pub min_duos: usize,
    /// How the interval is drawn when the test judges on units.
    pub unit_boundary: Boundary,
    /// The lengths that set the path, where measuring planned the blocks: whether the
    /// routines are short enough for their pilot to measure the dependence
    /// ([`PathLengths::in_reach`]; when not, the test judges on units whatever the pilot's
    /// length), kept so that a report can say why. `None` (tests of the test itself) counts
    /// as in reach.
    pub path_lengths: Option<PathLengths>,
    pub(crate) safeguards: Safeguards,
}

impl SequentialSettings {
    /// Defaults for a claim (or none) and a block size.
    #[must_use]
    pub fn new(alpha: f64, claim: Option<Claim>, duos_per_block: usize) -> Self {
        Self {
            alpha,
            alpha_share: 1.0,
            claim,
            duos_per_block: duos_per_block.max(1),
            min_blocks: MIN_BLOCKS,
            target_blocks: TARGET_BLOCKS,
            precision: DEFAULT_PRECISION,
            log_batch_iters_ratio: 0.0,
            unit_duos: UNIT_DUOS,
            min_duos: MIN_DECISION_DUOS,
            unit_boundary: UNIT_BOUNDARY,
            path_lengths: None,
            safeguards: Safeguards::ALL,
        }
    }

    /// Whether the routines are short enough for their pilot to measure the dependence
    /// ([`Self::path_lengths`]; in reach without them).
    fn dependence_in_reach(&self) -> bool {
        self.path_lengths.is_none_or(|l| l.in_reach())
    }

    /// Whether a test after `pilot_duos` pilot duos takes the measured-dependence path as
    /// its coverage was shown ([`Safeguards::full_pilot`]): in blocks of at least
    /// [`DEPENDENCE_BLOCK_DUOS`], its pilot topped up to [`DEPENDENCE_SERIES_DUOS`].
    fn tops_up(&self, pilot_duos: usize) -> bool {
        self.safeguards.full_pilot
            && self.safeguards.dependence
            && self.dependence_in_reach()
            && measures_dependence(pilot_duos, self.duos_per_block)
    }

    /// The same settings for routines whose duo lasts `duo_ns`: units of [`unit_duos`] and
    /// a sample floor of [`min_decision_duos`].
    #[must_use]
    pub fn for_duo_ns(self, duo_ns: f64) -> Self {
        Self {
            unit_duos: unit_duos(duo_ns),
            min_duos: min_decision_duos(duo_ns),
            ..self
        }
    }

    /// How the interval is drawn: [`Self::unit_boundary`] on units, else the t-mixture
    /// tightest at [`Self::target_blocks`].
    pub(crate) fn boundary(&self) -> Boundary {
        if self.counts_units() {
            self.unit_boundary
        } else {
            Boundary::Mixture {
                target: self.target_blocks,
                min_units: self.min_blocks,
            }
        }
    }

    /// Duos a decision waits for at least, as these settings run
    /// ([`SequentialSettings::for_pilot`]), after the pilot: the sample floor, and the
    /// blocks the first decisive look needs.
    #[must_use]
    pub fn decision_floor(&self) -> usize {
        let floor = if self.safeguards.sample_floor {
            self.min_duos
        } else {
            0
        };
        floor.max(self.min_blocks * self.duos_per_block)
    }

    /// Whether these settings, as a test runs with them ([`SequentialSettings::for_pilot`]),
    /// count blocks as units independent by design.
    #[must_use]
    pub fn counts_units(&self) -> bool {
        self.safeguards.units && !self.safeguards.dependence
    }

    /// The settings a test with `pilot_duos` pilot duos runs with: unchanged when the
    /// routines are short enough to measure the dependence between blocks
    /// ([`Self::path_lengths`]) and the pilot does
    /// ([`DEPENDENCE_PILOT_DUOS`](super::path::DEPENDENCE_PILOT_DUOS) in
    /// [`DEPENDENCE_PILOT_BLOCKS`] blocks or more), or units are off; otherwise blocks of
    /// [`Self::unit_duos`] counted as independent, with no dependence factor, deciding
    /// from the unit boundary's first look on.
    #[must_use]
    pub fn for_pilot(self, pilot_duos: usize) -> Self {
        if self.tops_up(pilot_duos) {
            return Self {
                duos_per_block: self.duos_per_block.max(DEPENDENCE_BLOCK_DUOS),
                ..self
            };
        }
        if !self.safeguards.units
            || (self.dependence_in_reach() && measures_dependence(pilot_duos, self.duos_per_block))
        {
            return self;
        }
        Self {
            duos_per_block: self.duos_per_block.max(self.unit_duos),
            min_blocks: self.min_blocks.min(self.unit_boundary.min_units()),
            target_blocks: self.unit_boundary.target(),
            safeguards: Safeguards {
                dependence: false,
                ..self.safeguards
            },
            ..self
        }
    }
}

/// Summed batch times of one block, in nanoseconds: of the kept duos, and of all duos; and
/// how many duos were kept, which the means behind the ratio are over.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BlockSums {
    /// The first routine's time in kept duos.
    pub kept_first: f64,
    /// The second routine's time in kept duos.
    pub kept_second: f64,
    /// The first routine's time in all duos.
    pub all_first: f64,
    /// The second routine's time in all duos.
    pub all_second: f64,
    /// Duos the fence kept, whose times are in the kept sums.
    pub kept_duos: usize,
}

impl BlockSums {
    /// Adds a duo's times: to the kept sums too when the fence `kept` it.
    fn add(&mut self, duo: &DuoTimes, kept: bool) {
        let (first, second) = (duo.first_ns(), duo.second_ns());
        self.all_first += first;
        self.all_second += second;
        if kept {
            self.kept_first += first;
            self.kept_second += second;
            self.kept_duos += 1;
        }
    }

    /// The kept duos' sums, (first, second).
    fn kept(&self) -> (f64, f64) {
        (self.kept_first, self.kept_second)
    }

    /// All duos' sums, (first, second).
    fn all(&self) -> (f64, f64) {
        (self.all_first, self.all_second)
    }
}

/// The long-run variance factor of a series of blocks' linearised values (1 while the
/// series is too short), on the sums `pick` chooses.
fn dependence_of<'a>(
    blocks: impl Iterator<Item = &'a BlockSums>,
    pick: fn(&BlockSums) -> (f64, f64),
) -> f64 {
    let sums: Vec<(f64, f64)> = blocks.map(pick).collect();
    ratio_of_means(&sums).map_or(1.0, |r| long_run_factor(&r.linearised))
}

/// Which duos the verdict's estimate rests on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Basis {
    /// The duos the fence kept: the set-aside ones were machine noise (or there were none).
    Fenced,
    /// Every duo: one routine owns its outliers, so they are part of its mean latency.
    Unfenced,
    /// Every duo: whose the outliers are is unsettled, for the reason given, so none is
    /// left out.
    Unsettled(Unsettled),
}

/// Why it is unsettled whose the outliers are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unsettled {
    /// Every outlying duo (the pilot's included) was slow in one routine, too few to show
    /// whether that routine owns them.
    TooFew,
    /// The split looks like machine noise, but the estimate without the outliers lies
    /// outside the interval with them: the two disagree beyond noise.
    Disagreeing,
}

/// The estimate at the latest look.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// ln of the ratio of mean latencies.
    pub log_ratio: f64,
    /// The (1 − alpha) interval for it, while bounded.
    pub log_interval: Option<(f64, f64)>,
    /// Which duos it rests on.
    pub basis: Basis,
    /// Blocks per effective independent block (1 when block values are uncorrelated).
    pub dependence: f64,
    /// Effective blocks behind the interval.
    pub effective_blocks: usize,
    /// Set while a routine's own rare slow batches hold the effective blocks below what a
    /// decision needs: too few of them seen for their mean to be near normal.
    pub rare_costs: Option<RareCosts>,
}

/// A decision held back by one routine's own rare slow batches
/// ([`Sequential`]'s estimate counts a third of them as effective blocks at most).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RareCosts {
    /// Whether they are the first routine's (else the second's).
    pub first: bool,
    /// Outlying duos seen, the pilot's included.
    pub seen: usize,
    /// About how many more duos would hold enough of them to decide, at the rate seen
    /// (`None` when the rate says nothing).
    pub more_duos: Option<usize>,
}

/// State of a running sequential test. Feed it duos; it says when to stop.
#[derive(Clone, Debug)]
pub struct Sequential {
    settings: SequentialSettings,
    fence: FollowingFence,
    sequences: Sequences,
    pilot_dependence: f64,
    /// The pilot's duos in blocks of the test's size, in order: the start of the series
    /// the run's dependence is measured on.
    pilot_blocks: Vec<BlockSums>,
    /// Duos the pilot holds before the run's duos reach the estimate (the warmup's pilot
    /// topped up, [`Safeguards::full_pilot`]; 0 where nothing is topped up), and the open
    /// block of the duos that top it up.
    pilot_target: usize,
    pilot_open: BlockSums,
    open: BlockSums,
    open_duos: usize,
    blocks: Vec<BlockSums>,
    kept_sums: PairedSums,
    all_sums: PairedSums,
    /// The long-run variance factors (kept, all) of the pilot's blocks followed by the run's,
    /// refreshed every `DEPENDENCE_EVERY` blocks: it moves slowly, and recomputing it is
    /// O(n).
    run_dependence: (f64, f64),
    duo_means: Vec<f64>,
    split: SpikeSplit,
    /// The pilot's outlying duos, by side: evidence about who owns outliers, too.
    pilot_split: SpikeSplit,
    pilot_duos: usize,
    /// Index of the last set-aside duo (0 before any).
    last_set_aside: usize,
    estimate: Option<Estimate>,
    decided: Option<Verdict>,
    /// The least error rate at which a look decided the claim so far (`p_value`).
    least_p: Option<AnytimeP>,
}

impl Sequential {
    /// Starts a test whose fence, and first estimate of dependence, come from the `pilot`
    /// duos (measured at the final batch size before the test starts, in order).
    #[must_use]
    pub fn new(settings: SequentialSettings, pilot: &[DuoTimes]) -> Self {
        Self::with_pilot_of(settings, pilot, pilot.len())
    }

    /// [`Sequential::new`] when `pilot` holds the undisturbed duos of a pilot of
    /// `pilot_duos`: the path (units or the dependence measured) is chosen on the whole
    /// pilot's length, so that how many of its duos the scheduler happened to preempt does
    /// not choose it.
    #[must_use]
    pub fn with_pilot_of(
        settings: SequentialSettings,
        pilot: &[DuoTimes],
        pilot_duos: usize,
    ) -> Self {
        let tops_up = settings.tops_up(pilot_duos);
        let settings = settings.for_pilot(pilot_duos);
        let pilot_diffs: Vec<f64> = pilot.iter().flat_map(DuoTimes::log_diffs).collect();
        let pilot_fence = Fence::from_pilot(&pilot_diffs);
        let pilot_blocks: Vec<BlockSums> = pilot
            .chunks_exact(settings.duos_per_block)
            .map(|duos| {
                let mut block = BlockSums::default();
                for duo in duos {
                    block.add(duo, duo.log_diffs().iter().all(|&x| pilot_fence.admits(x)));
                }
                block
            })
            .collect();
        let mut pilot_split = SpikeSplit::default();
        let mut fixed = FollowingFence::new(&pilot_diffs, false).with_batch_history(pilot);
        for duo in pilot {
            match fixed.outlier_side(duo) {
                Some(true) => pilot_split.first += 1,
                Some(false) => pilot_split.second += 1,
                None => {}
            }
        }
        let pilot_dependence = if settings.safeguards.dependence {
            dependence_of(pilot_blocks.iter(), BlockSums::kept)
        } else {
            1.0
        };
        // The duos the pilot's last block left open start the block that tops it up.
        let mut pilot_open = BlockSums::default();
        if tops_up {
            for duo in pilot.chunks_exact(settings.duos_per_block).remainder() {
                pilot_open.add(duo, duo.log_diffs().iter().all(|&x| pilot_fence.admits(x)));
            }
        }
        Self {
            settings,
            fence: FollowingFence::new(&pilot_diffs, settings.safeguards.follow)
                .with_batch_history(pilot),
            sequences: Sequences::new(settings.alpha, &settings),
            pilot_dependence,
            pilot_blocks,
            pilot_target: if tops_up {
                dependence_series_duos(settings.duos_per_block)
            } else {
                0
            },
            pilot_open,
            open: BlockSums::default(),
            open_duos: 0,
            blocks: Vec::new(),
            kept_sums: PairedSums::default(),
            all_sums: PairedSums::default(),
            run_dependence: (1.0, 1.0),
            duo_means: Vec::new(),
            split: SpikeSplit::default(),
            pilot_split,
            pilot_duos: pilot.len(),
            last_set_aside: 0,
            estimate: None,
            decided: None,
            least_p: None,
        }
    }

    /// Adds one duo. Returns the verdict once the evidence is decisive; after that, further
    /// duos are ignored.
    pub fn push_duo(&mut self, duo: &DuoTimes) -> Option<Verdict> {
        if self.decided.is_some() {
            return self.decided;
        }
        if self.pilot_duos < self.pilot_target {
            self.top_up_pilot(duo);
            return None;
        }
        self.duo_means.push(duo.mean_log_diff());
        let judged = self.fence.outlier_side(duo);
        self.open.add(duo, judged.is_none());
        if let Some(first_slow) = judged {
            self.last_set_aside = self.duo_means.len();
            if first_slow {
                self.split.first += 1;
            } else {
                self.split.second += 1;
            }
        }
        self.open_duos += 1;
        if self.open_duos < self.settings.duos_per_block {
            return None;
        }
        let block = std::mem::take(&mut self.open);
        self.kept_sums.push(block.kept_first, block.kept_second);
        self.all_sums.push(block.all_first, block.all_second);
        self.blocks.push(block);
        self.open_duos = 0;
        if self.settings.safeguards.dependence && self.blocks.len().is_multiple_of(DEPENDENCE_EVERY)
        {
            let series = || self.pilot_blocks.iter().chain(&self.blocks);
            self.run_dependence = (
                dependence_of(series(), BlockSums::kept),
                dependence_of(series(), BlockSums::all),
            );
        }
        self.estimate = self.estimate_at(&self.sequences);
        self.decided = self.look_at(self.estimate);
        self.least_p = running_min(self.least_p, self.look_p());
        self.decided
    }

    /// Adds `duo` to the pilot that is being topped up ([`Safeguards::full_pilot`]): judged
    /// by the fence, which follows it, its outlier counted as the pilot's, its block in the
    /// series the dependence is measured on; once the pilot is full, the dependence is
    /// measured on it as on a pilot that long.
    fn top_up_pilot(&mut self, duo: &DuoTimes) {
        let judged = self.fence.outlier_side(duo);
        match judged {
            Some(true) => self.pilot_split.first += 1,
            Some(false) => self.pilot_split.second += 1,
            None => {}
        }
        self.pilot_open.add(duo, judged.is_none());
        self.pilot_duos += 1;
        if self.pilot_duos.is_multiple_of(self.settings.duos_per_block) {
            self.pilot_blocks.push(std::mem::take(&mut self.pilot_open));
        }
        if self.pilot_duos == self.pilot_target {
            self.pilot_dependence = dependence_of(self.pilot_blocks.iter(), BlockSums::kept);
        }
    }

    /// The least error rate at which this look, with the same mixture, decides the claim;
    /// `None` when it cannot beat the least one seen (nested intervals: a look that does
    /// not decide at that rate decides at no smaller one) or there is no claim.
    fn look_p(&self) -> Option<AnytimeP> {
        self.settings.claim?;
        let decides = |alpha: f64| {
            let sequences = self.sequences.at_alpha(alpha, &self.settings);
            self.look_at(self.estimate_at(&sequences))
        };
        if let Some(least) = self.least_p {
            decides(least.p)?;
        }
        least_alpha(decides)
    }

    /// Both estimates from the stored blocks, combined as the module docs say, each with the
    /// intervals of its own sequence.
    fn estimate_at(&self, sequences: &Sequences) -> Option<Estimate> {
        let fenced = self.interval_of(
            &sequences.fenced,
            &self.kept_sums,
            self.run_dependence.0,
            Basis::Fenced,
        )?;
        if !self.settings.safeguards.ownership {
            return Some(fenced);
        }
        let unfenced = self.interval_of(
            &sequences.unfenced,
            &self.all_sums,
            self.run_dependence.1,
            Basis::Unfenced,
        )?;
        // The first routine's share of a duo's time, which is its share of the machine's
        // outliers when the machine causes them.
        let log_time_ratio = fenced.log_ratio + self.settings.log_batch_iters_ratio;
        let p_first = 1.0 / (1.0 + (-log_time_ratio).exp());
        // The pilot's outliers count as evidence, unless the test has run as long as the
        // pilot without any: then they were a one-off (a first touch of memory, a lazy
        // initialisation), not a cost that recurs.
        let pilot_expired =
            self.split == SpikeSplit::default() && self.duo_means.len() >= self.pilot_duos;
        let pilot = if pilot_expired {
            SpikeSplit::default()
        } else {
            self.pilot_split
        };
        let evidence = SpikeSplit {
            first: self.split.first + pilot.first,
            second: self.split.second + pilot.second,
        };
        let unsettled = |reason| Estimate {
            basis: Basis::Unsettled(reason),
            ..unfenced
        };
        let run_seen = self.split.first + self.split.second;
        let unmet = run_seen == 0 && self.settings.safeguards.pilot_costs;
        Some(match evidence.attribute(p_first) {
            Attribution::Nothing => fenced,
            Attribution::Owned { first } => {
                // Owned outliers recur while one fell in the later half of the run so far;
                // the pilot's, while the run has met none of them yet, have not stopped
                // either: the run has not been long enough to show them (their evidence
                // expires once it has, above). Either way the estimate waits for enough of
                // them in its own duos.
                let recurring = unmet || self.last_set_aside >= self.duo_means.len() / 2;
                if recurring {
                    self.held_by_rare_costs(&sequences.unfenced, unfenced, first, pilot)?
                } else {
                    unfenced
                }
            }
            // Every outlier so far is the pilot's, on one routine: the estimate holds none
            // of those slow batches, and one routine's rare costs look like that until the
            // run meets them or runs as long as the pilot without.
            Attribution::Undetermined if unmet => {
                let held =
                    self.held_by_rare_costs(&sequences.unfenced, unfenced, pilot.first > 0, pilot)?;
                Estimate {
                    basis: Basis::Unsettled(Unsettled::TooFew),
                    ..held
                }
            }
            Attribution::Undetermined => unsettled(Unsettled::TooFew),
            // A split that chance allows is not proof: a routine that owns most of its
            // outliers while the machine adds a few to the other looks the same for a while
            // (docs/DESIGN-MEASUREMENTS.md). So when the unfenced
            // interval, wide as it is, already excludes the fenced estimate, the two disagree
            // beyond noise and every duo counts.
            Attribution::Machine => match unfenced.log_interval {
                Some((c, d)) if !(c..=d).contains(&fenced.log_ratio) => {
                    unsettled(Unsettled::Disagreeing)
                }
                _ => fenced,
            },
        })
    }

    /// The interval for one estimate, with correlated blocks counted as fewer.
    fn interval_of(
        &self,
        sequence: &Bound,
        sums: &PairedSums,
        run: f64,
        basis: Basis,
    ) -> Option<Estimate> {
        let (log_ratio, sum_sq_dev) = sums.log_ratio_and_spread()?;
        let dependence = self.pilot_dependence.max(run);
        let effective_blocks = (sums.n() as f64 / dependence).floor() as usize;
        // Fewer effective blocks, each with the spread one block shows: the variance of the
        // mean grows by the dependence factor, as the long-run variance says.
        Some(Estimate {
            log_ratio,
            log_interval: sequence.interval(
                effective_blocks,
                sums.n(),
                log_ratio,
                rescaled(sum_sq_dev, effective_blocks, sums.n()),
            ),
            basis,
            dependence,
            effective_blocks,
            rare_costs: None,
        })
    }

    /// `unfenced` counted as no more effective blocks than a third of the rare outliers its
    /// duos hold ([`OWNED_OUTLIERS_PER_BLOCK`], [`lump_equivalent`]): a mean over lumpy
    /// block values is far from normal until it holds a few dozen lumps. While that holds a
    /// decision back, the estimate says whose they are, how many were seen (the `pilot`'s
    /// too) and about how many more duos would hold enough of them.
    fn held_by_rare_costs(
        &self,
        sequence: &Bound,
        unfenced: Estimate,
        first: bool,
        pilot: SpikeSplit,
    ) -> Option<Estimate> {
        let duos = self.duo_means.len() as f64;
        let seen = self.split.first + self.split.second;
        let lumps = lump_equivalent(seen as f64, duos);
        let cap = (lumps / OWNED_OUTLIERS_PER_BLOCK) as usize;
        let effective_blocks = unfenced.effective_blocks.min(cap);
        let spread = self.all_sums.log_ratio_and_spread()?.1;
        let pilot_seen = pilot.first + pilot.second;
        // Said only where the lumps are what holds the decision: fewer than it needs, and
        // fewer than the blocks would count as without them.
        let holds = cap < self.settings.min_blocks && cap < unfenced.effective_blocks;
        let rare_costs = holds.then(|| {
            // The rate at which they came, over the pilot's duos too while its evidence
            // counts, and the duos at that rate whose lumps reach the fewest blocks.
            let over = duos
                + if pilot_seen > 0 {
                    self.pilot_duos as f64
                } else {
                    0.0
                };
            let p = (seen + pilot_seen) as f64 / over.max(1.0);
            let wanted = OWNED_OUTLIERS_PER_BLOCK * self.settings.min_blocks as f64;
            let needed = wanted * (1.0 - 2.0 * p).powi(2) / (p * (1.0 - p));
            RareCosts {
                first,
                seen: seen + pilot_seen,
                more_duos: (p > 0.0 && p < 0.5).then(|| (needed - duos).max(1.0).ceil() as usize),
            }
        });
        Some(Estimate {
            effective_blocks,
            log_interval: sequence.interval(
                effective_blocks,
                self.all_sums.n(),
                unfenced.log_ratio,
                rescaled(spread, effective_blocks, self.all_sums.n()),
            ),
            rare_costs,
            ..unfenced
        })
    }

    fn look_at(&self, estimate: Option<Estimate>) -> Option<Verdict> {
        self.look_with(self.settings.claim.as_ref(), estimate)
    }

    /// The verdict this look would give `claim`: a test of it fed the same duos reaches its
    /// verdict at the first look where this is `Some` (nothing before the verdict depends on
    /// the claim), so one claimless run serves many claims in the simulations.
    #[cfg(test)]
    pub(crate) fn verdict_for(&self, claim: &Claim) -> Option<Verdict> {
        self.look_with(Some(claim), self.estimate)
    }

    /// Whether a look with `estimate` may decide at all: enough effective blocks, and the
    /// sample and series floors the safeguards set.
    fn past_floors(&self, estimate: &Estimate) -> bool {
        estimate.effective_blocks >= self.settings.min_blocks
            && !(self.settings.safeguards.sample_floor
                && self.duo_means.len() < self.settings.min_duos)
    }

    /// Whether the latest look was one at which a claim could be decided (past the floors).
    #[cfg(test)]
    pub(crate) fn may_decide(&self) -> bool {
        self.estimate.is_some_and(|e| self.past_floors(&e))
    }

    fn look_with(&self, claim: Option<&Claim>, estimate: Option<Estimate>) -> Option<Verdict> {
        let estimate = estimate?;
        if !self.past_floors(&estimate) {
            return None;
        }
        let (low, high) = estimate.log_interval?;
        match claim {
            // Stopping at the first decisive look favours extreme estimates: the interval
            // first clears the boundary when the estimate happens to be far from it. So a
            // decision also waits until the interval's half-width is at most half the distance
            // from the estimate to the claim's nearest boundary; the reported ratio is then
            // accurate, not just on the right side. Waiting longer cannot hurt validity: the
            // confidence sequence holds at every look. A band's pass waits too: its interval
            // inside the band says no more than a one-sided claim's beside its bound when
            // the interval under-covers.
            Some(claim) => judge(claim, low.exp(), high.exp()).filter(|verdict| {
                let exempt = !self.settings.safeguards.band_precision
                    && matches!(claim, Claim::Within { .. })
                    && *verdict == Verdict::Pass;
                exempt
                    || (high - low) / 2.0
                        <= self.decision_half_width(log_margin(claim, estimate.log_ratio))
            }),
            None => ((high - low) / 2.0 <= self.settings.precision).then_some(Verdict::Reported),
        }
    }

    /// The widest interval (half-width, log units) a decision accepts when the estimate is
    /// `margin` from the claim's nearest boundary: [`DECISION_PRECISION`] of the margin, for
    /// routines of every length (see [`Safeguards::decision_precision`]); without that
    /// safeguard, any interval that excludes the boundary.
    fn decision_half_width(&self, margin: f64) -> f64 {
        if self.settings.safeguards.decision_precision {
            DECISION_PRECISION * margin
        } else {
            margin
        }
    }

    /// The error rate of the confidence sequence the latest interval belongs to: the
    /// fenced estimate's share of the test's alpha ([`FENCED_SHARE`]) or the unfenced one's,
    /// of the share this test spends ([`SequentialSettings::alpha_share`]). Each sequence
    /// covers at every look at its own rate, so this is the level the printed interval
    /// holds; both together hold at the test's whole alpha, whichever a look picks.
    #[must_use]
    pub fn interval_alpha(&self) -> f64 {
        let (fenced, unfenced) = Sequences::rates(self.settings.alpha, &self.settings);
        match self.estimate.map(|e| e.basis) {
            None | Some(Basis::Fenced) => fenced,
            Some(_) => unfenced,
        }
    }

    /// The current (1 − alpha) confidence-sequence interval for the log ratio of mean
    /// latencies, or `None` while it is still unbounded.
    #[must_use]
    pub fn log_interval(&self) -> Option<(f64, f64)> {
        self.estimate?.log_interval
    }

    /// The estimate at the latest look, once there are two blocks.
    #[must_use]
    pub fn estimate(&self) -> Option<Estimate> {
        self.estimate
    }

    /// An anytime-valid p-value for the claim: the least error rate at which a look, with
    /// this test's mixture, decided it so far (`p_value`), and which way; `None` without a
    /// claim or before any look could decide at an error rate below 1.
    #[must_use]
    pub fn p_value(&self) -> Option<AnytimeP> {
        self.least_p
    }

    /// The verdict reached so far, if any.
    #[must_use]
    pub fn decided(&self) -> Option<Verdict> {
        self.decided
    }

    /// The settings this test runs with.
    #[must_use]
    pub fn settings(&self) -> &SequentialSettings {
        &self.settings
    }

    /// The completed blocks, in order.
    #[must_use]
    pub fn blocks(&self) -> &[BlockSums] {
        &self.blocks
    }

    /// Each completed block's log ratio on the estimate's basis (all duos when the estimate
    /// counts them), for the fixed-sample reference tests.
    #[must_use]
    pub fn block_log_ratios(&self) -> Vec<f64> {
        let fenced = self.estimate.is_none_or(|e| e.basis == Basis::Fenced);
        self.blocks
            .iter()
            .map(|b| {
                if fenced {
                    (b.kept_first, b.kept_second)
                } else {
                    (b.all_first, b.all_second)
                }
            })
            .filter(|&(x, y)| x > 0.0 && y > 0.0)
            .map(|(x, y)| (x / y).ln())
            .collect()
    }

    /// Every duo's mean log-difference, kept or not, in order.
    #[must_use]
    pub fn duo_means(&self) -> &[f64] {
        &self.duo_means
    }

    /// What the test's records hold in memory (the blocks and every duo's mean), which grow
    /// with the duos it is fed.
    #[must_use]
    pub fn held_bytes(&self) -> HeldBytes {
        HeldBytes::of(&self.pilot_blocks)
            + HeldBytes::of(&self.blocks)
            + HeldBytes::of(&self.duo_means)
    }

    /// How many duos the pilot measured before the test (topped up from the run to
    /// [`DEPENDENCE_SERIES_DUOS`] on the measured-dependence path): from
    /// [`DEPENDENCE_PILOT_DUOS`](super::path::DEPENDENCE_PILOT_DUOS) on, they measure the dependence between blocks before the
    /// first look.
    #[must_use]
    pub fn pilot_duos(&self) -> usize {
        self.pilot_duos
    }

    /// Duos of the run a decision waits for, at least, with the default settings, for duos
    /// of `duo_ns` in blocks of `duos_per_block` after a pilot of `pilot_duos`: on the
    /// measured-dependence path, those that top the pilot up to [`DEPENDENCE_SERIES_DUOS`]
    /// first; then [`SequentialSettings::decision_floor`].
    #[must_use]
    pub fn decision_floor(duo_ns: f64, pilot_duos: usize, duos_per_block: usize) -> usize {
        let settings = SequentialSettings::new(0.05, None, duos_per_block).for_duo_ns(duo_ns);
        let top_up = if settings.tops_up(pilot_duos) {
            let block = duos_per_block.max(DEPENDENCE_BLOCK_DUOS);
            dependence_series_duos(block).saturating_sub(pilot_duos)
        } else {
            0
        };
        top_up + settings.for_pilot(pilot_duos).decision_floor()
    }

    /// How many duos the fence set aside.
    #[must_use]
    pub fn duos_set_aside(&self) -> usize {
        self.split.first + self.split.second
    }

    /// Half the fence's width, in log units (infinite when there was no pilot).
    #[must_use]
    pub fn fence_half_width(&self) -> f64 {
        self.fence.half_width()
    }

    /// Which routine was slow in the set-aside duos.
    #[must_use]
    pub fn spike_split(&self) -> SpikeSplit {
        self.split
    }

    /// The log ratio estimate at the latest look (`NaN` before two blocks).
    #[must_use]
    pub fn log_estimate(&self) -> f64 {
        self.estimate.map_or(f64::NAN, |e| e.log_ratio)
    }
}

#[cfg(test)]
mod tests {
    use super::lump_equivalent;
    use super::{Basis, DuoTimes, Sequential, SequentialSettings, Unsettled, Verdict};
    use super::{DEPENDENCE_BLOCK_DUOS, DEPENDENCE_SERIES_DUOS, MIN_BLOCKS};
    use super::{MIN_DECISION_DUOS, UNIT_BOUNDARY, UNIT_DUOS};
    use crate::model::Claim;
    use crate::stats::SplitMix64;

    /// A test of `ratio < 0.8` on duos whose true ratio is `ratio`, with 2% noise, after
    /// at most `duos` duos.
    fn run(ratio: f64, duos: usize) -> Sequential {
        let mut rng = SplitMix64::new(11);
        let mut noisy = |ns: f64| ns * (0.02 * rng.normal()).exp();
        let mut duo = || DuoTimes {
            first_forward: noisy(1_000.0 * ratio),
            second_forward: noisy(1_000.0),
            second_backward: noisy(1_000.0),
            first_backward: noisy(1_000.0 * ratio),
        };
        let claim = Claim::Below {
            bound: 0.8,
            inclusive: false,
        };
        let pilot: Vec<DuoTimes> = (0..16).map(|_| duo()).collect();
        let mut test = Sequential::new(SequentialSettings::new(0.05, Some(claim), 4), &pilot);
        for _ in 0..duos {
            if test.push_duo(&duo()).is_some() {
                break;
            }
        }
        test
    }

    #[test]
    fn the_p_value_is_the_least_alpha_at_which_a_look_decided() {
        for (ratio, verdict) in [(0.7, Verdict::Pass), (0.9, Verdict::Refuted)] {
            let test = run(ratio, 20_000);
            assert_eq!(test.decided(), Some(verdict), "ratio {ratio}");
            let p = test.p_value().expect("a decided claim has a p-value");
            assert_eq!(p.verdict, verdict);
            assert!(p.p <= 0.05 && p.p > 0.0, "ratio {ratio}: p = {}", p.p);
        }
        // The looks at other error rates keep the test's mixture (its τ), so their
        // intervals are nested in the rate, as the p-value's validity needs; a sequence
        // built afresh at another rate would be tuned afresh.
        let settings = SequentialSettings::new(0.05, None, 4);
        let at_05 = super::Sequences::new(0.05, &settings);
        let at_001 = at_05.at_alpha(0.001, &settings);
        assert_eq!(at_001.fenced.tau2(), at_05.fenced.tau2());
        assert_eq!(at_001.unfenced.tau2(), at_05.unfenced.tau2());
        let afresh = super::Sequences::new(0.001, &settings);
        assert_ne!(afresh.fenced.tau2(), at_05.fenced.tau2());
        // On the boundary nothing decides at 0.05, so whatever level some look decided at
        // lies above it.
        let undecided = run(0.8, 2_000);
        assert_eq!(undecided.decided(), None);
        assert!(undecided.p_value().is_none_or(|p| p.p > 0.05));
    }

    /// A claimless test of duos at ratio 0.02122 scattering by `noise` a batch, run until it
    /// stops: (duos it took, the half-width of its interval in log units).
    fn until_precise(noise: f64, seed: u64) -> (usize, f64) {
        let mut rng = SplitMix64::new(seed);
        let mut noisy = |ns: f64| ns * (noise * rng.normal()).exp();
        let mut duo = || DuoTimes {
            first_forward: noisy(21.22),
            second_forward: noisy(1_000.0),
            second_backward: noisy(1_000.0),
            first_backward: noisy(21.22),
        };
        let pilot: Vec<DuoTimes> = (0..600).map(|_| duo()).collect();
        let mut test = Sequential::new(SequentialSettings::new(0.05, None, 4), &pilot);
        let mut duos = 0;
        while test.push_duo(&duo()).is_none() {
            duos += 1;
            assert!(duos < 1_000_000, "never precise");
        }
        let (low, high) = test.log_interval().expect("a stopped test has an interval");
        (duos + 1, (high - low) / 2.0)
    }

    #[test]
    fn a_claimless_run_stops_at_its_precision_whatever_its_length() {
        // Two runs of one ratio, the second's duos 2.5 times as noisy: it takes more than
        // twice the duos, and both stop with a half-width just under the precision, so that
        // two runs of a steady ratio print the same interval whenever their estimates agree
        // to its digits, whatever their lengths.
        let (quiet_duos, quiet) = until_precise(0.03, 3);
        let (noisy_duos, noisy) = until_precise(0.075, 4);
        assert!(
            noisy_duos > 2 * quiet_duos,
            "{quiet_duos} and {noisy_duos} duos"
        );
        for half_width in [quiet, noisy] {
            assert!(
                half_width <= super::DEFAULT_PRECISION
                    && half_width > 0.95 * super::DEFAULT_PRECISION,
                "{half_width} after {quiet_duos} and {noisy_duos} duos"
            );
        }
    }

    /// Duos at ratio 1 with 0.2% noise (a fence of ±4%), where `slow(i)` multiplies the i-th
    /// run duo's first and second routines' batches.
    fn series(
        seed: u64,
        pilot: usize,
        duos: usize,
        slow: impl Fn(usize) -> (f64, f64),
    ) -> Sequential {
        // Blocks of four duos whatever the pilot: these tests look at the outliers' basis
        // after a few blocks.
        let units_off = super::Safeguards {
            units: false,
            ..super::Safeguards::ALL
        };
        let mut rng = SplitMix64::new(seed);
        let mut noisy = |ns: f64| ns * (0.002 * rng.normal()).exp();
        let mut duo = |(a, b): (f64, f64)| DuoTimes {
            first_forward: noisy(1_000.0 * a),
            second_forward: noisy(1_000.0 * b),
            second_backward: noisy(1_000.0),
            first_backward: noisy(1_000.0),
        };
        let pilot: Vec<DuoTimes> = (0..pilot).map(|_| duo((1.0, 1.0))).collect();
        let settings = SequentialSettings {
            precision: 0.0,
            safeguards: units_off,
            ..SequentialSettings::new(0.05, None, 4)
        };
        let mut test = Sequential::new(settings, &pilot);
        for i in 0..duos {
            test.push_duo(&duo(slow(i)));
        }
        test
    }

    /// The duos of the next test: four batches of 0.5 and 1 µs.
    const DUO_NS: f64 = 3_000.0;

    #[test]
    fn a_decision_waits_for_six_units_unless_the_pilot_measures_dependence() {
        // A pilot of enough duos but too few blocks (300 duos of a short routine in blocks
        // of 12: 25 blocks) measures nothing either: units, and their floor.
        let short = SequentialSettings::new(0.05, None, 12).for_pilot(300);
        assert_eq!(short.duos_per_block, UNIT_DUOS);
        assert_eq!(
            Sequential::decision_floor(DUO_NS, 300, 12),
            UNIT_BOUNDARY.min_units() * UNIT_DUOS
        );
        assert_eq!(
            Sequential::decision_floor(DUO_NS, 600, 12),
            MIN_DECISION_DUOS.max(MIN_BLOCKS * 12)
        );
        // A pilot that measures the dependence: ten blocks of twelve duos after it, and
        // before them the duos that top a short pilot up to 504.
        let topped_up = DEPENDENCE_SERIES_DUOS.next_multiple_of(12) - 200 + MIN_BLOCKS * 12;
        // A clear difference after an 8-duo pilot: the run waits for six units of 25 duos;
        // after a 200-duo pilot, for the pilot's top-up and ten blocks.
        for (pilot, floor) in [(8, UNIT_BOUNDARY.min_units() * UNIT_DUOS), (200, topped_up)] {
            assert_eq!(Sequential::decision_floor(DUO_NS, pilot, 1), floor);
            let mut rng = SplitMix64::new(12);
            let mut noisy = |ns: f64| ns * (0.02 * rng.normal()).exp();
            let mut duo = || DuoTimes {
                first_forward: noisy(500.0),
                second_forward: noisy(1_000.0),
                second_backward: noisy(1_000.0),
                first_backward: noisy(500.0),
            };
            let claim = Claim::Below {
                bound: 0.8,
                inclusive: false,
            };
            let pilot: Vec<DuoTimes> = (0..pilot).map(|_| duo()).collect();
            let mut test = Sequential::new(SequentialSettings::new(0.05, Some(claim), 1), &pilot);
            let decided_at = (1..=1_000).find(|_| test.push_duo(&duo()).is_some());
            assert_eq!(decided_at, Some(floor));
        }
    }

    #[test]
    fn a_pilot_cut_short_is_topped_up_before_the_first_look() {
        // 150 duos in blocks of one, as a capped warmup leaves a 300 µs routine: blocks of
        // twelve, and the run's first 354 duos go to the pilot, not to the estimate.
        let mut rng = SplitMix64::new(15);
        let mut noisy = |ns: f64| ns * (0.01 * rng.normal()).exp();
        let mut duo = || DuoTimes {
            first_forward: noisy(1_000.0),
            second_forward: noisy(1_000.0),
            second_backward: noisy(1_000.0),
            first_backward: noisy(1_000.0),
        };
        let pilot: Vec<DuoTimes> = (0..150).map(|_| duo()).collect();
        let settings = SequentialSettings {
            precision: 0.0,
            ..SequentialSettings::new(0.05, None, 1)
        };
        let mut test = Sequential::new(settings, &pilot);
        assert_eq!(test.settings().duos_per_block, DEPENDENCE_BLOCK_DUOS);
        for _ in 0..354 {
            test.push_duo(&duo());
        }
        assert_eq!((test.pilot_duos(), test.duo_means().len()), (504, 0));
        assert_eq!(test.pilot_blocks.len(), 42);
        test.push_duo(&duo());
        assert_eq!(test.duo_means().len(), 1);
        // Negative control: without the top-up, the pilot is as the warmup left it and the
        // run's duos count from the first.
        let as_left = SequentialSettings {
            safeguards: super::Safeguards {
                full_pilot: false,
                ..super::Safeguards::ALL
            },
            ..settings
        };
        let mut test = Sequential::new(as_left, &pilot);
        test.push_duo(&duo());
        assert_eq!((test.pilot_duos(), test.duo_means().len()), (150, 1));
        assert_eq!(test.settings().duos_per_block, 1);
    }

    #[test]
    fn costs_the_pilot_showed_hold_the_estimate_until_the_run_meets_them() {
        // A 500-duo pilot in which every 50th duo's first batch of the first routine costs
        // ten times more, then a run without any: the estimate holds none of those costs,
        // so it counts as no blocks, and says whose they were and how many were seen.
        let mut rng = SplitMix64::new(16);
        let mut duo = |i: usize| {
            let mut noisy = |ns: f64| ns * (0.002 * rng.normal()).exp();
            DuoTimes {
                first_forward: noisy(1_000.0) * if i % 50 == 49 { 10.0 } else { 1.0 },
                second_forward: noisy(1_000.0),
                second_backward: noisy(1_000.0),
                first_backward: noisy(1_000.0),
            }
        };
        let pilot: Vec<DuoTimes> = (0..500).map(&mut duo).collect();
        let run: Vec<DuoTimes> = (0..300).map(|_| duo(0)).collect();
        let test_with = |safeguards| {
            let settings = SequentialSettings {
                precision: 0.0,
                safeguards,
                ..SequentialSettings::new(0.05, None, 12)
            };
            let mut test = Sequential::new(settings, &pilot);
            for d in &run {
                test.push_duo(d);
            }
            test
        };
        let held = test_with(super::Safeguards::ALL);
        let costs = held.estimate().and_then(|e| e.rare_costs).expect("held");
        assert!(costs.first && costs.seen == 10, "{costs:?}");
        assert!(costs.more_duos.is_some_and(|m| m > 1_000), "{costs:?}");
        assert_eq!(held.log_interval(), None);
        // Negative control: the run's silence taken for the costs' end.
        let released = test_with(super::Safeguards {
            pilot_costs: false,
            ..super::Safeguards::ALL
        });
        assert_eq!(released.estimate().and_then(|e| e.rare_costs), None);
        assert!(released.log_interval().is_some());
    }

    #[test]
    fn the_path_is_set_by_the_routines_length_not_the_pilots() {
        use crate::decide::path::{dependence_in_reach, PathLengths};
        let cap = 200e6;
        // Duos of 80 µs in blocks of 13: the 520 duos that measure the dependence take 42 ms
        // of a 200 ms warmup; duos of 1 ms need 150 ms of it, more than half.
        assert!(dependence_in_reach(80e3, 13, cap));
        assert!(!dependence_in_reach(1e6, 1, cap));
        // Out of reach, even a pilot long enough judges on units: a warmup that happened to
        // run long does not change the path.
        let settings = SequentialSettings {
            path_lengths: Some(PathLengths {
                duo_ns: 1e6,
                duos_per_block: 1,
                warmup_ns: cap,
            }),
            ..SequentialSettings::new(0.05, None, 1)
        };
        assert!(settings.for_pilot(400).counts_units());
        assert!(!SequentialSettings::new(0.05, None, 1)
            .for_pilot(400)
            .counts_units());
    }

    #[test]
    fn units_span_a_fixed_time_and_the_floor_at_most_two_seconds() {
        use super::{min_decision_duos, unit_duos};
        // 2 ms calls (8 ms duos): 25 duos, 75 of them; 20 ms: three duos (240 ms), 25 (2 s);
        // 50 ms: one duo, ten.
        assert_eq!((unit_duos(8e6), min_decision_duos(8e6)), (25, 75));
        assert_eq!((unit_duos(80e6), min_decision_duos(80e6)), (3, 25));
        assert_eq!((unit_duos(200e6), min_decision_duos(200e6)), (1, 10));
        // Short duos keep 25 and 75; a duo longer than the floor's time, one of each.
        assert_eq!((unit_duos(1e3), min_decision_duos(1e3)), (25, 75));
        assert_eq!((unit_duos(5e9), min_decision_duos(5e9)), (1, 1));
        let long = SequentialSettings::new(0.05, None, 1)
            .for_duo_ns(80e6)
            .for_pilot(8);
        assert_eq!(long.duos_per_block, 3);
        assert_eq!(long.decision_floor(), 25);
    }

    #[test]
    fn the_unsettled_basis_says_why() {
        // Two outlying duos, both slow in the first routine: too few to tell.
        let few = series(13, 16, 40, |i| {
            if i == 10 || i == 30 {
                (3.0, 1.0)
            } else {
                (1.0, 1.0)
            }
        });
        assert_eq!(few.spike_split().second, 0);
        assert_eq!(
            few.estimate().map(|e| e.basis),
            Some(Basis::Unsettled(Unsettled::TooFew))
        );
        // Outliers in both routines alike, as machine noise would be, but the first's ten
        // times the second's: the ratio without them lies outside the interval with them.
        let apart = series(14, 16, 2_000, |i| match i % 33 {
            0 => (10.0, 1.0),
            16 => (1.0, 1.2),
            _ => (1.0, 1.0),
        });
        let split = apart.spike_split();
        assert!(split.first > 50 && split.second > 50, "{split:?}");
        assert_eq!(
            apart.estimate().map(|e| e.basis),
            Some(Basis::Unsettled(Unsettled::Disagreeing))
        );
    }

    #[test]
    fn rare_outliers_count_as_themselves_and_frequent_ones_for_more() {
        // 1 in 100 duos: within 4% of the count itself.
        let rare = lump_equivalent(10.0, 1_000.0);
        assert!((10.0..10.4).contains(&rare), "{rare}");
        // 40% of duos: the skew of a mean over 400 lumps is that of 6,000 rare ones.
        let frequent = lump_equivalent(400.0, 1_000.0);
        assert!((frequent - 6_000.0).abs() < 1e-6, "{frequent}");
        assert_eq!(lump_equivalent(500.0, 1_000.0), f64::INFINITY);
        assert_eq!(lump_equivalent(0.0, 0.0), 0.0);
    }
}
