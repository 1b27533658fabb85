//! Whether a returning `#[bench]`'s result varies between calls, for the doctor: work whose
//! time is at the empty loop's level *and* whose result never changes was probably computed
//! ahead by the compiler; a result that changes shows real work, however cheap.
//!
//! The macro compares the outputs of two calls where the output type has `PartialEq`, and
//! says "unknown" where it has not, without asking the user's type for a bound. It picks
//! between the two by method resolution (autoref specialisation): for `(&Outputs(..)).varies()`
//! the compiler tries `ComparableOutputs`, whose receiver needs no extra reference, before
//! `OpaqueOutputs`, which needs one, and it takes the first only where `T: PartialEq`.

use crate::api::bencher::Bencher;

/// The outputs of two calls of a routine.
pub struct Outputs<'a, T>(pub &'a T, pub &'a T);

/// Outputs that can be compared.
pub trait ComparableOutputs {
    /// Whether the two outputs differ.
    fn varies(&self) -> Option<bool>;
}

impl<T: PartialEq> ComparableOutputs for Outputs<'_, T> {
    fn varies(&self) -> Option<bool> {
        Some(self.0 != self.1)
    }
}

/// Outputs that cannot be compared: nothing is known.
pub trait OpaqueOutputs {
    /// Unknown.
    fn varies(&self) -> Option<bool>;
}

impl<T> OpaqueOutputs for &Outputs<'_, T> {
    fn varies(&self) -> Option<bool> {
        None
    }
}

/// Records, for the doctor, whether two calls of the routine returned different results.
pub fn set_result_varies(bencher: &mut Bencher, varies: Option<bool>) {
    bencher.set_result_varies(varies);
}

#[cfg(test)]
mod tests {
    #[allow(unused_imports)]
    use super::{ComparableOutputs as _, OpaqueOutputs as _, Outputs};

    /// Has no `PartialEq`.
    struct Opaque;

    #[test]
    // The borrow is the mechanism: it is what lets the comparable case win resolution.
    #[allow(clippy::needless_borrow)]
    fn comparable_outputs_say_whether_they_differ_and_others_say_nothing() {
        assert_eq!((&Outputs(&1, &2)).varies(), Some(true));
        assert_eq!((&Outputs(&"a", &"a")).varies(), Some(false));
        assert_eq!((&Outputs(&vec![1.0], &vec![f64::NAN])).varies(), Some(true));
        assert_eq!((&Outputs(&Opaque, &Opaque)).varies(), None);
    }
}
