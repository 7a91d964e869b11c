//! Toads and Frogs with longer slides and jumps, as CGSuite's
//! `game.strip.GenToadsAndFrogs`, and Elephants and Rhinos, its instance
//! with no jumps (CGSuite's `ElephantsAndRhinos`).
//!
//! Expression syntax: `gen_toads_frogs[J]("tttt..fff")`,
//! `gen_toads_frogs[J,S]("…")` or `gen_toads_frogs[J,S,friendly]("…")`, and
//! `elephants_rhinos("tttt..fff")`. A row holds `t` (a toad, Left's), `f`
//! (a frog, Right's) and `.` (empty), at most [`MAX_GEN_TOADS_FROGS_CELLS`]
//! cells. Toads move right and frogs left. A piece slides 1 to `S` cells
//! (CGSuite's `maxSlide`, default 1) across empty cells, or jumps over 1 to
//! `J` adjacent enemy pieces (`maxJump`; 0 forbids jumps) into the empty
//! cell just beyond them; with `friendly` (`allowFriendlyJump`) the pieces
//! jumped may be its own too. Elephants and Rhinos is `J = 0`, `S = 1`.
//! CGSuite's backsliding (`minSlide` below 1) makes the game loopy and is
//! not read.
//!
//! ```
//! use grundy::games::gen_toads_frogs::{gen_toads_frogs, GenToadsFrogs};
//! use grundy::partizan::{CanonicalSolver, Game};
//! let row = gen_toads_frogs(2, 1, false, "tttt..fff").unwrap();
//! let v = CanonicalSolver::new(GenToadsFrogs).value(&row).unwrap();
//! assert_eq!(v, Game::parse("{1/2*|v}").unwrap()); // CGSuite's own test
//! ```

use std::fmt;

use super::grid::position_error;
use crate::component::spec::{item_span, Call, Cell, GameKind, GameSpec, Look, Picture};
use crate::component::Component;
use crate::component::ExprError;
use crate::language::syntax::{Arg, Item};
use crate::partizan::{Error, PartizanRules, Sign};
use crate::vocab::outcome::Player;

/// The most cells a row may have.
pub const MAX_GEN_TOADS_FROGS_CELLS: usize = 120;

const EMPTY: u8 = 0;
const TOAD: u8 = 1;
const FROG: u8 = 2;
const ACCEPTED: &str = "'t' (toad, Left), 'f' (frog, Right) and '.' (empty), at most 120 cells";

/// The rules of generalised Toads and Frogs (each row carries its
/// parameters).
#[derive(Clone, Copy, Debug, Default)]
pub struct GenToadsFrogs;

/// A row with its rules: printed `gen_toads_frogs[2]("tttt..fff")` or
/// `elephants_rhinos("tt..f")`.
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct GenRow {
    max_jump: u8,
    max_slide: u8,
    friendly: bool,
    /// Printed as `elephants_rhinos` (jumps 0, slides 1, not friendly).
    elephants: bool,
    cells: Box<[u8]>,
}

/// Parses a row of generalised Toads and Frogs with these parameters
/// (`max_slide` at least 1; both at most 120).
pub fn gen_toads_frogs(
    max_jump: u8,
    max_slide: u8,
    friendly: bool,
    text: &str,
) -> Result<GenRow, Error> {
    let cells = parse_cells("gen_toads_frogs", text)?;
    if max_slide == 0 || max_slide as usize > MAX_GEN_TOADS_FROGS_CELLS {
        return Err(position_error(
            "gen_toads_frogs",
            text,
            0,
            format!("a slide of at most {max_slide} cells"),
            "slides from 1 to 120 cells",
        ));
    }
    Ok(GenRow {
        max_jump: max_jump.min(MAX_GEN_TOADS_FROGS_CELLS as u8),
        max_slide,
        friendly,
        elephants: false,
        cells,
    })
}

/// Parses a row of Elephants and Rhinos.
pub fn elephants_rhinos(text: &str) -> Result<GenRow, Error> {
    Ok(GenRow {
        max_jump: 0,
        max_slide: 1,
        friendly: false,
        elephants: true,
        cells: parse_cells("elephants_rhinos", text)?,
    })
}

fn parse_cells(game: &'static str, text: &str) -> Result<Box<[u8]>, Error> {
    let mut cells = Vec::new();
    for (n, (i, c)) in text.char_indices().enumerate() {
        let bad = |reason: String| position_error(game, text, i, reason, ACCEPTED);
        if n >= MAX_GEN_TOADS_FROGS_CELLS {
            return Err(bad(format!("more than {MAX_GEN_TOADS_FROGS_CELLS} cells")));
        }
        cells.push(match c {
            '.' => EMPTY,
            't' | 'T' => TOAD,
            'f' | 'F' => FROG,
            _ => return Err(bad(format!("unexpected {c:?}"))),
        });
    }
    Ok(cells.into_boxed_slice())
}

impl GenRow {
    fn with_cells(&self, cells: Box<[u8]>) -> GenRow {
        GenRow {
            cells,
            ..self.clone()
        }
    }

    /// The row read backwards with toads and frogs exchanged: the same
    /// game with Left and Right exchanged.
    fn mirrored(&self) -> GenRow {
        let cells = self
            .cells
            .iter()
            .rev()
            .map(|&c| match c {
                TOAD => FROG,
                FROG => TOAD,
                _ => EMPTY,
            })
            .collect();
        self.with_cells(cells)
    }

    fn get(&self, i: isize) -> Option<u8> {
        usize::try_from(i)
            .ok()
            .and_then(|i| self.cells.get(i).copied())
    }
}

impl fmt::Display for GenRow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.elephants {
            f.write_str("elephants_rhinos(\"")?;
        } else {
            write!(f, "gen_toads_frogs[{}", self.max_jump)?;
            if self.max_slide != 1 || self.friendly {
                write!(f, ",{}", self.max_slide)?;
            }
            if self.friendly {
                f.write_str(",friendly")?;
            }
            f.write_str("](\"")?;
        }
        for &c in self.cells.iter() {
            f.write_str(match c {
                TOAD => "t",
                FROG => "f",
                _ => ".",
            })?;
        }
        f.write_str("\")")
    }
}

impl PartizanRules for GenToadsFrogs {
    type Position = GenRow;

    /// CGSuite's options, in its order: each piece's slides, then its
    /// jumps. A jump over `k` pieces needs the `k` cells ahead all to be
    /// pieces it may jump and the next cell empty.
    fn options(&self, p: &GenRow, player: Player, out: &mut Vec<GenRow>) {
        let (us, them, step) = match player {
            Player::Left => (TOAD, FROG, 1isize),
            Player::Right => (FROG, TOAD, -1isize),
        };
        let moved = |from: usize, to: isize| {
            let mut cells = p.cells.clone();
            cells[from] = EMPTY;
            cells[to as usize] = us;
            p.with_cells(cells)
        };
        for (n, &c) in p.cells.iter().enumerate() {
            if c != us {
                continue;
            }
            let at = |k: isize| p.get(n as isize + k * step);
            for k in 1..=isize::from(p.max_slide) {
                if at(k) != Some(EMPTY) {
                    break;
                }
                out.push(moved(n, n as isize + k * step));
            }
            for k in 1..=isize::from(p.max_jump) {
                let over = at(k);
                if !(over == Some(them) || (p.friendly && over == Some(us))) {
                    break;
                }
                if at(k + 1) == Some(EMPTY) {
                    out.push(moved(n, n as isize + (k + 1) * step));
                }
            }
        }
    }

    /// Without jumps, a toad with a frog just ahead of it can never move
    /// again, nor that frog: nothing crosses the pair, and the row falls
    /// apart there into independent summands.
    fn split(&self, p: &GenRow, parts: &mut Vec<GenRow>) {
        if p.max_jump > 0 {
            return;
        }
        let mut start = 0;
        let mut cuts = Vec::new();
        for i in 0..p.cells.len().saturating_sub(1) {
            if p.cells[i] == TOAD && p.cells[i + 1] == FROG {
                cuts.push(p.with_cells(p.cells[start..=i].into()));
                start = i + 1;
            }
        }
        if !cuts.is_empty() {
            parts.extend(cuts);
            parts.push(p.with_cells(p.cells[start..].into()));
        }
    }

    /// Frogs at the left end and toads at the right end can never move nor
    /// be jumped into a cell, so they are dropped.
    fn normalise(&self, p: &GenRow) -> GenRow {
        let cells = &p.cells;
        let start = cells.iter().take_while(|&&c| c == FROG).count();
        let end = cells.len()
            - cells[start..]
                .iter()
                .rev()
                .take_while(|&&c| c == TOAD)
                .count();
        p.with_cells(cells[start..end].into())
    }

    /// A row and its mirror image (read backwards, toads and frogs
    /// exchanged) share a key, negated.
    fn symmetric_key(&self, p: &GenRow) -> (GenRow, Sign) {
        let same = self.normalise(p);
        let negated = same.mirrored();
        if negated < same {
            (negated, Sign::Negated)
        } else {
            (same, Sign::Same)
        }
    }
}

const CELLS: &[Cell] = &[
    Cell {
        ch: '.',
        look: Look::Empty,
        name: "free",
    },
    Cell {
        ch: 't',
        look: Look::Left,
        name: "toad (Left)",
    },
    Cell {
        ch: 'f',
        look: Look::Right,
        name: "frog (Right)",
    },
];

const USAGE: &str = "write gen_toads_frogs[2](\"tttt..fff\"): in brackets the longest jump (0 to 120 pieces), then optionally the longest slide (1 to 120 cells) and the word friendly";

/// The declaration of `gen_toads_frogs`.
pub static SPEC: GameSpec = GameSpec {
    name: "gen_toads_frogs",
    kind: GameKind::Partizan,
    summary: "Toads and Frogs with longer jumps and slides: gen_toads_frogs[jump,slide,friendly](\"tt..ff\")",
    example: "gen_toads_frogs[2](\"tttt..fff\")",
    build,
    ruleset: None,
    says: Some(says),
    picture: Picture::Grid {
        cells: CELLS,
        rows: false,
        style: crate::component::spec::GridStyle::Cells,
    },
};

/// The declaration of `elephants_rhinos`.
pub static ELEPHANTS_RHINOS: GameSpec = GameSpec {
    name: "elephants_rhinos",
    kind: GameKind::Partizan,
    summary: "Elephants and Rhinos: toads (elephants) step right for Left, frogs (rhinos) left for Right; no jumps",
    example: "elephants_rhinos(\"tttt..fff\")",
    build: |call| super::partizan_rules::string_position::<GenToadsFrogs>(call, &ELEPHANTS_RHINOS, elephants_rhinos, None),
    ruleset: None,
    says: Some(says),
    picture: Picture::Grid {
        cells: CELLS,
        rows: false,
        style: crate::component::spec::GridStyle::Cells,
    },
};

fn build(call: &Call<'_>) -> Result<Component, ExprError> {
    let Some([group]) = call.params() else {
        return Err(call.error(
            call.name_span(),
            "gen_toads_frogs needs its rules in one pair of brackets",
            USAGE,
        ));
    };
    let number = |item: &Item, least: u64, what: &str| -> Result<u8, ExprError> {
        match item {
            Item::Number(t, span) => match t.parse::<u64>() {
                Ok(k) if (least..=120).contains(&k) => Ok(k as u8),
                _ => Err(call.error(*span, format!("'{t}' is not {what}"), USAGE)),
            },
            other => Err(call.error(item_span(other), format!("expected {what}"), USAGE)),
        }
    };
    let mut items = group.as_slice();
    let friendly = matches!(items.last(), Some(Item::Word(w, _)) if w == "friendly");
    if friendly {
        items = &items[..items.len() - 1];
    }
    let (max_jump, max_slide) = match items {
        [j] => (number(j, 0, "a jump length from 0 to 120")?, 1),
        [j, s] => (
            number(j, 0, "a jump length from 0 to 120")?,
            number(s, 1, "a slide length from 1 to 120")?,
        ),
        _ => {
            return Err(call.error(
                call.name_span(),
                "expected one or two numbers in [...]",
                USAGE,
            ))
        }
    };
    let (text, at) = match call.args() {
        Some([Arg::Str(s, span)]) => (s.as_str(), span.start + 1),
        _ => {
            return Err(call.error(
                call.span(),
                "gen_toads_frogs takes one row in quotes",
                USAGE,
            ))
        }
    };
    let row = gen_toads_frogs(max_jump, max_slide, friendly, text).map_err(|e| {
        crate::component::spec::partizan_error(
            at,
            e,
            "a row written as in gen_toads_frogs[2](\"tttt..fff\")",
        )
    })?;
    Ok(super::partizan_rules::RulesPosition::<GenToadsFrogs>::component(&SPEC, None, row))
}

/// "toad 1 slides to 3", "frog 6 jumps over 2 pieces to 3": the creature
/// moved, by its cell (counted from 1 at the left), and where it lands.
fn says(before: &Component, after: &Component, _: Option<Player>) -> Option<String> {
    use super::partizan_rules::position_of;
    let (b, a) = (
        position_of::<GenToadsFrogs>(before)?,
        position_of::<GenToadsFrogs>(after)?,
    );
    let (from, to) = super::words::piece_moved(&b.cells, &a.cells, EMPTY)?;
    let who = match b.cells[from] {
        TOAD => "toad",
        FROG => "frog",
        _ => return None,
    };
    let (lo, hi) = (from.min(to), from.max(to));
    let between = &b.cells[lo + 1..hi];
    Some(if between.iter().all(|&c| c == EMPTY) {
        format!("{who} {} slides to {}", from + 1, to + 1)
    } else {
        let over = match between {
            [TOAD] => "the toad".to_string(),
            [FROG] => "the frog".to_string(),
            _ => super::words::count(between.len() as u64, "piece"),
        };
        format!("{who} {} jumps over {over} to {}", from + 1, to + 1)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(p: &GenRow, player: Player) -> Vec<String> {
        let mut out = Vec::new();
        GenToadsFrogs.options(p, player, &mut out);
        out.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn slides_and_jumps() {
        let p = gen_toads_frogs(2, 2, false, "t..ff.").unwrap();
        assert_eq!(
            shown(&p, Player::Left),
            [
                "gen_toads_frogs[2,2](\".t.ff.\")",
                "gen_toads_frogs[2,2](\"..tff.\")"
            ]
        );
        let p = gen_toads_frogs(2, 1, false, "tff.").unwrap();
        assert_eq!(shown(&p, Player::Left), ["gen_toads_frogs[2](\".fft\")"]);
        let p = gen_toads_frogs(1, 1, true, "ttf.").unwrap();
        assert_eq!(
            shown(&p, Player::Left),
            ["gen_toads_frogs[1,1,friendly](\"t.ft\")"]
        );
        let p = elephants_rhinos("t.tf").unwrap();
        assert_eq!(shown(&p, Player::Left), ["elephants_rhinos(\".ttf\")"]);
        assert!(shown(&p, Player::Right).is_empty());
    }

    #[test]
    fn elephants_split_where_a_toad_meets_a_frog() {
        let p = elephants_rhinos("t.tf.f").unwrap();
        let mut parts = Vec::new();
        GenToadsFrogs.split(&p, &mut parts);
        let shown: Vec<String> = parts.iter().map(ToString::to_string).collect();
        assert_eq!(
            shown,
            ["elephants_rhinos(\"t.t\")", "elephants_rhinos(\"f.f\")"]
        );
    }

    #[test]
    fn bad_input_says_what_is_accepted() {
        let e = elephants_rhinos("tx").unwrap_err().to_string();
        assert!(
            e.contains("unexpected 'x'") && e.contains("'t' (toad"),
            "{e}"
        );
        let e = gen_toads_frogs(1, 1, false, &".".repeat(121))
            .unwrap_err()
            .to_string();
        assert!(e.contains("more than 120 cells"), "{e}");
        assert!(gen_toads_frogs(1, 0, false, "t.f").is_err());
    }
}
