//! Outcome classes and players.

use std::fmt;

/// One of the two players of a partizan game. In impartial games the names
/// only tell the players apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Player {
    /// Left (bLue in Hackenbush, vertical in Domineering).
    Left,
    /// Right (Red in Hackenbush, horizontal in Domineering).
    Right,
}

impl Player {
    /// The other player.
    pub fn opponent(self) -> Player {
        match self {
            Player::Left => Player::Right,
            Player::Right => Player::Left,
        }
    }

    /// How the player is written in answers and requests: `left`, `right`.
    pub fn name(self) -> &'static str {
        match self {
            Player::Left => "left",
            Player::Right => "right",
        }
    }

    /// The player written `name` (`left` or `right`), if one is.
    pub fn named(name: &str) -> Option<Player> {
        [Player::Left, Player::Right]
            .into_iter()
            .find(|p| p.name() == name)
    }
}

/// The outcome class of a position under optimal play.
///
/// Impartial positions are always `P` or `N`; partizan positions may also be
/// `L` or `R`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Outcome {
    /// The previous player wins: whoever is to move loses.
    P,
    /// The next player wins: whoever is to move wins.
    N,
    /// Left wins whoever moves first.
    L,
    /// Right wins whoever moves first.
    R,
}

impl Outcome {
    /// Whether the player to move wins (impartial reading).
    pub fn next_player_wins(self) -> bool {
        matches!(self, Outcome::N)
    }

    /// The outcome class from who wins moving first and who wins moving second.
    pub fn from_winners(left_first: Player, right_first: Player) -> Outcome {
        match (left_first, right_first) {
            (Player::Left, Player::Left) => Outcome::L,
            (Player::Right, Player::Right) => Outcome::R,
            (Player::Left, Player::Right) => Outcome::N,
            (Player::Right, Player::Left) => Outcome::P,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::P => "P",
            Outcome::N => "N",
            Outcome::L => "L",
            Outcome::R => "R",
        })
    }
}
