//! Files besides the terminal: the `--export` formats, and the edge that writes every file.
//! - `write_outputs`: the `--json` document and the exports, written after libtest's summary;
//! - `write_html`: the HTML report's page and index (feature `html`);
//! - `write_ci`: what CI reads besides `--json`, the markdown export and the job summary;
//! - `export`: the `--export` formats a CI tool reads (Bencher's BMF, GitHub's benchmark
//!   action);
//! - `markdown`: the trials as a markdown table, for a pull request or the job summary;
//! - `trial_cells`: one trial of the `--json` document as the merged tables show it;
//! - `github_actions`: the `::error` annotations that put a refuted claim on its source line;
//! - `owned`: which files each output replaces, checked by the one rule of whose file it is
//!   before anything is measured.

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
pub use markdown::{markdown_file, markdown_table};
pub(crate) use owned::{check_export_owned, check_json_owned, check_report_owned};
#[cfg(feature = "html")]
pub(crate) use trial_cells::{rank, trial_cells, TrialCells};
pub(crate) use write_ci::{append_step_summary, write_markdown};
#[cfg(feature = "html")]
pub(crate) use write_html::write_html;
pub(crate) use write_outputs::{write_export, write_json};
