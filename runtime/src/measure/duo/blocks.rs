//! Between warmup and measuring: the block length from the typical pilot duo, whether the
//! budget still fits the fewest blocks of a decision, and the screens that feed the
//! sequential tests.

use super::cost::{duos_per_block, DuoCost, FEWEST};
use super::screen::DuoScreen;
use super::settings::DuoSettings;
use super::warmup::Warmup;
use crate::decide::{PathLengths, SequentialSettings};
use crate::measure::{Deadline, Shortfall};

/// How the measuring goes on from the warmup.
pub struct Blocks {
    /// Total time of the typical duo, in nanoseconds (0 when none ran).
    pub duo_ns: f64,
    /// Set when the budget cannot fit the pilot and the fewest blocks: nothing is measured.
    pub shortfall: Option<Shortfall>,
    /// The screen in front of the claimed test (or the claimless one when there is no claim).
    pub screen: DuoScreen,
    /// With a claim and `measure_on_to`: the claimless test beside it, which goes on after
    /// the verdict.
    pub plain: Option<DuoScreen>,
}

/// Sizes the blocks at `iters` from the warmup's pilot and sets up the tests.
pub fn plan_blocks(
    warmup: Warmup,
    iters: [u64; 2],
    cost: &DuoCost,
    deadline: &Deadline,
    settings: &DuoSettings,
    floor: usize,
) -> Blocks {
    let min_blocks = settings.sequential.min_blocks;
    let Warmup {
        pilot, last_duo_ns, ..
    } = warmup;
    // The typical (median) pilot duo sets the block length: the last duo alone may hold a
    // routine's rare slow call, which would make every block a single duo. Before any whole
    // duo (a budget overrun by the probes), the probes' cost stands in.
    let mut duo_ns = last_duo_ns;
    let mut pilot_duo_ns: Vec<f64> = pilot.iter().map(|d| d.total_ns()).collect();
    pilot_duo_ns.sort_by(f64::total_cmp);
    if !pilot_duo_ns.is_empty() {
        duo_ns = pilot_duo_ns[pilot_duo_ns.len() / 2];
    }
    let duos_per_block = duos_per_block(if duo_ns > 0.0 {
        duo_ns
    } else {
        cost.duo_ns(iters)
    });
    let path_lengths = PathLengths {
        duo_ns,
        duos_per_block,
        warmup_ns: settings.warmup.longest().as_nanos() as f64,
    };
    let sequential = SequentialSettings {
        duos_per_block,
        log_batch_iters_ratio: (iters[0] as f64 / iters[1] as f64).ln(),
        path_lengths: Some(path_lengths),
        ..settings.sequential.for_duo_ns(duo_ns)
    };
    let min_pilot = settings.min_pilot_duos(duo_ns);
    let fewest = cost.fewest_duos_ns_at_best(iters, (pilot.len(), min_pilot), min_blocks, floor);
    let shortfall = (pilot.len() < min_pilot || !deadline.fits(fewest)).then(|| {
        // The warmup asked for (or what probing took, if longer), the pilot, then room for
        // twice the fewest blocks, as the warmup leaves.
        let all_duos = cost.fewest_duos_ns(iters, (0, min_pilot), 2 * min_blocks, floor);
        let warmup_ns = settings.warmup.longest().max(cost.probe_time).as_nanos() as f64;
        Shortfall::new(settings.max_time, warmup_ns + all_duos, FEWEST)
    });
    // A second, claimless test beside the claimed one, which goes on after the verdict.
    let plain = settings
        .measure_on_to
        .filter(|_| sequential.claim.is_some())
        .map(|p| {
            let plain = SequentialSettings {
                claim: None,
                precision: p,
                ..sequential
            };
            DuoScreen::new(plain, pilot.clone()).keeping_preempted(settings.keep_preempted)
        });
    let screen = DuoScreen::new(sequential, pilot).keeping_preempted(settings.keep_preempted);
    Blocks {
        duo_ns,
        shortfall,
        screen,
        plain,
    }
}
