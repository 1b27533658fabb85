//! What the attribute macros register: plain `'static` data, one per annotated function.
//!
//! The macros in `duobench-macros` expand to an `inventory::submit!` of a [`Descriptor`]
//! built through `::duobench::__private`. The options inside are the model's
//! [`AttrOptions`]; the routine points at the user-facing handles, which is why this lives
//! in the harness, above them.

use crate::api::Bencher;
use crate::api::Diff;
use crate::model::AttrOptions;

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

inventory::collect!(Descriptor);
