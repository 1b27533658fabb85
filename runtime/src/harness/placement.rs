//! The check that an annotated function stands at module level, for generated code.
//!
//! An attribute macro sees only its function, not the `impl` block around it, so it cannot
//! refuse an associated function itself. Its expansion asks instead: the macro names a
//! marker after the function (`__duobench_run`), defined once beside the function and once,
//! as [`InImpl`], in a scope that is searched only when the first is not visible. At module
//! level the first is found and is [`AtModuleLevel`]; inside an `impl` block (or a function
//! body) it becomes an associated item the lookup does not see, the fallback is found, and
//! [`module_level`] fails with the message below instead of "`const` items in this context
//! need a name".
//!
//! The price: a function in a function body is refused too (its registration cannot tell a
//! block from an `impl`: only a module's items can be glob-imported ahead of the
//! stand-ins). Doctests wrap their code in `fn main`, so an example with `#[bench]` writes
//! its own `fn main() {}`.

/// Implemented by the marker that only a module-level registration defines.
#[diagnostic::on_unimplemented(
    message = "`#[bench]` and `#[bench_diff]` go on free functions, not on functions in an `impl` block or a function body",
    label = "this function is not at module level",
    note = "move it out of the `impl` block; to measure an associated function, call it from a free one: `#[bench] fn run(b: &mut Bencher) {{ Suite::run(b) }}`",
    note = "in a doctest, which wraps the example in `fn main`, write `fn main() {{}}` in the example to keep the function at module level"
)]
pub trait ModuleLevel {}

/// The marker a module-level registration defines beside the function.
pub struct AtModuleLevel;

#[diagnostic::do_not_recommend]
impl ModuleLevel for AtModuleLevel {}

/// The marker found when the registration is not at module level.
pub struct InImpl;

/// Compiles only for the marker of a module-level registration.
pub const fn module_level<T: ModuleLevel>(_: &T) {}
