//! What an attribute says: the options written in it, the claim and what an inconclusive
//! verdict counts as. The vocabulary every layer speaks.
//!
//! The macros in `duobench-macros` build these through `::duobench::__private` inside the
//! registered descriptor. Everything here is `Copy` const data; validation of the values
//! happened at compile time in the macro.

use super::measure::Measure;
use super::throughput::Throughput;

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
    /// `measure = cpu_time` or `measure = MyMeasure`: what is measured instead of wall time.
    pub measure: Option<Measure>,
    /// `allocs == N` or `allocs <= N` (`#[bench]` only): allocations per iteration allowed.
    pub allocs: Option<AllocLimit>,
    /// `max_regression = "5%"` (`#[bench]` only), as a fraction.
    pub max_regression: Option<f64>,
    /// `across_processes` (`#[bench_diff]` only): decided over rounds of fresh processes,
    /// as `--across-processes` decides every comparison.
    pub across_processes: bool,
    /// Criterion's rule for a routine too slow for the fewest samples within the budget:
    /// take them past it (one call each) and say so, instead of failing. Set by the
    /// Criterion compatibility layer only; no attribute writes it.
    pub past_budget_for_fewest: bool,
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
        across_processes: false,
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
