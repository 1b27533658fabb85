//! The diagnostic options that run a trial without judging it — `--calibrate` (a
//! comparison's first routine against itself) and `--profile-time` (a routine in its loop,
//! nothing measured) — never pass a judgement they kept from being made: a trial with a
//! claim, an `allocs` limit or a version gate fails under them, saying which option left
//! what unjudged. One exported variable must not turn every claim of a CI job green.
//!
//! (Together with a gate, `--max-regression`, they are refused before anything runs:
//! `harness::cli::invocation`.)

use crate::decide::ClaimText;
use crate::harness::Routine;
use crate::model::Mode;
use crate::session::BaselineChoice;
use crate::session::Settings;
use crate::util::percent_of;

/// The judgements of a trial that `settings` asked for, in words (`claim \`ratio < 0.8\``,
/// `allocs limit`, `max regression 5%`).
fn judgements(settings: &Settings, routine: Routine, mode: Mode) -> Vec<String> {
    let mut asked = Vec::new();
    match routine {
        Routine::Diff(_) => {
            if let Some(claim) = &settings.claim {
                asked.push(format!("claim `{}`", ClaimText(claim)));
            }
        }
        Routine::Bench(_) => {
            if settings.allocs.is_some() {
                asked.push("allocs limit".to_owned());
            }
            let compared = matches!(settings.baseline, BaselineChoice::Compare(_));
            if let Some(p) = settings
                .max_regression
                .filter(|_| compared && mode == Mode::Bench)
            {
                asked.push(format!("max regression {}%", percent_of(p)));
            }
        }
    }
    asked
}

/// Why the trial fails although it ran: a diagnostic option of `settings` kept its
/// judgements from being made. `None` when it has none, or none was kept from it.
#[must_use]
pub fn left_unjudged(settings: &Settings, routine: Routine, mode: Mode) -> Option<String> {
    let asked = judgements(settings, routine, mode);
    if asked.is_empty() {
        return None;
    }
    let (option, what) = if settings.profile_time.is_some() {
        (
            "--profile-time (DUOBENCH_PROFILE_TIME)",
            "ran the routines in their loop without measuring them",
        )
    } else if settings.calibrate && matches!(routine, Routine::Diff(_)) {
        (
            "--calibrate (DUOBENCH_CALIBRATE)",
            "measured the first routine against itself",
        )
    } else {
        return None;
    };
    Some(format!(
        "{} not judged: {option} {what}, and a run that judges nothing passes no judgement; \
         run without it to judge this trial",
        asked.join(" and ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{Bencher, Diff};
    use crate::model::BaselineName;
    use crate::model::{AllocLimit, AttrOptions, Claim};
    use crate::session::Overrides;

    fn bench(_: &mut Bencher, _: usize) {}
    fn diff(_: &mut Diff, _: usize) {}

    fn settings(claim: Option<Claim>) -> Settings {
        let attr = AttrOptions {
            claim,
            ..AttrOptions::default()
        };
        Settings::resolve(&attr, Overrides::default())
    }

    #[test]
    fn a_diagnostic_option_fails_the_judgements_it_kept_from_being_made() {
        let claimed = settings(Some(Claim::Below {
            bound: 0.8,
            inclusive: false,
        }));
        let calibrating = Settings {
            calibrate: true,
            ..claimed
        };
        let why = left_unjudged(&calibrating, Routine::Diff(diff), Mode::Test).unwrap();
        assert!(
            why.starts_with("claim `ratio < 0.8` not judged: --calibrate (DUOBENCH_CALIBRATE)"),
            "{why}"
        );
        let profiling = Settings {
            profile_time: Some(std::time::Duration::from_secs(1)),
            ..claimed
        };
        let why = left_unjudged(&profiling, Routine::Diff(diff), Mode::Bench).unwrap();
        assert!(
            why.contains("--profile-time (DUOBENCH_PROFILE_TIME)"),
            "{why}"
        );
        // A #[bench] with an allocs limit and a gate under --baseline, profiled.
        let gated = Settings {
            allocs: Some(AllocLimit::Exactly(0)),
            max_regression: Some(0.05),
            baseline: BaselineChoice::Compare(BaselineName::parse("main").unwrap()),
            profile_time: Some(std::time::Duration::from_secs(1)),
            ..settings(None)
        };
        let why = left_unjudged(&gated, Routine::Bench(bench), Mode::Bench).unwrap();
        assert!(
            why.starts_with("allocs limit and max regression 5% not judged"),
            "{why}"
        );
        // Controls: nothing asked for, or nothing kept from it.
        let plain = Settings {
            calibrate: true,
            ..settings(None)
        };
        assert_eq!(
            left_unjudged(&plain, Routine::Diff(diff), Mode::Bench),
            None
        );
        assert_eq!(
            left_unjudged(&claimed, Routine::Diff(diff), Mode::Bench),
            None
        );
        // --calibrate changes no #[bench]: its gate is judged as usual.
        let calibrated_bench = Settings {
            profile_time: None,
            calibrate: true,
            ..gated
        };
        assert_eq!(
            left_unjudged(&calibrated_bench, Routine::Bench(bench), Mode::Bench),
            None
        );
    }
}
