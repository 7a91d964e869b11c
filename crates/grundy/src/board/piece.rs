//! Pieces: their moves (leaps and rides) and the squares they stand on.

use std::fmt;

use super::{ClosedForm, TableError};
use crate::vocab::rules::Rules;

/// A square of the board: column `x`, row `y`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square {
    /// Column, counted from 0.
    pub x: u64,
    /// Row, counted from 0.
    pub y: u64,
}

/// One kind of move of a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Step {
    /// Change of column.
    pub dx: i64,
    /// Change of row.
    pub dy: i64,
    /// A ride repeats the step any positive number of times; a leap takes it once.
    pub ride: bool,
}

/// Why a piece description was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PieceError {
    /// No moves at all.
    #[error("a piece needs at least one move, like (-1,-2) for a leap or (-1,0)* for a ride")]
    NoMoves,
    /// The null move.
    #[error("the move (0,0) does not move the piece; every move needs dx or dy non-zero")]
    NullMove,
    /// A step too long to make sense on any board that fits in memory.
    #[error("the move ({dx},{dy}) is too long: steps must lie within -2^31..2^31")]
    StepTooLong {
        /// Offending step.
        dx: i64,
        /// Offending step.
        dy: i64,
    },
    /// Board size zero.
    #[error("the board size must be at least 1 (an N×N board has coordinates 0..N-1)")]
    EmptyBoard,
    /// An unbounded piece with a move away from the corner would never stop.
    #[error("the move ({dx},{dy}) leaves the quadrant toward infinity; give a board size, as in piece[...; 8]")]
    Unbounded {
        /// Offending step.
        dx: i64,
        /// Offending step.
        dy: i64,
    },
}

/// A piece: its moves, and its board (`None` for the quadrant toward (0,0)).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub(super) name: String,
    pub(super) steps: Vec<Step>,
    pub(super) board: Option<u64>,
    /// The closed form of `steps`, found once here rather than on every query.
    pub(super) closed: Option<ClosedForm>,
}

impl Piece {
    /// Wythoff's game: left, down or diagonally left-down, any distance.
    pub fn queen() -> Piece {
        Piece::named("queen", &[(-1, 0, true), (0, -1, true), (-1, -1, true)])
    }
    /// Left or down any distance: Nim with two heaps.
    pub fn rook() -> Piece {
        Piece::named("rook", &[(-1, 0, true), (0, -1, true)])
    }
    /// Diagonally left-down any distance.
    pub fn bishop() -> Piece {
        Piece::named("bishop", &[(-1, -1, true)])
    }
    /// One square left, down or diagonally left-down.
    pub fn king() -> Piece {
        Piece::named("king", &[(-1, 0, false), (0, -1, false), (-1, -1, false)])
    }
    /// The knight of Knight and Queen (HackerRank): (-1,-2) and (-2,-1).
    pub fn knight() -> Piece {
        Piece::named("knight", &[(-1, -2, false), (-2, -1, false)])
    }

    fn named(name: &str, steps: &[(i64, i64, bool)]) -> Piece {
        let steps: Vec<Step> = steps
            .iter()
            .map(|&(dx, dy, ride)| Step { dx, dy, ride })
            .collect();
        Piece {
            name: name.into(),
            closed: ClosedForm::of_steps(&steps),
            steps,
            board: None,
        }
    }

    /// A piece with the given moves on an N×N board (`Some(N)`), or on the
    /// quadrant toward (0,0) (`None`, where every move must go left and/or down).
    pub fn new(mut steps: Vec<Step>, board: Option<u64>) -> Result<Piece, PieceError> {
        if steps.is_empty() {
            return Err(PieceError::NoMoves);
        }
        for s in &steps {
            if s.dx == 0 && s.dy == 0 {
                return Err(PieceError::NullMove);
            }
            let limit = 1i64 << 31;
            if s.dx.abs() >= limit || s.dy.abs() >= limit {
                return Err(PieceError::StepTooLong { dx: s.dx, dy: s.dy });
            }
            if board.is_none() && (s.dx > 0 || s.dy > 0) {
                return Err(PieceError::Unbounded { dx: s.dx, dy: s.dy });
            }
        }
        if board == Some(0) {
            return Err(PieceError::EmptyBoard);
        }
        steps.sort();
        steps.dedup();
        let moves: Vec<String> = steps
            .iter()
            .map(|s| format!("({},{}){}", s.dx, s.dy, if s.ride { "*" } else { "" }))
            .collect();
        let name = match board {
            Some(n) => format!("piece[{}; {n}]", moves.join(",")),
            None => format!("piece[{}]", moves.join(",")),
        };
        Ok(Piece {
            name,
            closed: ClosedForm::of_steps(&steps),
            steps,
            board,
        })
    }

    /// The ruleset as written in expressions (`queen`, `piece[(-2,1),(1,-2); 8]`).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The moves.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The board side, or `None` for the quadrant toward (0,0).
    pub fn board(&self) -> Option<u64> {
        self.board
    }

    /// Checks that `sq` is on the board.
    pub fn check_square(&self, sq: Square) -> Result<(), TableError> {
        match self.board {
            Some(n) if sq.x >= n || sq.y >= n => Err(TableError::OffBoard {
                piece: self.name.clone(),
                size: n,
                x: sq.x,
                y: sq.y,
            }),
            _ => Ok(()),
        }
    }

    pub(super) fn target(&self, sq: Square, dx: i64, dy: i64, k: i64) -> Option<Square> {
        let x = sq.x as i128 + dx as i128 * k as i128;
        let y = sq.y as i128 + dy as i128 * k as i128;
        let n = self.board.map_or(u64::MAX as i128 + 1, |n| n as i128);
        (x >= 0 && y >= 0 && x < n && y < n).then_some(Square {
            x: x as u64,
            y: y as u64,
        })
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

impl Rules for Piece {
    type Position = Square;

    fn options(&self, position: &Square, visit: &mut dyn FnMut(&[Square])) {
        for s in &self.steps {
            let mut k = 1;
            while let Some(t) = self.target(*position, s.dx, s.dy, k) {
                visit(&[t]);
                if !s.ride {
                    break;
                }
                k += 1;
            }
        }
    }
}
