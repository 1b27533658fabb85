//! Checks of the run as a whole (the build, the machine) and of names.

use super::{Check, Warning};
use crate::measure::MachineFacts;
use crate::util::three_significant;

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

/// More runnable work than cores over the last minute (the system's load average says so;
/// the benchmark's own thread counts for one). Silent where the system does not say.
#[must_use]
pub fn heavy_load(machine: &MachineFacts) -> Option<Warning> {
    let (load, cores) = (machine.load_1min?, machine.cores?);
    (load > cores as f64).then(|| Warning {
        check: Check::HeavyLoad,
        finding: format!(
            "the load average was {} over the last minute on {cores} core{}: other work \
             competed for the CPU",
            three_significant(load),
            if cores == 1 { "" } else { "s" }
        ),
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
