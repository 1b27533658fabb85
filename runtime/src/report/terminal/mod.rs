//! Terminal blocks: a comparison's short and verbose blocks, a `#[bench]`'s block, the lines
//! they share, the summary and group tables, and colour.

mod bench_block;
mod diff_block;
mod diff_block_short;
mod diff_notes;
mod group_table;
mod measure_line;
mod more_time;
mod paint;
mod record_block;
mod summary_table;
#[cfg(test)]
mod tests;

pub(crate) use bench_block::{bench_block, BaselineStatus};
#[cfg(feature = "html")]
pub(crate) use bench_block::{count_text, p_text, percent};
pub(crate) use diff_block::failure_message;
#[cfg(feature = "html")]
pub(crate) use diff_block::{batch_iters_text, interval_text};
#[cfg(feature = "html")]
pub(crate) use diff_notes::notes;
pub(crate) use group_table::group_table;
#[cfg(feature = "html")]
pub(crate) use measure_line::{alloc_bytes_line, facts_paragraphs, per_iteration};
pub(crate) use paint::Paint;
pub(crate) use record_block::record_block;
pub(crate) use summary_table::summary_table;
