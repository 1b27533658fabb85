//! The `--json` document, its structs mirroring `docs/duobench.schema.json`:
//! - `document`: the whole document, every trial of the run mapped to report structs;
//! - `diff`: a comparison's trial (or a `#[bench]` paired with a baseline's executable);
//! - `bench`: a `#[bench]`'s trial;
//! - `unpaired`: a gated `#[bench]` that could not be paired;
//! - `counts`: a counted trial's counts, shared by both kinds;
//! - `parts`: the other pieces both kinds share (intervals, routine summaries, `null` for
//!   what is not finite);
//! - `merge`: several bench targets' runs merged into one file.

mod bench;
mod counts;
mod diff;
mod document;
mod merge;
mod parts;
mod unpaired;

pub(crate) use document::{to_json, RunInfo, SCHEMA_VERSION};
pub(crate) use merge::{merge_document, Scope};
