//! Finding Valgrind and the command line that counts a child under it.
//!
//! Callgrind counts, on every Valgrind version: a segment's counts must be written when the
//! segment ends, and only Callgrind writes them at a chosen moment (`--dump-after`);
//! Cachegrind writes once, at exit. With `--cache-sim=yes` Callgrind simulates the caches
//! with Cachegrind's model, so its instruction and miss counts are Cachegrind's.

use super::events::CacheModel;
use super::markers::{COLLECT_PATTERN, DUMP_PATTERN};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

/// `DUOBENCH_VALGRIND`: the Valgrind to run, when it is not `valgrind` on the `PATH`.
const VALGRIND_ENV: &str = "DUOBENCH_VALGRIND";

/// The Valgrind that counts, and its version as it reports it (`valgrind-3.19.0`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Valgrind {
    /// The program run.
    pub program: PathBuf,
    /// `valgrind --version`'s answer, e.g. `3.19.0`.
    pub version: String,
}

impl Valgrind {
    /// Which tool counted, for reports: `Callgrind (Valgrind 3.19.0)`.
    #[must_use]
    pub fn counted_by(&self) -> String {
        format!("Callgrind (Valgrind {})", self.version)
    }
}

/// The Valgrind on this machine, or one line saying there is none and how to get it.
///
/// # Errors
///
/// Valgrind is not installed (or `DUOBENCH_VALGRIND` names something that does not run).
pub fn find_valgrind() -> Result<Valgrind, String> {
    let program = std::env::var_os(VALGRIND_ENV)
        .filter(|p| !p.is_empty())
        .map_or_else(|| PathBuf::from("valgrind"), PathBuf::from);
    valgrind_at(program)
}

fn valgrind_at(program: PathBuf) -> Result<Valgrind, String> {
    let output = Command::new(&program).arg("--version").output();
    match output {
        Ok(out) if out.status.success() => {
            let text = String::from_utf8_lossy(&out.stdout);
            let version = text.trim().trim_start_matches("valgrind-").to_owned();
            Ok(Valgrind { program, version })
        }
        _ => Err(format!(
            "Valgrind is not installed (`{} --version` did not run): {}",
            program.display(),
            where_valgrind_runs(std::env::consts::OS)
        )),
    }
}

/// How to get a Valgrind on `os` (as `std::env::consts::OS` names it), or that there is none.
fn where_valgrind_runs(os: &str) -> String {
    match os {
        "windows" => "it does not run on Windows: count on Linux or in WSL".to_owned(),
        "macos" => format!(
            "its releases do not support current macOS or Apple silicon: count on Linux, or \
             name a Valgrind that runs here in {VALGRIND_ENV}"
        ),
        _ => format!(
            "install it from the system's packages (`apt-get install valgrind`, `dnf install \
             valgrind`), or name it in {VALGRIND_ENV}"
        ),
    }
}

/// Valgrind's options before the counted program: Callgrind collecting only inside the
/// counted marker, a numbered output file in `dir` after each segment, the fixed cache
/// model, and Valgrind's own messages in `dir` too (never the user's working directory).
#[must_use]
pub fn callgrind_args(dir: &Path) -> Vec<OsString> {
    let cache = |(size, ways, line): (u32, u32, u32)| format!("{size},{ways},{line}");
    let model = CacheModel::FIXED;
    let mut out_file = OsString::from("--callgrind-out-file=");
    out_file.push(dir.join("callgrind.out"));
    let mut log_file = OsString::from("--log-file=");
    log_file.push(dir.join("valgrind.log"));
    [
        "--tool=callgrind".to_owned(),
        "--collect-atstart=no".to_owned(),
        format!("--toggle-collect={COLLECT_PATTERN}"),
        format!("--dump-after={DUMP_PATTERN}"),
        "--cache-sim=yes".to_owned(),
        format!("--I1={}", cache(model.l1)),
        format!("--D1={}", cache(model.l1)),
        format!("--LL={}", cache(model.ll)),
    ]
    .into_iter()
    .map(OsString::from)
    .chain([out_file, log_file])
    .collect()
}

/// The numbered output files Callgrind wrote in `dir`, one per segment, in order.
///
/// # Errors
///
/// `dir` cannot be read.
pub fn dump_files(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    let mut numbered: Vec<(u64, PathBuf)> = entries
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let name = entry.file_name();
            let part = name
                .to_str()?
                .strip_prefix("callgrind.out.")?
                .parse()
                .ok()?;
            Some((part, entry.path()))
        })
        .collect();
    numbered.sort_unstable();
    Ok(numbered.into_iter().map(|(_, path)| path).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_keeps_every_file_in_its_directory() {
        let dir = Path::new("/tmp/counts");
        let args: Vec<String> = callgrind_args(dir)
            .into_iter()
            .map(|a| a.into_string().unwrap())
            .collect();
        assert!(args.contains(&"--callgrind-out-file=/tmp/counts/callgrind.out".to_owned()));
        assert!(args.contains(&"--log-file=/tmp/counts/valgrind.log".to_owned()));
        assert!(args.contains(&"--LL=8388608,16,64".to_owned()));
        assert!(args
            .iter()
            .any(|a| a.starts_with("--toggle-collect=*__duobench")));
    }

    #[test]
    fn segments_are_read_in_the_order_written() {
        let dir = crate::fixture::scratch::scratch_dir("dump-order");
        for name in [
            "callgrind.out.10",
            "callgrind.out.2",
            "callgrind.out",
            "valgrind.log",
        ] {
            std::fs::write(dir.join(name), "").unwrap();
        }
        let names: Vec<String> = dump_files(&dir)
            .unwrap()
            .iter()
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, ["callgrind.out.2", "callgrind.out.10"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_missing_valgrind_is_one_line_saying_how_to_install_it() {
        let e = valgrind_at(PathBuf::from("/no/such/valgrind")).unwrap_err();
        assert!(e.starts_with("Valgrind is not installed"), "{e}");
        assert!(
            e.ends_with(&where_valgrind_runs(std::env::consts::OS)) && !e.contains('\n'),
            "{e}"
        );
        assert!(where_valgrind_runs("linux").contains("apt-get install valgrind"));
        assert!(where_valgrind_runs("windows").starts_with("it does not run on Windows"));
        assert!(where_valgrind_runs("macos").contains("do not support current macOS"));
    }
}
