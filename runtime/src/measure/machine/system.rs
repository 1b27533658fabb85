//! What the machine says about its own state during a run: the CPU frequency governors. Read
//! from Linux's `/sys`; where none can be read the list is empty, and the doctor then says
//! nothing about it. (Whether other work competed for the CPU is judged per trial, over its
//! own time: `contention`.)

use std::fs;

/// The machine's state as the system reports it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MachineFacts {
    /// The `scaling_governor` of every CPU whose cpufreq directory is readable (empty where
    /// the kernel exposes none, as in most virtual machines).
    pub governors: Vec<String>,
}

impl MachineFacts {
    /// Reads the facts now.
    #[must_use]
    pub fn read() -> Self {
        Self {
            governors: governors(),
        }
    }
}

fn governors() -> Vec<String> {
    let Ok(cpus) = fs::read_dir("/sys/devices/system/cpu") else {
        return Vec::new();
    };
    let mut found: Vec<(String, String)> = cpus
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let name = entry.file_name().into_string().ok()?;
            let is_cpu = name
                .strip_prefix("cpu")?
                .bytes()
                .all(|b| b.is_ascii_digit());
            let path = entry.path().join("cpufreq/scaling_governor");
            let governor = fs::read_to_string(path).ok().filter(|_| is_cpu)?;
            Some((name, governor.trim().to_owned()))
        })
        .collect();
    found.sort();
    found.into_iter().map(|(_, governor)| governor).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reading_never_fails() {
        let facts = MachineFacts::read();
        assert!(facts.governors.iter().all(|g| !g.is_empty()), "{facts:?}");
    }
}
