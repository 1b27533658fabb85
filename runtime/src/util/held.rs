//! What a growing record holds in memory: the bytes written into it and the bytes reserved
//! for it, so that readings of the process's memory can leave out the harness's own records.

use std::ops::Add;

/// Bytes a record (or several) holds: what its elements take, and what its buffers reserve.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HeldBytes {
    /// Bytes of the elements stored (`len`).
    pub written: usize,
    /// Bytes of the buffers allocated for them (`capacity`): at least `written`.
    pub reserved: usize,
}

impl HeldBytes {
    /// What `vec` holds.
    #[must_use]
    pub fn of<T>(vec: &Vec<T>) -> Self {
        let size = std::mem::size_of::<T>();
        Self {
            written: vec.len() * size,
            reserved: vec.capacity() * size,
        }
    }
}

impl Add for HeldBytes {
    type Output = Self;

    fn add(self, other: Self) -> Self {
        Self {
            written: self.written + other.written,
            reserved: self.reserved + other.reserved,
        }
    }
}

impl std::iter::Sum for HeldBytes {
    fn sum<I: Iterator<Item = Self>>(iter: I) -> Self {
        iter.fold(Self::default(), Add::add)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_vector_holds_its_length_written_and_its_capacity_reserved() {
        let mut v: Vec<u64> = Vec::with_capacity(10);
        v.extend([1, 2, 3]);
        let held = HeldBytes::of(&v) + HeldBytes::of(&Vec::<u8>::with_capacity(5));
        assert_eq!(
            held,
            HeldBytes {
                written: 24,
                reserved: 85
            }
        );
    }
}
