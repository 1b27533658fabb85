//! What a `Criterion` is doing while a group function runs: listing the benchmarks it
//! declares, or running the one a trial asked for.
//!
//! Criterion's benchmarks are closures that borrow the group function's locals, so they
//! cannot outlive a call of it. The harness therefore calls each group function once to
//! list names and options, and again for each trial, in which only the benchmark of that
//! name runs.

use crate::bencher::Bencher;
use crate::measurement::Measurement;
use duobench::__private::AttrOptions;

/// The state a `Criterion` carries into the group function.
#[derive(Default)]
pub(crate) enum Phase {
    /// Outside `criterion_main!`: nothing can run.
    #[default]
    Idle,
    /// Listing: each declared benchmark is recorded, none runs.
    List(Vec<Listed>),
    /// Running the benchmark named `target` with duobench's bencher (boxed: the bencher is
    /// large beside the other states).
    Run(Box<RunSlot>),
}

/// A benchmark found while listing.
pub(crate) struct Listed {
    pub name: String,
    pub options: AttrOptions,
}

/// The trial being run: which benchmark, with whose bencher, and whether it was reached.
pub(crate) struct RunSlot {
    pub wanted: Wanted,
    pub bencher: duobench::Bencher,
    pub found: bool,
}

/// Which declaration of a group function a trial runs: the `occurrence`-th (from 0) of the
/// benchmarks it declares under the id `id`. Criterion runs a repeated id again under a
/// title of its own (`id #2`), so the same id can stand for several trials.
pub(crate) struct Wanted {
    pub id: String,
    occurrence: usize,
    seen: usize,
}

impl Wanted {
    /// The `occurrence`-th declaration of `id`.
    pub(crate) fn new(id: String, occurrence: usize) -> Self {
        Self {
            id,
            occurrence,
            seen: 0,
        }
    }

    /// Whether the benchmark declared now under `id` is the one wanted; call it once per
    /// declaration, in order.
    pub(crate) fn is(&mut self, id: &str) -> bool {
        if id != self.id {
            return false;
        }
        self.seen += 1;
        self.seen == self.occurrence + 1
    }
}

impl Phase {
    /// Declares the benchmark `name` (through `method`, for the message when nothing can
    /// run): lists it, or runs `routine` if it is the one asked for.
    ///
    /// # Panics
    ///
    /// Outside `criterion_main!`, naming the method.
    pub(crate) fn declare<M: Measurement>(
        &mut self,
        method: &'static str,
        name: String,
        options: impl FnOnce() -> AttrOptions,
        measurement: &M,
        routine: impl FnOnce(&mut Bencher<'_, M>),
    ) {
        match self {
            Phase::Idle => panic!(
                "criterion compat: `{method}` ran outside `criterion_main!`; name the function \
                 that calls it in `criterion_group!` (a hand-written `main` is not supported)"
            ),
            Phase::List(listed) => listed.push(Listed {
                name,
                options: options(),
            }),
            Phase::Run(slot) => {
                if !slot.found && slot.wanted.is(&name) {
                    slot.found = true;
                    routine(&mut Bencher::new(&mut slot.as_mut().bencher, measurement));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Wanted;

    #[test]
    fn the_wanted_declaration_is_the_nth_of_its_id() {
        let mut second = Wanted::new("same".to_owned(), 1);
        let picked: Vec<bool> = ["same", "other", "same", "same"]
            .into_iter()
            .map(|id| second.is(id))
            .collect();
        assert_eq!(picked, [false, false, true, false]);
    }
}
