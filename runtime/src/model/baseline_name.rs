//! [`BaselineName`]: a checked name for a saved baseline, usable as a file name.

use std::fmt;

/// Longest baseline name, in bytes.
const MAX_LEN: usize = 64;

/// Criterion.rs's name for the previous run.
const CRITERION_PREVIOUS_RUN: &str = "base";

/// The name of a saved baseline (`--save-baseline NAME`, `--baseline NAME`): 1 to 64 ASCII
/// letters, digits, `_`, `-` or `.`, not starting with `.`, so it is a safe file name on
/// every platform. Stored inline, so settings that hold one stay `Copy`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct BaselineName {
    bytes: [u8; MAX_LEN],
    len: u8,
}

impl BaselineName {
    /// Checks `text`.
    ///
    /// # Errors
    ///
    /// A message saying what a name may contain.
    pub fn parse(text: &str) -> Result<Self, String> {
        let allowed = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.');
        let ok = !text.is_empty()
            && text.len() <= MAX_LEN
            && !text.starts_with('.')
            && text.bytes().all(allowed);
        if !ok {
            return Err(format!(
                "expected a baseline name of 1 to {MAX_LEN} letters, digits, `_`, `-` or `.` \
                 (not starting with `.`), such as main, got `{text}`"
            ));
        }
        if is_reserved_on_windows(text) {
            return Err(format!(
                "`{text}` is a device name on Windows (CON, PRN, AUX, NUL, COM1-9, LPT1-9, \
                 with or without an extension) and cannot be a file there; choose another \
                 baseline name"
            ));
        }
        let mut bytes = [0; MAX_LEN];
        bytes[..text.len()].copy_from_slice(text.as_bytes());
        Ok(Self {
            bytes,
            // At most MAX_LEN = 64, checked above.
            len: text.len() as u8,
        })
    }

    /// A name given on the command line or in a variable, checked as [`Self::parse`] checks
    /// it; `base`, Criterion.rs's name for the previous run, names the previous run here too,
    /// so that `--baseline base` compares with the last run and leaves it, as in Criterion.
    ///
    /// # Errors
    ///
    /// A message saying what a name may contain.
    pub fn given(text: &str) -> Result<Self, String> {
        if text == CRITERION_PREVIOUS_RUN {
            return Ok(Self::previous_run());
        }
        Self::parse(text)
    }

    /// The baseline every run compares with and then replaces, unless told otherwise:
    /// `previous`, a word no revision or branch is usually named, unlike `base` (which
    /// `cargo duobench compare` speaks of as the revision it builds).
    #[must_use]
    pub fn previous_run() -> Self {
        Self::parse("previous").expect("`previous` is a valid baseline name")
    }

    /// The name as written.
    #[must_use]
    pub fn as_str(&self) -> &str {
        // Only ASCII bytes from a `&str` are ever stored.
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or_default()
    }
}

impl fmt::Display for BaselineName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for BaselineName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "BaselineName({:?})", self.as_str())
    }
}

/// Whether Windows reserves `name` for a device: the part before the first `.`, in any
/// case, is one of its device names (`nul.json` opens the null device there).
fn is_reserved_on_windows(name: &str) -> bool {
    let stem = name.split('.').next().unwrap_or(name).to_ascii_uppercase();
    match stem.as_str() {
        "CON" | "PRN" | "AUX" | "NUL" => true,
        _ => {
            let (kind, digit) = stem.split_at(stem.len().min(3));
            matches!(kind, "COM" | "LPT") && matches!(digit.as_bytes(), [b'1'..=b'9'])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn good_names_round_trip() {
        for good in ["main", "v1.2-rc_3", "base", &"x".repeat(64)] {
            assert_eq!(BaselineName::parse(good).unwrap().as_str(), good);
        }
        assert_eq!(BaselineName::previous_run().to_string(), "previous");
    }

    #[test]
    fn criterion_s_name_for_the_previous_run_names_it_on_the_command_line() {
        assert_eq!(
            BaselineName::given("base"),
            Ok(BaselineName::previous_run())
        );
        assert_eq!(
            BaselineName::given("previous"),
            Ok(BaselineName::previous_run())
        );
        assert_eq!(BaselineName::given("main").unwrap().as_str(), "main");
        assert!(BaselineName::given("a/b").is_err());
    }

    #[test]
    fn names_that_are_not_safe_file_names_are_refused() {
        for bad in [
            "",
            ".hidden",
            "..",
            "a/b",
            "a b",
            "naïve",
            "x\\y",
            &"x".repeat(65),
        ] {
            let e = BaselineName::parse(bad).unwrap_err();
            assert!(e.contains("baseline name"), "{bad}: {e}");
        }
    }

    #[test]
    fn windows_device_names_are_refused_everywhere() {
        for bad in ["CON", "nul", "Aux.v1", "prn", "COM1", "lpt9.x"] {
            let e = BaselineName::parse(bad).unwrap_err();
            assert!(e.contains("device name on Windows"), "{bad}: {e}");
        }
        for good in [
            "console", "nulls", "COM0", "COM10", "lpt", "con-x", "main.con",
        ] {
            assert!(BaselineName::parse(good).is_ok(), "{good}");
        }
    }
}
