//! `threads = [..]` trials that ask for more threads than the machine has cores: allowed
//! (contention beyond the cores is a question too), and said before the run, since their
//! threads then take turns on a core and the figure includes that wait.

use crate::harness::TrialSpec;
use libtest_mimic::Arguments;

/// The thread count of a `threads = [..]` trial, from its name part `t=N`.
fn thread_count(spec: &TrialSpec) -> Option<usize> {
    let arg = spec.descriptor.args.get(spec.arg_index)?;
    arg.strip_prefix("t=")?.parse().ok()
}

/// One line naming the selected trials that run more threads than `cores`; `None` when
/// there are none.
#[must_use]
pub fn oversubscribed_note(specs: &[TrialSpec], args: &Arguments, cores: usize) -> Option<String> {
    let over: Vec<String> = specs
        .iter()
        .filter(|spec| thread_count(spec).is_some_and(|n| n > cores) && spec.is_selected(args))
        .map(TrialSpec::name)
        .collect();
    (!over.is_empty()).then(|| {
        format!(
            "note: {} run(s) more threads than this machine's {cores} cores: their threads \
             take turns on a core, and the figures include that wait",
            over.join(", ")
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::Bencher;
    use crate::harness::{Descriptor, Routine};
    use crate::model::AttrOptions;
    use clap::Parser;

    fn noop(_: &mut Bencher, _: usize) {}

    static PUSH: Descriptor = Descriptor {
        fn_name: "push",
        name: None,
        module_path: "target",
        file: "benches/x.rs",
        line: 1,
        ignore: None,
        vs: None,
        args: &["t=1", "t=2", "t=4"],
        routine: Routine::Bench(noop),
        options: AttrOptions::NONE,
    };

    #[test]
    fn counts_above_the_cores_are_named() {
        let specs: Vec<TrialSpec> = (0..3)
            .map(|arg_index| TrialSpec {
                descriptor: &PUSH,
                arg_index,
            })
            .collect();
        let all = Arguments::parse_from(["bench"]);
        assert_eq!(
            oversubscribed_note(&specs, &all, 2).as_deref(),
            Some(
                "note: push/t=4 run(s) more threads than this machine's 2 cores: their threads \
                 take turns on a core, and the figures include that wait"
            )
        );
        assert_eq!(oversubscribed_note(&specs, &all, 4), None);
        let skipped = Arguments::parse_from(["bench", "--skip", "t=4"]);
        assert_eq!(oversubscribed_note(&specs, &skipped, 2), None);
    }
}
