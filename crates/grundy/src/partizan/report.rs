//! The report on a partizan sum that the CLI prints.

use super::game::Game;
use super::{Comparison, Error};

/// What `grundy` reports for a sum.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Report {
    /// The canonical value in CGSuite notation.
    pub value: String,
    /// `"L"`, `"R"`, `"N"` or `"P"`.
    pub outcome: String,
    /// Left's winning moves (Left moving first), each written as the whole
    /// resulting sum in input syntax.
    pub left_moves: Vec<String>,
    /// Right's winning moves.
    pub right_moves: Vec<String>,
    /// Birthday of the canonical form.
    pub birthday: u64,
    /// Left stop, e.g. `"9/4"`.
    pub left_stop: String,
    /// Right stop.
    pub right_stop: String,
    /// Mean value.
    pub mean: String,
    /// Temperature (negative for numbers).
    pub temperature: String,
    /// `"*n"` (or `"0"`) when the value is a nimber.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nimber: Option<String>,
}

/// Parses a whole CGSuite-notation text such as `{3||2*|1*} + ^`.
pub fn parse_value(text: &str) -> Result<Game, Error> {
    Game::parse(text)
}

/// Compares two values: prints as `<`, `>`, `=` or `<>` (confused).
pub fn compare(g: Game, h: Game) -> Comparison {
    g.compare(h)
}
