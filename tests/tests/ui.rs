//! Compile-fail tests of the attribute macros: one case per family of mistakes, each with
//! the compiler's output committed beside it. Regenerate with `TRYBUILD=overwrite` and read
//! the diff: every error must point at the token to change and say what is allowed.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("ui/*.rs");
    t.pass("ui-pass/*.rs");
}
