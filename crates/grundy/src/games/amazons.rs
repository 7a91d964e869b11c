//! The Game of the Amazons (Walter Zamkauskas, 1988; Berlekamp, "Sums of
//! N x 2 Amazons", 2000), as CGSuite's `game.grid.Amazons`.
//!
//! Expression syntax: `amazons("x...|o...")` — rows top to bottom
//! separated by `|`; `x` a Left (black) amazon, `o` a Right (white) amazon,
//! `.` empty, `#` burned (an arrow); letters in either case; at most
//! [`MAX_AMAZONS_CELLS`] cells, of which at most [`MAX_AMAZONS_EMPTY`]
//! empty. A move takes one of your amazons like a
//! chess queen (any distance in one of eight directions, over empty cells
//! only), then shoots an arrow like a queen from where it landed onto an
//! empty cell (the square it left counts as empty), burning that cell.
//!
//! The bound on empty cells keeps boards within what the canonical solver
//! finishes in seconds: its work grows about fivefold with each further
//! empty cell. Measured in a release build: `x...|o...` (6 empty) 0.03 s,
//! `x...|....|...o` (10 empty) 3 s, `xx..|....|..oo` (8 empty, four
//! amazons) 14 s, `x....|.....|....o` (13 empty) 79 s. Endgames, where
//! most cells are burned, fit within it; the solver's own position limit
//! still applies.
//!
//! ```
//! use grundy::games::{amazons, Amazons};
//! use grundy::partizan::{CanonicalSolver, Game};
//! let board = amazons("x..|o..").unwrap();
//! let v = CanonicalSolver::new(Amazons).value(&board).unwrap();
//! assert_eq!(v.outcome(), grundy::Outcome::N);
//! ```

use super::grid::{position_error, Grid, GridSyntax};
use crate::partizan::{Error, PartizanRules};
use crate::vocab::outcome::Player;

/// The most cells an Amazons board may have.
pub const MAX_AMAZONS_CELLS: usize = 30;

/// The most empty cells an Amazons board may have.
pub const MAX_AMAZONS_EMPTY: usize = 10;

const EMPTY: u8 = 0;
const BURNED: u8 = 3;
const SYNTAX: GridSyntax = GridSyntax {
    game: "amazons",
    charmap: b".xo#",
    max_cells: MAX_AMAZONS_CELLS,
    accepted: "rows of 'x' (Left), 'o' (Right), '.' (empty) and '#' (burned) separated by '|', all of one length, at most 30 cells of which at most 10 empty, e.g. \"x...|o...\"",
};

const QUEEN: [(isize, isize); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// The rules of Amazons.
#[derive(Clone, Copy, Debug, Default)]
pub struct Amazons;

super::grid::grid_board! {
    /// An Amazons board: printed `amazons("x...|o...")`.
    AmazonsBoard, "amazons", SYNTAX
}

/// Parses an Amazons board (see the module documentation for the syntax).
pub fn amazons(text: &str) -> Result<AmazonsBoard, Error> {
    let grid = Grid::parse(text, &SYNTAX)?;
    let empty = grid.cells().iter().filter(|&&c| c == EMPTY).count();
    if empty > MAX_AMAZONS_EMPTY {
        return Err(position_error(
            "amazons",
            text,
            0,
            format!("{empty} empty cells, more than {MAX_AMAZONS_EMPTY} (the canonical solver's work grows about fivefold with each)"),
            SYNTAX.accepted,
        ));
    }
    Ok(AmazonsBoard(grid))
}

impl PartizanRules for Amazons {
    type Position = AmazonsBoard;

    fn options(&self, b: &AmazonsBoard, player: Player, out: &mut Vec<AmazonsBoard>) {
        let g = &b.0;
        let us = match player {
            Player::Left => 1,
            Player::Right => 2,
        };
        let w = g.cols() as isize;
        let index = |r: isize, c: isize| (r * w + c) as usize;
        for (i, &cell) in g.cells().iter().enumerate() {
            if cell != us {
                continue;
            }
            let (r0, c0) = (i as isize / w, i as isize % w);
            for (dr, dc) in QUEEN {
                let (mut r1, mut c1) = (r0 + dr, c0 + dc);
                while g.get(r1, c1) == Some(EMPTY) {
                    for (er, ec) in QUEEN {
                        let (mut r2, mut c2) = (r1 + er, c1 + ec);
                        // The arrow may cross or land on the square left.
                        while g.get(r2, c2) == Some(EMPTY) || (r2, c2) == (r0, c0) {
                            out.push(AmazonsBoard(g.with(&[
                                (i, EMPTY),
                                (index(r1, c1), us),
                                (index(r2, c2), BURNED),
                            ])));
                            r2 += er;
                            c2 += ec;
                        }
                    }
                    r1 += dr;
                    c1 += dc;
                }
            }
        }
    }

    /// Regions of unburned cells (joined like a king moves) are independent:
    /// no queen line crosses from one to another.
    fn split(&self, b: &AmazonsBoard, parts: &mut Vec<AmazonsBoard>) {
        let regions = b.0.regions(|c| c != BURNED, true, BURNED);
        if regions.len() > 1 {
            parts.extend(regions.into_iter().map(AmazonsBoard));
        }
    }

    /// Regions without an amazon burned (nobody can move there), then the
    /// board cropped to its unburned cells and the least of its eight
    /// images kept (queen moves look the same in each).
    fn normalise(&self, b: &AmazonsBoard) -> AmazonsBoard {
        let mut g = b.0.clone();
        for part in b.0.regions(|c| c != BURNED, true, BURNED) {
            let cells = part.cells();
            if !cells.iter().any(|&c| c == 1 || c == 2) {
                let dead: Vec<(usize, u8)> = (0..cells.len())
                    .filter(|&i| cells[i] == EMPTY)
                    .map(|i| (i, BURNED))
                    .collect();
                g = g.with(&dead);
            }
        }
        AmazonsBoard(g.cropped(|c| c != BURNED).least_image(true))
    }
}

/// The declaration of `amazons`.
pub static SPEC: crate::component::spec::GameSpec = crate::component::spec::GameSpec {
    name: "amazons",
    kind: crate::component::spec::GameKind::Partizan,
    summary: "Amazons: move like a queen, then shoot an arrow like a queen (x = Left, # burned)",
    example: "amazons(\"x...|o...\")",
    build: |call| super::partizan_rules::string_position::<Amazons>(call, &SPEC, amazons, None),
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
                look: crate::component::spec::Look::Left,
                name: "Left's amazon",
            },
            crate::component::spec::Cell {
                ch: 'o',
                look: crate::component::spec::Look::Right,
                name: "Right's amazon",
            },
            crate::component::spec::Cell {
                ch: '#',
                look: crate::component::spec::Look::Blocked,
                name: "burned",
            },
        ],
        rows: true,
        style: crate::component::spec::GridStyle::Cells,
    },
};

/// "amazon a1 to c1, arrow at c3": where the amazon went and the cell its
/// arrow burned.
fn says(
    before: &crate::component::Component,
    after: &crate::component::Component,
    _: Option<Player>,
) -> Option<String> {
    use super::partizan_rules::position_of;
    use super::words::{cell, changes};
    let (b, a) = (
        position_of::<Amazons>(before)?,
        position_of::<Amazons>(after)?,
    );
    let changed = changes(b.0.cols(), b.0.cells(), a.0.cells())?;
    let burned = |code: u8| SYNTAX.charmap.get(usize::from(code)) == Some(&b'#');
    let empty = |code: u8| code == 0;
    let from = changed
        .iter()
        .find(|&&(_, _, was, _)| !empty(was) && !burned(was))?;
    let to = changed
        .iter()
        .find(|&&(_, _, _, is)| !empty(is) && !burned(is))
        .map(|&(r, c, _, _)| cell(r, c))
        // An arrow shot back onto the square it left.
        .unwrap_or_else(|| cell(from.0, from.1));
    let arrow = changed.iter().find(|&&(_, _, _, is)| burned(is))?;
    Some(format!(
        "amazon {} to {to}, arrow at {}",
        cell(from.0, from.1),
        cell(arrow.0, arrow.1)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_then_shoots() {
        let b = amazons("x.").unwrap();
        let mut out = Vec::new();
        Amazons.options(&b, Player::Left, &mut out);
        let shown: Vec<String> = out.iter().map(|p| p.to_string()).collect();
        assert_eq!(shown, ["amazons(\"#x\")"], "the only arrow goes back");
        out.clear();
        Amazons.options(&amazons("x..|o..").unwrap(), Player::Right, &mut out);
        assert!(out
            .iter()
            .all(|p| p.0.cells().iter().filter(|&&c| c == BURNED).count() == 1));
        assert!(out.contains(&amazons("x#.|.o.").unwrap()));
        assert!(
            !out.contains(&amazons("x.#|o..").unwrap()),
            "o must move first"
        );
    }

    #[test]
    fn bad_input_says_what_is_accepted() {
        let e = amazons("x.|o").unwrap_err().to_string();
        assert!(
            e.contains("row 2 has 1 cells") && e.contains("'#' (burned)"),
            "{e}"
        );
        let big = ".".repeat(31);
        assert!(amazons(&big)
            .unwrap_err()
            .to_string()
            .contains("more than 30 cells"));
    }
}
