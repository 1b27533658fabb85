//! Files besides `--json`: writing the outputs (HTML, JSON, exports), the `--export` formats,
//! the markdown table and GitHub annotations, and whether a file is ours to replace.

mod export;
#[cfg(test)]
mod export_tests;
mod github_actions;
mod markdown;
#[cfg(test)]
mod markdown_tests;
mod owned;
mod trial_cells;
mod write_ci;
mod write_outputs;

pub(crate) use github_actions::annotations;
pub use markdown::markdown_table;
pub(crate) use owned::{check_export_owned, check_json_owned, check_report_owned};
pub(crate) use trial_cells::{rank, trial_cells, TrialCells};
pub(crate) use write_ci::{append_step_summary, write_markdown};
pub(crate) use write_outputs::{write_export, write_html, write_json};
