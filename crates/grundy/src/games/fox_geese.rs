//! Fox and Geese (Winning Ways ch. 20; CGSuite's `game.grid.GenFoxAndGeese`):
//! Left's geese move like checkers, one square diagonally down the board;
//! Right's fox moves like a checker king, diagonally in any direction, up
//! to `range` squares without changing direction or passing a goose. The
//! board is `width` columns wide, rows counted from 1 at the bottom, and
//! only the squares with row + column even are used. The fox can return
//! to a square, so the game is loopy; once it stands level with the
//! highest goose (or can step there) nothing can stop it running up the
//! board for ever, and the position is `off`, as CGSuite decomposes it.
//!
//! Written as CGSuite prints a position, a grid from the top row down
//! (`x` a goose, `o` the fox, `.` any other square; the width is the rows'
//! length): `fox_geese("x.x.x.x.|........|.......o")`; or as CGSuite's
//! `GenFoxAndGeese(boardWidth => w, foxRange => r)(geese, fox)` takes it,
//! `fox_geese[w, r]("{(3,1),(3,3)}", "(1,1)")` (`w` 8 and `r` 1 when left
//! out, as CGSuite's `FoxAndGeese`).

use std::fmt;

use super::loopy_rules::LoopyPosition;
use crate::component::spec::{item_span, Call, Cell, GameKind, GameSpec, Look, Picture};
use crate::component::Component;
use crate::component::ExprError;
use crate::language::syntax::{Arg, Item};
use crate::loopy::LoopyRules;

/// The board holds at most this many squares (the geese are a bit mask).
pub const MAX_SQUARES: usize = 128;
/// The widest board accepted.
pub const MAX_WIDTH: u8 = 64;
/// The longest fox move accepted.
pub const MAX_RANGE: u8 = 16;

/// The declaration of `fox_geese`.
pub static SPEC: GameSpec = GameSpec {
    name: "fox_geese",
    kind: GameKind::Partizan,
    summary:
        "Fox and Geese: Left's geese move diagonally down, Right's fox diagonally any way (loopy)",
    example: "fox_geese(\"x.x.x.x.|........|o.......\")",
    build,
    ruleset: None,
    picture: Picture::Grid {
        cells: &[
            Cell {
                ch: 'x',
                look: Look::Left,
                name: "goose (Left)",
            },
            Cell {
                ch: '.',
                look: Look::Empty,
                name: "square",
            },
            Cell {
                ch: 'o',
                look: Look::Right,
                name: "fox (Right)",
            },
        ],
        rows: true,
        style: crate::component::spec::GridStyle::Draughts,
    },
    says: Some(says),
};

/// The rules: the board's width and how far the fox may move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FoxGeese {
    /// Columns of the board.
    pub width: u8,
    /// Squares the fox may move in one direction.
    pub range: u8,
}

/// A position: the geese (bit `(row - 1) * width + (col - 1)`) and the
/// fox's square, with the width to print it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    geese: u128,
    fox: (u8, u8),
    width: u8,
}

impl Board {
    fn bit(&self, row: i32, col: i32) -> Option<u32> {
        if row < 1 || col < 1 || col > self.width as i32 {
            return None;
        }
        let i = (row - 1) * self.width as i32 + (col - 1);
        (i < MAX_SQUARES as i32).then_some(i as u32)
    }

    fn goose(&self, row: i32, col: i32) -> bool {
        self.bit(row, col).is_some_and(|b| self.geese >> b & 1 == 1)
    }

    /// The highest row holding a goose (0 without geese).
    fn top_goose_row(&self) -> i32 {
        if self.geese == 0 {
            return 0;
        }
        let highest = 127 - self.geese.leading_zeros() as i32;
        highest / self.width as i32 + 1
    }

    /// CGSuite's decomposition: the fox level with the highest goose, or
    /// one row below it with a free square to step up to, runs away.
    fn escaped(&self) -> bool {
        let top = self.top_goose_row();
        let (r, c) = (self.fox.0 as i32, self.fox.1 as i32);
        r >= top
            || (r == top - 1
                && ((c > 1 && !self.goose(r + 1, c - 1))
                    || (c < self.width as i32 && !self.goose(r + 1, c + 1))))
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rows = self.top_goose_row().max(self.fox.0 as i32);
        for row in (1..=rows).rev() {
            for col in 1..=self.width as i32 {
                let c = if (row, col) == (self.fox.0 as i32, self.fox.1 as i32) {
                    'o'
                } else if self.goose(row, col) {
                    'x'
                } else {
                    '.'
                };
                write!(f, "{c}")?;
            }
            if row > 1 {
                write!(f, "|")?;
            }
        }
        Ok(())
    }
}

impl LoopyRules for FoxGeese {
    type Position = Board;

    fn moves(&self, b: &Board, left: bool, out: &mut Vec<Board>) {
        if b.escaped() {
            // `off = {|pass}`: the fox runs up the board for ever.
            if !left {
                out.push(*b);
            }
            return;
        }
        let (fr, fc) = (b.fox.0 as i32, b.fox.1 as i32);
        if left {
            for bit in 0..MAX_SQUARES as u32 {
                if b.geese >> bit & 1 == 0 {
                    continue;
                }
                let (row, col) = (
                    (bit / b.width as u32) as i32 + 1,
                    (bit % b.width as u32) as i32 + 1,
                );
                for dc in [-1, 1] {
                    let (r, c) = (row - 1, col + dc);
                    if (r, c) == (fr, fc) || b.goose(r, c) {
                        continue;
                    }
                    if let Some(to) = b.bit(r, c) {
                        out.push(Board {
                            geese: b.geese & !(1 << bit) | 1 << to,
                            ..*b
                        });
                    }
                }
            }
        } else {
            for (dr, dc) in [(-1, -1), (-1, 1), (1, -1), (1, 1)] {
                for d in 1..=self.range as i32 {
                    let (r, c) = (fr + dr * d, fc + dc * d);
                    if r < 1 || c < 1 || c > self.width as i32 || r > u8::MAX as i32 {
                        break;
                    }
                    if b.goose(r, c) {
                        break;
                    }
                    out.push(Board {
                        fox: (r as u8, c as u8),
                        ..*b
                    });
                }
            }
        }
    }
}

impl FoxGeese {
    /// How the rules are written without a position.
    fn ruleset(&self) -> String {
        match (self.width, self.range) {
            (8, 1) => "fox_geese".into(),
            (w, 1) => format!("fox_geese[{w}]"),
            (w, r) => format!("fox_geese[{w},{r}]"),
        }
    }

    /// A valid square of the board, or why not (CGSuite's words).
    fn square(&self, row: i64, col: i64, what: &str) -> Result<(u8, u8), String> {
        if row < 1 || col < 1 || col > self.width as i64 || (row + col) % 2 != 0 {
            return Err(format!(
                "{what} ({row},{col}) must be a valid square (1 <= col <= boardWidth = {}; row >= 1; row + col even)",
                self.width
            ));
        }
        if row > u8::MAX as i64 {
            return Err(format!(
                "{what} ({row},{col}): rows above 255 are not accepted"
            ));
        }
        Ok((row as u8, col as u8))
    }

    /// The position with these geese and this fox.
    pub fn position(&self, geese: &[(i64, i64)], fox: (i64, i64)) -> Result<Board, String> {
        let mut b = Board {
            geese: 0,
            fox: self.square(fox.0, fox.1, "the fox's square")?,
            width: self.width,
        };
        for &(r, c) in geese {
            let (r, c) = self.square(r, c, "every goose's square")?;
            let bit = b.bit(r as i32, c as i32).ok_or_else(|| {
                format!(
                    "a goose on ({r},{c}) is beyond the {MAX_SQUARES} squares a board may have \
                     ({} rows of width {})",
                    MAX_SQUARES / self.width as usize,
                    self.width
                )
            })?;
            if (r, c) == b.fox {
                return Err(format!("a goose and the fox both on ({r},{c})"));
            }
            b.geese |= 1 << bit;
        }
        Ok(b)
    }

    /// Reads a grid as CGSuite prints it: rows from the top, split by `|`.
    pub fn parse_grid(&self, text: &str) -> Result<Board, String> {
        let rows: Vec<&str> = text.split('|').collect();
        let n = rows.len() as i64;
        let (mut geese, mut fox) = (Vec::new(), None);
        for (i, line) in rows.iter().enumerate() {
            if line.chars().count() != self.width as usize {
                return Err(format!(
                    "row {} from the top has {} squares, but the board is {} wide (every row as \
                     long as the first)",
                    i + 1,
                    line.chars().count(),
                    self.width
                ));
            }
            let row = n - i as i64;
            for (j, ch) in line.chars().enumerate() {
                let col = j as i64 + 1;
                match ch {
                    'x' => geese.push((row, col)),
                    'o' if fox.is_none() => fox = Some((row, col)),
                    'o' => return Err("two foxes: a board has one `o`".into()),
                    '.' => {}
                    other => {
                        return Err(format!(
                            "square ({row},{col}) is {other:?}: a board is written with x \
                             (goose), o (fox) and . (any other square)"
                        ))
                    }
                }
            }
        }
        let fox = fox.ok_or("no fox: a board has one `o`")?;
        self.position(&geese, fox)
    }
}

/// Reads `(r,c)`.
fn pair(text: &str) -> Option<(i64, i64)> {
    let inner = text.trim().strip_prefix('(')?.strip_suffix(')')?;
    let (r, c) = inner.split_once(',')?;
    Some((r.trim().parse().ok()?, c.trim().parse().ok()?))
}

/// Reads `{(r,c),(r,c),…}` (or `[…]`).
fn pairs(text: &str) -> Option<Vec<(i64, i64)>> {
    let t = text.trim();
    let inner = t
        .strip_prefix('{')
        .and_then(|t| t.strip_suffix('}'))
        .or_else(|| t.strip_prefix('[').and_then(|t| t.strip_suffix(']')))?;
    let mut out = Vec::new();
    let mut rest = inner.trim();
    while !rest.is_empty() {
        let close = rest.find(')')?;
        out.push(pair(&rest[..=close])?);
        rest = rest[close + 1..].trim_start();
        rest = rest.strip_prefix(',').unwrap_or(rest).trim_start();
    }
    Some(out)
}

fn build(call: &Call<'_>) -> Result<Component, ExprError> {
    let usage =
        "write fox_geese(\"x.x.x.x.|........|o.......\") (a board as CGSuite prints it) or \
                 fox_geese[width, range](\"{(3,1),(3,3)}\", \"(1,1)\") (geese, fox)";
    let mut rules = FoxGeese { width: 8, range: 1 };
    let items: &[Item] = match call.params() {
        None => &[],
        Some([group]) if group.len() <= 2 => group,
        Some(_) => {
            return Err(call.error(
                call.name_span(),
                "fox_geese takes at most two parameters, in one group",
                "[width] or [width, range], as CGSuite's GenFoxAndGeese(boardWidth, foxRange)",
            ))
        }
    };
    let mut width_given = false;
    for (i, item) in items.iter().enumerate() {
        let (limit, what) = if i == 0 {
            (MAX_WIDTH, "the width")
        } else {
            (MAX_RANGE, "the fox's range")
        };
        let n = match item {
            Item::Number(n, _) => n.parse::<u8>().ok().filter(|&n| (1..=limit).contains(&n)),
            _ => None,
        };
        let n = n.ok_or_else(|| {
            call.error(
                item_span(item),
                format!("{what} must be a whole number from 1 to {limit}"),
                "fox_geese[width, range], as CGSuite's GenFoxAndGeese(boardWidth, foxRange)",
            )
        })?;
        if i == 0 {
            rules.width = n;
            width_given = true;
        } else {
            rules.range = n;
        }
    }
    let board = match call.args() {
        Some([Arg::Str(text, span)]) => {
            let first = text.split('|').next().unwrap_or("").chars().count();
            if !width_given {
                rules.width = u8::try_from(first)
                    .ok()
                    .filter(|w| (1..=MAX_WIDTH).contains(w))
                    .ok_or_else(|| {
                        call.error(
                            *span,
                            format!("a board {first} squares wide"),
                            format!("a board 1 to {MAX_WIDTH} squares wide"),
                        )
                    })?;
            }
            rules
                .parse_grid(text)
                .map_err(|p| call.error(*span, p, usage))?
        }
        Some([Arg::Str(geese, gspan), Arg::Str(fox, fspan)]) => {
            let geese = pairs(geese).ok_or_else(|| {
                call.error(
                    *gspan,
                    "the geese are not a set of squares",
                    "\"{(3,1),(3,3)}\"",
                )
            })?;
            let fox = pair(fox)
                .ok_or_else(|| call.error(*fspan, "the fox is not a square", "\"(1,1)\""))?;
            rules
                .position(&geese, fox)
                .map_err(|p| call.error(*gspan, p, usage))?
        }
        _ => {
            return Err(call.error(
                call.span(),
                "fox_geese takes a board, or the geese and the fox",
                usage,
            ))
        }
    };
    let ruleset = rules.ruleset();
    Ok(LoopyPosition::component(&SPEC, &ruleset, rules, board))
}

/// "goose c3 to b4", "fox d6 to e5", "the fox runs away up the board":
/// the piece moved and its squares, named as the board before the move is
/// drawn (column letters from the left, rows from the top).
fn says(
    before: &Component,
    after: &Component,
    _: Option<crate::vocab::outcome::Player>,
) -> Option<String> {
    use super::loopy_rules::loopy_position_of;
    let (b, a) = (
        loopy_position_of::<FoxGeese>(before)?,
        loopy_position_of::<FoxGeese>(after)?,
    );
    if b == a {
        return Some("the fox runs away up the board".into());
    }
    let top = b.top_goose_row().max(b.fox.0 as i32);
    let name = |row: i32, col: i32| {
        let from_top = usize::try_from(top - row).ok()?;
        Some(super::words::cell(from_top, usize::try_from(col - 1).ok()?))
    };
    let square = |bit: u32| {
        let w = u32::from(b.width);
        ((bit / w) as i32 + 1, (bit % w) as i32 + 1)
    };
    if b.geese == a.geese {
        let (fr, fc) = (b.fox.0 as i32, b.fox.1 as i32);
        let (tr, tc) = (a.fox.0 as i32, a.fox.1 as i32);
        return Some(format!("fox {} to {}", name(fr, fc)?, name(tr, tc)?));
    }
    let (gone, new) = (b.geese & !a.geese, a.geese & !b.geese);
    (gone.count_ones() == 1 && new.count_ones() == 1 && b.fox == a.fox).then_some(())?;
    let (fr, fc) = square(gone.trailing_zeros());
    let (tr, tc) = square(new.trailing_zeros());
    Some(format!("goose {} to {}", name(fr, fc)?, name(tr, tc)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grids_read_and_print_as_cgsuite_prints_them() {
        let r = FoxGeese { width: 8, range: 1 };
        let b = r.parse_grid("x.x.x.x.|........|o.......").unwrap();
        assert_eq!(b.to_string(), "x.x.x.x.|........|o.......");
        let c = r
            .position(&[(3, 1), (3, 3), (3, 5), (3, 7)], (1, 1))
            .unwrap();
        assert_eq!(b, c);
        assert!(r.parse_grid("x.x.x.x.|.......|o.......").is_err());
        assert!(r
            .parse_grid(".o......")
            .unwrap_err()
            .contains("row + col even"));
        assert!(r.parse_grid("x.......").unwrap_err().contains("no fox"));
    }

    #[test]
    fn moves_follow_the_rules() {
        let r = FoxGeese { width: 8, range: 1 };
        let b = r.parse_grid(".x.x.x.x|........|........|o.......").unwrap();
        let mut out = Vec::new();
        r.moves(&b, false, &mut out);
        let got: Vec<String> = out.iter().map(Board::to_string).collect();
        // From the corner (1,1) the fox has one square, (2,2).
        assert_eq!(got, vec![".x.x.x.x|........|.o......|........"]);
        out.clear();
        r.moves(&b, true, &mut out);
        // Goose (4,8) has one move; (4,2), (4,4), (4,6) two each.
        assert_eq!(out.len(), 7);
        // Level with the geese: off.
        let off = r.parse_grid("x.x.o.x.").unwrap();
        out.clear();
        r.moves(&off, false, &mut out);
        assert_eq!(out, vec![off]);
        out.clear();
        r.moves(&off, true, &mut out);
        assert!(out.is_empty());
    }
}
