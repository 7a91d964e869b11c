//! Backsliding Toads and Frogs (Winning Ways ch. 22; CGSuite's
//! `game.strip.BackslidingToadsAndFrogs`): Toads and Frogs where a piece
//! may also slide one space back into an empty square, so play can
//! return to a position and the game is loopy. Left's toads (`t`) move
//! right, Right's frogs (`f`) left: a slide one space forward or back
//! into an empty square (`.`), or a jump forward over one enemy piece
//! into the empty square beyond.
//!
//! Written `backsliding_toads_frogs("ttt..fff")`. The position's value is
//! a loopy value ([`crate::loopy`]): CGSuite gives `ttt..fff` the sides
//! `{on||0|-1/2} & {1/2|0||off}`.

use super::loopy_rules::LoopyPosition;
use crate::component::spec::{Call, Cell, GameKind, GameSpec, Look, Picture};
use crate::component::Component;
use crate::component::ExprError;
use crate::loopy::{LoopyGame, LoopyRules};
use crate::vocab::budget::Budget;
use crate::vocab::limits::LimitError;

/// The declaration of `backsliding_toads_frogs`.
pub static SPEC: GameSpec = GameSpec {
    name: "backsliding_toads_frogs",
    kind: GameKind::Partizan,
    summary:
        "Backsliding Toads and Frogs: Toads and Frogs where a piece may also slide back (loopy)",
    example: "backsliding_toads_frogs(\"tt..ff\")",
    build,
    ruleset: None,
    picture: Picture::Grid {
        cells: &[
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
        ],
        rows: false,
        style: crate::component::spec::GridStyle::Cells,
    },
    says: Some(says),
};

fn build(call: &Call<'_>) -> Result<Component, ExprError> {
    let (text, at) = call.string(SPEC.example)?;
    let row = Row::parse(text).map_err(|problem| ExprError::Invalid {
        at,
        problem,
        accepted: format!("a row written as in {}", SPEC.example),
    })?;
    Ok(LoopyPosition::component(
        &SPEC,
        SPEC.name,
        BackslidingToadsFrogs,
        row,
    ))
}

/// The longest row accepted (a row is a `u64` pair of bit masks).
pub const MAX_CELLS: usize = 64;

/// A row: bit `i` of `toads` / `frogs` is a piece on square `i`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Row {
    toads: u64,
    frogs: u64,
    len: u32,
}

impl Row {
    /// Reads `t`, `f` and `.` (CGSuite's also `T`, `F`); the error names
    /// the first other character and where it is.
    pub fn parse(text: &str) -> Result<Row, String> {
        if text.chars().count() > MAX_CELLS {
            return Err(format!(
                "a row of {} squares: at most {MAX_CELLS} are accepted",
                text.chars().count()
            ));
        }
        let mut row = Row {
            toads: 0,
            frogs: 0,
            len: 0,
        };
        for (i, c) in text.chars().enumerate() {
            match c {
                't' | 'T' => row.toads |= 1 << i,
                'f' | 'F' => row.frogs |= 1 << i,
                '.' => {}
                _ => {
                    return Err(format!(
                    "square {i} is {c:?}: a row is written with t (toad), f (frog) and . (empty)"
                ))
                }
            }
            row.len += 1;
        }
        Ok(row)
    }

    fn empty(&self, i: i64) -> bool {
        (0..self.len as i64).contains(&i) && (self.toads | self.frogs) >> i & 1 == 0
    }
}

impl std::fmt::Display for Row {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for i in 0..self.len {
            let c = if self.toads >> i & 1 == 1 {
                't'
            } else if self.frogs >> i & 1 == 1 {
                'f'
            } else {
                '.'
            };
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

/// The rules (one slide either way, one jump forward).
pub struct BackslidingToadsFrogs;

impl LoopyRules for BackslidingToadsFrogs {
    type Position = Row;

    fn moves(&self, row: &Row, left: bool, out: &mut Vec<Row>) {
        let (ours, theirs, dir) = if left {
            (row.toads, row.frogs, 1i64)
        } else {
            (row.frogs, row.toads, -1i64)
        };
        for i in 0..row.len as i64 {
            if ours >> i & 1 == 0 {
                continue;
            }
            let go = |to: i64| {
                let moved = (ours & !(1 << i)) | (1 << to);
                if left {
                    Row {
                        toads: moved,
                        ..*row
                    }
                } else {
                    Row {
                        frogs: moved,
                        ..*row
                    }
                }
            };
            for step in [dir, -dir] {
                if row.empty(i + step) {
                    out.push(go(i + step));
                }
            }
            let over = i + dir;
            if (0..row.len as i64).contains(&over)
                && theirs >> over & 1 == 1
                && row.empty(i + 2 * dir)
            {
                out.push(go(i + 2 * dir));
            }
        }
    }
}

/// The game graph of a row.
pub fn backsliding_toads_frogs(row: &str, budget: &Budget) -> Result<LoopyGame, BacksliderError> {
    let row = Row::parse(row).map_err(BacksliderError::Position)?;
    Ok(LoopyGame::from_rules(&BackslidingToadsFrogs, row, budget)?)
}

/// Why a row could not be made into a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BacksliderError {
    /// The text is not a row.
    #[error("invalid Backsliding Toads and Frogs row: {0}")]
    Position(String),
    /// A limit of the budget was hit.
    #[error(transparent)]
    Limit(#[from] LimitError),
}

/// "toad 1 slides to 2", "frog 5 slides back to 6", "toad 2 jumps over the
/// frog to 4": the creature moved, by its cell counted from 1 at the left.
fn says(
    before: &Component,
    after: &Component,
    _: Option<crate::vocab::outcome::Player>,
) -> Option<String> {
    use super::loopy_rules::loopy_position_of;
    let (b, a) = (
        loopy_position_of::<BackslidingToadsFrogs>(before)?,
        loopy_position_of::<BackslidingToadsFrogs>(after)?,
    );
    let (who, was, is, forward) = if b.toads != a.toads && b.frogs == a.frogs {
        ("toad", b.toads, a.toads, 1i64)
    } else if b.frogs != a.frogs && b.toads == a.toads {
        ("frog", b.frogs, a.frogs, -1i64)
    } else {
        return None;
    };
    let (from, to) = ((was & !is), (is & !was));
    (from.count_ones() == 1 && to.count_ones() == 1).then_some(())?;
    let (from, to) = (from.trailing_zeros() as i64, to.trailing_zeros() as i64);
    Some(match (to - from) * forward {
        1 => format!("{who} {} slides to {}", from + 1, to + 1),
        -1 => format!("{who} {} slides back to {}", from + 1, to + 1),
        2 => {
            let other = if who == "toad" { "frog" } else { "toad" };
            format!("{who} {} jumps over the {other} to {}", from + 1, to + 1)
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loopy::LoopyValue;

    #[test]
    fn cgsuite_values_of_small_rows() {
        let b = Budget::unlimited();
        // CGSuite 2.2, lib/core/src/test/scala/org/cgsuite/lang/GameStripTest.scala.
        let g = backsliding_toads_frogs("ttt..fff", &b).unwrap();
        let v = LoopyValue::of(&g, &b).unwrap();
        assert_eq!(v.to_string(), "{on||0|-1/2} & {1/2|0||off}");
    }

    #[test]
    fn moves_slide_both_ways_and_jump_forward() {
        let mut out = Vec::new();
        BackslidingToadsFrogs.moves(&Row::parse(".tf.").unwrap(), true, &mut out);
        let got: Vec<String> = out.iter().map(Row::to_string).collect();
        assert_eq!(got, vec!["t.f.", "..ft"]);
        out.clear();
        BackslidingToadsFrogs.moves(&Row::parse(".tf.").unwrap(), false, &mut out);
        let got: Vec<String> = out.iter().map(Row::to_string).collect();
        assert_eq!(got, vec![".t.f", "ft.."]);
        assert!(Row::parse("tx").unwrap_err().contains("square 1"));
    }
}
