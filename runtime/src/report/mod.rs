//! Reports: what a person reads. Records of the measured trials (`records`), terminal
//! blocks and tables (`terminal`), the `--json` document (`json`), the other files a run
//! writes (`files`) and the HTML report (`html`). Rendering is pure (strings); the runner
//! prints them. Its files are private: other layers import the names re-exported here.

mod files;
#[cfg(feature = "html")]
mod html;
mod json;
mod records;
mod terminal;

pub use files::markdown_table;
pub(crate) use files::{
    annotations, append_step_summary, check_export_owned, check_json_owned, check_report_owned,
    write_export, write_json, write_markdown,
};
#[cfg(feature = "html")]
pub(crate) use files::{rank, trial_cells, write_html, TrialCells, INDEX_TITLE};
#[cfg(feature = "html")]
pub use html::document_page;
pub(crate) use json::{merge_document, to_json, RunInfo, Scope, SCHEMA_VERSION};
pub(crate) use records::{
    doctor_lines, examine, warnings_json, AfterPush, BaselineOutcome, BenchRecord, DiffRecord,
    Record, RecordSink, RoutineNames, RunMeta, UnpairedRecord, WarningOut,
};
#[cfg(feature = "html")]
pub(crate) use terminal::{
    alloc_bytes_line, batch_iters_text, count_text, counted_basis, counted_count, counted_lines,
    facts_paragraphs, interval_text, machine_pace_text, mean_figure, means_text, notes, p_text,
    per_iteration, percent, ratio_digits, ratio_figure,
};
pub(crate) use terminal::{
    bench_block, failure_message, group_table, machine_moved_words, record_block, summary_table,
    BaselineStatus, Paint,
};
