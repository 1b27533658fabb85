//! Running git and cargo: each failure is one line naming the command. Every child starts
//! through `children.rs`, so that a signal to this command ends it with all it started.

use crate::children;
use std::ffi::OsStr;
use std::path::Path;
use std::process::{Command, ExitStatus};

/// The cargo that ran this subcommand (cargo sets `CARGO`), else the one on `PATH`.
pub fn cargo() -> Command {
    Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
}

/// The text `program args` prints, trimmed, run in `dir`.
pub fn output_of(dir: &Path, program: &str, args: &[&str]) -> Result<String, String> {
    let stdout = stdout_of(Command::new(program).args(args).current_dir(dir))?;
    Ok(String::from_utf8_lossy(&stdout).trim().to_owned())
}

/// What `command` prints on stdout; its stderr in the error when it fails.
pub fn stdout_of(command: &mut Command) -> Result<Vec<u8>, String> {
    let shown = format!(
        "{} {}",
        command.get_program().to_string_lossy(),
        command
            .get_args()
            .map(|a| a.to_string_lossy())
            .collect::<Vec<_>>()
            .join(" ")
    );
    let output = children::output(command).map_err(|e| format!("cannot run `{shown}`: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "`{shown}` failed: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    Ok(output.stdout)
}

/// Runs `command` with its output shown, and returns how it ended.
pub fn status_of(command: &mut Command, what: &str) -> Result<ExitStatus, String> {
    children::status(command).map_err(|e| {
        let program = command.get_program().to_string_lossy().into_owned();
        format!("cannot run {program} to {what}: {e}")
    })
}

/// Every `DUOBENCH_*` variable of this process, so that the caller's environment cannot
/// steer the steps in ways this command does not know (a `DUOBENCH_BASELINE` would clash
/// with saving the base revision).
pub fn duobench_vars() -> Vec<std::ffi::OsString> {
    std::env::vars_os()
        .map(|(key, _)| key)
        .filter(|key| key.to_string_lossy().starts_with("DUOBENCH_"))
        .collect()
}

/// `command` without the caller's `DUOBENCH_*` variables.
pub fn without_duobench_vars(command: &mut Command) -> &mut Command {
    for key in duobench_vars() {
        command.env_remove(AsRef::<OsStr>::as_ref(&key));
    }
    command
}
