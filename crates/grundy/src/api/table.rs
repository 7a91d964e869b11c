//! `table`: the Grundy values of a piece (or a scripted game on two
//! integers) on a square of the board, or the canonical forms of a family
//! of positions written with `x` and `y` (`cutcake(x,y)`), and what holds
//! on it.

use std::fmt;

use serde::Serialize;

use super::forms::{form_table, FormTable};
use super::{Error, Session};
use crate::board::TablePattern;
use crate::language::expr::Ruleset;
use crate::language::template::{Template, TemplateError};

/// The answer of `table`: Grundy values, or a family's canonical forms.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum TableAnswer {
    /// A piece's or a scripted game's Grundy values.
    Grundy(GrundyTable),
    /// A family of positions in `x` and `y`: canonical forms and outcomes.
    Forms(FormTable),
}

/// The Grundy values of a piece or a scripted game on two integers.
#[derive(Clone, Debug, Serialize)]
pub struct GrundyTable {
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

/// The `size`×`size` table of `ruleset` (rows x, columns y, from 0): a
/// piece, a scripted game on two integers, or a position written with the
/// variables `x` and `y` (a game's bare name stands for `name(x,y)`).
pub fn table(session: &Session, ruleset: &str, size: u64) -> Result<TableAnswer, Error> {
    if size == 0 {
        return Err(Error::input(
            "--size must be at least 1 (the table has --size rows and columns)",
        ));
    }
    let read = match crate::language::expr::parse_ruleset_in(ruleset, &session.registry) {
        Ok(read) => read,
        Err(e) => {
            return match Template::read(ruleset, &["x", "y"], &session.registry) {
                Ok(family) => {
                    let mut t = session
                        .in_notation(|| form_table(session, &family, size))
                        .map_err(|f| match ruleset.contains('(') {
                            true => f,
                            false => super::forms::bare_name_error(Error::parse(ruleset, &e), f),
                        })?;
                    Ok(match t.nimbers.take() {
                        // An impartial family: its Grundy values, with the
                        // patterns found on tables of Grundy values.
                        Some(rows) => TableAnswer::Grundy(GrundyTable {
                            patterns: crate::board::find_table_patterns(&rows).unwrap_or_default(),
                            ruleset: t.template,
                            values: rows,
                            script: None,
                        }),
                        None => TableAnswer::Forms(t),
                    })
                }
                Err(TemplateError::NoVariable) if !ruleset.contains('(') => {
                    Err(Error::parse(ruleset, &e))
                }
                Err(TemplateError::NoVariable) => Err(Error::input(format!(
                    "{ruleset} is one position: a table ranges over the variables x and y \
                     standing for numbers, like cutcake(x,y) or nim(x,y) + kayles(3)"
                ))),
                Err(TemplateError::Syntax(_)) => Err(Error::parse(ruleset, &e)),
            };
        }
    };
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
    Ok(TableAnswer::Grundy(GrundyTable {
        ruleset: name,
        values: rows,
        patterns,
        script,
    }))
}

/// The text `grundy table` prints.
impl fmt::Display for TableAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableAnswer::Grundy(t) => t.fmt(f),
            TableAnswer::Forms(t) => t.fmt(f),
        }
    }
}

/// The text `grundy table` prints: the rows, then what holds on them.
impl fmt::Display for GrundyTable {
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
