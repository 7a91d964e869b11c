//! Reading and comparing values written in CGSuite notation.

use super::game::Game;
use super::{Comparison, Error};

/// Parses a whole CGSuite-notation text such as `{3||2*|1*} + ^`.
pub fn parse_value(text: &str) -> Result<Game, Error> {
    Game::parse(text)
}

/// Compares two values: prints as `<`, `>`, `=` or `<>` (confused).
pub fn compare(g: Game, h: Game) -> Comparison {
    g.compare(h)
}
