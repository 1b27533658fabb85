//! The settings Criterion's builders change, and how they map onto duobench's options.

use crate::types::Throughput;
use duobench::__private::AttrOptions;
use std::time::Duration;

/// duobench's default warmup and budget (warmup included): a Criterion setting changes one
/// side of the budget and keeps the other at duobench's default.
const DEFAULT_WARMUP: Duration = Duration::from_millis(200);
const DEFAULT_MEASUREMENT: Duration = Duration::from_millis(4_800);

/// What `sample_size`, `warm_up_time` and `measurement_time` set; `None` keeps duobench's
/// default (Criterion's defaults are not copied: they would make every benchmark take 8 s).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Config {
    pub sample_size: Option<usize>,
    pub warm_up_time: Option<Duration>,
    pub measurement_time: Option<Duration>,
}

impl Config {
    pub(crate) fn set_sample_size(&mut self, n: usize) {
        // Criterion's own limit, kept so a file means the same here.
        assert!(n >= 10, "sample_size must be at least 10, got {n}");
        self.sample_size = Some(n);
    }

    pub(crate) fn set_warm_up_time(&mut self, time: Duration) {
        assert!(time > Duration::ZERO, "warm_up_time must be above zero");
        self.warm_up_time = Some(time);
    }

    pub(crate) fn set_measurement_time(&mut self, time: Duration) {
        assert!(time > Duration::ZERO, "measurement_time must be above zero");
        self.measurement_time = Some(time);
    }

    /// duobench's options for a benchmark declared under this configuration. Criterion's
    /// measurement time excludes its warm-up; duobench's budget includes it, so the budget
    /// is their sum.
    pub(crate) fn options(&self, throughput: Option<Throughput>) -> AttrOptions {
        let nanos = |d: Duration| u64::try_from(d.as_nanos()).unwrap_or(u64::MAX);
        let max_time =
            (self.warm_up_time.is_some() || self.measurement_time.is_some()).then(|| {
                self.warm_up_time.unwrap_or(DEFAULT_WARMUP)
                    + self.measurement_time.unwrap_or(DEFAULT_MEASUREMENT)
            });
        AttrOptions {
            samples: self
                .sample_size
                .map(|n| u32::try_from(n).unwrap_or(u32::MAX)),
            warmup_ns: self.warm_up_time.map(nanos),
            max_time_ns: max_time.map(nanos),
            throughput: throughput.map(Throughput::to_duobench),
            past_budget_for_fewest: true,
            ..AttrOptions::NONE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_set_keeps_duobench_defaults_under_criterions_budget_rule() {
        let expected = AttrOptions {
            past_budget_for_fewest: true,
            ..AttrOptions::NONE
        };
        assert_eq!(Config::default().options(None), expected);
    }

    #[test]
    fn the_budget_is_warm_up_plus_measurement() {
        let mut config = Config::default();
        config.set_warm_up_time(Duration::from_millis(500));
        config.set_measurement_time(Duration::from_secs(3));
        config.set_sample_size(20);
        let options = config.options(Some(Throughput::Bytes(64)));
        assert_eq!(options.warmup_ns, Some(500_000_000));
        assert_eq!(options.max_time_ns, Some(3_500_000_000));
        assert_eq!(options.samples, Some(20));
        assert_eq!(
            options.throughput,
            Some(duobench::result::Throughput::Bytes(64))
        );
        let mut only_measurement = Config::default();
        only_measurement.set_measurement_time(Duration::from_secs(1));
        let options = only_measurement.options(None);
        assert_eq!(
            (options.warmup_ns, options.max_time_ns),
            (None, Some(1_200_000_000))
        );
    }

    #[test]
    #[should_panic(expected = "sample_size must be at least 10, got 5")]
    fn too_few_samples_are_refused_as_criterion_does() {
        Config::default().set_sample_size(5);
    }
}
