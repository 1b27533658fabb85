//! What an attribute says: the options written in it, the claim, the throughput and what an
//! inconclusive verdict counts as. The vocabulary every layer speaks.
//!
//! The macros in `duobench-macros` build these through `::duobench::__private` inside the
//! registered descriptor. Everything here is `Copy` const data; validation of the values
//! happened at compile time in the macro.

/// Options written in an attribute; `None` means "not written", so that the environment,
/// the command line and the defaults can be merged in a documented order.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct AttrOptions {
    /// `warmup = "500ms"`, in nanoseconds.
    pub warmup_ns: Option<u64>,
    /// `max_time = "10s"`, in nanoseconds.
    pub max_time_ns: Option<u64>,
    /// `alpha = 0.05` (`#[bench_diff]` only).
    pub alpha: Option<f64>,
    /// The expectation (`#[bench_diff]` only); `None` means report only.
    pub claim: Option<Claim>,
    /// `on_inconclusive = "..."` (`#[bench_diff]` only).
    pub on_inconclusive: Option<OnInconclusive>,
    /// `throughput = bytes(N) | elements(N)` (`#[bench]` only).
    pub throughput: Option<Throughput>,
    /// `samples = N` (`#[bench]` only).
    pub samples: Option<u32>,
    /// `measure = cpu_time`: what is measured instead of wall time.
    pub measure: Option<Measure>,
    /// `allocs == N` or `allocs <= N` (`#[bench]` only): allocations per iteration allowed.
    pub allocs: Option<AllocLimit>,
    /// `max_regression = "5%"` (`#[bench]` only), as a fraction.
    pub max_regression: Option<f64>,
    /// Criterion's rule for a routine too slow for the fewest samples within the budget:
    /// take them past it (one call each) and say so, instead of failing. Set by the
    /// Criterion compatibility layer only; no attribute writes it.
    pub past_budget_for_fewest: bool,
}

/// What a trial measures per iteration (`measure = ...`, `--measure`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Measure {
    /// Elapsed wall-clock time (`Instant`), the default.
    #[default]
    Wall,
    /// CPU time of the measuring thread (`CLOCK_THREAD_CPUTIME_ID`): time the thread spends
    /// descheduled does not count.
    CpuTime,
    /// Allocations, from duobench's counting global allocator.
    Allocations,
    /// Instructions retired in user space, from the kernel's performance counters; where
    /// the machine has none, counted under Valgrind as [`Measure::Cachegrind`] counts them.
    Instructions,
    /// Instructions, cache misses and estimated cycles counted under Valgrind's cache
    /// simulation, the same from run to run: the routine re-run in a child process under
    /// Valgrind, its calls counted between markers (setup and harness outside them).
    Cachegrind,
}

impl Measure {
    /// Whether this measure is a time (wall or CPU), which the machine's pace and stalls
    /// move; counts are not moved by them.
    #[must_use]
    pub fn is_time(self) -> bool {
        matches!(self, Measure::Wall | Measure::CpuTime)
    }

    /// The unit of a per-iteration figure of this measure, as the JSON document names it:
    /// `ns` for the clocks, a count for the counters.
    #[must_use]
    pub fn unit(self) -> &'static str {
        match self {
            Measure::Wall | Measure::CpuTime => "ns",
            Measure::Allocations => "allocations",
            Measure::Instructions | Measure::Cachegrind => "instructions",
        }
    }

    /// The name as written in attributes and on the command line.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Measure::Wall => "wall",
            Measure::CpuTime => "cpu_time",
            Measure::Allocations => "allocations",
            Measure::Instructions => "instructions",
            Measure::Cachegrind => "cachegrind",
        }
    }

    /// Every measure, in the order options and errors list them.
    pub const ALL: [Measure; 5] = [
        Measure::Wall,
        Measure::CpuTime,
        Measure::Allocations,
        Measure::Instructions,
        Measure::Cachegrind,
    ];

    /// The measure named `name`, if any.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Measure> {
        Measure::ALL.into_iter().find(|m| m.name() == name)
    }
}

/// An absolute bound on allocations per iteration (`#[bench]`): `allocs == 0` is a
/// zero-allocation guarantee.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AllocLimit {
    /// `allocs == N`.
    Exactly(u64),
    /// `allocs <= N`.
    AtMost(u64),
}

/// A declared expectation about `ratio = latency(first) / latency(second)`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Claim {
    /// `ratio < bound` (`inclusive: false`) or `ratio <= bound` (`inclusive: true`).
    Below {
        /// The bound, > 0.
        bound: f64,
        /// Whether the bound itself satisfies the claim.
        inclusive: bool,
    },
    /// `ratio > bound` or `ratio >= bound`.
    Above {
        /// The bound, > 0.
        bound: f64,
        /// Whether the bound itself satisfies the claim.
        inclusive: bool,
    },
    /// `ratio in low..high` or `ratio in low..=high`: equivalence within a band.
    Within {
        /// Lower end of the band, > 0.
        low: f64,
        /// Upper end of the band, > `low`.
        high: f64,
        /// `..=` rather than `..`.
        high_inclusive: bool,
    },
}

/// What an inconclusive verdict (time budget spent before the evidence decided) counts as.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OnInconclusive {
    /// The trial fails (the default).
    #[default]
    Fail,
    /// The trial passes.
    Pass,
    /// The trial is reported as ignored.
    Ignore,
}

impl OnInconclusive {
    /// `fail`, `pass` or `ignore`, as the attribute writes it.
    #[must_use]
    pub fn from_name(name: &str) -> Option<OnInconclusive> {
        match name {
            "fail" => Some(OnInconclusive::Fail),
            "pass" => Some(OnInconclusive::Pass),
            "ignore" => Some(OnInconclusive::Ignore),
            _ => None,
        }
    }
}

/// Work done per iteration, reported as a rate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Throughput {
    /// Bytes processed per iteration.
    Bytes(u64),
    /// Elements processed per iteration.
    Elements(u64),
}

impl AttrOptions {
    /// No option written: the `Default`, usable in `const` and `static` items.
    pub const NONE: AttrOptions = AttrOptions {
        warmup_ns: None,
        max_time_ns: None,
        alpha: None,
        claim: None,
        on_inconclusive: None,
        throughput: None,
        samples: None,
        measure: None,
        allocs: None,
        max_regression: None,
        past_budget_for_fewest: false,
    };
}

#[cfg(test)]
mod tests {
    use super::AttrOptions;

    #[test]
    fn the_const_empty_options_are_the_default() {
        assert_eq!(AttrOptions::NONE, AttrOptions::default());
    }
}
