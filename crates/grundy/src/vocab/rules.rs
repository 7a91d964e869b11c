//! What a game is: the options of its positions. Solvers live elsewhere.

use std::fmt::Debug;
use std::hash::Hash;

/// The rules of an impartial game: which options each position has.
///
/// An option may be a disjunctive sum of positions, as when a move in a
/// take-and-break game splits a heap in two; the empty sum is a position with
/// no moves. Rules say nothing about values: the solvers (see
/// [`crate::solvers::memo::MemoSolver`]) compute them.
pub trait Rules {
    /// A position of one component.
    type Position: Clone + Eq + Ord + Hash + Debug;

    /// Calls `visit` once for each option of `position`, with the components
    /// of the sum that the move leaves.
    fn options(&self, position: &Self::Position, visit: &mut dyn FnMut(&[Self::Position]));
}

/// A game as an explicit move graph: each move leads to one position.
///
/// This is the form plain search, compounds and retrograde analysis work on.
/// Any [`Rules`] becomes one through [`Sums`].
pub trait GameGraph {
    /// A position of the whole game.
    type Position: Clone + Eq + Hash + Debug;

    /// Appends the positions reachable in one move from `position` to `out`.
    fn moves(&self, position: &Self::Position, out: &mut Vec<Self::Position>);

    /// The bytes `position` holds on the heap besides its own size (the
    /// parts of a sum, the text of a board), for solvers that keep every
    /// position and hold them to the memory limit; 0 unless a graph whose
    /// positions can grow says.
    fn heap_bytes(&self, _position: &Self::Position) -> usize {
        0
    }
}

/// The game graph of disjunctive sums of positions of `R`: a position is a
/// sorted list of components, and a move replaces one component by the
/// components of one of its options.
#[derive(Clone, Debug)]
pub struct Sums<R>(pub R);

impl<R: Rules> Sums<R> {
    /// The canonical (sorted) form of a sum of components.
    pub fn position(mut components: Vec<R::Position>) -> Vec<R::Position> {
        components.sort();
        components
    }
}

impl<R: Rules> GameGraph for Sums<R> {
    type Position = Vec<R::Position>;

    fn moves(&self, position: &Self::Position, out: &mut Vec<Self::Position>) {
        for (i, component) in position.iter().enumerate() {
            if i > 0 && position[i - 1] == *component {
                continue; // equal components have the same moves
            }
            self.0.options(component, &mut |parts| {
                let mut next = Vec::with_capacity(position.len() + parts.len());
                next.extend_from_slice(&position[..i]);
                next.extend_from_slice(&position[i + 1..]);
                next.extend_from_slice(parts);
                next.sort();
                out.push(next);
            });
        }
    }
}
