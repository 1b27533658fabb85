//! Checks of the build, of the machine (over the run, and over each trial's own time) and of
//! names.

use super::{Check, Warning};
use crate::measure::{MachineFacts, OsUsage};
use crate::util::format_secs;
use std::time::Duration;

/// Names longer than this make the summary table wrap on an ordinary terminal.
pub const MAX_NAME_CHARS: usize = 60;

/// Debug assertions are on: the code measured is an unoptimized build.
#[must_use]
pub fn debug_build(debug_assertions: bool) -> Option<Warning> {
    debug_assertions.then(|| Warning {
        check: Check::DebugBuild,
        finding: "this is an unoptimized build (debug assertions on): its timings say little \
                  about release code"
            .to_owned(),
        advice: "run `cargo bench`, or `cargo test --release --benches` for the claims",
    })
}

/// Share of a trial's time beyond which waiting for a core, or a hypervisor's steal from the
/// CPUs, makes its figures those of a shared machine. A thread running alone waits only for
/// the kernel's own brief work (wake-ups, interrupts, kernel threads), far below this; beside
/// one other busy thread per core it waits about half the time.
pub const HEAVY_LOAD_SHARE: f64 = 0.10;

/// Other work competed for the CPU during the trial itself: the measuring thread waited for
/// a core (the kernel's run-queue wait) or a hypervisor stole the CPUs (steal time) for more
/// than [`HEAVY_LOAD_SHARE`] of its time. Judged over the trial's own time, not a load
/// average, which still holds a build that ended before the run. Silent where the system
/// does not count them.
#[must_use]
pub fn heavy_load(os: Option<&OsUsage>) -> Option<Warning> {
    let os = os?;
    let over = |share: Option<f64>| share.filter(|&s| s > HEAVY_LOAD_SHARE);
    let waited = over(os.run_queue_wait_share()).map(|share| {
        format!(
            "the measuring thread was ready to run but waited for a core for {:.1}% of the \
             trial's {}",
            100.0 * share,
            format_secs(Duration::from_nanos(os.wall_ns))
        )
    });
    let stolen = over(os.steal_share).map(|share| {
        format!(
            "a hypervisor gave {:.1}% of the CPUs' time to other work during the trial \
             (steal time)",
            100.0 * share
        )
    });
    let seen: Vec<String> = waited.into_iter().chain(stolen).collect();
    (!seen.is_empty()).then(|| Warning {
        check: Check::HeavyLoad,
        finding: format!("{}: other work competed for the CPU", seen.join("; ")),
        advice: "run again on a quiet machine for absolute times; #[bench_diff] comparisons \
                 are paired and hold up better under load",
    })
}

/// A CPU frequency governor other than `performance`: the clock speed follows the load.
/// Silent where the kernel exposes no governor.
#[must_use]
pub fn frequency_scaling(machine: &MachineFacts) -> Option<Warning> {
    let other = machine.governors.iter().find(|g| *g != "performance")?;
    let count = machine.governors.iter().filter(|g| *g == other).count();
    Some(Warning {
        check: Check::FrequencyScaling,
        finding: format!(
            "the CPU frequency governor is `{other}` on {count} of {} cores: the clock speed \
             changes with the load",
            machine.governors.len()
        ),
        advice: "for steady absolute times, set the governor to performance (e.g. `sudo \
                 cpupower frequency-set -g performance`)",
    })
}

/// A name too long for the summary table.
#[must_use]
pub fn long_name(name: &str) -> Option<Warning> {
    let chars = name.chars().count();
    (chars > MAX_NAME_CHARS).then(|| Warning {
        check: Check::LongName,
        finding: format!(
            "the name has {chars} characters (over {MAX_NAME_CHARS}): tables wrap or cut it"
        ),
        advice: "give it a shorter name (`name = \"...\"`, or a shorter module path or argument)",
    })
}
