//! Clobber (Albert, Grossman, Nowakowski, Wolfe, 2002), as CGSuite's
//! `game.grid.Clobber`.
//!
//! Expression syntax: `clobber("xox|ox.")` — rows top to bottom separated
//! by `|`; `x` a Left (black) stone, `o` a Right (white) stone, `.` empty
//! (letters in either case, as CGSuite reads them); at most
//! [`MAX_CLOBBER_CELLS`] cells. A player moves one of their stones onto an
//! orthogonally adjacent stone of the opponent, which is removed; a move
//! must capture.
//!
//! ```
//! use grundy::games::clobber;
//! use grundy::partizan::{CanonicalSolver, Game};
//! use grundy::games::Clobber;
//! let board = clobber("xox|ox.").unwrap();
//! let v = CanonicalSolver::new(Clobber).value(&board).unwrap();
//! assert_eq!(v, Game::parse("{^^*|*,v}").unwrap()); // CGSuite's own test
//! ```

use super::grid::{Grid, GridSyntax};
use crate::partizan::{Error, PartizanRules};
use crate::vocab::outcome::Player;

/// The most cells a Clobber board may have.
pub const MAX_CLOBBER_CELLS: usize = 64;

const EMPTY: u8 = 0;
const SYNTAX: GridSyntax = GridSyntax {
    game: "clobber",
    charmap: b".xo",
    max_cells: MAX_CLOBBER_CELLS,
    accepted: "rows of 'x' (Left), 'o' (Right) and '.' (empty) separated by '|', all of one length, at most 64 cells, e.g. \"xox|ox.\"",
};

/// The rules of Clobber.
#[derive(Clone, Copy, Debug, Default)]
pub struct Clobber;

super::grid::grid_board! {
    /// A Clobber board: printed `clobber("xox|ox.")`.
    ClobberBoard, "clobber", SYNTAX
}

/// Parses a Clobber board (see the module documentation for the syntax).
pub fn clobber(text: &str) -> Result<ClobberBoard, Error> {
    Grid::parse(text, &SYNTAX).map(ClobberBoard)
}

fn code(player: Player) -> u8 {
    match player {
        Player::Left => 1,
        Player::Right => 2,
    }
}

impl PartizanRules for Clobber {
    type Position = ClobberBoard;

    fn options(&self, b: &ClobberBoard, player: Player, out: &mut Vec<ClobberBoard>) {
        let (us, them) = (code(player), code(player.opponent()));
        for (i, &cell) in b.0.cells().iter().enumerate() {
            if cell != us {
                continue;
            }
            for j in b.0.neighbours(i, false) {
                if b.0.cells()[j] == them {
                    out.push(ClobberBoard(b.0.with(&[(i, EMPTY), (j, us)])));
                }
            }
        }
    }

    /// Groups of stones that do not touch are independent summands.
    fn split(&self, b: &ClobberBoard, parts: &mut Vec<ClobberBoard>) {
        let regions = b.0.regions(|c| c != EMPTY, false, EMPTY);
        if regions.len() > 1 {
            parts.extend(regions.into_iter().map(ClobberBoard));
        }
    }

    /// Groups of one colour can never move nor be captured, so they are
    /// cleared; then the board is cropped and the least of its eight
    /// images under the symmetries of the square is kept (orthogonal
    /// captures look the same in every one).
    fn normalise(&self, b: &ClobberBoard) -> ClobberBoard {
        let mut cleared = b.0.clone();
        for part in b.0.regions(|c| c != EMPTY, false, EMPTY) {
            let cells = part.cells();
            let mixed = cells.contains(&1) && cells.contains(&2);
            if !mixed {
                let dead: Vec<(usize, u8)> = (0..cells.len())
                    .filter(|&i| cells[i] != EMPTY)
                    .map(|i| (i, EMPTY))
                    .collect();
                cleared = cleared.with(&dead);
            }
        }
        ClobberBoard(cleared.cropped(|c| c != EMPTY).least_image(true))
    }
}

/// The declaration of `clobber`.
pub static SPEC: crate::component::spec::GameSpec = crate::component::spec::GameSpec {
    name: "clobber",
    kind: crate::component::spec::GameKind::Partizan,
    summary: "Clobber: move a stone onto an adjacent enemy stone, which is removed (x = Left)",
    example: "clobber(\"xox|ox.\")",
    build: |call| super::partizan_rules::string_position::<Clobber>(call, &SPEC, clobber, None),
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
                name: "Left's stone",
            },
            crate::component::spec::Cell {
                ch: 'o',
                look: crate::component::spec::Look::Right,
                name: "Right's stone",
            },
        ],
        rows: true,
        style: crate::component::spec::GridStyle::Cells,
    },
};

/// "a1 clobbers b1": the stone that moved and the cell of the stone it
/// took.
fn says(
    before: &crate::component::Component,
    after: &crate::component::Component,
    _: Option<Player>,
) -> Option<String> {
    use super::partizan_rules::position_of;
    let (b, a) = (
        position_of::<Clobber>(before)?,
        position_of::<Clobber>(after)?,
    );
    let changed = super::words::changes(b.0.cols(), b.0.cells(), a.0.cells())?;
    let from = changed.iter().find(|&&(_, _, _, is)| is == 0)?;
    let to = changed.iter().find(|&&(_, _, _, is)| is != 0)?;
    (changed.len() == 2).then(|| {
        format!(
            "{} clobbers {}",
            super::words::cell(from.0, from.1),
            super::words::cell(to.0, to.1)
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_options() {
        let b = clobber("xo.|.ox").unwrap();
        assert_eq!(b.to_string(), "clobber(\"xo.|.ox\")");
        assert_eq!(clobber(&b.to_string()[9..16]).unwrap(), b);
        let mut out = Vec::new();
        Clobber.options(&b, Player::Left, &mut out);
        let shown: Vec<String> = out.iter().map(|p| p.to_string()).collect();
        assert_eq!(
            shown,
            ["clobber(\".x.|.ox\")", "clobber(\"xo.|.x.\")"],
            "x captures o to its right and o to its left"
        );
    }

    #[test]
    fn dead_groups_are_cleared() {
        let b = clobber("xx.o|....|.xo.").unwrap();
        assert_eq!(
            Clobber.normalise(&b),
            Clobber.normalise(&clobber("xo").unwrap())
        );
        assert!(clobber("x.o").unwrap().0 != Clobber.normalise(&clobber("x.o").unwrap()).0);
    }

    #[test]
    fn bad_input_says_what_is_accepted() {
        let e = clobber("xo#").unwrap_err().to_string();
        assert!(
            e.contains("unexpected '#'") && e.contains("'x' (Left)"),
            "{e}"
        );
        let big = "x".repeat(65);
        assert!(clobber(&big)
            .unwrap_err()
            .to_string()
            .contains("more than 64 cells"));
    }
}
