//! Between the duo loop and the sequential test: which clock's times the test sees, and
//! which duos never reach it because the OS says the machine interfered.
//!
//! - On wall time, a duo the scheduler preempted (an involuntary context switch of the
//!   measuring thread) carries time stolen by another process: machine noise by direct
//!   evidence, set aside before the test, whichever routine it hit — unless its batches were
//!   read one by one and show the theft cost none of them more than
//!   [`MATERIAL_PREEMPTION`] of its time. On an oversubscribed
//!   machine nearly every long duo is preempted, and setting them all aside would starve the
//!   test; so at most [`MAX_PREEMPTED_SHARE`] of the duos are set aside this way, and the rest
//!   go on to the test's own outlier fence, which judges them as it judges any duo.
//! - Preemption is the machine's only while it hits both routines as chance allows. A routine
//!   that wakes another thread causes its own preemptions, and its slow calls are then the
//!   preempted ones: so the set-aside duos that lie outside the test's fence are attributed
//!   as the fence attributes its outliers (which routine was slow in each), and once one
//!   routine owns them they all go back to the test, and later preempted duos reach it too.
//! - On CPU time, a preempted duo is kept: the stolen time is not on that clock.
//! - If a duo judged on CPU time shows the thread waiting (a voluntary switch), the pilot was
//!   wrong to call the routines CPU-bound: the test restarts on wall time over every duo
//!   measured so far, so waiting is never hidden. The two tests look at the same duos, so
//!   they split alpha ([`CPU_ALPHA_SHARE`]): whichever gives the verdict, both hold at once
//!   with probability 1 − alpha.

use super::clock::{choose_clock, Clock, ClockReason};
use super::one_duo::MeasuredDuo;
use crate::decide::DuoTimes;
use crate::decide::Verdict;
use crate::decide::{Attribution, SpikeSplit};
use crate::decide::{Sequential, SequentialSettings};
use crate::util::HeldBytes;

/// The share of alpha a test on thread CPU time spends; a wall-time test that replaces it
/// spends the rest. Restarts are rare (a routine that waits only after the pilot), so
/// most of alpha goes to the CPU-time test, whose interval it keeps nearly as narrow.
pub const CPU_ALPHA_SHARE: f64 = 0.9;

/// The settings a test on `clock` runs with: on thread CPU time, and on wall time after a
/// restart, each its share of alpha; on wall time from the start, all of it.
fn on_clock(settings: SequentialSettings, clock: Clock, reason: ClockReason) -> SequentialSettings {
    let share = match (clock, reason) {
        (Clock::ThreadCpu, _) => CPU_ALPHA_SHARE,
        (_, ClockReason::WaitedDuringTest) => 1.0 - CPU_ALPHA_SHARE,
        _ => 1.0,
    };
    SequentialSettings {
        alpha_share: settings.alpha_share * share,
        ..settings
    }
}

/// Largest share of duos set aside as preempted.
pub const MAX_PREEMPTED_SHARE: f64 = 0.5;

/// A preempted duo whose batches were read one by one is set aside only when preemption took
/// more than this share of a batch it hit: a switch that cost a long batch a few
/// microseconds moves its pair less than the timing's own noise, and setting such duos aside
/// wholesale starved the test of long routines on a busy machine (half of them preempted).
pub const MATERIAL_PREEMPTION: f64 = 0.01;

/// What the OS's evidence did to a comparison, for the report.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Evidence {
    /// The clock whose times the test judged.
    pub clock: Clock,
    /// Why that clock.
    pub clock_reason: ClockReason,
    /// Duos during the test in which the scheduler preempted the measuring thread.
    pub duos_preempted: usize,
    /// Of those, duos set aside before the test (wall time only).
    pub preempted_set_aside: usize,
}

/// Screens measured duos on their way to the sequential test: chooses the clock they are
/// judged on and sets aside those the OS showed preempted.
#[derive(Debug)]
pub struct DuoScreen {
    settings: SequentialSettings,
    pilot: Vec<MeasuredDuo>,
    test: Sequential,
    evidence: Evidence,
    duos: usize,
    /// Duos judged on CPU time so far, kept to replay them on wall time if needed.
    history: Vec<MeasuredDuo>,
    /// Preempted duos are never set aside: the values are a meter's, which preemption does
    /// not change.
    keep_preempted: bool,
    /// The duos set aside as preempted, kept to hand to the test if a routine owns them.
    set_aside: Vec<MeasuredDuo>,
    /// Which routine was slow in each set-aside duo, against the estimate at the time.
    set_aside_split: SpikeSplit,
    /// One routine owns the preemptions: nothing more is set aside.
    owned_preemption: bool,
    /// The typical log-difference of the pilot's duos: the centre before the test has one.
    pilot_centre: f64,
    /// Whether set-aside duos are attributed at all (off only in a negative control).
    attribute: bool,
    /// Bytes of the records this screen has let go (a test replaced on another clock, the
    /// duos handed back): counted as still held, because memory given back stays resident
    /// and what replaces it is new.
    released: usize,
}

impl DuoScreen {
    /// Chooses the clock from `pilot` and starts the test with the pilot's outlier fence.
    #[must_use]
    pub fn new(settings: SequentialSettings, pilot: Vec<MeasuredDuo>) -> Self {
        let (clock, reason) = choose_clock(&pilot);
        Self::start(settings, pilot, clock, reason)
    }

    fn start(
        settings: SequentialSettings,
        pilot: Vec<MeasuredDuo>,
        clock: Clock,
        clock_reason: ClockReason,
    ) -> Self {
        let cpu = clock == Clock::ThreadCpu;
        // On wall time the fence comes from undisturbed pilot duos, when there are enough.
        let calm = pilot.iter().filter(|d| cpu || !d.preempted()).count();
        let fence_from: Vec<DuoTimes> = pilot
            .iter()
            .filter(|d| cpu || 2 * calm < pilot.len() || !d.preempted())
            .map(|d| d.duo_times(cpu))
            .collect();
        Self {
            settings,
            test: Sequential::with_pilot_of(
                on_clock(settings, clock, clock_reason),
                &fence_from,
                pilot.len(),
            ),
            pilot,
            evidence: Evidence {
                clock,
                clock_reason,
                duos_preempted: 0,
                preempted_set_aside: 0,
            },
            duos: 0,
            history: Vec::new(),
            keep_preempted: false,
            set_aside: Vec::new(),
            set_aside_split: SpikeSplit::default(),
            owned_preemption: false,
            pilot_centre: median_log_diff(&fence_from),
            attribute: true,
            released: 0,
        }
    }

    /// Sets preempted duos aside without asking who they hit: the negative control of the
    /// attribution.
    #[cfg(test)]
    #[must_use]
    pub fn without_attribution(self) -> Self {
        Self {
            attribute: false,
            ..self
        }
    }

    /// With `keep`, preempted duos reach the test like any other (metered values).
    #[must_use]
    pub fn keeping_preempted(self, keep: bool) -> Self {
        Self {
            keep_preempted: keep,
            ..self
        }
    }

    /// Adds one measured duo; returns the verdict once the test reaches one.
    pub fn push(&mut self, duo: MeasuredDuo) -> Option<Verdict> {
        if self.evidence.clock == Clock::ThreadCpu && duo.waited() {
            self.restart_on_wall();
        }
        self.duos += 1;
        let cpu = self.evidence.clock == Clock::ThreadCpu;
        if cpu {
            self.history.push(duo);
        }
        if duo.preempted() {
            self.evidence.duos_preempted += 1;
            let room =
                self.evidence.preempted_set_aside as f64 <= MAX_PREEMPTED_SHARE * self.duos as f64;
            let material = duo
                .preemption_cost()
                .is_none_or(|cost| cost > MATERIAL_PREEMPTION);
            if !cpu && room && material && !self.keep_preempted && !self.owned_preemption {
                self.evidence.preempted_set_aside += 1;
                return self.set_aside(duo);
            }
        }
        self.test.push_duo(&duo.duo_times(cpu))
    }

    /// Sets a preempted duo aside, and hands every set-aside duo to the test once one
    /// routine owns them.
    fn set_aside(&mut self, duo: MeasuredDuo) -> Option<Verdict> {
        let estimate = self.test.log_estimate();
        let centre = if estimate.is_finite() {
            estimate
        } else {
            self.pilot_centre
        };
        // Only a duo the preemption made outlying says who was slow; one the theft cost
        // nothing material is no evidence either way.
        let diff = duo.duo_times(false).mean_log_diff() - centre;
        if diff.abs() > self.test.fence_half_width() {
            if diff > 0.0 {
                self.set_aside_split.first += 1;
            } else {
                self.set_aside_split.second += 1;
            }
        }
        self.set_aside.push(duo);
        let time_share = 1.0 / (1.0 + (-(centre + self.settings.log_batch_iters_ratio)).exp());
        let owned = matches!(
            self.set_aside_split.attribute(time_share),
            Attribution::Owned { .. }
        );
        if !(self.attribute && owned) {
            return self.test.decided();
        }
        self.owned_preemption = true;
        self.evidence.preempted_set_aside -= self.set_aside.len();
        let mut verdict = self.test.decided();
        let set_aside = std::mem::take(&mut self.set_aside);
        self.released += HeldBytes::of(&set_aside).reserved;
        for duo in set_aside {
            verdict = self.test.push_duo(&duo.duo_times(false));
        }
        verdict
    }

    fn restart_on_wall(&mut self) {
        // The pilot moves to the new screen; everything else is let go.
        let released = self.held_bytes().reserved - HeldBytes::of(&self.pilot).reserved;
        let history = std::mem::take(&mut self.history);
        let pilot = std::mem::take(&mut self.pilot);
        let keep = self.keep_preempted;
        *self = Self::start(
            self.settings,
            pilot,
            Clock::Wall,
            ClockReason::WaitedDuringTest,
        )
        .keeping_preempted(keep);
        self.released = released;
        for duo in history {
            self.push(duo);
        }
    }

    /// The test so far.
    #[must_use]
    pub fn test(&self) -> &Sequential {
        &self.test
    }

    /// The clock and the preemption counts so far.
    #[cfg(test)]
    #[must_use]
    pub fn evidence(&self) -> Evidence {
        self.evidence
    }

    /// What this screen and its test hold in memory that grows with the duos: the test's
    /// records and the duos kept for a replay on wall time or set aside. The duo loop
    /// leaves them out of its readings of the resident set, which must show the routines'
    /// memory, not the harness's.
    #[must_use]
    pub fn held_bytes(&self) -> HeldBytes {
        self.test.held_bytes()
            + HeldBytes::of(&self.pilot)
            + HeldBytes::of(&self.history)
            + HeldBytes::of(&self.set_aside)
            + HeldBytes {
                written: 0,
                reserved: self.released,
            }
    }

    /// The finished test and what the evidence did.
    #[must_use]
    pub fn finish(self) -> (Sequential, Evidence) {
        (self.test, self.evidence)
    }
}

/// The median of the duos' mean log-differences (0 without any).
fn median_log_diff(duos: &[DuoTimes]) -> f64 {
    let mut diffs: Vec<f64> = duos.iter().map(DuoTimes::mean_log_diff).collect();
    diffs.sort_by(f64::total_cmp);
    diffs.get(diffs.len() / 2).copied().unwrap_or(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measure::ContextSwitches;

    const PREEMPTED: ContextSwitches = ContextSwitches {
        voluntary: 0,
        involuntary: 1,
    };

    /// No claim and no precision goal: the test takes every duo it is given.
    /// Blocks of one duo, as a short pilot would make units of 25: these tests look at the
    /// estimate after a few duos.
    fn settings() -> SequentialSettings {
        SequentialSettings {
            precision: 0.0,
            safeguards: crate::decide::Safeguards {
                units: false,
                ..crate::decide::Safeguards::ALL
            },
            ..SequentialSettings::new(0.05, None, 1)
        }
    }

    /// A short duo (wall time judges) with a 1% difference, ±0.1% jitter by `i`, and the
    /// given switches. (Without jitter the interval has zero width and the test stops.)
    fn short(i: usize, switches: ContextSwitches) -> MeasuredDuo {
        let jitter = if (i / 2).is_multiple_of(2) {
            1.001
        } else {
            0.999
        };
        MeasuredDuo {
            switches: Some(switches),
            ..MeasuredDuo::wall_only([20_200.0 * jitter, 20_000.0, 20_000.0, 20_200.0 * jitter])
        }
    }

    #[test]
    fn the_path_is_chosen_on_the_whole_pilot_not_its_undisturbed_duos() {
        // 520 short duos in blocks of 13, two in five preempted: the fence comes from the
        // 312 undisturbed ones, 24 blocks, but the pilot held 40 blocks and the test
        // measures the dependence. Judged on the undisturbed duos alone, how many the
        // scheduler preempted would choose units.
        let pilot: Vec<MeasuredDuo> = (0..520)
            .map(|i| {
                let switches = if i % 5 < 2 {
                    PREEMPTED
                } else {
                    ContextSwitches::default()
                };
                short(i, switches)
            })
            .collect();
        let settings = SequentialSettings::new(0.05, None, 13);
        let screen = DuoScreen::new(settings, pilot.clone());
        assert_eq!(screen.evidence.clock, Clock::Wall);
        assert_eq!(screen.test().pilot_duos(), 312);
        assert!(!screen.test().settings().counts_units());
        // Negative control: the undisturbed duos alone put it on units.
        let calm: Vec<DuoTimes> = pilot
            .iter()
            .filter(|d| !d.preempted())
            .map(|d| d.duo_times(false))
            .collect();
        assert!(Sequential::new(settings, &calm).settings().counts_units());
    }

    #[test]
    fn preempted_duos_never_reach_the_test_on_wall_time() {
        let mut screen = DuoScreen::new(
            settings(),
            (0..8)
                .map(|i| short(i, ContextSwitches::default()))
                .collect(),
        );
        assert_eq!(screen.evidence().clock, Clock::Wall);
        assert_eq!(screen.test().settings().alpha_share, 1.0);
        // Every third duo is preempted, and one routine's batches carry stolen time that the
        // fence alone (±4% here) would let through: the first routine's and the second's in
        // turn, as the machine's theft falls.
        for i in 0..30 {
            let mut duo = short(i, ContextSwitches::default());
            if i % 3 == 0 {
                duo = short(i, PREEMPTED);
                let slots = if i % 2 == 0 { [0, 3] } else { [1, 2] };
                for slot in slots {
                    duo.wall_ns[slot] *= 1.03;
                }
            }
            screen.push(duo);
        }
        let (test, evidence) = screen.finish();
        assert_eq!(evidence.duos_preempted, 10);
        assert_eq!(evidence.preempted_set_aside, 10);
        assert_eq!(test.duo_means().len(), 20);
        // The stolen time would have moved the estimate by 0.3%; the jitter moves it 0.005%.
        assert!((test.log_estimate() - 0.01f64.ln_1p()).abs() < 2e-4);
    }

    #[test]
    fn an_oversubscribed_machine_cannot_starve_the_test() {
        let mut screen = DuoScreen::new(
            settings(),
            (0..8)
                .map(|i| short(i, ContextSwitches::default()))
                .collect(),
        );
        for i in 0..40 {
            screen.push(short(i, PREEMPTED));
        }
        let (test, evidence) = screen.finish();
        assert_eq!(evidence.duos_preempted, 40);
        // Set aside while at most half (plus the one at hand) are: 21 of 40.
        assert_eq!(evidence.preempted_set_aside, 21);
        assert_eq!(test.duo_means().len(), 19);
    }

    /// A long, CPU-bound duo: CPU time shows a 1% difference; wall time adds `stolen` to the
    /// first routine's batches.
    fn long(switches: ContextSwitches, stolen: f64) -> MeasuredDuo {
        let cpu = [2.02e6, 2.0e6, 2.0e6, 2.02e6];
        MeasuredDuo {
            iters: [1, 1],
            wall_ns: [
                cpu[0] * (1.0 + stolen),
                cpu[1],
                cpu[2],
                cpu[3] * (1.0 + stolen),
            ],
            cpu_ns: Some(cpu),
            batch_switches: Some([switches, ContextSwitches::default(), switches, switches]),
            switches: Some(switches),
        }
    }

    #[test]
    fn cpu_time_keeps_preempted_duos_and_a_wait_restarts_on_wall_time() {
        let calm = long(ContextSwitches::default(), 0.005);
        let mut screen = DuoScreen::new(settings(), vec![calm; 8]);
        assert_eq!(screen.evidence().clock, Clock::ThreadCpu);
        for _ in 0..6 {
            screen.push(long(PREEMPTED, 0.05));
        }
        assert_eq!(screen.test().duo_means().len(), 6);
        assert!((screen.test().duo_means()[0] - 0.01f64.ln_1p()).abs() < 1e-9);
        assert_eq!(screen.evidence().preempted_set_aside, 0);
        let waited = ContextSwitches {
            voluntary: 1,
            involuntary: 0,
        };
        assert_eq!(screen.test().settings().alpha_share, CPU_ALPHA_SHARE);
        screen.push(long(waited, 0.0));
        // The two tests looked at the same duos: the wall-time one spends what the CPU-time
        // one left of alpha.
        let rest = screen.test().settings().alpha_share;
        assert!((rest + CPU_ALPHA_SHARE - 1.0).abs() < 1e-12, "{rest}");
        let (test, evidence) = screen.finish();
        assert_eq!(evidence.clock, Clock::Wall);
        assert_eq!(evidence.clock_reason, ClockReason::WaitedDuringTest);
        // Replayed on wall time: preempted duos set aside up to half (4 of 6), the other two
        // and the new one judged on wall time.
        assert_eq!(evidence.duos_preempted, 6);
        assert_eq!(evidence.preempted_set_aside, 4);
        assert_eq!(test.duo_means().len(), 3);
        let stolen = (1.01f64 * 1.05).ln();
        assert!((test.duo_means()[0] - stolen).abs() < 1e-9);
        assert!((test.duo_means()[2] - 0.01f64.ln_1p()).abs() < 1e-9);
    }

    #[test]
    fn on_wall_time_a_preemption_is_set_aside_by_what_it_cost_the_batch() {
        // Long batches judged on wall time (the pilot is not CPU-bound: 5% off the CPU).
        let pilot = long(ContextSwitches::default(), 0.05);
        let mut screen = DuoScreen::new(settings(), vec![pilot; 8]);
        assert_eq!(screen.evidence().clock, Clock::Wall);
        // A switch that cost its batches 0.2%: kept. One that cost 10%: set aside.
        screen.push(long(PREEMPTED, 0.002));
        screen.push(long(PREEMPTED, 0.1));
        let (test, evidence) = screen.finish();
        assert_eq!(evidence.duos_preempted, 2);
        assert_eq!(evidence.preempted_set_aside, 1);
        assert_eq!(test.duo_means().len(), 1);
        // Without per-batch evidence nothing says what it cost: set aside.
        let mut bare = long(PREEMPTED, 0.002);
        bare.cpu_ns = None;
        assert_eq!(bare.preemption_cost(), None);
        assert!((long(PREEMPTED, 0.1).preemption_cost().unwrap() - 0.1 / 1.1).abs() < 1e-12);
    }

    #[test]
    fn metered_values_keep_every_preempted_duo() {
        let mut screen = DuoScreen::new(
            settings(),
            (0..8)
                .map(|i| short(i, ContextSwitches::default()))
                .collect(),
        )
        .keeping_preempted(true);
        for i in 0..10 {
            screen.push(short(i, PREEMPTED));
        }
        let (test, evidence) = screen.finish();
        assert_eq!(evidence.duos_preempted, 10);
        assert_eq!(evidence.preempted_set_aside, 0);
        assert_eq!(test.duo_means().len(), 10);
    }
}
