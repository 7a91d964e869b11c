//! Cram, the impartial Domineering (Gardner; Winning Ways ch. 5), as
//! CGSuite's `game.grid.Cram`.
//!
//! Expression syntax: `cram("..|.#")` — rows top to bottom separated by
//! `|`, `.` free and `#` blocked, at most [`MAX_CRAM_CELLS`] cells. Either
//! player places a domino on two free cells side by side, either way.
//!
//! Cram is impartial: [`Cram`] implements [`Rules`] for its Grundy value
//! (through [`crate::solvers::memo::MemoSolver`]) and [`PartizanRules`], where its
//! canonical value is the nimber of the same size.
//!
//! ```
//! use grundy::games::{cram, Cram};
//! use grundy::{Limits, solvers::memo::MemoSolver, Nimber};
//! let board = cram(".........|##.######").unwrap();
//! let mut s = MemoSolver::new(Cram, Limits::default());
//! assert_eq!(s.nimber(&board).unwrap(), Nimber(4)); // CGSuite's own test
//! ```

use super::grid::{Grid, GridSyntax};
use crate::partizan::{Error, PartizanRules};
use crate::vocab::outcome::Player;
use crate::vocab::rules::Rules;

/// The most cells a Cram board may have.
pub const MAX_CRAM_CELLS: usize = 128;

const FREE: u8 = 0;
const BLOCKED: u8 = 1;
const SYNTAX: GridSyntax = GridSyntax {
    game: "cram",
    charmap: b".#",
    max_cells: MAX_CRAM_CELLS,
    accepted: "rows of '.' (free) and '#' (blocked) separated by '|', all of one length, at most 128 cells, e.g. \"..|.#\"",
};

/// The rules of Cram.
#[derive(Clone, Copy, Debug, Default)]
pub struct Cram;

super::grid::grid_board! {
    /// A Cram board: printed `cram("..|.#")`.
    CramBoard, "cram", SYNTAX
}

/// Parses a Cram board (see the module documentation for the syntax).
pub fn cram(text: &str) -> Result<CramBoard, Error> {
    Grid::parse(text, &SYNTAX).map(CramBoard)
}

impl CramBoard {
    /// Every placement of a domino, as a new board.
    fn placements(&self, mut visit: impl FnMut(CramBoard)) {
        let g = &self.0;
        let w = g.cols();
        for (i, &cell) in g.cells().iter().enumerate() {
            if cell != FREE {
                continue;
            }
            // The partner cell to the right (same row) and below.
            if i % w + 1 < w && g.cells()[i + 1] == FREE {
                visit(CramBoard(g.with(&[(i, BLOCKED), (i + 1, BLOCKED)])));
            }
            if i + w < g.cells().len() && g.cells()[i + w] == FREE {
                visit(CramBoard(g.with(&[(i, BLOCKED), (i + w, BLOCKED)])));
            }
        }
    }

    /// The regions of at least two free cells (a lone cell takes no
    /// domino), each cropped to the least of its eight images: in Cram a
    /// turned board is the same game.
    fn parts(&self) -> Vec<CramBoard> {
        self.0
            .regions(|c| c == FREE, false, BLOCKED)
            .into_iter()
            .filter(|r| r.cells().iter().filter(|&&c| c == FREE).count() >= 2)
            .map(|r| CramBoard(r.cropped(|c| c == FREE).least_image(true)))
            .collect()
    }
}

impl Rules for Cram {
    type Position = CramBoard;

    fn options(&self, b: &CramBoard, visit: &mut dyn FnMut(&[CramBoard])) {
        b.placements(|next| visit(&next.parts()));
    }
}

impl PartizanRules for Cram {
    type Position = CramBoard;

    fn options(&self, b: &CramBoard, _player: Player, out: &mut Vec<CramBoard>) {
        b.placements(|next| out.push(next));
    }

    /// The regions of free cells, which dominoes cannot join.
    fn split(&self, b: &CramBoard, parts: &mut Vec<CramBoard>) {
        let regions = b.parts();
        if regions.len() > 1 {
            parts.extend(regions);
        }
    }

    /// Lone free cells blocked, then cropped to the least of the board's
    /// eight images.
    fn normalise(&self, b: &CramBoard) -> CramBoard {
        let g = &b.0;
        let lone: Vec<(usize, u8)> = (0..g.cells().len())
            .filter(|&i| {
                g.cells()[i] == FREE && g.neighbours(i, false).all(|j| g.cells()[j] != FREE)
            })
            .map(|i| (i, BLOCKED))
            .collect();
        CramBoard(g.with(&lone).cropped(|c| c == FREE).least_image(true))
    }
}

/// The declaration of `cram`: impartial, so its value is a Grundy value and
/// it plays in misère sums and compounds; in a partizan sum it enters as
/// that nimber.
pub static SPEC: crate::component::spec::GameSpec = crate::component::spec::GameSpec {
    name: "cram",
    kind: crate::component::spec::GameKind::Impartial,
    summary: "Cram: either player places a domino either way (# blocked)",
    example: "cram(\"..|.#\")",
    build: |call| {
        let (text, at) = call.string(SPEC.example)?;
        let board = cram(text).map_err(|e| {
            let accepted = format!("a board written as in {}", SPEC.example);
            crate::component::spec::partizan_error(at, e, &accepted)
        })?;
        Ok(super::rules_sum::RulesSum::<Cram>::component(&SPEC, board))
    },
    ruleset: None,
    says: Some(says),
    picture: crate::component::spec::Picture::Grid {
        cells: &[
            crate::component::spec::Cell {
                ch: '.',
                look: crate::component::spec::Look::Empty,
                name: "free",
            },
            crate::component::spec::Cell {
                ch: '#',
                look: crate::component::spec::Look::Blocked,
                name: "blocked",
            },
        ],
        rows: true,
        style: crate::component::spec::GridStyle::Cells,
    },
};

/// "vertical domino on b1–b2", when the move left the board whole (a board
/// that falls apart or shrinks is written anew, and its move is named by
/// the position it reaches).
fn says(
    before: &crate::component::Component,
    after: &crate::component::Component,
    _: Option<Player>,
) -> Option<String> {
    use super::rules_sum::parts_of;
    let (b, a) = (parts_of::<Cram>(before)?, parts_of::<Cram>(after)?);
    // The board the move changed, and the placement on it that leaves what
    // is left of it (regions no domino fits in are no longer written).
    let (i, left) = super::words::heap_change(b, a)?;
    let mut placed = match left {
        // The board as it was, two cells covered: read them off.
        [one] if (one.0.rows(), one.0.cols()) == (b[i].0.rows(), b[i].0.cols()) => {
            Some(one.clone())
        }
        _ => None,
    };
    b[i].placements(|next| {
        if placed.is_none() && next.parts() == left {
            placed = Some(next);
        }
    });
    let placed = placed?;
    let changed = super::words::changes(b[i].0.cols(), b[i].0.cells(), placed.0.cells())?;
    let covered: Vec<(usize, usize)> = changed.iter().map(|&(r, c, _, _)| (r, c)).collect();
    let words = super::words::domino(&covered)?;
    Some(if b.len() > 1 {
        format!("{words} of board {}", i + 1)
    } else {
        words
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_both_ways() {
        let b = cram("..|.#").unwrap();
        assert_eq!(b.to_string(), "cram(\"..|.#\")");
        let mut out = Vec::new();
        PartizanRules::options(&Cram, &b, Player::Right, &mut out);
        assert_eq!(out.len(), 2);
        let mut parts = Vec::new();
        Rules::options(&Cram, &cram("....").unwrap(), &mut |p| parts.push(p.len()));
        assert_eq!(parts, [1, 0, 1], "a 1x4 strip leaves 2, nothing or 2 cells");
    }

    #[test]
    fn turned_boards_share_a_key() {
        let a = PartizanRules::normalise(&Cram, &cram("..#|...").unwrap());
        let b = PartizanRules::normalise(&Cram, &cram("..|..|#.").unwrap());
        assert_eq!(a, b);
    }

    #[test]
    fn bad_input_says_what_is_accepted() {
        let e = cram("..|x.").unwrap_err().to_string();
        assert!(
            e.contains("unexpected 'x'") && e.contains("'#' (blocked)"),
            "{e}"
        );
    }
}
