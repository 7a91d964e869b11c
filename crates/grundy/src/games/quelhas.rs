//! Quelhas, as cgt-tools' `Quelhas` plays it (its `cgt_gui` widget makes
//! the moves; cgt-tools computes no values for it): Domineering with pieces
//! of any length.
//!
//! Expression syntax: `quelhas("....|....")` — rows top to bottom separated
//! by `|`; `.` an empty cell, `#` a filled one (blocked, or covered by an
//! earlier move); at most [`MAX_QUELHAS_CELLS`] cells. Left fills two or
//! more empty cells in a row of one column (a vertical line), Right two or
//! more empty cells in a row of one row (a horizontal line).
//!
//! cgt-tools files Quelhas under misère games; grundy has no partizan
//! misère forms, so `quelhas` is valued in normal play (the player who
//! cannot move loses), like every partizan game of the catalogue.
//!
//! ```
//! use grundy::games::quelhas::{quelhas, Quelhas};
//! use grundy::partizan::{CanonicalSolver, Game};
//! let v = CanonicalSolver::new(Quelhas).value(&quelhas("....").unwrap()).unwrap();
//! assert_eq!(v, Game::parse("-2").unwrap()); // Right's only line of 2, twice
//! ```

use super::grid::{Grid, GridSyntax};
use crate::partizan::{Error, PartizanRules, Sign};
use crate::vocab::outcome::Player;

/// The most cells a Quelhas board may have.
pub const MAX_QUELHAS_CELLS: usize = 64;

const EMPTY: u8 = 0;
const FILLED: u8 = 1;
const SYNTAX: GridSyntax = GridSyntax {
    game: "quelhas",
    charmap: b".#",
    max_cells: MAX_QUELHAS_CELLS,
    accepted: "rows of '.' (empty) and '#' (filled) separated by '|', all of one length, at most 64 cells, e.g. \"...|...\"",
};

/// The rules of Quelhas.
#[derive(Clone, Copy, Debug, Default)]
pub struct Quelhas;

super::grid::grid_board! {
    /// A Quelhas board: printed `quelhas("...|...")`.
    QuelhasBoard, "quelhas", SYNTAX
}

/// Parses a Quelhas board (see the module documentation for the syntax).
pub fn quelhas(text: &str) -> Result<QuelhasBoard, Error> {
    Grid::parse(text, &SYNTAX).map(QuelhasBoard)
}

impl PartizanRules for Quelhas {
    type Position = QuelhasBoard;

    /// Every line of two or more empty cells: down a column for Left,
    /// along a row for Right.
    fn options(&self, b: &QuelhasBoard, player: Player, out: &mut Vec<QuelhasBoard>) {
        let g = &b.0;
        let (dr, dc) = match player {
            Player::Left => (1, 0),
            Player::Right => (0, 1),
        };
        let w = g.cols() as isize;
        for (i, &cell) in g.cells().iter().enumerate() {
            if cell != EMPTY {
                continue;
            }
            let (mut r1, mut c1) = (i as isize / w, i as isize % w);
            let mut line = vec![(i, FILLED)];
            while g.get(r1 + dr, c1 + dc) == Some(EMPTY) {
                (r1, c1) = (r1 + dr, c1 + dc);
                line.push(((r1 * w + c1) as usize, FILLED));
                out.push(QuelhasBoard(g.with(&line)));
            }
        }
    }

    /// The parts filled cells keep apart are independent summands.
    fn split(&self, b: &QuelhasBoard, parts: &mut Vec<QuelhasBoard>) {
        let regions = b.0.regions(|c| c == EMPTY, false, FILLED);
        if regions.len() > 1 {
            parts.extend(regions.into_iter().map(QuelhasBoard));
        }
    }

    /// Cropped to the empty cells, and the least of the four mirror images
    /// kept (a quarter turn would exchange the players).
    fn normalise(&self, b: &QuelhasBoard) -> QuelhasBoard {
        QuelhasBoard(b.0.cropped(|c| c == EMPTY).least_image(false))
    }

    /// [`normalise`](Self::normalise), and transposition too: a board
    /// reflected in its diagonal exchanges columns and rows, so Left's
    /// lines and Right's, and its value is the negative.
    fn symmetric_key(&self, b: &QuelhasBoard) -> (QuelhasBoard, Sign) {
        let c = b.0.cropped(|c| c == EMPTY);
        let (same, any) = (c.least_image(false), c.least_image(true));
        if any == same {
            (QuelhasBoard(same), Sign::Same)
        } else {
            (QuelhasBoard(any), Sign::Negated)
        }
    }
}

/// The declaration of `quelhas`.
pub static SPEC: crate::component::spec::GameSpec = crate::component::spec::GameSpec {
    name: "quelhas",
    kind: crate::component::spec::GameKind::Partizan,
    summary:
        "Quelhas: fill a line of two or more empty cells (Left down a column, Right along a row)",
    example: "quelhas(\"...|...|...\")",
    build: |call| super::partizan_rules::string_position::<Quelhas>(call, &SPEC, quelhas, None),
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
                name: "filled",
            },
        ],
        rows: true,
        style: crate::component::spec::GridStyle::Cells,
    },
};

/// "vertical line on b1–b3" (Left's) or "horizontal line on a2–c2"
/// (Right's): the first and last cells the move filled.
fn says(
    before: &crate::component::Component,
    after: &crate::component::Component,
    _: Option<Player>,
) -> Option<String> {
    use super::partizan_rules::position_of;
    use super::words::cell;
    let (b, a) = (
        position_of::<Quelhas>(before)?,
        position_of::<Quelhas>(after)?,
    );
    let changed = super::words::changes(b.0.cols(), b.0.cells(), a.0.cells())?;
    let (first, last) = (changed.first()?, changed.last()?);
    let way = if changed.len() < 2 {
        return None;
    } else if changed.iter().all(|c| c.1 == first.1) {
        "vertical"
    } else if changed.iter().all(|c| c.0 == first.0) {
        "horizontal"
    } else {
        return None;
    };
    Some(format!(
        "{way} line on {}–{}",
        cell(first.0, first.1),
        cell(last.0, last.1)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(b: &str, player: Player) -> Vec<String> {
        let mut out = Vec::new();
        Quelhas.options(&quelhas(b).unwrap(), player, &mut out);
        out.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn lines_of_any_length() {
        assert_eq!(
            shown("...|.#.", Player::Right),
            [
                "quelhas(\"##.|.#.\")",
                "quelhas(\"###|.#.\")",
                "quelhas(\".##|.#.\")"
            ]
        );
        assert_eq!(
            shown("..|.#|..", Player::Left),
            [
                "quelhas(\"#.|##|..\")",
                "quelhas(\"#.|##|#.\")",
                "quelhas(\"..|##|#.\")"
            ]
        );
        assert!(shown("#.#", Player::Right).is_empty());
        let e = quelhas("..x").unwrap_err().to_string();
        assert!(
            e.contains("unexpected 'x'") && e.contains("'#' (filled)"),
            "{e}"
        );
        assert!(quelhas(&".".repeat(65))
            .unwrap_err()
            .to_string()
            .contains("more than 64 cells"));
    }
}
