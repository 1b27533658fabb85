//! `executor = tokio` and `executor = tokio_multi_thread` on an `async fn` bench: the macro's
//! calls into tokio, which compile only with duobench's `tokio` (or `tokio-full`) feature and
//! otherwise fail with one message that says how to turn it on (a missing method would leave
//! the user guessing why it is missing).

use crate::api::bencher::Bencher;
use crate::api::diff::Diff;
use std::future::Future;

/// Implemented when duobench is built with its `tokio` feature.
#[diagnostic::on_unimplemented(
    message = "`executor = tokio` needs duobench's `tokio` feature",
    label = "this bench asks for tokio",
    note = "in Cargo.toml: duobench = {{ version = \"0.1\", features = [\"tokio\"] }}"
)]
pub trait TokioFeature {
    /// `Bencher::iter_tokio`, where the feature is on.
    fn iter<F: Future>(bencher: &mut Bencher, routine: impl FnMut() -> F);
    /// `Diff::compare_tokio`, where the feature is on.
    fn compare<F1: Future, F2: Future>(
        diff: &mut Diff,
        first: impl FnMut() -> F1,
        second: impl FnMut() -> F2,
    );
}

#[cfg(feature = "tokio")]
impl TokioFeature for () {
    fn iter<F: Future>(bencher: &mut Bencher, routine: impl FnMut() -> F) {
        bencher.iter_tokio(routine);
    }

    fn compare<F1: Future, F2: Future>(
        diff: &mut Diff,
        first: impl FnMut() -> F1,
        second: impl FnMut() -> F2,
    ) {
        diff.compare_tokio(first, second);
    }
}

/// `#[bench(executor = tokio)] async fn`: the routine on tokio (`E` is `()`).
pub fn iter_on_tokio<E: TokioFeature, F: Future>(
    bencher: &mut Bencher,
    routine: impl FnMut() -> F,
) {
    E::iter(bencher, routine);
}

/// `#[bench_diff(vs = .., executor = tokio)] async fn`: both routines on tokio (`E` is `()`).
pub fn compare_on_tokio<E: TokioFeature, F1: Future, F2: Future>(
    diff: &mut Diff,
    first: impl FnMut() -> F1,
    second: impl FnMut() -> F2,
) {
    E::compare(diff, first, second);
}

/// Implemented when duobench is built with its `tokio-full` feature.
#[diagnostic::on_unimplemented(
    message = "`executor = tokio_multi_thread` needs duobench's `tokio-full` feature",
    label = "this bench asks for tokio's multi-threaded runtime",
    note = "in Cargo.toml: duobench = {{ version = \"0.1\", features = [\"tokio-full\"] }}"
)]
pub trait TokioFullFeature {
    /// `Bencher::iter_tokio_multi_thread`, where the feature is on.
    fn iter<F: Future>(bencher: &mut Bencher, routine: impl FnMut() -> F);
    /// `Diff::compare_tokio_multi_thread`, where the feature is on.
    fn compare<F1: Future, F2: Future>(
        diff: &mut Diff,
        first: impl FnMut() -> F1,
        second: impl FnMut() -> F2,
    );
}

#[cfg(feature = "tokio-full")]
impl TokioFullFeature for () {
    fn iter<F: Future>(bencher: &mut Bencher, routine: impl FnMut() -> F) {
        bencher.iter_tokio_multi_thread(routine);
    }

    fn compare<F1: Future, F2: Future>(
        diff: &mut Diff,
        first: impl FnMut() -> F1,
        second: impl FnMut() -> F2,
    ) {
        diff.compare_tokio_multi_thread(first, second);
    }
}

/// `#[bench(executor = tokio_multi_thread)] async fn`: the routine on tokio's
/// multi-threaded runtime (`E` is `()`).
pub fn iter_on_tokio_multi_thread<E: TokioFullFeature, F: Future>(
    bencher: &mut Bencher,
    routine: impl FnMut() -> F,
) {
    E::iter(bencher, routine);
}

/// `#[bench_diff(vs = .., executor = tokio_multi_thread)] async fn`: both routines on tokio's
/// multi-threaded runtime (`E` is `()`).
pub fn compare_on_tokio_multi_thread<E: TokioFullFeature, F1: Future, F2: Future>(
    diff: &mut Diff,
    first: impl FnMut() -> F1,
    second: impl FnMut() -> F2,
) {
    E::compare(diff, first, second);
}
