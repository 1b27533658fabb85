//! The `--json` document: the run's trials mapped to report structs, the pieces both kinds
//! share, and the merge of several bench targets' runs into one file.

mod bench;
mod counts;
mod diff;
mod document;
mod merge;
mod parts;
mod unpaired;

pub(crate) use document::{to_json, RunInfo, SCHEMA_VERSION};
pub(crate) use merge::{merge_document, Scope};
