//! One-line notes for Criterion settings that duobench does not map, printed once per
//! method to standard error, so that a difference is never silent.

use std::collections::BTreeSet;
use std::sync::Mutex;

static NOTED: Mutex<BTreeSet<&'static str>> = Mutex::new(BTreeSet::new());

/// Prints `note: criterion compat: `method` is not mapped: why` the first time `method` is
/// called in this process.
pub(crate) fn note(method: &'static str, why: &str) {
    if first_time(method) {
        eprintln!("{}", line(method, why));
    }
}

fn first_time(method: &'static str) -> bool {
    NOTED.lock().map_or(true, |mut noted| noted.insert(method))
}

fn line(method: &str, why: &str) -> String {
    format!("note: criterion compat: `{method}` is not mapped: {why}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_method_is_noted_once() {
        assert!(first_time("unmapped_tests_method"));
        assert!(!first_time("unmapped_tests_method"));
        assert_eq!(
            line("nresamples", "duobench uses 10,000"),
            "note: criterion compat: `nresamples` is not mapped: duobench uses 10,000"
        );
    }
}
