//! What the attribute macros register: plain `'static` data, one per annotated function.
//!
//! The macros in `duobench-macros` expand to an `inventory::submit!` of a [`Descriptor`]
//! built from these types through `::duobench::__private`. Everything here is `Copy` const
//! data; validation of the values happened at compile time in the macro.

use crate::bencher::Bencher;
use crate::diff::Diff;

/// One registered benchmark function.
#[derive(Clone, Copy, Debug)]
pub struct Descriptor {
    /// The Rust name of the annotated function.
    pub fn_name: &'static str,
    /// `name = "..."`: replaces `fn_name` in the trial name.
    pub name: Option<&'static str>,
    /// `module_path!()` at the annotated function.
    pub module_path: &'static str,
    /// `file!()` at the annotated function.
    pub file: &'static str,
    /// `line!()` at the annotated function.
    pub line: u32,
    /// `ignore` (`Some(None)`) or `ignore = "reason"` (`Some(Some(reason))`).
    pub ignore: Option<Option<&'static str>>,
    /// `vs = path` (`#[bench_diff]` only): the second routine's path as written.
    pub vs: Option<&'static str>,
    /// `args = [..]`: the source text of each argument; empty when there are none.
    pub args: &'static [&'static str],
    /// The code to run, by kind.
    pub routine: Routine,
    /// Options written in the attribute.
    pub options: AttrOptions,
}

/// The entry point generated for an annotated function. The `usize` is the index of the
/// argument in [`Descriptor::args`] (always 0 when there are no arguments).
#[derive(Clone, Copy, Debug)]
pub enum Routine {
    /// `#[bench_diff]`: calls [`Diff::compare`] exactly once.
    Diff(fn(&mut Diff, usize)),
    /// `#[bench]`: calls one of [`Bencher`]'s `iter*` methods exactly once.
    Bench(fn(&mut Bencher, usize)),
}

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
    /// `max_regression = "5%"` (`#[bench]` only), as a fraction.
    pub max_regression: Option<f64>,
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
        max_regression: None,
    };
}

inventory::collect!(Descriptor);

#[cfg(test)]
mod tests {
    use super::AttrOptions;

    #[test]
    fn the_const_empty_options_are_the_default() {
        assert_eq!(AttrOptions::NONE, AttrOptions::default());
    }
}
