//! Work done per iteration (`throughput = bytes(N)`), which reports show as a rate.

/// Work done per iteration, reported as a rate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Throughput {
    /// Bytes processed per iteration.
    Bytes(u64),
    /// Elements processed per iteration.
    Elements(u64),
}
