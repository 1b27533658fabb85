//! The harness: the registry of annotated functions, the command line, and the runner that
//! turns registrations into trials and records into outputs. The top layer.

pub mod cli;
pub mod cli_values;
pub mod descriptor;
pub mod dynamic;
pub mod family_alpha;
pub mod finish;
pub mod group;
pub mod limits;
pub mod placement;
pub mod preflight;
pub mod profile;
pub mod registry;
pub mod runner;
pub mod thread_counts;
pub mod trial;
pub mod version_setup;
