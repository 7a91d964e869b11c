//! Fission, as CGSuite's `game.grid.Fission` and cgt-tools' `Fission`.
//!
//! Expression syntax: `fission("....|..x.|....")` — rows top to bottom
//! separated by `|`; `x` a stone (either player's), `.` empty, `#` blocked;
//! at most [`MAX_FISSION_CELLS`] cells. Left takes a stone whose cells
//! above and below are both empty and puts two stones there instead; Right
//! does the same with the cells left and right of the stone. A cell off the
//! board or blocked is not empty.
//!
//! ```
//! use grundy::games::fission::{fission, Fission};
//! use grundy::partizan::{CanonicalSolver, Game};
//! let board = fission(".x.x|..x.|....|..x.").unwrap();
//! let v = CanonicalSolver::new(Fission).value(&board).unwrap();
//! assert_eq!(v, Game::parse("{-1|-4}").unwrap()); // cgt-tools' own test
//! ```

use super::grid::{Grid, GridSyntax};
use crate::partizan::{Error, PartizanRules};
use crate::vocab::outcome::Player;

/// The most cells a Fission board may have.
pub const MAX_FISSION_CELLS: usize = 64;

const EMPTY: u8 = 0;
const STONE: u8 = 1;
const BLOCKED: u8 = 2;
const SYNTAX: GridSyntax = GridSyntax {
    game: "fission",
    charmap: b".x#",
    max_cells: MAX_FISSION_CELLS,
    accepted: "rows of 'x' (a stone), '.' (empty) and '#' (blocked) separated by '|', all of one length, at most 64 cells, e.g. \"...|.x.|...\"",
};

/// The rules of Fission.
#[derive(Clone, Copy, Debug, Default)]
pub struct Fission;

super::grid::grid_board! {
    /// A Fission board: printed `fission("...|.x.|...")`.
    FissionBoard, "fission", SYNTAX
}

/// Parses a Fission board (see the module documentation for the syntax).
pub fn fission(text: &str) -> Result<FissionBoard, Error> {
    Grid::parse(text, &SYNTAX).map(FissionBoard)
}

impl PartizanRules for Fission {
    type Position = FissionBoard;

    fn options(&self, b: &FissionBoard, player: Player, out: &mut Vec<FissionBoard>) {
        let g = &b.0;
        let (dr, dc) = match player {
            Player::Left => (1, 0),
            Player::Right => (0, 1),
        };
        let w = g.cols() as isize;
        for (i, &cell) in g.cells().iter().enumerate() {
            if cell != STONE {
                continue;
            }
            let (r, c) = (i as isize / w, i as isize % w);
            if g.get(r - dr, c - dc) == Some(EMPTY) && g.get(r + dr, c + dc) == Some(EMPTY) {
                let before = ((r - dr) * w + c - dc) as usize;
                let after = ((r + dr) * w + c + dc) as usize;
                out.push(FissionBoard(g.with(&[
                    (i, EMPTY),
                    (before, STONE),
                    (after, STONE),
                ])));
            }
        }
    }

    /// The parts `#` cells keep apart are independent summands.
    fn split(&self, b: &FissionBoard, parts: &mut Vec<FissionBoard>) {
        let regions = b.0.regions(|c| c != BLOCKED, false, BLOCKED);
        if regions.len() > 1 {
            parts.extend(regions.into_iter().map(FissionBoard));
        }
    }

    /// Parts without a stone blocked out, then cropped to the cells that
    /// are not blocked, and the least of the four mirror images kept (a
    /// quarter turn would exchange the players).
    fn normalise(&self, b: &FissionBoard) -> FissionBoard {
        let g = &b.0;
        let mut keep = vec![false; g.cells().len()];
        for part in g.regions(|c| c != BLOCKED, false, BLOCKED) {
            if part.cells().contains(&STONE) {
                for (i, &c) in part.cells().iter().enumerate() {
                    keep[i] |= c != BLOCKED;
                }
            }
        }
        let dead: Vec<(usize, u8)> = (0..keep.len())
            .filter(|&i| !keep[i])
            .map(|i| (i, BLOCKED))
            .collect();
        FissionBoard(g.with(&dead).cropped(|c| c != BLOCKED).least_image(false))
    }
}

/// The declaration of `fission`.
pub static SPEC: crate::component::spec::GameSpec = crate::component::spec::GameSpec {
    name: "fission",
    kind: crate::component::spec::GameKind::Partizan,
    summary: "Fission: split a stone into the two empty cells beside it (Left vertically, Right horizontally)",
    example: "fission(\"....|..x.|....|....\")",
    build: |call| super::partizan_rules::string_position::<Fission>(call, &SPEC, fission, None),
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
                ch: 'x',
                look: crate::component::spec::Look::Neutral,
                name: "stone",
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

/// "split the stone on b2 into b1 and b3": the stone that split and the
/// two empty cells beside it that it went to (Left vertically, Right
/// horizontally).
fn says(
    before: &crate::component::Component,
    after: &crate::component::Component,
    _: Option<Player>,
) -> Option<String> {
    use super::partizan_rules::position_of;
    use super::words::cell;
    let (b, a) = (
        position_of::<Fission>(before)?,
        position_of::<Fission>(after)?,
    );
    let changed = super::words::changes(b.0.cols(), b.0.cells(), a.0.cells())?;
    let gone = changed.iter().find(|c| c.2 == STONE && c.3 == EMPTY)?;
    let new: Vec<String> = changed
        .iter()
        .filter(|c| c.2 == EMPTY && c.3 == STONE)
        .map(|c| cell(c.0, c.1))
        .collect();
    (changed.len() == 3 && new.len() == 2).then(|| {
        format!(
            "split the stone on {} into {} and {}",
            cell(gone.0, gone.1),
            new[0],
            new[1]
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_each_way() {
        let b = fission("...|.x.|...").unwrap();
        let mut out = Vec::new();
        Fission.options(&b, Player::Left, &mut out);
        assert_eq!(out[0].to_string(), "fission(\".x.|...|.x.\")");
        out.clear();
        Fission.options(&b, Player::Right, &mut out);
        assert_eq!(out[0].to_string(), "fission(\"...|x.x|...\")");
        out.clear();
        // Off the board is not empty: a stone on the edge cannot split across it.
        Fission.options(&fission("x.|..").unwrap(), Player::Left, &mut out);
        assert!(out.is_empty());
    }

    #[test]
    fn bad_input_says_what_is_accepted() {
        let e = fission("x.o").unwrap_err().to_string();
        assert!(
            e.contains("unexpected 'o'") && e.contains("'x' (a stone)"),
            "{e}"
        );
        assert!(fission(&".".repeat(65))
            .unwrap_err()
            .to_string()
            .contains("more than 64 cells"));
    }
}
