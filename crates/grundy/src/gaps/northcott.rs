//! Northcott's game, as LightOJ 1186 *Incredible Chess* (seed 004).

use super::GapError;
use crate::vocab::nimber::Nimber;
use crate::vocab::outcome::Player;
use crate::vocab::rules::GameGraph;

/// Northcott's game as a game graph: each column of a board with `rows` rows
/// holds a white pawn below a black pawn. White (`Player::Left`) moves a white
/// pawn, Black (`Player::Right`) a black one, any distance up or down its
/// column without passing the other pawn or leaving the board. A player who
/// cannot move loses.
///
/// Pawns may retreat, so play can cycle: this is a loopy game, solved by
/// brute force with [`analyse_loopy`](crate::solvers::loopy::analyse_loopy), not plain
/// search. The theory: the gap between the pawns of a column is a Nim heap
/// that either player can shrink; widening it is a reversible move, since the
/// opponent can close it again at once, and the winner never needs to widen.
/// Each such exchange pushes the column towards the loser's edge of the
/// board, so the loser cannot retreat for ever: there are no draws, and the
/// player to move wins iff the XOR of the gaps is not 0 ([`northcott_value`]).
#[derive(Clone, Copy, Debug)]
pub struct Northcott {
    /// Rows of the board (cells 0..rows in each column).
    pub rows: u64,
}

/// A position of [`Northcott`]: the rows of the pawns in each column and
/// the player to move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NorthcottPosition {
    /// (white row, black row) for each column; white below black.
    pub columns: Vec<(u64, u64)>,
    /// Who moves next (`Left` = White).
    pub to_move: Player,
}

impl NorthcottPosition {
    /// A checked position: in each column `white < black < rows`.
    pub fn new(
        columns: Vec<(u64, u64)>,
        rows: u64,
        to_move: Player,
    ) -> Result<NorthcottPosition, GapError> {
        for (column, &(white, black)) in columns.iter().enumerate() {
            if white >= black || black >= rows {
                return Err(GapError::BadColumn {
                    column,
                    white,
                    black,
                    rows,
                });
            }
        }
        Ok(NorthcottPosition { columns, to_move })
    }
}

impl GameGraph for Northcott {
    type Position = NorthcottPosition;

    fn moves(&self, p: &NorthcottPosition, out: &mut Vec<NorthcottPosition>) {
        let next = p.to_move.opponent();
        for (i, &(w, b)) in p.columns.iter().enumerate() {
            let targets = match p.to_move {
                Player::Left => 0..b,
                Player::Right => w + 1..self.rows,
            };
            for r in targets {
                let mut columns = p.columns.clone();
                match p.to_move {
                    Player::Left if r != w => columns[i].0 = r,
                    Player::Right if r != b => columns[i].1 = r,
                    _ => continue,
                }
                out.push(NorthcottPosition {
                    columns,
                    to_move: next,
                });
            }
        }
    }
}

/// The XOR of the gaps between the pawns; the player to move wins iff it is
/// not 0 (see [`Northcott`]).
pub fn northcott_value(columns: &[(u64, u64)]) -> Nimber {
    columns
        .iter()
        .map(|&(w, b)| Nimber(b.saturating_sub(w).saturating_sub(1)))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solvers::loopy::{analyse_loopy, LoopyConfig, LoopyOutcome};
    use crate::solvers::search::Play;
    use crate::vocab::outcome::Outcome;

    /// Every position of every board up to `max_rows` rows and `max_cols`
    /// columns, by retrograde analysis: wins and losses exactly as the XOR
    /// rule says, and no draws.
    #[test]
    fn xor_of_gaps_decides_and_nothing_is_drawn() {
        for rows in 2..=5u64 {
            for cols in 1..=3usize {
                let pairs: Vec<(u64, u64)> = (0..rows)
                    .flat_map(|w| (w + 1..rows).map(move |b| (w, b)))
                    .collect();
                let game = Northcott { rows };
                let mut analyses = Vec::new();
                let mut index = vec![0usize; cols];
                'all: loop {
                    let columns: Vec<_> = index.iter().map(|&i| pairs[i]).collect();
                    for to_move in [Player::Left, Player::Right] {
                        let p = NorthcottPosition::new(columns.clone(), rows, to_move).unwrap();
                        let known = analyses.iter().find_map(
                            |a: &crate::solvers::loopy::LoopyAnalysis<NorthcottPosition>| {
                                a.outcome(&p)
                            },
                        );
                        let got = match known {
                            Some(o) => o,
                            None => {
                                let a =
                                    analyse_loopy(&game, &p, Play::Normal, &LoopyConfig::default())
                                        .unwrap();
                                let o = a.outcome(&p).unwrap();
                                analyses.push(a);
                                o
                            }
                        };
                        let expect = match northcott_value(&columns).outcome() {
                            Outcome::P => LoopyOutcome::Loss,
                            _ => LoopyOutcome::Win,
                        };
                        assert_eq!(got, expect, "rows {rows} {p:?}");
                    }
                    for slot in index.iter_mut() {
                        *slot += 1;
                        if *slot < pairs.len() {
                            continue 'all;
                        }
                        *slot = 0;
                    }
                    break;
                }
            }
        }
    }

    #[test]
    fn seed_samples() {
        // LightOJ 1186 samples (White moves first).
        let w = [1, 3, 2, 2, 0, 1];
        let b = [5, 5, 5, 3, 1, 2];
        let cols: Vec<_> = w.iter().copied().zip(b.iter().copied()).collect();
        assert_eq!(northcott_value(&cols).outcome(), Outcome::P); // black wins
        let w = [1, 3, 2, 2, 0, 4, 0];
        let b = [3, 4, 4, 3, 1, 5, 6];
        let cols: Vec<_> = w.iter().copied().zip(b.iter().copied()).collect();
        assert_eq!(northcott_value(&cols).outcome(), Outcome::N); // white wins
        assert!(NorthcottPosition::new(vec![(3, 2)], 6, Player::Left).is_err());
        assert!(NorthcottPosition::new(vec![(1, 6)], 6, Player::Left).is_err());
    }
}
