//! `rivals/run`: builds the rival harness, runs duobench, Criterion, Divan, Tango and
//! bench_diff on the same routines in alternating rounds, and writes the tables with the
//! date, the machine and every tool's raw output. `rivals/run --help` lists the options.

mod executables;
mod log;
mod machine;
mod parse;
mod table;
mod tools;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tools::{Context, Tool};

const USAGE: &str = "\
usage: rivals/run [--rounds N] [--quick] [--out FILE]

Builds the rival harness (rivals/) and runs duobench, Criterion, Divan, Tango and bench_diff
(the known-ratio pairs only) on the same routines, N rounds (default 5), each round every
tool in turn, every other round in reverse order, so that a drift of the machine reaches
every tool. Writes the tables, the conditions
and every tool's raw output to FILE (default: <target dir>/rivals/rivals-<date>.md) and prints
the tables.

  --quick   tiny budgets: checks that everything runs (its figures mean nothing)";

#[derive(Debug)]
struct Options {
    rounds: usize,
    quick: bool,
    out: Option<PathBuf>,
}

fn options(args: &[String]) -> Result<Options, String> {
    let mut options = Options {
        rounds: 5,
        quick: false,
        out: None,
    };
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rounds" => {
                let value = args.next().ok_or("--rounds needs a number")?;
                options.rounds = value
                    .parse()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| format!("--rounds {value}: give a whole number above 0"))?;
            }
            "--quick" => options.quick = true,
            "--out" => options.out = Some(PathBuf::from(args.next().ok_or("--out needs a file")?)),
            other => return Err(format!("unknown argument {other}\n\n{USAGE}")),
        }
    }
    Ok(options)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    match options(&args).and_then(|o| run(&o, &args)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("rivals/run: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(options: &Options, args: &[String]) -> Result<(), String> {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf();
    // Checked before the rounds: a document that cannot be written loses them all.
    let caller_dir = std::env::var_os("RIVALS_CALLER_DIR").map(PathBuf::from);
    let out = options
        .out
        .as_deref()
        .map(|out| writable_out(out, caller_dir.as_deref()))
        .transpose()?;
    let target_dir = std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| crate_dir.join("target"), PathBuf::from);
    let work_dir = target_dir.join("rivals");
    std::fs::create_dir_all(&work_dir).map_err(|e| format!("{}: {e}", work_dir.display()))?;
    let command = format!("rivals/run {}", args.join(" "))
        .trim_end()
        .to_owned();
    let header = machine::describe(&crate_dir, &command);
    let exes = executables::build(&crate_dir)?;
    let context = Context {
        crate_dir,
        work_dir: work_dir.clone(),
        quick: options.quick,
        exes,
    };

    let mut log = log::RawLog::default();
    let mut results = Vec::new();
    for round in 1..=options.rounds {
        let mut order = Tool::ALL;
        if round.is_multiple_of(2) {
            order.reverse();
        }
        for tool in order {
            eprintln!("round {round} of {}: {}", options.rounds, tool.name());
            log.heading(&format!("Round {round}: {}", tool.name()));
            match context.round(tool, &mut log) {
                Ok(outcome) => results.push((tool, outcome)),
                Err(e) => {
                    eprintln!("  {} failed: {e}", tool.name());
                    log.heading(&format!("Round {round}: {} failed: {e}", tool.name()));
                }
            }
        }
    }

    let tables = table::tables(&results);
    let quick = if options.quick {
        "\n**--quick: tiny budgets, the figures mean nothing.**\n"
    } else {
        ""
    };
    let document = format!(
        "# Rivals on the same machine code\n\n{header}\n- load average at the end: {}\n{quick}\n{tables}\n## Raw output\n{}",
        machine::load_average(),
        log.text()
    );
    let date = chrono_free_date();
    let out = out.unwrap_or_else(|| work_dir.join(format!("rivals-{date}.md")));
    if let Err(e) = std::fs::write(&out, &document) {
        // The rounds took many minutes: keep what they measured where the run can write.
        let kept = work_dir.join(format!("rivals-{date}.md"));
        std::fs::write(&kept, &document).map_err(|e| format!("{}: {e}", kept.display()))?;
        return Err(format!(
            "{}: {e}; the document was written to {} instead",
            out.display(),
            kept.display()
        ));
    }
    println!("{tables}\nwritten to {}", out.display());
    Ok(())
}

/// `out` as the caller meant it: a relative path is taken from `caller_dir` (the directory
/// `rivals/run` was called from), and its directory must exist.
fn writable_out(out: &Path, caller_dir: Option<&Path>) -> Result<PathBuf, String> {
    let out = match caller_dir {
        Some(dir) if out.is_relative() => dir.join(out),
        _ => out.to_path_buf(),
    };
    let dir = out.parent().filter(|d| !d.as_os_str().is_empty());
    match dir {
        Some(dir) if !dir.is_dir() => Err(format!(
            "--out {}: no directory {}",
            out.display(),
            dir.display()
        )),
        _ => Ok(out),
    }
}

/// Today's date, UTC, from `date` (the one clock dependency is the system's).
fn chrono_free_date() -> String {
    std::process::Command::new("date")
        .args(["-u", "+%Y-%m-%d"])
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map_or_else(|| "undated".to_owned(), |s| s.trim().to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(args: &[&str]) -> Vec<String> {
        args.iter().map(|a| (*a).to_owned()).collect()
    }

    #[test]
    fn a_relative_out_is_the_callers_and_its_directory_must_exist() {
        let caller = std::env::temp_dir();
        let out = writable_out(Path::new("table.md"), Some(&caller)).unwrap();
        assert_eq!(out, caller.join("table.md"));
        let e = writable_out(Path::new("no-such-dir-xyz/table.md"), Some(&caller)).unwrap_err();
        assert!(e.contains("no directory"), "{e}");
        // An absolute path is left as it is; without a caller a relative one is the cwd's.
        let absolute = caller.join("t.md");
        assert_eq!(
            writable_out(&absolute, Some(Path::new("/x"))).unwrap(),
            absolute
        );
        assert_eq!(
            writable_out(Path::new("t.md"), None).unwrap(),
            PathBuf::from("t.md")
        );
    }

    #[test]
    fn options_are_read_and_bad_ones_named() {
        let o = options(&strings(&["--rounds", "3", "--quick", "--out", "t.md"])).unwrap();
        assert_eq!(
            (o.rounds, o.quick, o.out),
            (3, true, Some(PathBuf::from("t.md")))
        );
        assert_eq!(options(&[]).unwrap().rounds, 5);
        assert!(options(&strings(&["--rounds", "0"]))
            .unwrap_err()
            .contains("--rounds 0"));
        assert!(options(&strings(&["--rounds"])).is_err());
        assert!(options(&strings(&["--fast"]))
            .unwrap_err()
            .contains("--fast"));
    }
}
