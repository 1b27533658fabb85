//! Terminal blocks: a comparison's short and verbose blocks (`diff/`), a `#[bench]`'s block,
//! the lines they share, the summary and group tables, and colour.

mod bench_block;
mod counts_lines;
mod diff;
mod group_table;
mod measure_line;
mod paint;
mod summary_table;
#[cfg(test)]
mod tests;

pub(crate) use bench_block::{bench_block, machine_moved_words, BaselineStatus};
#[cfg(feature = "html")]
pub(crate) use bench_block::{count_text, machine_pace_text, p_text, percent};
#[cfg(feature = "html")]
pub(crate) use counts_lines::{counted_basis, counted_count, counted_lines};
#[cfg(feature = "html")]
pub(crate) use diff::ratio_digits;
#[cfg(feature = "html")]
pub(crate) use diff::{batch_iters_text, interval_text, notes, ratio_figure};
pub(crate) use diff::{failure_message, record_block};
#[cfg(feature = "html")]
pub(crate) use diff::{mean_figure, means_text};
pub(crate) use group_table::group_table;
#[cfg(feature = "html")]
pub(crate) use measure_line::{alloc_bytes_line, facts_paragraphs, per_iteration};
pub(crate) use paint::Paint;
pub(crate) use summary_table::summary_table;
