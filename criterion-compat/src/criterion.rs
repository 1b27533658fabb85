//! `Criterion`: the configuration builders and the top-level `bench_function`.

use crate::bencher::Bencher;
use crate::config::Config;
use crate::group::BenchmarkGroup;
use crate::measurement::{Measurement, WallTime};
use crate::phase::Phase;
use crate::types::BenchmarkId;
use crate::unmapped::note;
use std::time::Duration;

/// The benchmark manager a group function receives; `M` is what its benchmarks measure
/// ([`WallTime`] unless [`with_measurement`](Self::with_measurement) says otherwise).
pub struct Criterion<M: Measurement = WallTime> {
    pub(crate) config: Config,
    pub(crate) phase: Phase,
    pub(crate) measurement: M,
}

impl Default for Criterion {
    fn default() -> Criterion {
        Criterion {
            config: Config::default(),
            phase: Phase::Idle,
            measurement: WallTime,
        }
    }
}

impl<M: Measurement> Criterion<M> {
    /// Measures the benchmarks with `m` instead: duobench reads `m`'s `start` and `end`
    /// around each batch, judges the figures as it judges wall time (a time the machine's
    /// pace moves) and shows them through `m`'s formatter, under the measurement's type
    /// name. Baselines are kept per measurement.
    #[must_use]
    pub fn with_measurement<M2: Measurement>(self, m: M2) -> Criterion<M2> {
        Criterion {
            config: self.config,
            phase: self.phase,
            measurement: m,
        }
    }

    /// Samples per benchmark (at least 10), duobench's `samples = N`.
    #[must_use]
    pub fn sample_size(mut self, n: usize) -> Self {
        self.config.set_sample_size(n);
        self
    }

    /// Warm-up time, duobench's `warmup`.
    #[must_use]
    pub fn warm_up_time(mut self, time: Duration) -> Self {
        self.config.set_warm_up_time(time);
        self
    }

    /// Measurement time after the warm-up; duobench's budget `max_time` is the two together.
    #[must_use]
    pub fn measurement_time(mut self, time: Duration) -> Self {
        self.config.set_measurement_time(time);
        self
    }

    /// Not mapped per benchmark: use `--noise-threshold` for the run (a note says so).
    #[must_use]
    pub fn noise_threshold(self, threshold: f64) -> Self {
        let _ = threshold;
        note(
            "noise_threshold",
            "use duobench's --noise-threshold for the run",
        );
        self
    }

    /// Not mapped: duobench's intervals use its own levels (a note says so).
    #[must_use]
    pub fn confidence_level(self, level: f64) -> Self {
        let _ = level;
        note(
            "confidence_level",
            "duobench's bootstrap intervals are at 95%",
        );
        self
    }

    /// Not mapped: use `--alpha` (a note says so).
    #[must_use]
    pub fn significance_level(self, level: f64) -> Self {
        let _ = level;
        note("significance_level", "use duobench's --alpha for the run");
        self
    }

    /// Not mapped: duobench's bootstrap draws 10,000 resamples (a note says so).
    #[must_use]
    pub fn nresamples(self, n: usize) -> Self {
        let _ = n;
        note("nresamples", "duobench's bootstrap draws 10,000 resamples");
        self
    }

    /// Not mapped: duobench writes its HTML report unless `--no-report` (a note says so).
    #[must_use]
    pub fn without_plots(self) -> Self {
        note(
            "without_plots",
            "duobench writes its HTML report unless --no-report",
        );
        self
    }

    /// duobench writes its HTML report by default; nothing to change.
    #[must_use]
    pub fn with_plots(self) -> Self {
        self
    }

    /// duobench reads the command line itself (libtest's filters and its own options), so
    /// this returns the configuration as it is.
    #[must_use]
    pub fn configure_from_args(self) -> Self {
        self
    }

    /// Declares the benchmark `id`.
    pub fn bench_function<F>(&mut self, id: &str, mut f: F) -> &mut Self
    where
        F: FnMut(&mut Bencher<'_, M>),
    {
        let config = self.config;
        self.phase.declare(
            "bench_function",
            id.to_owned(),
            || config.options(None),
            &self.measurement,
            |b| f(b),
        );
        self
    }

    /// Declares the benchmark `id` on `input`.
    pub fn bench_with_input<F, I: ?Sized>(
        &mut self,
        id: BenchmarkId,
        input: &I,
        mut f: F,
    ) -> &mut Self
    where
        F: FnMut(&mut Bencher<'_, M>, &I),
    {
        let config = self.config;
        self.phase.declare(
            "bench_with_input",
            id.to_string(),
            || config.options(None),
            &self.measurement,
            |b| f(b, input),
        );
        self
    }

    /// A group of benchmarks named `group_name/id`, with settings of its own.
    pub fn benchmark_group<S: Into<String>>(&mut self, group_name: S) -> BenchmarkGroup<'_, M> {
        BenchmarkGroup::new(self, group_name.into())
    }
}
