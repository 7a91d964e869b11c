//! Playing: the move perfect play makes from a position, and each
//! component of a sum answered alone — what the page asks while a game is
//! played (`/api/move`, `/api/components`) and what a notebook asks to
//! play against perfect play.

use std::fmt;

use serde::Serialize;

use super::{Error, PositionAnswer, Session};
use crate::api::ReadText;
use crate::language::expr::{parse_any_in, GameExpr};
use crate::vocab::outcome::Player;

/// The move perfect play makes.
#[derive(Clone, Debug, Serialize)]
pub struct MoveAnswer {
    /// The position moved from, as read.
    pub game: String,
    /// Who moves: `left`, `right`, or none for an impartial game.
    pub player: Option<&'static str>,
    /// The position after the move; none when the mover has no move.
    #[serde(rename = "move")]
    pub chosen: Option<String>,
    /// The move in the player's words ("take 4 from heap 2").
    pub says: Option<String>,
    /// Whether the move wins against any reply.
    pub wins: bool,
    /// Why this move, in words.
    pub why: String,
}

impl fmt::Display for MoveAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.chosen {
            Some(m) => writeln!(f, "{m}")?,
            None => writeln!(f, "no move")?,
        }
        write!(f, "{}", self.why)
    }
}

/// The move perfect play makes from `text` for `player` (required for a
/// partizan game, ignored for an impartial one): a winning move when there
/// is one, else the one that lasts longest.
pub fn perfect_move(
    session: &Session,
    text: &str,
    player: Option<Player>,
) -> Result<MoveAnswer, Error> {
    session.in_notation(|| {
        let game = parse_any_in(text, &session.registry).map_err(|e| Error::parse(text, &e))?;
        let choice = session
            .engine()
            .perfect_move(&game, player)
            .map_err(|e| Error::eval(text, e))?;
        Ok(MoveAnswer {
            game: choice.game.to_string(),
            player: choice.player.map(Player::name),
            chosen: choice.chosen.as_ref().map(ToString::to_string),
            says: choice
                .chosen
                .as_ref()
                .map(|to| super::move_says(&game, to, choice.player)),
            wins: choice.wins,
            why: choice.why,
        })
    })
}

/// One component of a sum, answered alone.
#[derive(Clone, Debug, Serialize)]
pub struct ComponentAnswer {
    /// The component as written.
    pub game: String,
    /// Its answer, as `value` gives it.
    pub answer: PositionAnswer,
}

/// Each component of a sum answered alone.
#[derive(Clone, Debug, Serialize)]
pub struct ComponentsAnswer {
    /// The sum, as read.
    pub game: String,
    /// Its components in the order written.
    pub components: Vec<ComponentAnswer>,
}

impl fmt::Display for ComponentsAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.game)?;
        for c in &self.components {
            write!(f, "\n{}", c.answer)?;
        }
        Ok(())
    }
}

/// Each component of the sum `text` answered alone (under the sum's play
/// rule), so that a player sees what each part is worth.
pub fn components(session: &Session, text: &str) -> Result<ComponentsAnswer, Error> {
    session.in_notation(|| {
        let game = parse_any_in(text, &session.registry).map_err(|e| Error::parse(text, &e))?;
        let (parts, misere) = match &game {
            GameExpr::Sum(c) => (c, false),
            GameExpr::Misere(c) => (c, true),
            GameExpr::Compound { .. } => {
                return Err(Error::input(format!(
                    "{text} is a compound, not a sum: its components are the parts you wrote"
                )))
            }
        };
        let mut engine = session.engine();
        let mut components = Vec::with_capacity(parts.len());
        for c in parts {
            let part = if misere {
                format!("misere({c})")
            } else {
                c.to_string()
            };
            let analysis = engine.analyse(&part).map_err(|e| Error::eval(&part, e))?;
            components.push(ComponentAnswer {
                game: c.to_string(),
                answer: PositionAnswer::new(analysis),
            });
        }
        Ok(ComponentsAnswer {
            game: game.to_string(),
            components,
        })
    })
}
