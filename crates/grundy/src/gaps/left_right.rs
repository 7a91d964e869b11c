//! Left Right (LightOJ 1192, seed 004).

use super::GapError;
use crate::vocab::nimber::Nimber;
use crate::vocab::outcome::Player;
use crate::vocab::rules::GameGraph;

/// Left Right as a game graph: pieces alternate gray, white, gray, white…
/// along a line; Alice (`Player::Left`) moves one gray piece any distance to
/// the right, Bob (`Player::Right`) one white piece to the left, never onto
/// or over another piece.
///
/// A gray piece can only close in on the white piece after it, and that
/// white piece only on it, so each pair is a Nim heap whose size is the number
/// of empty cells between them, shrinkable by both players
/// ([`left_right_value`]). The board's right edge never matters: the last
/// piece is white and moves left.
#[derive(Clone, Copy, Debug, Default)]
pub struct LeftRight;

/// A Left Right position: the cells of the pieces in increasing order
/// (gray first) and the player to move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LeftRightPosition {
    /// The cells of the pieces, strictly increasing, gray first.
    pub cells: Vec<u64>,
    /// Who moves next.
    pub to_move: Player,
}

impl LeftRightPosition {
    /// A checked position: cells strictly increasing and even in number.
    pub fn new(cells: Vec<u64>, to_move: Player) -> Result<LeftRightPosition, GapError> {
        if cells.len() % 2 == 1 {
            return Err(GapError::OddCount { count: cells.len() });
        }
        for i in 1..cells.len() {
            if cells[i] <= cells[i - 1] {
                return Err(GapError::NotIncreasing {
                    index: i,
                    previous: cells[i - 1],
                    next: cells[i],
                });
            }
        }
        Ok(LeftRightPosition { cells, to_move })
    }

    /// The empty cells inside each gray–white pair.
    pub fn gaps(&self) -> impl Iterator<Item = u64> + '_ {
        self.cells.chunks(2).map(|p| match p {
            [g, w] => w.saturating_sub(*g).saturating_sub(1),
            _ => 0,
        })
    }
}

impl GameGraph for LeftRight {
    type Position = LeftRightPosition;

    fn moves(&self, p: &LeftRightPosition, out: &mut Vec<LeftRightPosition>) {
        let n = p.cells.len();
        let next = p.to_move.opponent();
        for i in 0..n {
            let gray = i % 2 == 0;
            let range = match (p.to_move, gray) {
                (Player::Left, true) if i + 1 < n => p.cells[i] + 1..p.cells[i + 1],
                (Player::Right, false) => p.cells[i - 1] + 1..p.cells[i],
                _ => continue,
            };
            for c in range {
                let mut cells = p.cells.clone();
                cells[i] = c;
                out.push(LeftRightPosition {
                    cells,
                    to_move: next,
                });
            }
        }
    }
}

/// The value of a Left Right position for the player to move (either
/// player): the XOR of the gaps. The player to move wins iff it is not 0.
pub fn left_right_value(cells: &[u64]) -> Nimber {
    cells
        .chunks(2)
        .map(|p| match p {
            [g, w] => Nimber(w.saturating_sub(*g).saturating_sub(1)),
            _ => Nimber::ZERO,
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solvers::search::{PlainSearch, Play, SearchConfig};
    use crate::vocab::outcome::Outcome;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn xor_of_gaps_decides(
            mut cells in proptest::collection::btree_set(0u64..9, 0..=5)
                .prop_map(|s| s.into_iter().collect::<Vec<_>>()),
            bob in any::<bool>(),
        ) {
            if cells.len() % 2 == 1 { cells.pop(); }
            let to_move = if bob { Player::Right } else { Player::Left };
            let p = LeftRightPosition::new(cells.clone(), to_move).unwrap();
            let mut s = PlainSearch::new(LeftRight, SearchConfig::default());
            prop_assert_eq!(s.outcome(&p, Play::Normal).unwrap(), left_right_value(&cells).outcome());
        }
    }

    #[test]
    fn seed_samples_and_bad_input() {
        // LightOJ 1192 samples: 0 3 7 9 -> Alice, 1 3 7 9 -> Bob.
        assert_eq!(left_right_value(&[0, 3, 7, 9]).outcome(), Outcome::N);
        assert_eq!(left_right_value(&[1, 3, 7, 9]).outcome(), Outcome::P);
        assert!(LeftRightPosition::new(vec![1, 1], Player::Left).is_err());
        assert!(LeftRightPosition::new(vec![1, 2, 3], Player::Left).is_err());
    }
}
