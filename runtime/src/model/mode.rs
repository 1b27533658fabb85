//! The run's mode, which every layer that measures or reports consults.

/// Whether this run measures (`cargo bench`) or checks (`cargo test --benches`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// `cargo test`: claims run their full procedure, everything else runs once.
    Test,
    /// `cargo bench` (`--bench`): everything is measured and reported.
    Bench,
}
