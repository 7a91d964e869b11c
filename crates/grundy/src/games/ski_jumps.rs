//! Ski-Jumps (Winning Ways), as cgt-tools' `SkiJumps`.
//!
//! Expression syntax: `ski_jumps("...L....|..R.....|........")` — rows top
//! (uphill) to bottom separated by `|`, as cgt-tools writes them: `L` a Left
//! jumper, `l` a Left slipper, `R` a Right jumper, `r` a Right slipper, `.`
//! empty (letters are case-sensitive here); at most [`MAX_SKI_CELLS`]
//! cells. Left's skiers go east (right), Right's west: a skier slides any
//! number of empty squares along its row, or off the board if the way is
//! clear. A jumper may instead jump over an opponent's skier on the square
//! directly below it, onto the empty square below that; the skier jumped
//! over becomes a slipper, which never jumps.
//!
//! Where grundy differs from cgt-tools: the square a jumper lands on must
//! be empty (cgt-tools lands on whatever is there, removing it), and the
//! closed form below is used only when no two skiers of a row face each
//! other (cgt-tools' applies it whenever no jump is possible, which gives 0
//! instead of `*` for the row `"L.R"`). No value of cgt-tools' tests is
//! affected.
//!
//! Closed form: when no jump can ever happen (no jumper has an opponent's
//! skier anywhere in the row below it, and rows change only by jumps) and
//! in no row a Left skier stands west of a Right one, the skiers never meet,
//! each player's moves are a fixed number of single steps, and the value is
//! the integer `sum over Left's skiers of (width - column) - sum over
//! Right's of (column + 1)`. The tests check it against search.
//!
//! ```
//! use grundy::games::ski_jumps::{ski_jumps, SkiJumps};
//! use grundy::partizan::{CanonicalSolver, Game};
//! let p = ski_jumps("L....|....R|l....").unwrap();
//! let v = CanonicalSolver::new(SkiJumps).value(&p).unwrap();
//! assert_eq!(v, Game::parse("5").unwrap()); // cgt-tools' own test
//! ```

use std::fmt;

use super::grid::position_error;
use crate::component::spec::{Cell, GameKind, GameSpec, Look, Picture};
use crate::partizan::{self, Error, PartizanRules};
use crate::vocab::outcome::Player;

/// The most cells a board may have.
pub const MAX_SKI_CELLS: usize = 64;

const EMPTY: u8 = 0;
const LEFT_JUMPER: u8 = 1;
const LEFT_SLIPPER: u8 = 2;
const RIGHT_JUMPER: u8 = 3;
const RIGHT_SLIPPER: u8 = 4;
const CHARS: &[u8; 5] = b".LlRr";
const ACCEPTED: &str = "rows of 'L' (Left jumper), 'l' (Left slipper), 'R' (Right jumper), 'r' (Right slipper) and '.' (empty) separated by '|', all of one length, at most 64 cells, e.g. \"...L....|..R.....\"";

/// The rules of Ski-Jumps.
#[derive(Clone, Copy, Debug, Default)]
pub struct SkiJumps;

/// A Ski-Jumps board: printed `ski_jumps("L....|....R")`.
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct SkiBoard {
    cols: u8,
    cells: Box<[u8]>,
}

/// Parses a board (see the module documentation for the syntax).
pub fn ski_jumps(text: &str) -> Result<SkiBoard, Error> {
    let err = |at: usize, reason: String| position_error("ski_jumps", text, at, reason, ACCEPTED);
    let mut cells = Vec::new();
    let mut cols = None;
    let mut offset = 0;
    for (r, row) in text.split('|').enumerate() {
        let mut n = 0;
        for (i, c) in row.char_indices() {
            if cells.len() >= MAX_SKI_CELLS {
                return Err(err(offset + i, format!("more than {MAX_SKI_CELLS} cells")));
            }
            let code = CHARS
                .iter()
                .position(|&m| char::from(m) == c)
                .ok_or_else(|| err(offset + i, format!("unexpected {c:?}")))?;
            cells.push(code as u8);
            n += 1;
        }
        match cols {
            None => cols = Some(n),
            Some(w) if w != n => {
                return Err(err(
                    offset,
                    format!("row {} has {n} cells, the first row {w}", r + 1),
                ))
            }
            _ => {}
        }
        offset += row.len() + 1;
    }
    match cols {
        Some(w) if w > 0 => Ok(SkiBoard {
            cols: w as u8, // w <= 64 cells
            cells: cells.into_boxed_slice(),
        }),
        _ if text.is_empty() => Ok(SkiBoard {
            cols: 0,
            cells: Box::new([]),
        }),
        _ => Err(err(0, "a row with no cells".into())),
    }
}

impl SkiBoard {
    fn width(&self) -> usize {
        usize::from(self.cols)
    }

    fn height(&self) -> usize {
        self.cells.len().checked_div(self.width()).unwrap_or(0)
    }

    fn at(&self, r: usize, c: usize) -> u8 {
        self.cells[r * self.width() + c]
    }

    fn with(&self, changes: &[(usize, usize, u8)]) -> SkiBoard {
        let mut b = self.clone();
        let w = self.width();
        for &(r, c, v) in changes {
            b.cells[r * w + c] = v;
        }
        b
    }

    /// The value by the closed form (see the module documentation), when
    /// it applies.
    pub fn closed_form(&self) -> Option<i64> {
        let (w, h) = (self.width(), self.height());
        let left = |x: u8| x == LEFT_JUMPER || x == LEFT_SLIPPER;
        let right = |x: u8| x == RIGHT_JUMPER || x == RIGHT_SLIPPER;
        for r in 0..h {
            let row = &self.cells[r * w..(r + 1) * w];
            if r + 2 < h {
                let below = &self.cells[(r + 1) * w..(r + 2) * w];
                if row.contains(&LEFT_JUMPER) && below.iter().any(|&x| right(x)) {
                    return None;
                }
                if row.contains(&RIGHT_JUMPER) && below.iter().any(|&x| left(x)) {
                    return None;
                }
            }
            let first_left = row.iter().position(|&x| left(x));
            let last_right = row.iter().rposition(|&x| right(x));
            if let (Some(l), Some(rr)) = (first_left, last_right) {
                if l < rr {
                    return None;
                }
            }
        }
        let mut v = 0i64;
        for (i, &x) in self.cells.iter().enumerate() {
            let c = (i % w) as i64;
            if left(x) {
                v += w as i64 - c;
            } else if right(x) {
                v -= c + 1;
            }
        }
        Some(v)
    }
}

impl fmt::Display for SkiBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ski_jumps(\"")?;
        for r in 0..self.height() {
            if r > 0 {
                f.write_str("|")?;
            }
            for c in 0..self.width() {
                write!(f, "{}", char::from(CHARS[usize::from(self.at(r, c))]))?;
            }
        }
        f.write_str("\")")
    }
}

impl PartizanRules for SkiJumps {
    type Position = SkiBoard;

    fn options(&self, b: &SkiBoard, player: Player, out: &mut Vec<SkiBoard>) {
        let (w, h) = (b.width(), b.height());
        let (jumper, slipper, foe) = match player {
            Player::Left => (LEFT_JUMPER, LEFT_SLIPPER, [RIGHT_JUMPER, RIGHT_SLIPPER]),
            Player::Right => (RIGHT_JUMPER, RIGHT_SLIPPER, [LEFT_JUMPER, LEFT_SLIPPER]),
        };
        for r in 0..h {
            for c in 0..w {
                let me = b.at(r, c);
                if me != jumper && me != slipper {
                    continue;
                }
                // Slides along the row, then off the edge if the way is clear.
                let mut to = c;
                loop {
                    let next = match player {
                        Player::Left => (to + 1 < w).then_some(to + 1),
                        Player::Right => to.checked_sub(1),
                    };
                    match next {
                        None => {
                            out.push(b.with(&[(r, c, EMPTY)]));
                            break;
                        }
                        Some(n) if b.at(r, n) == EMPTY => {
                            out.push(b.with(&[(r, c, EMPTY), (r, n, me)]));
                            to = n;
                        }
                        Some(_) => break,
                    }
                }
                if me == jumper
                    && r + 2 < h
                    && foe.contains(&b.at(r + 1, c))
                    && b.at(r + 2, c) == EMPTY
                {
                    out.push(b.with(&[(r, c, EMPTY), (r + 1, c, foe[1]), (r + 2, c, me)]));
                }
            }
        }
    }
}

/// The closed form for the solver (see the module documentation).
fn closed(b: &SkiBoard) -> Option<Result<partizan::Game, partizan::Error>> {
    b.closed_form().map(partizan::Game::integer)
}

/// The declaration of `ski_jumps`.
pub static SPEC: GameSpec = GameSpec {
    name: "ski_jumps",
    kind: GameKind::Partizan,
    summary: "Ski-Jumps: skiers slide east (Left) or west (Right); jumpers jump an opponent below",
    example: "ski_jumps(\"L....|....R|l....\")",
    build: |call| {
        super::partizan_rules::string_position::<SkiJumps>(call, &SPEC, ski_jumps, Some(closed))
    },
    ruleset: None,
    says: Some(says),
    picture: Picture::Grid {
        cells: &[
            Cell {
                ch: '.',
                look: Look::Empty,
                name: "free",
            },
            Cell {
                ch: 'L',
                look: Look::Left,
                name: "Left's jumper",
            },
            Cell {
                ch: 'l',
                look: Look::Left,
                name: "Left's slipper",
            },
            Cell {
                ch: 'R',
                look: Look::Right,
                name: "Right's jumper",
            },
            Cell {
                ch: 'r',
                look: Look::Right,
                name: "Right's slipper",
            },
        ],
        rows: true,
        style: crate::component::spec::GridStyle::Tokens,
    },
};

/// "jumper a1 slides to c1", "slipper e2 slides off the slope", "jumper
/// a1 jumps over b1's skier to a3, which becomes a slipper": the skier
/// moved, by its cell (column letter, row from the top), and where it
/// went.
fn says(
    before: &crate::component::Component,
    after: &crate::component::Component,
    _: Option<Player>,
) -> Option<String> {
    use super::partizan_rules::position_of;
    use super::words::cell;
    let (b, a) = (
        position_of::<SkiJumps>(before)?,
        position_of::<SkiJumps>(after)?,
    );
    let changed = super::words::changes(b.width(), &b.cells, &a.cells)?;
    let name = |k: u8| match k {
        LEFT_JUMPER | RIGHT_JUMPER => "jumper",
        _ => "slipper",
    };
    match changed[..] {
        [(r, c, was, EMPTY)] => Some(format!("{} {} slides off the slope", name(was), cell(r, c))),
        [x, y] => {
            let (from, to) = if x.3 == EMPTY { (x, y) } else { (y, x) };
            (from.3 == EMPTY && to.2 == EMPTY && to.3 == from.2).then(|| {
                format!(
                    "{} {} slides to {}",
                    name(from.2),
                    cell(from.0, from.1),
                    cell(to.0, to.1)
                )
            })
        }
        [x, y, z] => {
            // From, over, to: one column, rows r, r + 1, r + 2.
            (x.1 == z.1 && x.3 == EMPTY && z.2 == EMPTY).then(|| {
                format!(
                    "{} {} jumps over {} to {}; the skier jumped becomes a slipper",
                    name(x.2),
                    cell(x.0, x.1),
                    cell(y.0, y.1),
                    cell(z.0, z.1)
                )
            })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(text: &str, player: Player) -> Vec<String> {
        let mut out = Vec::new();
        SkiJumps.options(&ski_jumps(text).unwrap(), player, &mut out);
        out.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn slides_and_jumps() {
        assert_eq!(
            shown("L.|R.|..", Player::Left),
            [
                "ski_jumps(\".L|R.|..\")",
                "ski_jumps(\"..|R.|..\")",
                "ski_jumps(\"..|r.|L.\")"
            ]
        );
        assert_eq!(
            shown(".R|L.|..", Player::Right),
            ["ski_jumps(\"R.|L.|..\")", "ski_jumps(\"..|L.|..\")"]
        );
        // The landing square must be empty.
        assert_eq!(
            shown("L|R|l", Player::Left),
            ["ski_jumps(\".|R|l\")", "ski_jumps(\"L|R|.\")"]
        );
        assert_eq!(ski_jumps("L.R").unwrap().closed_form(), None);
        assert_eq!(ski_jumps("R.L").unwrap().closed_form(), Some(1 - 1));
    }

    #[test]
    fn bad_input_says_what_is_accepted() {
        let e = ski_jumps("L.|x.").unwrap_err().to_string();
        assert!(
            e.contains("unexpected 'x'") && e.contains("'l' (Left slipper)"),
            "{e}"
        );
        let e = ski_jumps("L.|.").unwrap_err().to_string();
        assert!(e.contains("row 2 has 1 cells"), "{e}");
        assert!(ski_jumps(&".".repeat(65))
            .unwrap_err()
            .to_string()
            .contains("more than 64 cells"));
    }
}
