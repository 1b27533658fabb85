//! All registered benchmarks, as trials: one per function, or one per argument.

use super::descriptor::{Descriptor, Routine};

/// One trial to run: a descriptor and, with `args`, which argument.
#[derive(Clone, Copy, Debug)]
pub struct TrialSpec {
    /// The registered function.
    pub descriptor: &'static Descriptor,
    /// Index into `descriptor.args` (0 without arguments).
    pub arg_index: usize,
}

impl TrialSpec {
    /// The libtest name: module path inside the bench file, the function's name (or its
    /// `name = "..."`), then `/arg` for each argument.
    #[must_use]
    pub fn name(&self) -> String {
        let d = self.descriptor;
        let mut name = String::new();
        // The first segment of `module_path!()` is the bench target's crate; libtest leaves
        // it out too.
        if let Some((_, inner)) = d.module_path.split_once("::") {
            name.push_str(inner);
            name.push_str("::");
        }
        name.push_str(d.name.unwrap_or(d.fn_name));
        if let Some(arg) = d.args.get(self.arg_index) {
            name.push('/');
            name.push_str(arg);
        }
        name
    }

    /// Whether libtest, given `args`, would run this trial (not filtered out, not ignored).
    #[must_use]
    pub fn is_selected(&self, args: &libtest_mimic::Arguments) -> bool {
        // libtest decides what runs; ask it with a trial that carries only the name.
        let probe = libtest_mimic::Trial::test(self.name(), || Ok(()))
            .with_kind(self.kind())
            .with_ignored_flag(self.descriptor.ignore.is_some());
        !args.is_filtered_out(&probe) && !args.is_ignored(&probe)
    }

    /// `diff` or `bench`, shown in brackets on the libtest line.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self.descriptor.routine {
            Routine::Diff(_) => "diff",
            Routine::Bench(_) => "bench",
        }
    }
}

/// Every registered trial, sorted by name (inventory gives no order), arguments in the
/// order written.
#[must_use]
pub fn trial_specs() -> Vec<TrialSpec> {
    trial_specs_of(inventory::iter::<Descriptor>())
}

fn trial_specs_of(descriptors: impl IntoIterator<Item = &'static Descriptor>) -> Vec<TrialSpec> {
    let mut specs: Vec<TrialSpec> = descriptors
        .into_iter()
        .flat_map(|descriptor| {
            (0..descriptor.args.len().max(1)).map(move |arg_index| TrialSpec {
                descriptor,
                arg_index,
            })
        })
        .collect();
    specs.sort_by_cached_key(|s| {
        (
            s.descriptor.module_path,
            s.descriptor.name.unwrap_or(s.descriptor.fn_name),
            s.arg_index,
        )
    });
    specs
}

/// Checks that no two trials share a full name: they would share a baseline, and one
/// would be compared with the other as its "previous run".
///
/// # Errors
///
/// One line per clash, naming the name and both definitions (`file:line`).
pub fn check_unique_names(specs: &[TrialSpec]) -> Result<(), String> {
    let mut by_name: Vec<(String, &TrialSpec)> = specs.iter().map(|s| (s.name(), s)).collect();
    // Equal names in source order: inventory registers in no fixed order.
    by_name.sort_by(|a, b| {
        let place = |s: &TrialSpec| (s.descriptor.file, s.descriptor.line);
        a.0.cmp(&b.0).then_with(|| place(a.1).cmp(&place(b.1)))
    });
    let clashes: Vec<String> = by_name
        .windows(2)
        .filter(|pair| pair[0].0 == pair[1].0)
        .map(|pair| {
            let at = |s: &TrialSpec| format!("{}:{}", s.descriptor.file, s.descriptor.line);
            format!(
                "two benchmarks are named `{}`: {} and {}; give one a different `name = \"...\"`",
                pair[0].0,
                at(pair[0].1),
                at(pair[1].1)
            )
        })
        .collect();
    if clashes.is_empty() {
        Ok(())
    } else {
        Err(clashes.join("\n"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::Bencher;
    use crate::model::AttrOptions;

    fn noop(_: &mut Bencher, _: usize) {}

    const fn descriptor(
        module_path: &'static str,
        fn_name: &'static str,
        args: &'static [&'static str],
    ) -> Descriptor {
        Descriptor {
            fn_name,
            name: None,
            module_path,
            file: "benches/x.rs",
            line: 1,
            ignore: None,
            vs: None,
            args,
            routine: Routine::Bench(noop),
            options: AttrOptions::NONE,
        }
    }

    static ROOT: Descriptor = descriptor("sorting", "sort", &["10", "1000"]);
    static NESTED: Descriptor = descriptor("sorting::hashing", "fx_vs_ahash", &[]);

    static RENAMED: Descriptor = Descriptor {
        name: Some("sort"),
        line: 9,
        ..descriptor("sorting", "other", &["10"])
    };

    #[test]
    fn duplicate_names_are_refused_naming_both_definitions() {
        let specs = trial_specs_of([&NESTED, &ROOT]);
        assert_eq!(check_unique_names(&specs), Ok(()));
        let specs = trial_specs_of([&ROOT, &NESTED, &RENAMED]);
        assert_eq!(
            check_unique_names(&specs).unwrap_err(),
            "two benchmarks are named `sort/10`: benches/x.rs:1 and benches/x.rs:9; give one \
             a different `name = \"...\"`"
        );
    }

    #[test]
    fn names_follow_module_path_and_args() {
        let specs = trial_specs_of([&NESTED, &ROOT]);
        let names: Vec<String> = specs.iter().map(TrialSpec::name).collect();
        assert_eq!(names, ["sort/10", "sort/1000", "hashing::fx_vs_ahash"]);
        assert_eq!(specs[0].kind(), "bench");
    }
}
