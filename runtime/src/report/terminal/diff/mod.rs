//! A comparison's terminal blocks: the one the run prints (`record_block`), short by default
//! (`diff_block_short`) or with the full statistics under `--verbose` (`diff_block`), the
//! lines that say what the estimate rests on (`diff_notes`) and what an inconclusive
//! comparison would need to decide (`more_time`).

mod diff_block;
mod diff_block_short;
mod diff_notes;
mod more_time;
mod record_block;

#[cfg(feature = "html")]
pub(crate) use diff_block::batch_iters_text;
pub(crate) use diff_block::{failure_message, interval_text};
#[cfg(feature = "html")]
pub(crate) use diff_notes::notes;
pub(crate) use record_block::record_block;
