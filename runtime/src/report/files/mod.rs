//! Files besides `--json`: writing the outputs (HTML with the feature `html`, JSON, exports), the `--export` formats,
//! the markdown table and GitHub annotations, and whether a file is ours to replace.

mod export;
mod github_actions;
mod markdown;
mod owned;
mod trial_cells;
mod write_ci;
#[cfg(feature = "html")]
mod write_html;
mod write_outputs;

pub(crate) use github_actions::annotations;
pub use markdown::markdown_table;
#[cfg(feature = "html")]
pub(crate) use owned::INDEX_TITLE;
pub(crate) use owned::{check_export_owned, check_json_owned, check_report_owned};
#[cfg(feature = "html")]
pub(crate) use trial_cells::{rank, trial_cells, TrialCells};
pub(crate) use write_ci::{append_step_summary, write_markdown};
#[cfg(feature = "html")]
pub(crate) use write_html::write_html;
pub(crate) use write_outputs::{write_export, write_json};
