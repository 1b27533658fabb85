//! After the first interrupt, the running trial stops at its next duo or sample; a routine
//! call in progress cannot be cut short (a thread cannot be stopped from outside), so a
//! call that never returns would hold the run past the interrupt for ever. A CI runner's
//! timeout sends one SIGTERM and, some seconds later, a SIGKILL that writes nothing.
//!
//! So a watchdog thread waits: when the same trial is still running [`GRACE`] after the
//! interrupt, it names the trial and ends the process with status 130. The results of the
//! trials finished before it were written as each finished (`finish::write_as_trials_finish`).
//!
//! Without an interrupt nothing is ended: no time is too long for one call of a routine
//! that nobody has timed yet (a first call, or `cargo test`'s single call), so a budget
//! cannot tell a call that never returns from a slow one. An outer timeout is the user's
//! (docs/RELIABILITY.md, "Not promised").

use super::journal;
use crate::util::{interrupted, INTERRUPTED_EXIT};
use std::time::{Duration, Instant};

/// How long a trial may go on after the interrupt before the process ends without it:
/// longer than any duo or sample part (at most a second), shorter than the time a CI
/// runner or `docker stop` gives between its SIGTERM and its SIGKILL (10 s).
pub const GRACE: Duration = Duration::from_secs(5);

/// How often the watchdog looks.
const POLL: Duration = Duration::from_millis(50);

/// Starts the watchdog for this run.
pub fn start() {
    let started = std::thread::Builder::new()
        .name("duobench-watchdog".to_owned())
        .spawn(|| {
            let trial = wait_for_stuck_trial(interrupted, journal::running_trial, GRACE);
            let finished = journal::abandon();
            eprintln!(
                "\nerror: trial `{trial}` did not stop within {} s of the interrupt: its \
                 routine has not returned (a call that never returns, or one longer than \
                 that), so the run ends without it; the {finished} trial result(s) finished \
                 before it were written as each finished (the --json and --export files; \
                 not the HTML report or the markdown export)",
                GRACE.as_secs()
            );
            std::process::exit(INTERRUPTED_EXIT)
        });
    if let Err(e) = started {
        eprintln!("warning: cannot start the interrupt's watchdog ({e})");
    }
}

/// Waits until, after `interrupted()` says so, `running()` names the same trial for `grace`;
/// returns that trial. A trial that stops, or gives way to another, starts the wait again.
fn wait_for_stuck_trial(
    interrupted: impl Fn() -> bool,
    running: impl Fn() -> Option<String>,
    grace: Duration,
) -> String {
    let mut watched: Option<(String, Instant)> = None;
    loop {
        std::thread::sleep(POLL);
        if !interrupted() {
            continue;
        }
        let now = running();
        match (&watched, now) {
            (Some((trial, since)), Some(now)) if *trial == now => {
                if since.elapsed() >= grace {
                    return now;
                }
            }
            (_, now) => watched = now.map(|trial| (trial, Instant::now())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    use std::sync::Arc;

    #[test]
    fn a_trial_still_running_a_grace_after_the_interrupt_is_named_and_one_that_stops_is_not() {
        let grace = Duration::from_millis(300);
        // Interrupted from the start, the same trial running throughout: named after the grace.
        let started = Instant::now();
        let trial = wait_for_stuck_trial(|| true, || Some("stuck".to_owned()), grace);
        assert_eq!(trial, "stuck");
        assert!(started.elapsed() >= grace, "{:?}", started.elapsed());

        // Before the interrupt nothing is named, however long a trial runs. The interrupt comes
        // after 400 ms, while `slow` runs; `slow` gives way 200 ms later, within the grace, to
        // `last`, which runs on: it is `last` that is named, a grace after it started.
        let flag = Arc::new(AtomicBool::new(false));
        let polls = Arc::new(AtomicUsize::new(0));
        let started = Instant::now();
        let trial = {
            let (flag, polls) = (Arc::clone(&flag), Arc::clone(&polls));
            wait_for_stuck_trial(
                move || {
                    if started.elapsed() >= Duration::from_millis(400) {
                        flag.store(true, Ordering::Relaxed);
                    }
                    flag.load(Ordering::Relaxed)
                },
                move || {
                    polls.fetch_add(1, Ordering::Relaxed);
                    let at = started.elapsed();
                    Some(
                        if at < Duration::from_millis(600) {
                            "slow"
                        } else {
                            "last"
                        }
                        .to_owned(),
                    )
                },
                grace,
            )
        };
        assert_eq!(trial, "last");
        assert!(started.elapsed() >= Duration::from_millis(900));
        assert!(polls.load(Ordering::Relaxed) > 0);
    }
}
