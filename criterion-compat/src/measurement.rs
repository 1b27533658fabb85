//! Criterion's measurement types. duobench measures wall time (or what `--measure`
//! selects); custom measurements (`Criterion::with_measurement`) are not provided, so a file
//! that uses one does not compile rather than measuring something else.

/// What a benchmark measures; only [`WallTime`] exists here.
pub trait Measurement {}

/// Elapsed wall-clock time, Criterion's default measurement.
#[derive(Clone, Copy, Debug, Default)]
pub struct WallTime;

impl Measurement for WallTime {}
