//! Criterion's small value types: benchmark ids, throughput, batch sizes, and the
//! configuration enums a bench file may pass along.

use duobench::result::Throughput as DuoThroughput;
use std::fmt::{self, Display};

/// A benchmark's id inside a group: a function name, a parameter, or both
/// (`encode/1024`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BenchmarkId {
    id: String,
}

impl BenchmarkId {
    /// The id `function_name/parameter`.
    pub fn new<S: Into<String>, P: Display>(function_name: S, parameter: P) -> BenchmarkId {
        BenchmarkId {
            id: format!("{}/{parameter}", function_name.into()),
        }
    }

    /// The id of a benchmark named by its parameter alone (one function per group).
    pub fn from_parameter<P: Display>(parameter: P) -> BenchmarkId {
        BenchmarkId {
            id: parameter.to_string(),
        }
    }
}

impl Display for BenchmarkId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.id)
    }
}

/// Anything a group's `bench_function` or `bench_with_input` accepts as an id: a
/// [`BenchmarkId`] or a string.
pub trait IntoBenchmarkId {
    /// The id as it appears after the group's name.
    fn into_benchmark_id(self) -> BenchmarkId;
}

impl IntoBenchmarkId for BenchmarkId {
    fn into_benchmark_id(self) -> BenchmarkId {
        self
    }
}

impl<S: Into<String>> IntoBenchmarkId for S {
    fn into_benchmark_id(self) -> BenchmarkId {
        BenchmarkId { id: self.into() }
    }
}

/// Work done per iteration, reported as a rate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Throughput {
    /// Bytes per iteration (rates in binary multiples).
    Bytes(u64),
    /// Bytes per iteration; Criterion shows these rates in decimal multiples, duobench in
    /// binary ones like [`Throughput::Bytes`] (a note says so).
    BytesDecimal(u64),
    /// Elements per iteration.
    Elements(u64),
}

impl Throughput {
    /// The throughput of duobench's `throughput`, for a measurement's formatter (decimal
    /// bytes reach duobench as bytes).
    pub(crate) fn from_duobench(throughput: DuoThroughput) -> Throughput {
        match throughput {
            DuoThroughput::Bytes(n) => Throughput::Bytes(n),
            DuoThroughput::Elements(n) => Throughput::Elements(n),
        }
    }

    /// duobench's throughput of the same count.
    pub(crate) fn to_duobench(self) -> DuoThroughput {
        match self {
            Throughput::Bytes(n) | Throughput::BytesDecimal(n) => DuoThroughput::Bytes(n),
            Throughput::Elements(n) => DuoThroughput::Elements(n),
        }
    }
}

/// How many inputs `iter_batched` makes at a time. duobench sizes its batches of inputs
/// itself (about 20 µs of routine and at most 4 MiB of inputs per chunk, every input made
/// outside the timed region), so every variant measures the same quantity: the routine
/// without its setup.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BatchSize {
    /// Inputs small enough to make many at once.
    SmallInput,
    /// Inputs large enough that fewer are made at once.
    LargeInput,
    /// One input per batch.
    PerIteration,
    /// This many batches per sample.
    NumBatches(u64),
    /// This many iterations per batch.
    NumIterations(u64),
}

/// Criterion's sampling modes. duobench always samples linearly (d, 2d, …, Nd iterations,
/// in a shuffled order); `Flat` gets a note saying so.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SamplingMode {
    /// Criterion's choice.
    #[default]
    Auto,
    /// Linear sampling, as duobench does.
    Linear,
    /// The same number of iterations in every sample.
    Flat,
}

/// The scale of a plot's axis; duobench draws its own charts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum AxisScale {
    /// A linear axis.
    #[default]
    Linear,
    /// A logarithmic axis.
    Logarithmic,
}

/// Criterion's plot settings; duobench draws its own charts in its HTML report.
#[derive(Clone, Debug, Default)]
pub struct PlotConfiguration {
    summary_scale: AxisScale,
}

impl PlotConfiguration {
    /// The scale of the summary plots' axis.
    #[must_use]
    pub fn summary_scale(mut self, scale: AxisScale) -> PlotConfiguration {
        self.summary_scale = scale;
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_read_as_criterion_writes_them() {
        assert_eq!(BenchmarkId::new("encode", 1024).to_string(), "encode/1024");
        assert_eq!(BenchmarkId::from_parameter("utf-8").to_string(), "utf-8");
        assert_eq!("plain".into_benchmark_id().to_string(), "plain");
        let owned = String::from("owned").into_benchmark_id();
        assert_eq!(owned.to_string(), "owned");
    }

    #[test]
    fn decimal_bytes_count_as_bytes() {
        assert_eq!(
            Throughput::BytesDecimal(8).to_duobench(),
            DuoThroughput::Bytes(8)
        );
        assert_eq!(
            Throughput::Elements(3).to_duobench(),
            DuoThroughput::Elements(3)
        );
    }
}
