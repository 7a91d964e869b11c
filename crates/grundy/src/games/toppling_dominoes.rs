//! Toppling Dominoes (Lessons in Play, ch. 1; Fink, Nowakowski, Siegel and
//! Wolfe, "Toppling Conjectures", 2011), as CGSuite's
//! `game.strip.TopplingDominoes`.
//!
//! Expression syntax: `toppling_dominoes("lrle")` — a row of dominoes, `l`
//! blue (Left's), `r` red (Right's), `e` grey (either player's), letters in
//! either case, at most [`MAX_TOPPLING_DOMINOES`] characters. A player
//! topples one of their dominoes (or a grey one) to the left or to the
//! right; it knocks down every domino on that side of it, and itself.
//!
//! `.` is an empty place, as in CGSuite's character map `".lre"`; as in
//! CGSuite a toppling domino knocks over everything on its side, across
//! empty places too, so `"l.r"` is the same game as `"lr"`. Separate rows
//! are written as a sum: `toppling_dominoes("lr") + toppling_dominoes("e")`.
//!
//! ```
//! use grundy::games::{toppling_dominoes, TopplingDominoes};
//! use grundy::partizan::{CanonicalSolver, Game};
//! let row = toppling_dominoes("lere").unwrap();
//! let v = CanonicalSolver::new(TopplingDominoes).value(&row).unwrap();
//! assert_eq!(v, Game::parse("{1|0,{0|-1}}").unwrap()); // CGSuite's own test
//! ```

use std::fmt;

use super::grid::position_error;
use crate::partizan::{Error, PartizanRules};
use crate::vocab::outcome::Player;

/// The most characters a row may have.
pub const MAX_TOPPLING_DOMINOES: usize = 256;

const CHARMAP: &[u8] = b".lre";
const BLANK: u8 = 0;
const GREY: u8 = 3;

/// The rules of Toppling Dominoes.
#[derive(Clone, Copy, Debug, Default)]
pub struct TopplingDominoes;

/// A row of dominoes: printed `toppling_dominoes("lrle")`.
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct DominoRow(Vec<u8>);

/// Parses a row of dominoes (see the module documentation for the syntax).
pub fn toppling_dominoes(text: &str) -> Result<DominoRow, Error> {
    const ACCEPTED: &str = "'l' (blue, Left), 'r' (red, Right), 'e' (grey, either) and '.' (empty), at most 256 characters, e.g. \"lrle\"";
    let mut row = Vec::new();
    for (i, c) in text.char_indices() {
        if row.len() >= MAX_TOPPLING_DOMINOES {
            return Err(position_error(
                "toppling_dominoes",
                text,
                i,
                "more than 256 characters",
                ACCEPTED,
            ));
        }
        let code = CHARMAP
            .iter()
            .position(|&m| char::from(m) == c.to_ascii_lowercase())
            .ok_or_else(|| {
                position_error(
                    "toppling_dominoes",
                    text,
                    i,
                    format!("unexpected {c:?}"),
                    ACCEPTED,
                )
            })?;
        row.push(code as u8);
    }
    Ok(DominoRow(row))
}

impl DominoRow {
    /// The row as codes: 0 empty, 1 blue, 2 red, 3 grey.
    pub fn codes(&self) -> &[u8] {
        &self.0
    }
}

impl fmt::Display for DominoRow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s: String = self
            .0
            .iter()
            .map(|&c| char::from(CHARMAP[usize::from(c)]))
            .collect();
        write!(f, "toppling_dominoes(\"{s}\")")
    }
}

impl PartizanRules for TopplingDominoes {
    type Position = DominoRow;

    fn options(&self, p: &DominoRow, player: Player, out: &mut Vec<DominoRow>) {
        let mine = match player {
            Player::Left => 1,
            Player::Right => 2,
        };
        for (i, &c) in p.0.iter().enumerate() {
            if c == mine || c == GREY {
                out.push(DominoRow(p.0[i + 1..].to_vec())); // toppled leftward
                out.push(DominoRow(p.0[..i].to_vec())); // toppled rightward
            }
        }
    }

    /// Empty places dropped (toppling passes over them), then the row or
    /// its mirror image, whichever is less: toppling left and right swap.
    fn normalise(&self, p: &DominoRow) -> DominoRow {
        let row: Vec<u8> = p.0.iter().copied().filter(|&c| c != BLANK).collect();
        let mirror: Vec<u8> = row.iter().rev().copied().collect();
        DominoRow(row.min(mirror))
    }
}

/// The declaration of `toppling_dominoes`.
pub static SPEC: crate::component::spec::GameSpec = crate::component::spec::GameSpec {
    name: "toppling_dominoes",
    kind: crate::component::spec::GameKind::Partizan,
    summary: "Toppling Dominoes: topple one of yours left or right, with all beyond it (l Left, r Right, e grey)",
    example: "toppling_dominoes(\"lrle\")",
    build: |call| super::partizan_rules::string_position::<TopplingDominoes>(call, &SPEC, toppling_dominoes, None),
    ruleset: None,
    says: Some(says),
    picture: crate::component::spec::Picture::Grid {
        cells: &[
            crate::component::spec::Cell {
                ch: '.',
                look: crate::component::spec::Look::Empty,
                name: "no domino",
            },
            crate::component::spec::Cell {
                ch: 'l',
                look: crate::component::spec::Look::Left,
                name: "Left's domino",
            },
            crate::component::spec::Cell {
                ch: 'r',
                look: crate::component::spec::Look::Right,
                name: "Right's domino",
            },
            crate::component::spec::Cell {
                ch: 'e',
                look: crate::component::spec::Look::Neutral,
                name: "grey domino (either)",
            },
        ],
        rows: false,
        style: crate::component::spec::GridStyle::Cells,
    },
};

/// "topple the blue domino 3 to the left; 2 fall with it": the domino
/// pushed (counted from 1 at the left), which way, and how many of the
/// dominoes (and gaps) on that side go with it.
fn says(
    before: &crate::component::Component,
    after: &crate::component::Component,
    mover: Option<Player>,
) -> Option<String> {
    use super::partizan_rules::position_of;
    let (b, a) = (
        position_of::<TopplingDominoes>(before)?,
        position_of::<TopplingDominoes>(after)?,
    );
    let mine = match mover? {
        Player::Left => 1,
        Player::Right => 2,
    };
    let row = &b.0;
    let n = row.len();
    let (i, way, fall) = (0..n)
        .filter(|&i| row[i] == mine || row[i] == GREY)
        .find_map(|i| {
            if row[i + 1..] == a.0[..] {
                Some((i, "left", row[..i].iter().filter(|&&c| c != BLANK).count()))
            } else if row[..i] == a.0[..] {
                Some((
                    i,
                    "right",
                    row[i + 1..].iter().filter(|&&c| c != BLANK).count(),
                ))
            } else {
                None
            }
        })?;
    let colour = match row[i] {
        1 => "blue",
        2 => "red",
        _ => "grey",
    };
    let with = match fall {
        0 => String::new(),
        1 => "; 1 falls with it".into(),
        k => format!("; {k} fall with it"),
    };
    Some(format!(
        "topple the {colour} domino {} to the {way}{with}",
        i + 1
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_and_printing() {
        let p = toppling_dominoes("lRe").unwrap();
        assert_eq!(p.to_string(), "toppling_dominoes(\"lre\")");
        let mut out = Vec::new();
        TopplingDominoes.options(&p, Player::Left, &mut out);
        let shown: Vec<String> = out.iter().map(|o| o.to_string()).collect();
        assert_eq!(
            shown,
            [
                "toppling_dominoes(\"re\")",
                "toppling_dominoes(\"\")",
                "toppling_dominoes(\"\")",
                "toppling_dominoes(\"lr\")"
            ]
        );
    }

    #[test]
    fn blanks_and_mirrors_share_a_key() {
        let n = |s| TopplingDominoes.normalise(&toppling_dominoes(s).unwrap());
        assert_eq!(n("l.r"), n("rl"));
    }

    #[test]
    fn bad_input_says_what_is_accepted() {
        let e = toppling_dominoes("lxr").unwrap_err().to_string();
        assert!(
            e.contains("unexpected 'x'") && e.contains("'e' (grey"),
            "{e}"
        );
        let long = "l".repeat(300);
        assert!(toppling_dominoes(&long)
            .unwrap_err()
            .to_string()
            .contains("more than 256"));
    }
}
