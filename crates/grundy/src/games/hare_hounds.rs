//! Hare and Hounds (the French military game; Winning Ways ch. 22): three
//! hounds (Left) chase a hare (Right) on a board of 11 points, a
//! 3 × 3 block with one point beyond each end of its middle row:
//!
//! ```text
//!       1 — 4 — 7
//!     / | \ | / | \
//!    0 — 2 — 5 — 8 — 10
//!     \ | / | \ | /
//!       3 — 6 — 9
//! ```
//!
//! Each turn one piece moves along a line to the next point, if it is
//! free. A hound moves only forward (to the right, straight or on a
//! diagonal) or vertically; the hare moves any way. The hounds win by
//! trapping the hare (it cannot move: under normal play the player who
//! cannot move loses); the hare wins by getting past them, to a point
//! left of every hound, from where no hound can reach it and it runs for
//! ever: that position is `off`, as a Fox and Geese fox that has run away.
//!
//! The traditional game adds a *stalling rule*: hounds that make ten
//! vertical moves in a row lose. Without it the hounds can shuffle up
//! and down for ever, so play can go on for ever: grundy plays the game
//! without the rule, as a loopy game, and endless play is a draw (the
//! natural loopy treatment; a position the hounds win only by the
//! stalling rule's count is not modelled).
//!
//! Written as the 11 points in the order of the picture (the left end,
//! each column top to bottom, the right end), `x` a hound, `o` the hare,
//! `.` a free point; `|` may separate the columns and is ignored:
//! `hare_hounds("xx.x......o")` (or `"x|x.x|...|...|o"`) is the usual
//! start, the hounds at the left end and the first column's corners, the
//! hare at the right end.

use std::fmt;

use super::loopy_rules::LoopyPosition;
use crate::component::spec::{Call, Cell, GameKind, GameSpec, Look, Picture};
use crate::component::Component;
use crate::component::ExprError;
use crate::loopy::LoopyRules;

/// The declaration of `hare_hounds`.
pub static SPEC: GameSpec = GameSpec {
    name: "hare_hounds",
    kind: GameKind::Partizan,
    summary: "Hare and Hounds: Left's three hounds move right or vertically, Right's hare any way \
              (loopy; no stalling rule)",
    example: "hare_hounds(\"xx.x......o\")",
    build,
    ruleset: None,
    picture: Picture::Grid {
        cells: &[
            Cell {
                ch: 'x',
                look: Look::Left,
                name: "hound (Left)",
            },
            Cell {
                ch: '.',
                look: Look::Empty,
                name: "free point",
            },
            Cell {
                ch: 'o',
                look: Look::Right,
                name: "hare (Right)",
            },
        ],
        rows: false,
        style: crate::component::spec::GridStyle::Tokens,
    },
    says: Some(says),
};

/// The points of the board.
pub const POINTS: usize = 11;

/// Each point's column (0 to 4, left to right) and row (0 top to 2).
const AT: [(i8, i8); POINTS] = [
    (0, 1),
    (1, 0),
    (1, 1),
    (1, 2),
    (2, 0),
    (2, 1),
    (2, 2),
    (3, 0),
    (3, 1),
    (3, 2),
    (4, 1),
];

/// Whether a line joins points `a` and `b`: neighbours in a row or a
/// column, or on a diagonal through a point whose column and row add up
/// to an odd number (the ends, the block's corners and its centre).
fn joined(a: usize, b: usize) -> bool {
    let ((ax, ay), (bx, by)) = (AT[a], AT[b]);
    let (dx, dy) = ((ax - bx).abs(), (ay - by).abs());
    dx + dy == 1 || (dx == 1 && dy == 1 && (ax + ay) % 2 == 1)
}

/// A position: the hounds' points (a bit mask) and the hare's point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    hounds: u16,
    hare: u8,
}

impl Board {
    /// Reads the 11 points (`|` ignored); the error names what was wrong.
    pub fn parse(text: &str) -> Result<Board, String> {
        let points: Vec<char> = text.chars().filter(|&c| c != '|').collect();
        if points.len() != POINTS {
            return Err(format!(
                "{} points written: the board has {POINTS}, written left end, each column top \
                 to bottom, right end",
                points.len()
            ));
        }
        let (mut hounds, mut hare) = (0u16, None);
        for (i, &c) in points.iter().enumerate() {
            match c {
                'x' => hounds |= 1 << i,
                'o' if hare.is_none() => hare = Some(i as u8),
                'o' => return Err("two hares: a board has one `o`".into()),
                '.' => {}
                other => {
                    return Err(format!(
                        "point {i} is {other:?}: a board is written with x (hound), o (hare) \
                         and . (free point)"
                    ))
                }
            }
        }
        let hare = hare.ok_or("no hare: a board has one `o`")?;
        if hounds.count_ones() != 3 {
            return Err(format!(
                "{} hounds: a board has three `x`",
                hounds.count_ones()
            ));
        }
        Ok(Board { hounds, hare })
    }

    fn free(&self, p: usize) -> bool {
        self.hounds >> p & 1 == 0 && p != self.hare as usize
    }

    /// The hare stands left of every hound: no hound can reach it again.
    pub fn escaped(&self) -> bool {
        let hare = AT[self.hare as usize].0;
        (0..POINTS)
            .filter(|&p| self.hounds >> p & 1 == 1)
            .all(|p| AT[p].0 > hare)
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for p in 0..POINTS {
            let c = if p == self.hare as usize {
                'o'
            } else if self.hounds >> p & 1 == 1 {
                'x'
            } else {
                '.'
            };
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

/// The rules (no stalling rule: endless play is a draw).
#[derive(Clone, Copy, Debug, Default)]
pub struct HareHounds;

impl LoopyRules for HareHounds {
    type Position = Board;

    fn moves(&self, b: &Board, left: bool, out: &mut Vec<Board>) {
        if b.escaped() {
            // `off = {|pass}`: the hare runs for ever.
            if !left {
                out.push(*b);
            }
            return;
        }
        if left {
            for from in (0..POINTS).filter(|&p| b.hounds >> p & 1 == 1) {
                // Forward (right) or vertically, never back.
                let ahead = |to: &usize| AT[*to].0 >= AT[from].0;
                for to in (0..POINTS).filter(ahead) {
                    if joined(from, to) && b.free(to) {
                        out.push(Board {
                            hounds: b.hounds & !(1 << from) | 1 << to,
                            ..*b
                        });
                    }
                }
            }
        } else {
            let from = b.hare as usize;
            for to in 0..POINTS {
                if joined(from, to) && b.free(to) {
                    out.push(Board {
                        hare: to as u8,
                        ..*b
                    });
                }
            }
        }
    }
}

fn build(call: &Call<'_>) -> Result<Component, ExprError> {
    let (text, at) = call.string(SPEC.example)?;
    let board = Board::parse(text).map_err(|problem| ExprError::Invalid {
        at,
        problem,
        accepted: format!(
            "a board of 11 points written as in {}: the left end, each column top to bottom, \
             the right end",
            SPEC.example
        ),
    })?;
    Ok(LoopyPosition::component(
        &SPEC, SPEC.name, HareHounds, board,
    ))
}

/// "hound 1 to 4", "the hare 10 to 8", "the hare runs away": the piece
/// moved and its points, numbered as in the picture.
fn says(
    before: &Component,
    after: &Component,
    _: Option<crate::vocab::outcome::Player>,
) -> Option<String> {
    use super::loopy_rules::loopy_position_of;
    let (b, a) = (
        loopy_position_of::<HareHounds>(before)?,
        loopy_position_of::<HareHounds>(after)?,
    );
    if b == a {
        return Some("the hare runs away".into());
    }
    if b.hounds == a.hounds {
        return Some(format!("hare {} to {}", b.hare, a.hare));
    }
    let (gone, new) = (b.hounds & !a.hounds, a.hounds & !b.hounds);
    (gone.count_ones() == 1 && new.count_ones() == 1 && b.hare == a.hare).then_some(())?;
    Some(format!(
        "hound {} to {}",
        gone.trailing_zeros(),
        new.trailing_zeros()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_has_the_classic_lines() {
        let lines: usize = (0..POINTS)
            .map(|a| (a + 1..POINTS).filter(|&b| joined(a, b)).count())
            .sum();
        // 2 + 4 + 2 along the rows, 3·2 down the columns, 8 diagonals
        // (the ends' four, the centre's four).
        assert_eq!(lines, 22);
        let of = |p: usize| (0..POINTS).filter(|&q| joined(p, q)).collect::<Vec<_>>();
        assert_eq!(of(0), vec![1, 2, 3]);
        assert_eq!(of(5), vec![1, 2, 3, 4, 6, 7, 8, 9]);
        assert_eq!(of(2), vec![0, 1, 3, 5]);
        assert_eq!(of(10), vec![7, 8, 9]);
    }

    #[test]
    fn moves_follow_the_rules() {
        let start = Board::parse("xx.x......o").unwrap();
        assert_eq!(start.to_string(), "xx.x......o");
        assert_eq!(Board::parse("x|x.x|...|...|o").unwrap(), start);
        let mut out = Vec::new();
        HareHounds.moves(&start, true, &mut out);
        let got: Vec<String> = out.iter().map(Board::to_string).collect();
        // The end hound to 2; hound 1 to 2, 4, 5; hound 3 to 2, 5, 6.
        assert_eq!(
            got,
            vec![
                ".xxx......o",
                "x.xx......o",
                "x..xx.....o",
                "x..x.x....o",
                "xxx.......o",
                "xx...x....o",
                "xx....x...o"
            ]
        );
        out.clear();
        HareHounds.moves(&start, false, &mut out);
        let got: Vec<String> = out.iter().map(Board::to_string).collect();
        assert_eq!(got, vec!["xx.x...o...", "xx.x....o..", "xx.x.....o."]);
        // A hound never moves left: from 5 not to 1, 2, 3.
        let b = Board::parse("o....x...xx").unwrap();
        assert!(b.escaped());
        let b = Board::parse("...o.x...xx").unwrap();
        assert!(
            b.escaped(),
            "the hare in column 1, every hound in 2 or beyond"
        );
        let b = Board::parse("....xxx...o").unwrap();
        assert!(!b.escaped());
        out.clear();
        HareHounds.moves(&b, true, &mut out);
        assert_eq!(out.len(), 5, "4 to 7; 5 to 7, 8, 9; 6 to 9");
        assert!(out.iter().all(|a| a.hounds & 0b1110 == 0));
        assert!(Board::parse("xx.x......")
            .unwrap_err()
            .contains("10 points"));
        assert!(Board::parse("xx.x.....oo")
            .unwrap_err()
            .contains("two hares"));
        assert!(Board::parse("xxxx......o")
            .unwrap_err()
            .contains("4 hounds"));
    }
}
