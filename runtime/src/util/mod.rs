//! Utilities: units and their formatting, atomic file writes, the target directory, panic
//! capture. The lowest layer: imports nothing from the crate.

pub mod atomic_file;
pub mod fifo_open;
pub mod file_lock;
pub mod interrupt;
pub mod panic;
pub mod process;
pub mod target_dir;
pub mod units;
