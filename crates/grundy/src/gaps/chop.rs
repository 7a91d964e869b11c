//! Chop (seed 004's Sprague–Grundy section names it; rules as stated in the
//! course problem quoted at physicsforums.com thread 431993).

use crate::vocab::nimber::Nimber;
use crate::vocab::rules::GameGraph;

/// Chop as a game graph: an `i × j` plank of boxes held only at its lower
/// left corner; a move chops it along a horizontal or vertical line between
/// boxes, and the part no longer attached to the corner falls away. Whoever
/// moves last wins. A position is `(rows, columns)`, both at least 1.
///
/// A chop only shortens one side, to any smaller positive length, so the
/// plank is two Nim heaps of sizes `i − 1` and `j − 1` ([`Chop::value`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Chop;

impl GameGraph for Chop {
    type Position = (u64, u64);

    fn moves(&self, &(i, j): &(u64, u64), out: &mut Vec<(u64, u64)>) {
        out.extend((1..i).map(|r| (r, j)));
        out.extend((1..j).map(|c| (i, c)));
    }
}

impl Chop {
    /// The Grundy value `(i − 1) ⊕ (j − 1)` of an `i × j` plank (0 for an
    /// empty side, which has no moves either).
    pub fn value(i: u64, j: u64) -> Nimber {
        Nimber(i.saturating_sub(1) ^ j.saturating_sub(1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solvers::search::{PlainSearch, SearchConfig};

    #[test]
    fn value_is_nim_of_the_sides_on_all_planks_up_to_12() {
        let mut s = PlainSearch::new(Chop, SearchConfig::default());
        for i in 1..=12 {
            for j in 1..=12 {
                assert_eq!(s.nimber(&(i, j)).unwrap(), Chop::value(i, j), "{i} x {j}");
            }
        }
        // The seed's example uses a plank equal to *2, e.g. 1 x 3.
        assert_eq!(Chop::value(1, 3), Nimber(2));
    }
}
