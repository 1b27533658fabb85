//! One round of each tool: the per-call routines (but for bench_diff), then each known-ratio
//! pair in a process of its own (so that its wall time is what a user waits for one
//! verdict). Every command and its whole output go to the raw log.

use crate::executables::Executables;
use crate::log::RawLog;
use crate::parse::{self, Verdict};
use rivals::{BASES, PER_CALL};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// The five tools, in the order of a round (every other round runs them backwards).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Tool {
    Duobench,
    Criterion,
    Divan,
    Tango,
    BenchDiff,
}

impl Tool {
    pub const ALL: [Tool; 5] = [
        Tool::Duobench,
        Tool::Criterion,
        Tool::Divan,
        Tool::Tango,
        Tool::BenchDiff,
    ];

    /// The name in progress lines and the raw log's headings.
    pub fn name(self) -> &'static str {
        match self {
            Tool::Duobench => "duobench",
            Tool::Criterion => "criterion",
            Tool::Divan => "divan",
            Tool::Tango => "tango",
            Tool::BenchDiff => "bench_diff",
        }
    }

    /// The name in the tables' headers, as the tool spells itself.
    pub fn label(self) -> &'static str {
        match self {
            Tool::Duobench => "duobench",
            Tool::Criterion => "Criterion",
            Tool::Divan => "Divan",
            Tool::Tango => "Tango",
            Tool::BenchDiff => "bench_diff",
        }
    }
}

/// What one tool measured in one round.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    /// ns per call, by routine.
    pub per_call: Vec<(String, f64)>,
    /// By base: the verdict and the wall seconds of the process(es) behind it.
    pub verdicts: Vec<(String, Verdict, f64)>,
    /// itoa / to_string as the tool estimates it directly (duobench's `#[bench_diff]`);
    /// `None` where the table takes the ratio of the per-call figures.
    pub paired_ratio: Option<f64>,
}

/// Where and how the tools run.
pub struct Context {
    /// The rivals crate (the tools' working directory).
    pub crate_dir: PathBuf,
    /// Scratch space: JSON documents, Criterion's home, Tango's dumps.
    pub work_dir: PathBuf,
    /// Tiny budgets: checks that everything runs, measures nothing worth keeping.
    pub quick: bool,
    pub exes: Executables,
}

impl Context {
    /// Runs `exe` with `args` (and `env`), logs the command and its output, and returns the
    /// output (stdout, then stderr) and the wall seconds. A non-zero exit is logged, not an
    /// error: Tango and duobench exit non-zero on a regression or a failed claim.
    fn run(
        &self,
        log: &mut RawLog,
        exe: &Path,
        args: &[&str],
        env: &[(&str, &str)],
    ) -> Result<(String, f64), String> {
        let start = Instant::now();
        let output = Command::new(exe)
            .args(args)
            .envs(env.iter().copied())
            .current_dir(&self.crate_dir)
            .output()
            .map_err(|e| format!("{}: {e}", exe.display()))?;
        let wall = start.elapsed().as_secs_f64();
        let mut text = String::from_utf8_lossy(&output.stdout).into_owned();
        text.push_str(&String::from_utf8_lossy(&output.stderr));
        log.command(exe, args, env, &output.status, wall, &text);
        Ok((text, wall))
    }

    /// Runs every tool's share of one round.
    pub fn round(&self, tool: Tool, log: &mut RawLog) -> Result<Outcome, String> {
        match tool {
            Tool::Duobench => self.duobench(log),
            Tool::Criterion => self.criterion(log),
            Tool::Divan => self.divan(log),
            Tool::Tango => self.tango(log),
            Tool::BenchDiff => self.bench_diff(log),
        }
    }

    fn duobench(&self, log: &mut RawLog) -> Result<Outcome, String> {
        let json = self.work_dir.join("duobench.json");
        let json_arg = json.to_str().ok_or("work directory is not UTF-8")?;
        let budget: &[&str] = if self.quick {
            &["--max-time", "0.5s"]
        } else {
            &[]
        };
        let exe = &self.exes.duobench;
        let mut args = vec![
            "--bench",
            "--no-report",
            "--json",
            json_arg,
            "--skip",
            "known_ratio",
        ];
        args.extend(budget);
        // duobench merges into an existing document: each run starts from none.
        remove(&json)?;
        self.run(log, exe, &args, &[])?;
        let document = read(&json)?;
        let per_call = parse::duobench_slopes(&document)?;
        let paired_ratio = parse::duobench_verdict(&document, "itoa_vs_to_string")?.ratio;
        let mut verdicts = Vec::new();
        for base in BASES {
            let name = format!("known_ratio::r{}", base.name);
            // Without --bench: the claim is judged as `cargo test --benches` judges it,
            // stopping at its verdict.
            // At its default budget even under --quick: a 2 ms verdict needs seconds.
            let args = ["--no-report", "--json", json_arg, "--exact", &name];
            remove(&json)?;
            let (_, wall) = self.run(log, exe, &args, &[])?;
            verdicts.push((
                base.name.to_owned(),
                parse::duobench_verdict(&read(&json)?, &name)?,
                wall,
            ));
        }
        Ok(Outcome {
            per_call,
            verdicts,
            paired_ratio,
        })
    }

    fn criterion(&self, log: &mut RawLog) -> Result<Outcome, String> {
        let home = self.work_dir.join("criterion");
        let home_env = home.to_str().ok_or("work directory is not UTF-8")?;
        let budget: &[&str] = if self.quick {
            &["--warm-up-time", "0.1", "--measurement-time", "0.3"]
        } else {
            &[]
        };
        let exe = &self.exes.criterion;
        let mut args = vec!["--bench", "--noplot"];
        args.extend(budget);
        let mut per_call_args = args.clone();
        per_call_args.push("^percall/");
        self.run(log, exe, &per_call_args, &[("CRITERION_HOME", home_env)])?;
        let mut per_call = Vec::new();
        for routine in PER_CALL {
            let estimates = home
                .join("percall")
                .join(routine)
                .join("new/estimates.json");
            per_call.push((
                routine.to_owned(),
                parse::criterion_estimate(&read(&estimates)?)?,
            ));
        }
        let mut verdicts = Vec::new();
        for base in BASES {
            let filter = format!("^ratio/{}$", base.name);
            let mut save = args.clone();
            save.extend(["--save-baseline", "faster", &filter]);
            let (_, wall_save) = self.run(log, exe, &save, &[("CRITERION_HOME", home_env)])?;
            let mut compare = args.clone();
            compare.extend(["--baseline", "faster", &filter]);
            let env = [("CRITERION_HOME", home_env), (rivals::SLOWER_VAR, "1")];
            let change_json = home
                .join("ratio")
                .join(base.name)
                .join("change/estimates.json");
            remove(&change_json)?;
            let (out, wall_compare) = self.run(log, exe, &compare, &env)?;
            let change = read(&change_json).ok();
            let verdict = parse::criterion_verdict(&out, change.as_deref());
            verdicts.push((base.name.to_owned(), verdict, wall_save + wall_compare));
        }
        Ok(Outcome {
            per_call,
            verdicts,
            paired_ratio: None,
        })
    }

    fn divan(&self, log: &mut RawLog) -> Result<Outcome, String> {
        let budget: &[&str] = if self.quick {
            &["--sample-count", "10"]
        } else {
            &[]
        };
        let exe = &self.exes.divan;
        let mut args = vec!["--bench", "--skip", "known_ratio"];
        args.extend(budget);
        let (out, _) = self.run(log, exe, &args, &[])?;
        let per_call = pick(
            &parse::divan_means(&out),
            &PER_CALL.map(str::to_owned),
            "Divan",
        )?;
        let mut verdicts = Vec::new();
        for base in BASES {
            let filter = format!("known_ratio::r{}_", base.name);
            let mut args = vec!["--bench", &filter];
            args.extend(budget);
            let (out, wall) = self.run(log, exe, &args, &[])?;
            let names = [
                format!("r{}_slower", base.name),
                format!("r{}_base", base.name),
            ];
            let means = pick(&parse::divan_means(&out), &names, "Divan")?;
            let ratio = means[0].1 / means[1].1;
            let verdict = Verdict {
                right: None,
                ratio: Some(ratio),
                own_secs: None,
            };
            verdicts.push((base.name.to_owned(), verdict, wall));
        }
        Ok(Outcome {
            per_call,
            verdicts,
            paired_ratio: None,
        })
    }

    fn tango(&self, log: &mut RawLog) -> Result<Outcome, String> {
        let seconds = if self.quick { "0.2" } else { "1" };
        let dump = self.work_dir.join("tango");
        let dump_arg = dump.to_str().ok_or("work directory is not UTF-8")?;
        let exe = &self.exes.tango;
        let base_args = ["--bench", "--color", "never", "compare", "-t", seconds];
        let mut args = base_args.to_vec();
        args.extend(["-f", "percall/*", "-d", dump_arg]);
        self.run(log, exe, &args, &[])?;
        let mut per_call = Vec::new();
        for routine in PER_CALL {
            let csv = read(&dump.join(format!("percall-{routine}.csv")))?;
            per_call.push((routine.to_owned(), parse::tango_dump_mean(&csv)?));
        }
        let mut verdicts = Vec::new();
        for base in BASES {
            let mut args = base_args.to_vec();
            args.extend([
                "--strip-candidate",
                "slower/*",
                "--strip-baseline",
                "base/*",
                "-f",
                base.name,
            ]);
            let (out, wall) = self.run(log, exe, &args, &[])?;
            verdicts.push((
                base.name.to_owned(),
                parse::tango_verdict(&out, base.name)?,
                wall,
            ));
        }
        Ok(Outcome {
            per_call,
            verdicts,
            paired_ratio: None,
        })
    }

    /// bench_diff: the known-ratio pairs only, each base in a process of its own. It times one
    /// call at a time, which cannot resolve the per-call routines (README.md says why).
    fn bench_diff(&self, log: &mut RawLog) -> Result<Outcome, String> {
        let exe = &self.exes.bench_diff;
        let mut verdicts = Vec::new();
        for base in BASES {
            let mut args = vec!["--bench", "--base", base.name];
            if self.quick {
                args.push("--quick");
            }
            let (out, wall) = self.run(log, exe, &args, &[])?;
            verdicts.push((
                base.name.to_owned(),
                parse::bench_diff_verdict(&out, base.name)?,
                wall,
            ));
        }
        Ok(Outcome {
            per_call: Vec::new(),
            verdicts,
            paired_ratio: None,
        })
    }
}

/// The figures of `names`, in that order, from a tool's `(name, value)` list.
fn pick(
    found: &[(String, f64)],
    names: &[String],
    tool: &str,
) -> Result<Vec<(String, f64)>, String> {
    names
        .iter()
        .map(|name| {
            found
                .iter()
                .find(|(n, _)| n == name)
                .cloned()
                .ok_or_else(|| format!("{tool}: no figure for {name}"))
        })
        .collect()
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

/// Removes `path` if it exists.
fn remove(path: &Path) -> Result<(), String> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            Err(format!("{}: {e}", path.display()))
        }
        _ => Ok(()),
    }
}
