//! Run metadata for the JSON document: when the run started, what built it, on which
//! machine, at which commit. Read once at start-up; every field that cannot be read is
//! `None` (written as `null`), never a guess.

use serde::Serialize;
use std::path::Path;
use std::process::Command;
use std::time::{SystemTime, UNIX_EPOCH};

/// What the document records of the run besides its results.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RunMeta {
    /// Start of the run, UTC, RFC 3339 to the second (`2026-11-23T02:04:09Z`).
    pub started_at: String,
    /// `rustc --version` of the compiler that built duobench (and so the bench).
    pub rustc_version: Option<String>,
    /// The target triple the bench was built for.
    pub target: Option<String>,
    /// The CPU's model name, where the operating system says it (`/proc/cpuinfo` on Linux).
    pub cpu_model: Option<String>,
    /// Logical CPUs available to the process.
    pub cpu_count: Option<usize>,
    /// `git rev-parse HEAD` when the bench runs inside a git work tree.
    pub git_commit: Option<String>,
}

impl RunMeta {
    /// Reads the metadata of this process, now.
    #[must_use]
    pub fn collect() -> RunMeta {
        let non_empty = |s: &'static str| (!s.is_empty()).then(|| s.to_owned());
        RunMeta {
            started_at: rfc3339_utc(SystemTime::now()),
            rustc_version: non_empty(env!("DUOBENCH_RUSTC_VERSION")),
            target: non_empty(env!("DUOBENCH_TARGET")),
            cpu_model: std::fs::read_to_string("/proc/cpuinfo")
                .ok()
                .and_then(|info| cpu_model(&info)),
            cpu_count: std::thread::available_parallelism().ok().map(usize::from),
            git_commit: git_commit(Path::new(".")),
        }
    }
}

/// The first `model name` of a `/proc/cpuinfo` text (x86), or its `Model`/`Hardware` line
/// (some ARM kernels name the board there instead).
fn cpu_model(cpuinfo: &str) -> Option<String> {
    ["model name", "Model", "Hardware"].iter().find_map(|key| {
        cpuinfo.lines().find_map(|line| {
            let (name, value) = line.split_once(':')?;
            (name.trim() == *key && !value.trim().is_empty()).then(|| value.trim().to_owned())
        })
    })
}

/// The commit checked out in the work tree containing `dir`; `None` outside one or without
/// git. Cargo runs a bench in its package's directory, so this is the package's commit.
fn git_commit(dir: &Path) -> Option<String> {
    let out = Command::new("git")
        .args(["rev-parse", "--verify", "HEAD"])
        .current_dir(dir)
        .output()
        .ok()?;
    let commit = String::from_utf8(out.stdout).ok()?.trim().to_owned();
    let is_hash = commit.len() >= 40 && commit.bytes().all(|b| b.is_ascii_hexdigit());
    (out.status.success() && is_hash).then_some(commit)
}

/// `time` as `YYYY-MM-DDThh:mm:ssZ`. Written here rather than with a date crate: one
/// conversion of days to a civil date (Howard Hinnant's `civil_from_days`).
#[must_use]
pub fn rfc3339_utc(time: SystemTime) -> String {
    let secs = time.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (days, rest) = (secs / 86_400, secs % 86_400);
    let (year, month, day) = civil_from_days(days as i64);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

/// Proleptic Gregorian (year, month, day) of a day count since 1970-01-01.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn dates_are_utc_rfc3339() {
        let at = |secs| rfc3339_utc(UNIX_EPOCH + Duration::from_secs(secs));
        assert_eq!(at(0), "1970-01-01T00:00:00Z");
        assert_eq!(at(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(at(1_795_399_449), "2026-11-23T02:04:09Z");
        assert_eq!(at(4_107_542_399), "2100-02-28T23:59:59Z");
    }

    #[test]
    fn cpu_model_from_cpuinfo() {
        let x86 = "processor\t: 0\nvendor_id\t: GenuineIntel\nmodel\t\t: 85\n\
                   model name\t: Intel(R) Xeon(R) CPU @ 2.20GHz\n";
        assert_eq!(
            cpu_model(x86).as_deref(),
            Some("Intel(R) Xeon(R) CPU @ 2.20GHz")
        );
        let arm = "processor\t: 0\nBogoMIPS\t: 108.00\n\nModel\t\t: Raspberry Pi 4 Model B\n";
        assert_eq!(cpu_model(arm).as_deref(), Some("Raspberry Pi 4 Model B"));
        assert_eq!(cpu_model("processor\t: 0\n"), None);
    }

    #[test]
    fn build_facts_and_git_commit() {
        let meta = RunMeta::collect();
        assert!(meta.rustc_version.unwrap().starts_with("rustc "));
        assert!(meta.target.unwrap().contains('-'));
        assert!(meta.cpu_count.unwrap() >= 1);
        // The crate's sources are in this repository's work tree; the temporary directory
        // is in none.
        let here = git_commit(Path::new(env!("CARGO_MANIFEST_DIR")));
        let in_git = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../.git")
            .exists();
        assert_eq!(here.is_some(), in_git);
        assert_eq!(git_commit(&std::env::temp_dir()), None);
    }
}
