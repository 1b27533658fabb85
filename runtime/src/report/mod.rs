//! Reports: what a person reads. Rendering is pure (strings); the runner prints them.

pub mod bench_block;
pub mod bench_record;
pub mod ci_outputs;
pub mod diff_block;
mod diff_block_short;
mod diff_notes;
pub mod diff_record;
pub mod doctor;
pub mod export;
#[cfg(test)]
mod export_tests;
pub mod github_actions;
#[cfg(test)]
mod golden_tests;
pub mod group_table;
pub mod html;
pub mod json;
mod json_bench;
mod json_diff;
#[cfg(test)]
mod json_diff_tests;
mod json_parts;
#[cfg(test)]
mod json_tests;
mod json_unpaired;
pub mod markdown;
#[cfg(test)]
mod markdown_tests;
pub mod measure_line;
pub mod merge;
mod more_time;
pub mod outputs;
pub mod owned;
pub mod paint;
pub mod record;
pub mod record_block;
pub mod run_meta;
pub mod summary_table;
pub mod trial_cells;
pub mod unpaired_record;
