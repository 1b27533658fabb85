//! What the table was measured on: date, machine, compiler, the tools' versions and the
//! command, written above the tables.

use std::path::Path;
use std::process::Command;

/// The conditions of a run, as markdown lines.
pub fn describe(crate_dir: &Path, command: &str) -> String {
    let versions = ["criterion", "divan", "tango-bench", "bench_diff"]
        .map(|name| {
            format!(
                "{name} {}",
                locked_version(crate_dir, name).unwrap_or_else(|| "?".to_owned())
            )
        })
        .join(", ");
    let cores = std::thread::available_parallelism().map_or(0, usize::from);
    [
        format!(
            "- date: {}",
            output("date", &["-u", "+%Y-%m-%d %H:%M:%S UTC"])
        ),
        format!("- machine: `{}`", output("uname", &["-a"])),
        format!("- CPU: {} ({cores} logical CPUs available)", cpu_model()),
        format!("- compiler: {}", output("rustc", &["--version"])),
        format!(
            "- duobench: commit {} of this repository",
            output("git", &["rev-parse", "--short", "HEAD"])
        ),
        format!("- rivals: {versions}"),
        format!("- load average at the start: {}", load_average()),
        format!("- command: `{command}`"),
    ]
    .join("\n")
}

/// The first line a command prints, or "?" when it cannot run.
fn output(program: &str, args: &[&str]) -> String {
    Command::new(program)
        .args(args)
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .and_then(|s| s.lines().next().map(str::to_owned))
        .unwrap_or_else(|| "?".to_owned())
}

/// The CPU model as Linux names it.
fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, model)| model.trim().to_owned())
        })
        .unwrap_or_else(|| "?".to_owned())
}

/// The 1, 5 and 15 minute load averages.
pub fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "?".to_owned())
}

/// The version of package `name` in the workspace's Cargo.lock (the harness is a member).
fn locked_version(crate_dir: &Path, name: &str) -> Option<String> {
    let lock = std::fs::read_to_string(crate_dir.parent()?.join("Cargo.lock")).ok()?;
    let mut lines = lock.lines();
    lines.find(|l| *l == format!("name = \"{name}\""))?;
    let version = lines.next()?.strip_prefix("version = \"")?;
    Some(version.trim_end_matches('"').to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rivals_versions_come_from_the_workspaces_lockfile() {
        let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
        for (name, major) in [
            ("criterion", "0.5."),
            ("divan", "0.1."),
            ("tango-bench", "0.9."),
            ("bench_diff", "1.1."),
        ] {
            let version = locked_version(crate_dir, name);
            assert!(
                version.as_deref().is_some_and(|v| v.starts_with(major)),
                "{name}: {version:?}"
            );
        }
    }
}
