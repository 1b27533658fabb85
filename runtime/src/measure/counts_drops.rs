//! A test value that counts its drops, for checking that timed loops drop every output
//! exactly once (and outside the clock).

use std::cell::Cell;
use std::rc::Rc;

/// Adds one to the shared counter when dropped.
pub struct CountsDrops(pub Rc<Cell<usize>>);

impl Drop for CountsDrops {
    fn drop(&mut self) {
        self.0.set(self.0.get() + 1);
    }
}
