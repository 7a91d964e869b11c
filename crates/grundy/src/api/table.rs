//! `table`: the Grundy values of a piece (or a scripted game on two
//! integers) on a square of the board, and what holds on it.

use std::fmt;

use serde::Serialize;

use super::{Error, Session};
use crate::board::TablePattern;
use crate::language::expr::Ruleset;

/// The answer of `table`.
#[derive(Clone, Debug, Serialize)]
pub struct TableAnswer {
    /// What holds on the table (periodic rows, P-positions on lines,
    /// Beatty pairs, nim-sums of coordinate functions): seen on its range,
    /// not proved.
    pub patterns: Vec<TablePattern>,
    /// The ruleset's name.
    pub ruleset: String,
    /// The file a scripted game comes from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub script: Option<String>,
    /// `values[x][y]`: the Grundy value of the square (x, y).
    pub values: Vec<Vec<u64>>,
}

/// The `size`×`size` table of `ruleset` (rows x, columns y, from 0).
pub fn table(session: &Session, ruleset: &str, size: u64) -> Result<TableAnswer, Error> {
    let read = crate::language::expr::parse_ruleset_in(ruleset, &session.registry)
        .map_err(|e| Error::parse(ruleset, &e))?;
    if size == 0 {
        return Err(Error::input(
            "--size must be at least 1 (the table has --size rows and columns)",
        ));
    }
    let (name, script, rows) = match read {
        Ruleset::Board(piece) => {
            if let Some(n) = piece.board() {
                if size > n {
                    return Err(Error::input(format!(
                        "--size {size} is larger than the {n}×{n} board of {piece}; give --size \
                         {n} or less"
                    )));
                }
            }
            let mut engine = session.engine();
            let t = engine
                .board_table(&piece, size)
                .map_err(|e| Error::eval(ruleset, e))?;
            let rows = (0..size)
                .map(|x| {
                    t.row(x)[..size as usize]
                        .iter()
                        .map(|&v| u64::from(v))
                        .collect()
                })
                .collect();
            (piece.name().to_string(), None, rows)
        }
        Ruleset::Script(game) => {
            let rows = game
                .table(size, size, &session.budget())
                .map_err(|e| Error::eval(ruleset, e))?;
            (game.name().to_string(), Some(game.path().to_string()), rows)
        }
        Ruleset::Heap(h) => {
            return Err(Error::input(format!(
                "{} is a heap ruleset: print its values with `grundy seq '{}' --to N`",
                h.name, h.name
            )))
        }
    };
    // Rows are all of one length, so the finder cannot refuse them.
    let patterns = crate::board::find_table_patterns(&rows).unwrap_or_default();
    Ok(TableAnswer {
        ruleset: name,
        values: rows,
        patterns,
        script,
    })
}

/// The text `grundy table` prints: the rows, then what holds on them.
impl fmt::Display for TableAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = self
            .values
            .iter()
            .flat_map(|r| r.iter())
            .max()
            .map_or(1, |m| m.to_string().len());
        for r in &self.values {
            let cells: Vec<String> = r.iter().map(|v| format!("{v:>width$}")).collect();
            writeln!(f, "{}", cells.join(" "))?;
        }
        if !self.patterns.is_empty() {
            writeln!(f, "seen on the table (not proved):")?;
            for p in &self.patterns {
                writeln!(f, "  {p}")?;
            }
        }
        Ok(())
    }
}
