//! A comparison's terminal blocks: the one the run prints (`record_block`), short by default
//! (`diff_block_short`) or with the full statistics under `--verbose` (`diff_block`), the
//! figures all of them print from one source (`figures`: the ratio with the digits its
//! interval needs, the means it is of), the lines that say what the estimate rests on
//! (`diff_notes`) and what an inconclusive comparison would need to decide (`more_time`).

mod diff_block;
mod diff_block_short;
mod diff_notes;
mod figures;
mod more_time;
mod record_block;

#[cfg(feature = "html")]
pub(crate) use diff_block::batch_iters_text;
pub(crate) use diff_block::failure_message;
#[cfg(feature = "html")]
pub(crate) use diff_notes::notes;
pub(crate) use figures::{interval_text, ratio_figure};
// The HTML report prints the median-based ratio with the same digits.
#[cfg(feature = "html")]
pub(crate) use figures::ratio_digits;
#[cfg(feature = "html")]
pub(crate) use figures::{mean_figure, means_text};
pub(crate) use record_block::record_block;
