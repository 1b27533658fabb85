//! Reports: what a person reads. Rendering is pure (strings); the runner prints them.

pub mod bench_block;
pub mod bench_record;
pub mod diff_block;
mod diff_notes;
#[cfg(test)]
mod fixture;
pub mod html;
pub mod json;
mod json_bench;
#[cfg(test)]
mod json_tests;
pub mod outputs;
pub mod paint;
pub mod record;
pub mod summary_table;
