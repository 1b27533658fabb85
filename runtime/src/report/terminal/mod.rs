//! Terminal blocks and tables.
//!
//! A comparison's block:
//! - `record_block`: the block as the run prints it, with the lines a pairing adds;
//! - `diff_block_short`: the default block, what a reader needs to act on;
//! - `diff_block`: the full statistics under `--verbose`, and the one-paragraph failure;
//! - `figures`: the ratio with the digits its interval needs and the means it is of, from
//!   one source for every block;
//! - `diff_notes`: the lines that say what the estimate rests on;
//! - `interval_notes`: what the interval beside a verdict says and does not: why a verdict
//!   it seems to contradict is what it is, and what a long routine's interval rests on;
//! - `more_time`: what an inconclusive comparison would need to decide.
//!
//! A `#[bench]`'s block is `bench_block`. Both kinds share `measure_line` (how to read a
//! measure other than wall time), `counted_lines` (a result counted under Valgrind) and
//! `paint` (colour, decided once per run as libtest-mimic decides it). After the blocks:
//! `summary_table`, one line per comparison, and `group_table`, a group's candidates
//! ranked. The golden output of whole blocks is pinned in `tests`.

mod bench_block;
mod counted_lines;
mod diff_block;
mod diff_block_short;
mod diff_notes;
mod figures;
mod group_table;
mod interval_notes;
mod measure_line;
mod more_time;
mod paint;
mod record_block;
mod summary_table;
#[cfg(test)]
mod tests;

pub(crate) use bench_block::{
    bench_block, change_verdict_text, machine_moved_words, BaselineStatus,
};
#[cfg(feature = "html")]
pub(crate) use bench_block::{
    count_text, machine_pace_text, measured_again_text, p_text, relative_change_text,
};
#[cfg(feature = "html")]
pub(crate) use bench_block::{set_aside_parts, waiting_text};
#[cfg(feature = "html")]
pub(crate) use counted_lines::{counted_basis, counted_count, counted_lines};
#[cfg(feature = "html")]
pub(crate) use diff_block::batch_iters_text;
pub(crate) use diff_block::failure_message;
#[cfg(feature = "html")]
pub(crate) use diff_block_short::interval_lines;
#[cfg(feature = "html")]
pub(crate) use diff_notes::notes;
#[cfg(feature = "html")]
pub(crate) use figures::{interval_text, ratio_digits, ratio_figure};
#[cfg(feature = "html")]
pub(crate) use figures::{mean_figure, means_text};
pub(crate) use group_table::group_table;
#[cfg(feature = "html")]
pub(crate) use measure_line::{alloc_bytes_line, facts_paragraphs, per_iteration};
pub(crate) use paint::Paint;
pub(crate) use record_block::record_block;
pub(crate) use summary_table::summary_table;
