//! The handle a `#[bench_diff]` function receives.

/// Compares two routines; given to `#[bench_diff]` functions that take `&mut Diff`.
#[derive(Debug, Default)]
pub struct Diff {
    _private: (),
}

impl Diff {
    /// Measures `first` against `second` in duos and records the result.
    pub fn compare<O1, O2>(&mut self, first: impl FnMut() -> O1, second: impl FnMut() -> O2) {
        let _ = (first, second);
    }
}
