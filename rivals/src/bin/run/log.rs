//! The raw log: every command a round ran, its environment, exit status, wall time and
//! whole output, in the order they ran.

use std::fmt::Write;
use std::path::Path;
use std::process::ExitStatus;

/// Raw output, kept in memory and written after the tables.
#[derive(Default)]
pub struct RawLog {
    text: String,
}

impl RawLog {
    /// A heading: which round and tool the commands below belong to.
    pub fn heading(&mut self, heading: &str) {
        let _ = writeln!(self.text, "\n### {heading}\n");
    }

    /// One command and what it printed.
    pub fn command(
        &mut self,
        exe: &Path,
        args: &[&str],
        env: &[(&str, &str)],
        status: &ExitStatus,
        wall: f64,
        output: &str,
    ) {
        let env: String = env.iter().map(|(k, v)| format!("{k}={v} ")).collect();
        let name = exe.file_name().map_or_else(
            || exe.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        let _ = writeln!(
            self.text,
            "`{env}{name} {}` ({status}, {wall:.2} s)\n",
            args.join(" ")
        );
        let _ = writeln!(self.text, "```text\n{}\n```\n", output.trim_end());
    }

    /// Everything logged.
    pub fn text(&self) -> &str {
        &self.text
    }
}
