//! Groups of candidates, `#[bench_diff(vs = [b, c, d])]`: one trial per candidate, each
//! compared with the annotated function in duos, their verdicts sharing the group's error
//! rate, and one table ranking them after the run.

use crate::harness::Descriptor;
use crate::harness::TrialSpec;
use crate::session::{Overrides, DEFAULT_ALPHA};
use libtest_mimic::Arguments;

/// The prefix of a candidate's part of a trial name (`sum/vs=fold`).
const CANDIDATE_PREFIX: &str = "vs=";

/// Whether `descriptor` is a group (its `vs` is the list as written, `[b,c,d]`).
fn is_group(descriptor: &Descriptor) -> bool {
    descriptor.vs.is_some_and(|vs| vs.starts_with('['))
}

/// The candidate a group's trial compares with the annotated function; `None` outside a
/// group.
#[must_use]
pub fn candidate(spec: &TrialSpec) -> Option<&'static str> {
    let d = spec.descriptor;
    is_group(d)
        .then(|| d.args.get(spec.arg_index))
        .flatten()
        .map(|arg| arg.strip_prefix(CANDIDATE_PREFIX).unwrap_or(arg))
}

/// One group of the run: the annotated function and its selected trials' names, in the
/// order written.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    /// The annotated function's trial name without a candidate (`sum`).
    pub reference: String,
    /// Its `alpha`, as written or set for the run, before it is shared.
    pub family_alpha: f64,
    /// The trials that run.
    pub members: Vec<String>,
}

/// The groups among `specs`, with only the trials `args` selects.
#[must_use]
pub fn groups(specs: &[TrialSpec], args: &Arguments, run: &Overrides) -> Vec<Group> {
    let mut groups: Vec<Group> = Vec::new();
    for spec in specs.iter().filter(|s| is_group(s.descriptor)) {
        if !spec.is_selected(args) {
            continue;
        }
        let name = spec.name();
        let reference = name
            .rsplit_once('/')
            .map_or(name.as_str(), |(head, _)| head)
            .to_owned();
        match groups.iter_mut().find(|g| g.reference == reference) {
            Some(group) => group.members.push(name),
            None => groups.push(Group {
                reference,
                family_alpha: run
                    .alpha
                    .or(spec.descriptor.options.alpha)
                    .unwrap_or(DEFAULT_ALPHA),
                members: vec![name],
            }),
        }
    }
    groups
}

/// The run's overrides for `spec`: a group's m selected candidates' trials are each judged
/// at alpha / m (Bonferroni), so that the chance of any wrong verdict in the group stays at
/// most alpha whatever the dependence between them; the group's table then applies Holm's
/// step-down to their p-values (`report::group_table`), which decides at least as much.
#[must_use]
pub fn member_overrides(run: &Overrides, spec: &TrialSpec, groups: &[Group]) -> Overrides {
    let name = spec.name();
    match groups.iter().find(|g| g.members.contains(&name)) {
        Some(group) => Overrides {
            alpha: Some(group.family_alpha / group.members.len() as f64),
            ..run.clone()
        },
        None => run.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::Diff;
    use crate::harness::Routine;
    use crate::model::AttrOptions;
    use clap::Parser;

    fn noop(_: &mut Diff, _: usize) {}

    static GROUP: Descriptor = Descriptor {
        fn_name: "sum",
        name: None,
        module_path: "target",
        file: "benches/x.rs",
        line: 1,
        ignore: None,
        vs: Some("[fold,rev,chunks]"),
        args: &["vs=fold", "vs=rev", "vs=chunks"],
        routine: Routine::Diff(noop),
        options: AttrOptions {
            alpha: Some(0.06),
            ..AttrOptions::NONE
        },
    };

    static PAIR: Descriptor = Descriptor {
        vs: Some("other"),
        args: &[],
        fn_name: "pair",
        ..GROUP
    };

    fn specs() -> Vec<TrialSpec> {
        let member = |arg_index| TrialSpec {
            descriptor: &GROUP,
            arg_index,
        };
        vec![
            member(0),
            member(1),
            member(2),
            TrialSpec {
                descriptor: &PAIR,
                arg_index: 0,
            },
        ]
    }

    #[test]
    fn candidates_are_named_and_share_the_group_alpha_among_those_selected() {
        let specs = specs();
        assert_eq!(candidate(&specs[1]), Some("rev"));
        assert_eq!(candidate(&specs[3]), None);
        let all = Arguments::parse_from(["bench"]);
        let found = groups(&specs, &all, &Overrides::default());
        assert_eq!(
            found,
            [Group {
                reference: "sum".to_owned(),
                family_alpha: 0.06,
                members: vec![
                    "sum/vs=fold".into(),
                    "sum/vs=rev".into(),
                    "sum/vs=chunks".into()
                ],
            }]
        );
        let alpha = |spec: &TrialSpec, groups: &[Group]| {
            member_overrides(&Overrides::default(), spec, groups).alpha
        };
        assert_eq!(alpha(&specs[0], &found), Some(0.02));
        assert_eq!(alpha(&specs[3], &found), None);
        // A filter that leaves two candidates shares alpha between two.
        let two = Arguments::parse_from(["bench", "--skip", "chunks"]);
        let found = groups(&specs, &two, &Overrides::default());
        assert_eq!(found[0].members.len(), 2);
        assert_eq!(alpha(&specs[0], &found), Some(0.03));
        // The run's alpha beats the attribute's, as for any claim.
        let run = Overrides {
            alpha: Some(0.1),
            ..Overrides::default()
        };
        assert_eq!(groups(&specs, &all, &run)[0].family_alpha, 0.1);
    }
}
