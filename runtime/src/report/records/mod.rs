//! Records: a measured trial of either kind as the reports take it, with its run's metadata and
//! the doctor's warnings attached.

mod bench_record;
mod diff_record;
mod doctor;
mod record;
mod run_meta;
mod unpaired_record;

pub(crate) use bench_record::{BaselineOutcome, BenchRecord};
pub(crate) use diff_record::{DiffRecord, RoutineNames};
pub(crate) use doctor::{doctor_lines, examine, warnings_json, WarningOut};
pub(crate) use record::{AfterPush, Record, RecordSink};
pub(crate) use run_meta::RunMeta;
pub(crate) use unpaired_record::UnpairedRecord;
