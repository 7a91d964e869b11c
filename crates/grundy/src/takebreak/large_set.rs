//! What subtraction and all-but sets with moves too large for an octal code
//! share: one way to read their list of moves, and one interface to the
//! values each keeps in its own form ([`super::SetSequence`]'s pieces,
//! [`super::AllButSequence`]'s pattern), so that the front ends ask both
//! the same way.

use std::fmt;
use std::hash::Hash;

use super::subtraction_set::{MAX_SET_ELEMENT, MAX_SET_LEN};

/// What is wrong with a list of moves, before a set names it in its own
/// error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MoveListFault {
    /// A move of 0 tokens.
    Zero,
    /// A move beyond [`MAX_SET_ELEMENT`].
    TooLarge(u64),
    /// More than [`MAX_SET_LEN`] distinct moves.
    TooMany(usize),
}

/// The moves of `list` sorted and without repeats, each in
/// `1..=MAX_SET_ELEMENT`, at most [`MAX_SET_LEN`] of them (none is a list
/// too: an all-but set may exclude nothing).
pub(crate) fn move_list(list: &[u64]) -> Result<Vec<u64>, MoveListFault> {
    let mut moves = list.to_vec();
    moves.sort_unstable();
    moves.dedup();
    match (moves.first(), moves.last()) {
        (Some(0), _) => Err(MoveListFault::Zero),
        (_, Some(&big)) if big > MAX_SET_ELEMENT => Err(MoveListFault::TooLarge(big)),
        _ if moves.len() > MAX_SET_LEN => Err(MoveListFault::TooMany(moves.len())),
        _ => Ok(moves),
    }
}

/// The values of a set whose moves are too large for an octal code, kept
/// in the set's own form and computed on demand within limits.
pub trait LargeSetSequence: Sized + Send + Sync {
    /// The set.
    type Set: Clone + Eq + Hash + fmt::Display + Send + Sync;
    /// Why a heap's value is not known.
    type Error: std::error::Error;

    /// Nothing computed yet.
    fn start(set: Self::Set) -> Self;

    /// Computes until `G(heap)` is known or a period is proved, within
    /// `most` heaps counted as [`LargeSetSequence::counted_heaps`] counts
    /// them; `check` is called now and then and stops the work with its
    /// error.
    fn extend_within<E>(
        &mut self,
        heap: u64,
        most: u64,
        check: &mut dyn FnMut() -> Result<(), E>,
    ) -> Result<(), E>;

    /// Heaps counted against the limit `most` of
    /// [`LargeSetSequence::extend_within`]: the heaps' work done one by
    /// one, and any memory kept beside it, as heaps.
    fn counted_heaps(&self) -> u64;

    /// `G(heap)`, if known.
    fn value(&self, heap: u64) -> Option<u64>;

    /// The error for `G(heap)` not known within `most` heaps computed one
    /// by one.
    fn unknown(&self, heap: u64, most: u64) -> Self::Error;

    /// The moves from heap `n` (known) to a heap of value `target`.
    fn moves_to_value(&self, n: u64, target: u64) -> Vec<u64>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_lists_are_sorted_distinct_and_checked() {
        assert_eq!(move_list(&[5, 1, 5, 3]), Ok(vec![1, 3, 5]));
        assert_eq!(move_list(&[]), Ok(vec![]));
        assert_eq!(move_list(&[3, 0]), Err(MoveListFault::Zero));
        assert_eq!(
            move_list(&[1, MAX_SET_ELEMENT + 1]),
            Err(MoveListFault::TooLarge(MAX_SET_ELEMENT + 1))
        );
        assert_eq!(
            move_list(&[1, MAX_SET_ELEMENT]),
            Ok(vec![1, MAX_SET_ELEMENT])
        );
        let many: Vec<u64> = (1..=MAX_SET_LEN as u64 + 1).collect();
        assert_eq!(
            move_list(&many),
            Err(MoveListFault::TooMany(MAX_SET_LEN + 1))
        );
        assert_eq!(
            move_list(&many[..MAX_SET_LEN]).map(|m| m.len()),
            Ok(MAX_SET_LEN)
        );
    }
}
