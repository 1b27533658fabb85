//! Utilities. The lowest layer: imports nothing from the crate.
//! - `units`: durations and percentages parsed, and times, rates, counts and sizes printed
//!   in the unit that fits;
//! - `ratio`: ratios printed with the digits their interval needs;
//! - `atomic_file`: writing a file so that a reader sees the old file or the new;
//! - `owned_file`: the one writer every output goes through: only a file recognisably
//!   duobench's own is replaced, atomically;
//! - `file_lock`: a lock around read-merge-write of a file several processes share;
//! - `fifo_open`: opening a FIFO for writing in a way that honours the interrupt flag;
//! - `target_dir`: where duobench keeps its files, beside the build;
//! - `process`: whether another process has ended, for cleaning up after it;
//! - `panic`: a panicking routine turned into a failed trial with its message;
//! - `interrupt`: the Ctrl-C flag, so the first interrupt keeps what was measured;
//! - `held`: the memory a growing record holds, left out of memory readings;
//! - `case_table` (tests only): the tables of cases that a parser written twice, here and
//!   in the macro crate, is tested against.

mod atomic_file;
#[cfg(test)]
mod case_table;
mod fifo_open;
mod file_lock;
mod held;
mod interrupt;
mod owned_file;
mod panic;
mod process;
mod ratio;
mod target_dir;
mod units;

pub(crate) use atomic_file::{parent_dir, resolve_links};
#[cfg(test)]
pub(crate) use case_table::table_cases;
pub(crate) use fifo_open::open_for_writing;
pub(crate) use file_lock::lock_output;
pub(crate) use held::HeldBytes;
pub(crate) use interrupt::{install_interrupt_flag, interrupted, INTERRUPTED_EXIT};
#[cfg(any(feature = "html", test))]
pub(crate) use owned_file::HTML_MARK;
pub use owned_file::{check_owned, read_owned, write_owned, FileKind};
pub(crate) use owned_file::{BASELINE_FORMAT, MARKDOWN_MARK, RUN_MARKER_MARK};
pub(crate) use panic::{catch_inner, catch_panic, fail_trial};
pub(crate) use process::process_ended;
pub(crate) use ratio::{ratio_text, RatioDigits};
pub(crate) use target_dir::duobench_dir;
#[cfg(feature = "html")]
pub(crate) use units::time_unit;
pub(crate) use units::{
    format_bytes, format_bytes_per_s, format_count, format_count_significant,
    format_elements_per_s, format_ns, format_ns_significant, format_secs, level_percent,
    parse_duration, parse_percent_or_fraction, percent_of, signed_percent_text, significant,
    three_significant, PercentOrFraction,
};
