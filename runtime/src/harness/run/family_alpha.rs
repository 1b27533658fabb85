//! `--family-alpha`: the claims of one run share one error rate.

use crate::harness::Invocation;
use crate::harness::Routine;
use crate::harness::TrialSpec;
use crate::model::Mode;
use crate::session::Overrides;
use crate::session::DEFAULT_ALPHA;

/// With `--family-alpha A`, the m gates that will be judged share A: each is judged at
/// A / m (Bonferroni). Each one's confidence sequence holds at all times with probability
/// 1 − A/m, so by the union bound all of them hold together with probability 1 − A, early
/// stopping included. A gate is a `#[bench_diff]` claim, or, under `cargo bench` with
/// `--baseline NAME`, a `#[bench]`'s `max_regression` (the attribute's or the run's).
pub fn share_family_alpha(invocation: &Invocation, specs: &[TrialSpec]) -> Overrides {
    let Some(family_alpha) = invocation.overrides.family_alpha else {
        return invocation.overrides.clone();
    };
    let args = &invocation.libtest;
    let gates = specs
        .iter()
        .filter(|spec| is_gated(invocation, spec))
        .filter(|spec| spec.is_selected(args))
        .count()
        .max(1);
    Overrides {
        alpha: Some(family_alpha / gates as f64),
        // The split holds false alarms; each gate's misses at its named regression stay at
        // the run's own rate.
        miss_rate: Some(invocation.overrides.alpha.unwrap_or(DEFAULT_ALPHA)),
        ..invocation.overrides.clone()
    }
}

/// Whether trial `spec` will be judged against a claim in this run.
fn is_gated(invocation: &Invocation, spec: &TrialSpec) -> bool {
    let options = &spec.descriptor.options;
    match spec.descriptor.routine {
        Routine::Diff(_) => options.claim.is_some(),
        // Only a paired comparison judges a version gate, and pairing runs under
        // `cargo bench` with `--baseline NAME`.
        Routine::Bench(_) => {
            let overrides = &invocation.overrides;
            invocation.mode == Mode::Bench
                && overrides.baseline.is_some()
                && overrides
                    .max_regression
                    .or(options.max_regression)
                    .is_some()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::Bencher;
    use crate::api::Diff;
    use crate::harness::Descriptor;
    use crate::model::{AttrOptions, Claim};

    fn bench(_: &mut Bencher, _: usize) {}
    fn diff(_: &mut Diff, _: usize) {}

    const fn descriptor(fn_name: &'static str, routine: Routine) -> Descriptor {
        Descriptor {
            fn_name,
            name: None,
            module_path: "target",
            file: "benches/target.rs",
            line: 1,
            ignore: None,
            vs: None,
            args: &[],
            routine,
            options: AttrOptions::NONE,
        }
    }

    static CLAIM: Descriptor = Descriptor {
        options: AttrOptions {
            claim: Some(Claim::Below {
                bound: 0.8,
                inclusive: false,
            }),
            ..AttrOptions::NONE
        },
        ..descriptor("claim", Routine::Diff(diff))
    };
    static REPORT_ONLY: Descriptor = descriptor("report_only", Routine::Diff(diff));
    static PLAIN: Descriptor = descriptor("plain", Routine::Bench(bench));
    static GATED: Descriptor = Descriptor {
        options: AttrOptions {
            max_regression: Some(0.1),
            ..AttrOptions::NONE
        },
        ..descriptor("gated", Routine::Bench(bench))
    };

    fn alpha(args: &[&str]) -> f64 {
        let invocation = Invocation::parse(args.iter().map(|a| (*a).to_owned()), |_| None)
            .expect("valid arguments");
        let specs: Vec<TrialSpec> = [&CLAIM, &REPORT_ONLY, &PLAIN, &GATED]
            .into_iter()
            .map(|descriptor| TrialSpec {
                descriptor,
                arg_index: 0,
            })
            .collect();
        share_family_alpha(&invocation, &specs).alpha.unwrap()
    }

    #[test]
    fn every_gate_that_will_be_judged_shares_the_family_alpha() {
        // Under `cargo test`, only the claim is judged.
        assert_eq!(alpha(&["--family-alpha", "0.06"]), 0.06);
        // Comparing with saved numbers judges no version gate.
        assert_eq!(alpha(&["--bench", "--family-alpha", "0.06"]), 0.06);
        // Paired with a baseline: the attribute's gate counts too, and the run's gate
        // makes every #[bench] a gate.
        let paired = ["--bench", "--family-alpha", "0.06", "--baseline", "main"];
        assert_eq!(alpha(&paired), 0.03);
        let mut all = paired.to_vec();
        all.extend(["--max-regression", "5%"]);
        assert!((alpha(&all) - 0.02).abs() < 1e-15);
        // Filtered out: not counted.
        all.extend(["gated", "--exact"]);
        assert_eq!(alpha(&all), 0.06);
    }
}
