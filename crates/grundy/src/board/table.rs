//! The dense table of Grundy values over every square of a board.

use super::{Piece, Square, Step};
use crate::solvers::mex::mex_of_words;
use crate::solvers::mex::MexSet;
use crate::vocab::limits::Limits;
use crate::vocab::rules::Rules;

/// Why a table could not be computed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// The moves let the piece come back to a square.
    #[error(
        "the piece {piece} can return to square ({x},{y}): the game is loopy, so it has no \
         Grundy table; give moves that always make progress (for example all with dx+dy < 0)"
    )]
    Loopy {
        /// The piece.
        piece: String,
        /// A square on a cycle.
        x: u64,
        /// A square on a cycle.
        y: u64,
    },
    /// The table would exceed a user limit.
    #[error(transparent)]
    Limit(#[from] crate::vocab::limits::LimitError),
    /// More squares than the table's 32-bit square numbers can name.
    #[error(
        "the {size}×{size} table of {piece} has more than 2^32 squares, the most a table \
         can number; ask about squares with coordinates below 65536"
    )]
    TooLarge {
        /// The piece.
        piece: String,
        /// Board side asked for.
        size: u64,
    },
    /// A square outside a bounded board.
    #[error("square ({x},{y}) is off the {size}×{size} board of {piece} (coordinates 0..{max})", max = .size - 1)]
    OffBoard {
        /// The piece.
        piece: String,
        /// Board side.
        size: u64,
        /// Column asked.
        x: u64,
        /// Row asked.
        y: u64,
    },
}

/// The Grundy values of every square of a `size`×`size` board, row `x`, column `y`.
#[derive(Clone, Debug)]
pub struct BoardTable {
    size: u64,
    values: Vec<u32>,
}

impl BoardTable {
    /// Computes the table of `piece` on the `size`×`size` corner of its board
    /// (the whole board when it is bounded).
    ///
    /// Rides are handled with one bitset per line of the board: the squares a
    /// ride reaches from `c` are exactly the squares of `c`'s line computed
    /// before it, so the mex over a ride is an OR of words, not a walk.
    pub fn compute(piece: &Piece, size: u64, limits: &Limits) -> Result<BoardTable, TableError> {
        BoardTable::compute_within(piece, size, &crate::vocab::budget::Budget::new(*limits))
    }

    /// [`BoardTable::compute`] within `budget`: its size limits before
    /// anything is taken, and its clock and cancel flag as the squares are
    /// filled in.
    pub fn compute_within(
        piece: &Piece,
        size: u64,
        budget: &crate::vocab::budget::Budget,
    ) -> Result<BoardTable, TableError> {
        let limits = budget.limits();
        let size = piece.board.unwrap_or(size);
        let rides = piece.steps.iter().filter(|s| s.ride).count() as u64;
        limits.check(
            &format!("the {size}×{size} table of {}", piece.name),
            size as u128 * size as u128,
            8 + 4 * rides,
        )?;
        check_numbering(piece, size)?;
        let n = size as usize;
        let cells = n * n;
        let order = computation_order(piece, n)?;
        let rides: Vec<Step> = piece.steps.iter().copied().filter(|s| s.ride).collect();
        let leaps: Vec<Step> = piece.steps.iter().copied().filter(|s| !s.ride).collect();
        let mut values = vec![0u32; cells];
        let mut line_of: Vec<Vec<u32>> = vec![vec![0; cells]; rides.len()];
        let mut lines: Vec<Vec<Vec<u64>>> = vec![Vec::new(); rides.len()];
        let mut scratch: Vec<u64> = Vec::new();
        let sq = |i: usize| Square {
            x: (i / n) as u64,
            y: (i % n) as u64,
        };
        let idx = |s: Square| s.x as usize * n + s.y as usize;
        for &c in &order {
            budget.tick("a board table")?;
            let c = c as usize;
            scratch.clear();
            for (r, s) in rides.iter().enumerate() {
                let line = match piece
                    .target(sq(c), s.dx, s.dy, 1)
                    .filter(|t| t.x < size && t.y < size)
                {
                    Some(t) => line_of[r][idx(t)],
                    None => {
                        lines[r].push(Vec::new());
                        (lines[r].len() - 1) as u32
                    }
                };
                line_of[r][c] = line;
                let acc = &lines[r][line as usize];
                if scratch.len() < acc.len() {
                    scratch.resize(acc.len(), 0);
                }
                for (w, a) in scratch.iter_mut().zip(acc) {
                    *w |= a;
                }
            }
            for s in &leaps {
                if let Some(t) = piece
                    .target(sq(c), s.dx, s.dy, 1)
                    .filter(|t| t.x < size && t.y < size)
                {
                    set_bit(&mut scratch, values[idx(t)] as u64);
                }
            }
            let v = mex_of_words(&scratch) as u32;
            values[c] = v;
            for (r, lines) in lines.iter_mut().enumerate() {
                set_bit(&mut lines[line_of[r][c] as usize], v as u64);
            }
        }
        Ok(BoardTable { size, values })
    }

    /// The plain method, for comparison: every option of every square, one by one.
    pub fn compute_naive(
        piece: &Piece,
        size: u64,
        limits: &Limits,
    ) -> Result<BoardTable, TableError> {
        let size = piece.board.unwrap_or(size);
        let n = size as usize;
        limits.check(
            &format!("the {size}×{size} table of {}", piece.name),
            size as u128 * size as u128,
            8,
        )?;
        check_numbering(piece, size)?;
        let order = computation_order(piece, n)?;
        let mut values = vec![0u32; n * n];
        let mut seen = MexSet::new();
        for &c in &order {
            let c = c as usize;
            let here = Square {
                x: (c / n) as u64,
                y: (c % n) as u64,
            };
            seen.clear();
            piece.options(&here, &mut |o| {
                let t = o[0];
                if t.x < size && t.y < size {
                    seen.insert(values[t.x as usize * n + t.y as usize] as u64);
                }
            });
            values[c] = seen.mex() as u32;
        }
        Ok(BoardTable { size, values })
    }

    /// The side of the table.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// The Grundy value of `sq`, or `None` outside the table.
    pub fn get(&self, sq: Square) -> Option<u32> {
        (sq.x < self.size && sq.y < self.size)
            .then(|| self.values[sq.x as usize * self.size as usize + sq.y as usize])
    }

    /// Row `x` of the table.
    pub fn row(&self, x: u64) -> &[u32] {
        let n = self.size as usize;
        &self.values[x as usize * n..(x as usize + 1) * n]
    }
}

/// Squares, lines and the computation order are numbered in `u32`: refuse
/// a table they cannot number before any memory is taken (a user who raised
/// the limits could otherwise ask for one).
fn check_numbering(piece: &Piece, size: u64) -> Result<(), TableError> {
    if size as u128 * size as u128 > u32::MAX as u128 {
        return Err(TableError::TooLarge {
            piece: piece.name.clone(),
            size,
        });
    }
    Ok(())
}

fn set_bit(words: &mut Vec<u64>, v: u64) {
    let w = (v / 64) as usize;
    if w >= words.len() {
        words.resize(w + 1, 0);
    }
    words[w] |= 1 << (v % 64);
}

/// An order of the squares in which every square comes after all of its
/// options, or the loopy error when none exists (Kahn's algorithm over the
/// one-step graph: a ride's k-step move is k one-step moves, so the one-step
/// graph has a cycle exactly when the game has one).
fn computation_order(piece: &Piece, n: usize) -> Result<Vec<u32>, TableError> {
    let cells = n * n;
    if piece.board.is_none() {
        // Every move goes left and/or down: row-major order already works.
        return Ok((0..cells as u32).collect());
    }
    let size = n as u64;
    let sq = |i: usize| Square {
        x: (i / n) as u64,
        y: (i % n) as u64,
    };
    let mut pending = vec![0u32; cells];
    for (i, p) in pending.iter_mut().enumerate() {
        *p = piece
            .steps
            .iter()
            .filter(|s| {
                piece
                    .target(sq(i), s.dx, s.dy, 1)
                    .is_some_and(|t| t.x < size && t.y < size)
            })
            .count() as u32;
    }
    let mut order: Vec<u32> = (0..cells as u32)
        .filter(|&i| pending[i as usize] == 0)
        .collect();
    let mut head = 0;
    while head < order.len() {
        let o = sq(order[head] as usize);
        head += 1;
        for s in &piece.steps {
            if let Some(c) = piece.target(o, -s.dx, -s.dy, 1) {
                let ci = c.x as usize * n + c.y as usize;
                pending[ci] -= 1;
                if pending[ci] == 0 {
                    order.push(ci as u32);
                }
            }
        }
    }
    if order.len() < cells {
        let stuck = pending
            .iter()
            .position(|&p| p > 0)
            .expect("some square is on a cycle");
        let s = sq(stuck);
        return Err(TableError::Loopy {
            piece: piece.name.clone(),
            x: s.x,
            y: s.y,
        });
    }
    Ok(order)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::wythoff_is_p;

    fn limits() -> Limits {
        Limits::default()
    }

    #[test]
    fn fast_table_equals_naive_table_for_every_named_piece() {
        for p in [
            Piece::queen(),
            Piece::rook(),
            Piece::bishop(),
            Piece::king(),
            Piece::knight(),
        ] {
            let a = BoardTable::compute(&p, 40, &limits()).unwrap();
            let b = BoardTable::compute_naive(&p, 40, &limits()).unwrap();
            assert_eq!(a.values, b.values, "{p}");
        }
    }

    #[test]
    fn rook_is_two_heap_nim() {
        let t = BoardTable::compute(&Piece::rook(), 30, &limits()).unwrap();
        for x in 0..30 {
            for y in 0..30 {
                assert_eq!(t.get(Square { x, y }).unwrap() as u64, x ^ y);
            }
        }
    }

    #[test]
    fn wythoff_closed_form_equals_the_table() {
        let t = BoardTable::compute(&Piece::queen(), 200, &limits()).unwrap();
        for x in 0..200 {
            for y in 0..200 {
                assert_eq!(
                    t.get(Square { x, y }) == Some(0),
                    wythoff_is_p(x, y),
                    "({x},{y})"
                );
            }
        }
    }

    #[test]
    fn loopy_pieces_are_refused_with_a_square_on_the_cycle() {
        let p = Piece::new(
            vec![
                Step {
                    dx: 1,
                    dy: 0,
                    ride: false,
                },
                Step {
                    dx: -1,
                    dy: 0,
                    ride: false,
                },
            ],
            Some(4),
        )
        .unwrap();
        assert!(matches!(
            BoardTable::compute(&p, 4, &limits()),
            Err(TableError::Loopy { .. })
        ));
    }

    #[test]
    fn tables_past_32_bit_square_numbers_are_refused_before_allocating() {
        let unlimited = Limits {
            max_positions: u64::MAX,
            max_memory: u64::MAX,
            ..Limits::default()
        };
        for compute in [BoardTable::compute, BoardTable::compute_naive] {
            let err = compute(&Piece::king(), 65_536, &unlimited).unwrap_err();
            assert!(
                matches!(err, TableError::TooLarge { size: 65_536, .. }),
                "{err}"
            );
        }
    }

    #[test]
    fn limits_are_reported() {
        let small = Limits {
            max_positions: 100,
            ..Limits::default()
        };
        let err = BoardTable::compute(&Piece::queen(), 11, &small).unwrap_err();
        assert!(err.to_string().contains("--max-positions"), "{err}");
    }
}
