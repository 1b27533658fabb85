//! The progress line: what a long comparison is doing, shown on stderr after libtest's
//! `test name ... ` while the trial runs, and erased before libtest prints the outcome.
//!
//! The runner creates one only when stderr is a terminal and libtest prints its pretty
//! format. The text goes right after libtest's unfinished line: the cursor position is saved
//! before the first update and restored before each next one and before erasing, and
//! auto-wrap is off while writing so a long text is cut at the margin instead of wrapping
//! (a wrap at the bottom of the screen would scroll and spoil the saved position).

use crate::measure::DuoProgress;
use crate::util::RatioDigits;
use std::io::Write;
use std::time::Duration;

/// Nothing is shown for trials shorter than this: a line that flickers for a moment helps
/// nobody.
const SHOW_AFTER: Duration = Duration::from_secs(1);

const SAVE_CURSOR: &str = "\x1b7";
const RESTORE_AND_ERASE: &str = "\x1b8\x1b[K";
const NO_WRAP: &str = "\x1b[?7l";
const WRAP: &str = "\x1b[?7h";
const DIM: &str = "\x1b[2m";
const PLAIN: &str = "\x1b[0m";

/// A progress display on stderr for one trial. Erases itself when dropped, so a panicking
/// routine leaves no stray text either.
#[derive(Debug)]
pub struct ProgressLine {
    colour: bool,
    shown: bool,
}

impl ProgressLine {
    /// A line that styles its text when `colour` is on.
    #[must_use]
    pub fn new(colour: bool) -> Self {
        Self {
            colour,
            shown: false,
        }
    }

    /// Shows `progress` once the trial has run for about a second. The caller reports at
    /// most every 100 ms (see `PROGRESS_EVERY` in `measure::duo`), so this writes at
    /// most ten times a second.
    pub fn update(&mut self, progress: &DuoProgress) {
        if progress.elapsed < SHOW_AFTER {
            return;
        }
        let mut out = String::new();
        out.push_str(if self.shown {
            RESTORE_AND_ERASE
        } else {
            SAVE_CURSOR
        });
        out.push_str(NO_WRAP);
        if self.colour {
            out.push_str(DIM);
        }
        out.push_str(&status_text(progress));
        if self.colour {
            out.push_str(PLAIN);
        }
        out.push_str(WRAP);
        self.shown = true;
        write_stderr(&out);
    }
}

impl Drop for ProgressLine {
    fn drop(&mut self) {
        if self.shown {
            write_stderr(RESTORE_AND_ERASE);
        }
    }
}

/// Progress is best effort: a failed write to the terminal must not fail the trial.
fn write_stderr(text: &str) {
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(text.as_bytes());
    let _ = err.flush();
}

/// What the line says: the phase, the time so far, and while measuring the pairs and the
/// current interval for the ratio.
#[must_use]
pub fn status_text(p: &DuoProgress) -> String {
    let secs = p.elapsed.as_secs_f64();
    if !p.measuring {
        return format!("warming up, {secs:.1} s");
    }
    let interval = match p.log_interval {
        Some((low, high)) => {
            let (low, high) = (low.exp(), high.exp());
            let digits = RatioDigits::of(f64::NAN, Some((low, high)));
            format!("ratio in {}", digits.interval(low, high))
        }
        None => "no interval yet".to_owned(),
    };
    format!("measuring, {secs:.1} s, {} pairs, {interval}", p.pairs)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn progress(measuring: bool, secs: f64, interval: Option<(f64, f64)>) -> DuoProgress {
        DuoProgress {
            measuring,
            elapsed: Duration::from_secs_f64(secs),
            pairs: 1234,
            log_interval: interval,
        }
    }

    #[test]
    fn says_the_phase_the_pairs_and_the_interval() {
        assert_eq!(
            status_text(&progress(false, 1.26, None)),
            "warming up, 1.3 s"
        );
        assert_eq!(
            status_text(&progress(true, 2.0, None)),
            "measuring, 2.0 s, 1234 pairs, no interval yet"
        );
        let (low, high) = (0.981f64.ln(), 1.0204f64.ln());
        assert_eq!(
            status_text(&progress(true, 3.04, Some((low, high)))),
            "measuring, 3.0 s, 1234 pairs, ratio in [0.9810, 1.0204]"
        );
    }

    #[test]
    fn short_trials_show_nothing_and_need_no_erasing() {
        let mut line = ProgressLine::new(false);
        line.update(&progress(true, 0.5, None));
        assert!(!line.shown);
    }
}
