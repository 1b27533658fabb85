//! `BenchmarkGroup`: benchmarks named `group/id` that share settings and a throughput.

use crate::bencher::Bencher;
use crate::config::Config;
use crate::criterion::Criterion;
use crate::measurement::{Measurement, WallTime};
use crate::types::{IntoBenchmarkId, PlotConfiguration, SamplingMode, Throughput};
use crate::unmapped::note;
use std::time::Duration;

/// A group of related benchmarks; its settings start from the `Criterion`'s and apply to
/// the benchmarks declared after them.
pub struct BenchmarkGroup<'a, M: Measurement = WallTime> {
    criterion: &'a mut Criterion<M>,
    name: String,
    config: Config,
    throughput: Option<Throughput>,
}

impl<'a, M: Measurement> BenchmarkGroup<'a, M> {
    pub(crate) fn new(criterion: &'a mut Criterion<M>, name: String) -> Self {
        let config = criterion.config;
        BenchmarkGroup {
            criterion,
            name,
            config,
            throughput: None,
        }
    }

    /// Samples per benchmark (at least 10), duobench's `samples = N`.
    pub fn sample_size(&mut self, n: usize) -> &mut Self {
        self.config.set_sample_size(n);
        self
    }

    /// Warm-up time, duobench's `warmup`.
    pub fn warm_up_time(&mut self, time: Duration) -> &mut Self {
        self.config.set_warm_up_time(time);
        self
    }

    /// Measurement time after the warm-up; duobench's budget `max_time` is the two together.
    pub fn measurement_time(&mut self, time: Duration) -> &mut Self {
        self.config.set_measurement_time(time);
        self
    }

    /// Work per iteration of the benchmarks declared after this, reported as a rate.
    pub fn throughput(&mut self, throughput: Throughput) -> &mut Self {
        if matches!(throughput, Throughput::BytesDecimal(_)) {
            note(
                "Throughput::BytesDecimal",
                "duobench shows byte rates in binary multiples (KiB/s, MiB/s)",
            );
        }
        self.throughput = Some(throughput);
        self
    }

    /// duobench always samples linearly; `Flat` gets a note.
    pub fn sampling_mode(&mut self, mode: SamplingMode) -> &mut Self {
        if mode == SamplingMode::Flat {
            note(
                "SamplingMode::Flat",
                "duobench samples linearly (d, 2d, …, Nd iterations)",
            );
        }
        self
    }

    /// Not mapped: duobench draws its own charts (a note says so).
    pub fn plot_config(&mut self, config: PlotConfiguration) -> &mut Self {
        let _ = config;
        note(
            "plot_config",
            "duobench draws its own charts in its HTML report",
        );
        self
    }

    /// Not mapped per group: use `--noise-threshold` for the run (a note says so).
    pub fn noise_threshold(&mut self, threshold: f64) -> &mut Self {
        let _ = threshold;
        note(
            "noise_threshold",
            "use duobench's --noise-threshold for the run",
        );
        self
    }

    /// Not mapped: duobench's intervals use its own levels (a note says so).
    pub fn confidence_level(&mut self, level: f64) -> &mut Self {
        let _ = level;
        note(
            "confidence_level",
            "duobench's bootstrap intervals are at 95%",
        );
        self
    }

    /// Not mapped: use `--alpha` (a note says so).
    pub fn significance_level(&mut self, level: f64) -> &mut Self {
        let _ = level;
        note("significance_level", "use duobench's --alpha for the run");
        self
    }

    /// Not mapped: duobench's bootstrap draws 10,000 resamples (a note says so).
    pub fn nresamples(&mut self, n: usize) -> &mut Self {
        let _ = n;
        note("nresamples", "duobench's bootstrap draws 10,000 resamples");
        self
    }

    /// Declares the benchmark `group/id`.
    pub fn bench_function<ID: IntoBenchmarkId, F>(&mut self, id: ID, mut f: F) -> &mut Self
    where
        F: FnMut(&mut Bencher<'_, M>),
    {
        self.declare("bench_function", id, |b| f(b));
        self
    }

    /// Declares the benchmark `group/id` on `input`.
    pub fn bench_with_input<ID: IntoBenchmarkId, F, I: ?Sized>(
        &mut self,
        id: ID,
        input: &I,
        mut f: F,
    ) -> &mut Self
    where
        F: FnMut(&mut Bencher<'_, M>, &I),
    {
        self.declare("bench_with_input", id, |b| f(b, input));
        self
    }

    /// Ends the group; duobench reports after the whole run.
    pub fn finish(self) {}

    fn declare<ID: IntoBenchmarkId>(
        &mut self,
        method: &'static str,
        id: ID,
        routine: impl FnOnce(&mut Bencher<'_, M>),
    ) {
        let name = format!("{}/{}", self.name, id.into_benchmark_id());
        let (config, throughput) = (self.config, self.throughput);
        let criterion = &mut *self.criterion;
        criterion.phase.declare(
            method,
            name,
            || config.options(throughput),
            &criterion.measurement,
            routine,
        );
    }
}
