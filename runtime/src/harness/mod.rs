//! The harness: the registry of annotated functions, the command line, and the runner that
//! turns registrations into trials and records into outputs. The top layer.

pub mod ci_report;
pub mod cli;
pub mod cli_values;
pub mod descriptor;
pub mod dynamic;
pub mod family_alpha;
pub mod filters;
pub mod finish;
pub mod group;
pub mod journal;
pub mod limits;
pub mod placement;
pub mod preflight;
pub mod preflight_owned;
pub mod profile;
pub mod registry;
pub mod runner;
pub mod selection;
pub mod thread_counts;
pub mod trial;
pub mod version_setup;
