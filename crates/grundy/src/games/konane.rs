//! Konane, Hawaiian checkers (Ernst, "Playing Konane mathematically",
//! UMAP Journal, 1995), as cgt-tools' `Konane`.
//!
//! Expression syntax: `konane("..ox|....")` — rows top to bottom separated
//! by `|`; `x` a Left (black) stone, `o` a Right (white) stone, `.` empty,
//! `#` a cell no stone may enter (for boards that are not rectangles), as
//! cgt-tools writes them; at most [`MAX_KONANE_CELLS`] cells. A player
//! jumps one of their stones orthogonally over an adjacent enemy stone into
//! the empty cell beyond, removing the stone jumped; the same stone may go
//! on jumping in the same direction, and stopping after any jump is a move
//! of its own. A move must capture.
//!
//! ```
//! use grundy::games::konane::{konane, Konane};
//! use grundy::partizan::{CanonicalSolver, Game};
//! let board = konane(".ox.|o..x|....").unwrap();
//! let v = CanonicalSolver::new(Konane).value(&board).unwrap();
//! assert_eq!(v, Game::parse("{1|-1}").unwrap()); // cgt-tools' own test
//! ```

use super::grid::{Grid, GridSyntax};
use crate::partizan::{Error, PartizanRules, Sign};
use crate::vocab::outcome::Player;

/// The most cells a Konane board may have.
pub const MAX_KONANE_CELLS: usize = 64;

const EMPTY: u8 = 0;
const BLOCKED: u8 = 3;
const SYNTAX: GridSyntax = GridSyntax {
    game: "konane",
    charmap: b".xo#",
    max_cells: MAX_KONANE_CELLS,
    accepted: "rows of 'x' (Left), 'o' (Right), '.' (empty) and '#' (blocked) separated by '|', all of one length, at most 64 cells, e.g. \".ox.|o..x\"",
};

/// The rules of Konane.
#[derive(Clone, Copy, Debug, Default)]
pub struct Konane;

super::grid::grid_board! {
    /// A Konane board: printed `konane(".ox.|o..x")`.
    KonaneBoard, "konane", SYNTAX
}

/// Parses a Konane board (see the module documentation for the syntax).
pub fn konane(text: &str) -> Result<KonaneBoard, Error> {
    Grid::parse(text, &SYNTAX).map(KonaneBoard)
}

impl KonaneBoard {
    /// The board with the colours exchanged: the same game with Left and
    /// Right exchanged, so its value is the negative.
    fn swapped(&self) -> KonaneBoard {
        let swap: Vec<(usize, u8)> = (0..self.0.cells().len())
            .filter_map(|i| match self.0.cells()[i] {
                1 => Some((i, 2)),
                2 => Some((i, 1)),
                _ => None,
            })
            .collect();
        KonaneBoard(self.0.with(&swap))
    }
}

fn code(player: Player) -> u8 {
    match player {
        Player::Left => 1,
        Player::Right => 2,
    }
}

/// The parts of the board that `#` cells keep apart, each with the rest
/// blocked; parts where a colour is missing are dropped (no jump is ever
/// possible there).
fn live_parts(g: &Grid) -> Vec<Grid> {
    g.regions(|c| c != BLOCKED, false, BLOCKED)
        .into_iter()
        .filter(|r| r.cells().contains(&1) && r.cells().contains(&2))
        .collect()
}

impl PartizanRules for Konane {
    type Position = KonaneBoard;

    fn options(&self, b: &KonaneBoard, player: Player, out: &mut Vec<KonaneBoard>) {
        let (us, them) = (code(player), code(player.opponent()));
        let g = &b.0;
        for (i, &cell) in g.cells().iter().enumerate() {
            if cell != us {
                continue;
            }
            let (r, c) = ((i / g.cols()) as isize, (i % g.cols()) as isize);
            for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                let index = |k: isize| ((r + k * dr) * g.cols() as isize + c + k * dc) as usize;
                let mut changes = vec![(i, EMPTY)];
                let mut k = 1;
                while g.get(r + k * dr, c + k * dc) == Some(them)
                    && g.get(r + (k + 1) * dr, c + (k + 1) * dc) == Some(EMPTY)
                {
                    changes.push((index(k), EMPTY));
                    let mut landed = changes.clone();
                    landed.push((index(k + 1), us));
                    out.push(KonaneBoard(g.with(&landed)));
                    k += 2;
                }
            }
        }
    }

    /// The parts `#` cells keep apart are independent summands.
    fn split(&self, b: &KonaneBoard, parts: &mut Vec<KonaneBoard>) {
        let regions = b.0.regions(|c| c != BLOCKED, false, BLOCKED);
        if regions.len() > 1 {
            parts.extend(regions.into_iter().map(KonaneBoard));
        }
    }

    /// Parts without both colours blocked out, then cropped to the cells
    /// that are not blocked, and the least of the eight images under the
    /// symmetries of the square kept (orthogonal jumps look the same in
    /// every one).
    fn normalise(&self, b: &KonaneBoard) -> KonaneBoard {
        let g = &b.0;
        let live = live_parts(g);
        let mut keep = vec![false; g.cells().len()];
        for part in &live {
            for (i, &c) in part.cells().iter().enumerate() {
                keep[i] |= c != BLOCKED;
            }
        }
        let dead: Vec<(usize, u8)> = (0..keep.len())
            .filter(|&i| !keep[i])
            .map(|i| (i, BLOCKED))
            .collect();
        KonaneBoard(g.with(&dead).cropped(|c| c != BLOCKED).least_image(true))
    }

    /// A board and its colour swap share a key, negated.
    fn symmetric_key(&self, b: &KonaneBoard) -> (KonaneBoard, Sign) {
        let same = self.normalise(b);
        let negated = self.normalise(&b.swapped());
        if negated < same {
            (negated, Sign::Negated)
        } else {
            (same, Sign::Same)
        }
    }
}

/// The declaration of `konane`.
pub static SPEC: crate::component::spec::GameSpec = crate::component::spec::GameSpec {
    name: "konane",
    kind: crate::component::spec::GameKind::Partizan,
    summary: "Konane: jump a stone over adjacent enemy stones in a line, capturing them (x = Left)",
    example: "konane(\".ox.|o..x\")",
    build: |call| super::partizan_rules::string_position::<Konane>(call, &SPEC, konane, None),
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

/// "a1 jumps over b1 to c1", "a1 jumps over b1 and d1 to e1".
fn says(
    before: &crate::component::Component,
    after: &crate::component::Component,
    mover: Option<Player>,
) -> Option<String> {
    use super::partizan_rules::position_of;
    use super::words::{cell, changes, list};
    let (b, a) = (
        position_of::<Konane>(before)?,
        position_of::<Konane>(after)?,
    );
    let changed = changes(b.0.cols(), b.0.cells(), a.0.cells())?;
    let ours = code(mover?);
    let from = changed.iter().find(|&&(_, _, was, _)| was == ours)?;
    let to = changed.iter().find(|&&(_, _, _, is)| is == ours)?;
    let over: Vec<String> = changed
        .iter()
        .filter(|&&(_, _, was, _)| was != ours && was != EMPTY)
        .map(|&(r, c, _, _)| cell(r, c))
        .collect();
    Some(format!(
        "{} jumps over {} to {}",
        cell(from.0, from.1),
        list(&over),
        cell(to.0, to.1)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(b: &KonaneBoard, player: Player) -> Vec<String> {
        let mut out = Vec::new();
        Konane.options(b, player, &mut out);
        let mut v: Vec<String> = out.iter().map(|p| p.to_string()).collect();
        v.sort();
        v
    }

    /// cgt-tools' `left_moves` test: one stone, five landings (two
    /// single jumps sideways, a single and a double jump down, one up).
    #[test]
    fn multiple_jumps_as_cgt_tools_has_them() {
        let b = konane(".....|..o..|.oxo.|..o..|.....|..o..|.....").unwrap();
        let mut want = vec![
            "konane(\".....|..o..|.o..x|..o..|.....|..o..|.....\")",
            "konane(\".....|..o..|x..o.|..o..|.....|..o..|.....\")",
            "konane(\".....|..o..|.o.o.|.....|..x..|..o..|.....\")",
            "konane(\".....|..o..|.o.o.|.....|.....|.....|..x..\")",
            "konane(\"..x..|.....|.o.o.|..o..|.....|..o..|.....\")",
        ];
        want.sort();
        assert_eq!(shown(&b, Player::Left), want);
        assert!(shown(&b, Player::Right).is_empty());
    }

    #[test]
    fn blocked_cells_and_dead_parts() {
        let b = konane("xo.#xo.").unwrap();
        let mut parts = Vec::new();
        Konane.split(&b, &mut parts);
        assert_eq!(parts.len(), 2);
        assert_eq!(
            Konane.normalise(&konane("xx.#xo.").unwrap()),
            Konane.normalise(&konane("xo.").unwrap())
        );
        assert_eq!(b.to_string(), "konane(\"xo.#xo.\")");
    }

    #[test]
    fn bad_input_says_what_is_accepted() {
        let e = konane("xo|x").unwrap_err().to_string();
        assert!(e.contains("row 2 has 1 cells"), "{e}");
        let e = konane("xoz").unwrap_err().to_string();
        assert!(
            e.contains("unexpected 'z'") && e.contains("'#' (blocked)"),
            "{e}"
        );
        let big = ".".repeat(65);
        assert!(konane(&big)
            .unwrap_err()
            .to_string()
            .contains("more than 64 cells"));
    }
}
