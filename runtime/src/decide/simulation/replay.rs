//! Real duo streams replayed through the sequential test: two ~2 ms routines of different
//! kinds (and one pair of one kind) compared by duobench's own duos for about 2 s each, on a
//! quiet and on a loaded machine (`runtime/tests/fixtures/real_duo_streams.json`, made by
//! `scripts/replay/make_fixture.py` from `validate --wander` runs). Their relative speed
//! wanders as real machines make it wander, which no synthetic model has to match.
//!
//! Each stream is replayed from many starting points (circular shifts), its first duos as
//! the pilot, judging the two claims whose boundary is the whole stream's ratio of means.
//! The replays of one stream overlap, so the count is not binomial: the checks compare
//! rates over all replays with alpha.
//!
//! - Routines of one kind (`compute_1.005`, arithmetic against 0.5% more of it): false
//!   passes at most alpha; the negative control, a fixed-sample interval looked at after
//!   every duo, breaks it on the same streams.
//! - Routines of different kinds (a pointer chase, allocation or a system call against
//!   arithmetic): their relative speed moves by 10–25% between runs and wanders within one.
//!   Judged on units of 25 duos (an 8-duo pilot cannot measure the dependence), false
//!   passes stay at most alpha; the negative control, blocks of one duo with the dependence
//!   factor estimated from the run (what units replace), breaks it on the same streams.

use super::{above, below, ALPHA};
use crate::decide::duo_times::DuoTimes;
use crate::decide::sequential::{Safeguards, Sequential, SequentialSettings};
use crate::decide::verdict::Verdict;
use crate::model::Claim;
use crate::stats::{student_t, Sample};

/// Starting points per stream.
const SHIFTS: usize = 60;
/// Duos of the pilot, as a 2 ms routine's warmup gives.
const PILOT_DUOS: usize = 8;

struct Stream {
    name: String,
    same_kind: bool,
    log_diffs: Vec<f64>,
}

fn streams() -> Vec<Stream> {
    let doc: serde_json::Value = serde_json::from_str(include_str!(
        "../../../tests/fixtures/real_duo_streams.json"
    ))
    .expect("the fixture is JSON");
    doc["streams"]
        .as_array()
        .expect("streams")
        .iter()
        .map(|s| Stream {
            name: format!("{} {} {}", s["pair"], s["condition"], s["rep"]),
            same_kind: s["pair"] == "compute_1.005",
            log_diffs: s["log_diffs"]
                .as_array()
                .expect("log_diffs")
                .iter()
                .filter_map(serde_json::Value::as_f64)
                .collect(),
        })
        .collect()
}

/// A duo whose both pairs differ by `d` in the log: the first routine's batches take e^d,
/// the second's 1.
fn duo(d: f64) -> DuoTimes {
    DuoTimes {
        first_forward: d.exp(),
        second_forward: 1.0,
        second_backward: 1.0,
        first_backward: d.exp(),
    }
}

/// The stream started at `shift`, as duos.
fn shifted(stream: &[f64], shift: usize) -> impl Iterator<Item = DuoTimes> + '_ {
    stream
        .iter()
        .cycle()
        .skip(shift)
        .take(stream.len())
        .map(|&d| duo(d))
}

/// Whether `claim` passes on the stream started at `shift`.
fn passes(stream: &[f64], shift: usize, claim: Claim) -> bool {
    passes_with(stream, shift, claim, Safeguards::ALL)
}

/// Whether `claim` passes on blocks of one duo, their dependence estimated from the run:
/// the units' negative control.
fn passes_without_units(stream: &[f64], shift: usize, claim: Claim) -> bool {
    let safeguards = Safeguards {
        units: false,
        ..Safeguards::ALL
    };
    passes_with(stream, shift, claim, safeguards)
}

fn passes_with(stream: &[f64], shift: usize, claim: Claim, safeguards: Safeguards) -> bool {
    let mut duos = shifted(stream, shift);
    let pilot: Vec<DuoTimes> = duos.by_ref().take(PILOT_DUOS).collect();
    let settings = SequentialSettings {
        safeguards,
        ..SequentialSettings::new(ALPHA, Some(claim), 1)
    };
    let mut test = Sequential::new(settings, &pilot);
    duos.find_map(|d| test.push_duo(&d)) == Some(Verdict::Pass)
}

/// Whether a fixed-sample t-interval over the duos, looked at after every duo from the
/// tenth on, ever passes `claim`: the negative control.
fn naive_passes(stream: &[f64], shift: usize, claim: Claim) -> bool {
    let mut seen = Vec::new();
    shifted(stream, shift).any(|d| {
        seen.push(d.mean_log_diff());
        let Ok(sample) = Sample::new(&seen).map_err(|_| ()).and_then(|s| {
            if seen.len() >= 10 {
                Ok(s)
            } else {
                Err(())
            }
        }) else {
            return false;
        };
        let t = student_t(sample, 0.0, 1.0 - ALPHA);
        crate::decide::verdict::judge(&claim, t.ci_low.exp(), t.ci_high.exp())
            == Some(Verdict::Pass)
    })
}

/// The rate of false passes over the streams of one kind, both boundary claims, every
/// starting point.
fn false_pass_rate(same_kind: bool, judge: fn(&[f64], usize, Claim) -> bool) -> f64 {
    let (mut false_passes, mut replays) = (0, 0);
    for stream in streams().into_iter().filter(|s| s.same_kind == same_kind) {
        let d = &stream.log_diffs;
        let truth = d.iter().map(|x| x.exp()).sum::<f64>() / d.len() as f64;
        let mut here = 0;
        for shift in (0..SHIFTS).map(|i| i * d.len() / SHIFTS) {
            for claim in [below(truth), above(truth)] {
                here += usize::from(judge(d, shift, claim));
                replays += 1;
            }
        }
        eprintln!("{}: {here} of {} replays passed", stream.name, 2 * SHIFTS);
        false_passes += here;
    }
    assert!(replays >= 500, "{replays} replays");
    false_passes as f64 / replays as f64
}

#[test]
fn real_streams_of_one_kind_keep_alpha_on_claims_at_their_own_ratio() {
    let rate = false_pass_rate(true, passes);
    assert!(rate <= ALPHA, "{:.1}% of replays passed", 100.0 * rate);
    let control = false_pass_rate(true, naive_passes);
    assert!(
        control > 2.0 * ALPHA,
        "the control passed {:.1}%",
        100.0 * control
    );
}

#[test]
fn real_streams_of_different_kinds_keep_alpha_on_units() {
    let rate = false_pass_rate(false, passes);
    eprintln!("different kinds: {:.1}% of replays passed", 100.0 * rate);
    assert!(rate <= ALPHA, "{:.1}% of replays passed", 100.0 * rate);
    let control = false_pass_rate(false, passes_without_units);
    eprintln!("different kinds, without units: {:.1}%", 100.0 * control);
    assert!(
        control > ALPHA,
        "the control passed {:.1}%",
        100.0 * control
    );
}
