//! Reports: what a person reads. Rendering is pure (strings); the runner prints them. Its
//! files are private: other layers import the names re-exported here.
//!
//! The records every output is rendered from:
//! - `record`: a finished trial of any kind, and the sink trials leave their results in;
//! - `bench_record`: one measured `#[bench]`, with how its baseline comparison went;
//! - `diff_record`: one measured comparison, with its routines' names;
//! - `unpaired_record`: a gated `#[bench]` that could not be paired, kept as a failed trial;
//! - `run_meta`: the run's metadata for the JSON document, read once at start-up;
//! - `doctor`: the doctor's warnings attached to the records and rendered for each output.
//!
//! The outputs: `terminal`, the blocks and tables printed during and after the run; `json`,
//! the `--json` document; `files`, the other files a run writes and the edge that writes
//! them all; `html`, the HTML report (feature `html`).

mod bench_record;
mod diff_record;
mod doctor;
mod files;
#[cfg(feature = "html")]
mod html;
mod json;
mod record;
mod run_meta;
mod terminal;
mod unpaired_record;

pub(crate) use bench_record::{BaselineOutcome, BenchRecord};
pub(crate) use diff_record::{gate_name, DiffRecord, RoutineNames};
pub(crate) use doctor::{doctor_lines, examine, warnings_json, WarningOut};
pub(crate) use files::{
    annotations, append_step_summary, check_export_owned, check_json_owned, check_report_owned,
    write_export, write_json, write_markdown,
};
pub use files::{markdown_file, markdown_table};
#[cfg(feature = "html")]
pub(crate) use files::{rank, trial_cells, write_html, TrialCells};
#[cfg(feature = "html")]
pub use html::document_page;
pub(crate) use json::{merge_document, to_json, RunInfo, Scope, SCHEMA_VERSION};
pub(crate) use record::{AfterPush, Record, RecordSink};
#[cfg(feature = "html")]
pub(crate) use run_meta::rfc3339_utc;
pub(crate) use run_meta::RunMeta;
#[cfg(feature = "html")]
pub(crate) use terminal::relative_change_text;
#[cfg(feature = "html")]
pub(crate) use terminal::{
    alloc_bytes_line, batch_iters_text, count_text, counted_basis, counted_count, counted_lines,
    facts_paragraphs, interval_lines, interval_text, machine_pace_text, mean_figure, means_text,
    measured_again_text, notes, p_text, per_iteration, ratio_digits, ratio_figure, set_aside_parts,
    waiting_text,
};
pub(crate) use terminal::{
    bench_block, change_verdict_text, failure_message, group_table, machine_moved_words,
    record_block, summary_table, BaselineStatus, Paint,
};
pub(crate) use unpaired_record::UnpairedRecord;
