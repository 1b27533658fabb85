//! Counting under Valgrind (`measure = cachegrind`, and `instructions` without hardware
//! counters): the bench executable re-runs one trial of its own (or a baseline's stored
//! executable runs the same trial) as a child under Callgrind; the child does the trial's
//! setup, then counts each routine over segments of known numbers of calls between markers,
//! and the parent reads the counts from Callgrind's files.
//!
//! Like `versions`, an edge of the program: it starts processes and reads files.
//!
//! - `plan`: what the parent asks of a counting child, on its command line;
//! - `under_valgrind`: the parent's side, one child under Callgrind and its files read back;
//! - `child_side`: the child's side, each routine counted over the plan's segments;
//! - `trial_counts`: a trial's counts, repeated when they moved, for one routine, a
//!   comparison or a baseline's executable;
//! - `read_here`: the same counts read in this process, for a measurement whose repeats
//!   are exact (allocations, or one of the user's own);
//! - `versions_here`: such counts in this build and in a baseline's stored executable, which
//!   a child of it reads itself and prints (`child_side`);
//! - `child_process`: what both kinds of child need, a directory and a bounded wait.

mod child_process;
mod child_side;
mod plan;
mod read_here;
mod trial_counts;
mod under_valgrind;
mod versions_here;

pub(crate) use child_side::{count_segments, print_counts};
pub(crate) use plan::{CountPlan, CountRole, COUNT_FLAG, COUNT_HERE_FLAG};
pub(crate) use read_here::count_here;
pub(crate) use trial_counts::{count_one, count_pair, count_versions};
pub(crate) use versions_here::count_versions_here;
