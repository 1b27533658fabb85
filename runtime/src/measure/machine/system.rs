//! What the machine says about its own state during a run: the load average, the cores, and
//! the CPU frequency governors. Read from Linux's `/proc` and `/sys`; anything that cannot
//! be read is `None` or empty, and the doctor then says nothing about it.

use std::fs;

/// The machine's state as the system reports it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MachineFacts {
    /// One-minute load average (`/proc/loadavg`), when readable.
    pub load_1min: Option<f64>,
    /// Cores this process may run on.
    pub cores: Option<usize>,
    /// The `scaling_governor` of every CPU whose cpufreq directory is readable (empty where
    /// the kernel exposes none, as in most virtual machines).
    pub governors: Vec<String>,
}

impl MachineFacts {
    /// Reads the facts now.
    #[must_use]
    pub fn read() -> Self {
        Self {
            load_1min: fs::read_to_string("/proc/loadavg")
                .ok()
                .and_then(|text| parse_loadavg(&text)),
            cores: std::thread::available_parallelism().ok().map(usize::from),
            governors: governors(),
        }
    }
}

/// The first field of `/proc/loadavg`.
fn parse_loadavg(text: &str) -> Option<f64> {
    text.split_whitespace().next()?.parse().ok()
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
    fn the_load_average_is_the_first_field() {
        assert_eq!(parse_loadavg("3.51 2.10 1.00 3/412 9981\n"), Some(3.51));
        assert_eq!(parse_loadavg(""), None);
        assert_eq!(parse_loadavg("busy"), None);
    }

    #[test]
    fn reading_never_fails() {
        let facts = MachineFacts::read();
        assert!(facts.cores.is_none_or(|n| n >= 1), "{facts:?}");
        assert!(facts.load_1min.is_none_or(|l| l >= 0.0), "{facts:?}");
    }
}
