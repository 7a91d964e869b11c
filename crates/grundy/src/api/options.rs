//! `options`: a position's options, Left's and Right's for a partizan
//! game, one list for an impartial one; or every follower.

use std::fmt;

use serde::Serialize;

use super::{texts, Error, Session};
use crate::component::Component;
use crate::engine::{GameOptions, OptionLists, OptionMove};
use crate::games::words;
use crate::language::expr::GameExpr;
use crate::solvers::search::Play;
use crate::vocab::outcome::Player;

/// One move: the position it leaves and, in a sum, what it changed.
#[derive(Clone, Debug, Serialize)]
pub struct Move {
    /// The whole position after the move.
    pub game: String,
    /// The move in the player's words, as its game says it ("take 4 from
    /// heap 2, leaving 1", "vertical domino on b1–b2"); a game that has no
    /// words for it says "to" and the component it reaches.
    pub says: String,
    /// In a sum, the component moved in (from 0).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub part: Option<usize>,
    /// In a sum, what that component became.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    /// For a game drawn as a graph, the vertex or edge (from 0, as the
    /// component's drawing numbers them) the move acts on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<usize>,
}

/// The answer of `options`.
#[derive(Clone, Debug, Serialize)]
pub struct OptionsAnswer {
    /// The position, as read.
    pub game: String,
    /// `impartial` or `partizan`.
    pub kind: &'static str,
    /// `normal` or `misere`.
    pub play: &'static str,
    /// The components of a sum, if it is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parts: Option<Vec<String>>,
    /// An impartial game's options.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<Move>>,
    /// A partizan game's options for Left.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub left: Option<Vec<Move>>,
    /// A partizan game's options for Right.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub right: Option<Vec<Move>>,
    /// False when a limit cut a list short.
    pub complete: bool,
}

fn moves(
    game: &GameExpr,
    list: &[OptionMove],
    parts: Option<&[Component]>,
    mover: Option<Player>,
) -> Vec<Move> {
    list.iter()
        .map(|m| Move {
            game: m.game.to_string(),
            says: match (&m.change, parts) {
                (Some((i, to)), Some(parts)) => words::says(&parts[*i], to, mover),
                _ => move_says(game, &m.game, mover),
            },
            part: m.change.as_ref().map(|(i, _)| *i),
            to: m.change.as_ref().map(|(_, c)| c.to_string()),
            at: match (&m.change, parts) {
                (Some((i, to)), Some(parts)) => super::touched(&parts[*i], to, mover),
                _ => move_at(game, &m.game, mover),
            },
        })
        .collect()
}

impl OptionsAnswer {
    fn new(o: &GameOptions) -> OptionsAnswer {
        let play = match &o.game {
            GameExpr::Misere(_)
            | GameExpr::Compound {
                play: Play::Misere, ..
            } => "misere",
            _ => "normal",
        };
        let parts = o.parts.as_deref();
        let (kind, all, left, right) = match &o.moves {
            OptionLists::Impartial(m) => (
                "impartial",
                Some(moves(&o.game, m, parts, None)),
                None,
                None,
            ),
            OptionLists::Partizan { left, right } => (
                "partizan",
                None,
                Some(moves(&o.game, left, parts, Some(Player::Left))),
                Some(moves(&o.game, right, parts, Some(Player::Right))),
            ),
        };
        OptionsAnswer {
            game: o.game.to_string(),
            kind,
            play,
            parts: o.parts.as_deref().map(texts),
            moves: all,
            left,
            right,
            complete: o.complete,
        }
    }
}

/// The words of the move from `before` to `after` by `mover` (`None` in an
/// impartial game), as [`Move::says`] has them: the changed component's
/// game says it; a move that changes several components (a compound) is
/// said by the position it reaches. What `grundy serve` says of its own
/// moves.
pub fn move_says(before: &GameExpr, after: &GameExpr, mover: Option<Player>) -> String {
    let parts = |g: &GameExpr| match g {
        GameExpr::Sum(c) | GameExpr::Misere(c) => Some(c.clone()),
        GameExpr::Compound { .. } => None,
    };
    if let (GameExpr::Compound { parts: b, .. }, GameExpr::Compound { parts: a, .. }) =
        (before, after)
    {
        if let Some(words) = words::compound_says(b, a, mover) {
            return words;
        }
    }
    if let (Some(b), Some(a)) = (parts(before), parts(after)) {
        if b.len() == a.len() {
            let changed: Vec<usize> = (0..b.len()).filter(|&i| b[i] != a[i]).collect();
            if let [i] = changed[..] {
                return words::says(&b[i], &a[i], mover);
            }
        }
    }
    format!("to {after}")
}

/// The vertex or edge a move from `before` to `after` acts on, when it
/// changes one component of a game drawn as a graph.
fn move_at(before: &GameExpr, after: &GameExpr, mover: Option<Player>) -> Option<usize> {
    let (b, a) = (
        super::picture::parts_of(before),
        super::picture::parts_of(after),
    );
    if b.len() != a.len() {
        return None;
    }
    let changed: Vec<usize> = (0..b.len()).filter(|&i| b[i] != a[i]).collect();
    match changed[..] {
        [i] => super::touched(&b[i], &a[i], mover),
        _ => None,
    }
}

/// The options of the position `text`.
pub fn options(session: &Session, text: &str) -> Result<OptionsAnswer, Error> {
    session.in_notation(|| {
        let game = crate::language::expr::parse_any_in(text, &session.registry)
            .map_err(|e| Error::parse(text, &e))?;
        let found = session
            .engine()
            .options(&game)
            .map_err(|e| Error::eval_with(text, e, |m| format!("{text}: {m}")))?;
        Ok(OptionsAnswer::new(&found))
    })
}

/// The text `grundy options` prints.
impl fmt::Display for OptionsAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.game)?;
        let lists: Vec<(&str, &[Move])> = match (&self.moves, &self.left, &self.right) {
            (Some(m), _, _) => vec![("options", m)],
            (None, Some(l), Some(r)) => vec![("Left's options", l), ("Right's options", r)],
            _ => vec![],
        };
        for (label, list) in lists {
            if list.is_empty() {
                writeln!(f, "{label}: none")?;
                continue;
            }
            writeln!(f, "{label} ({}):", list.len())?;
            for m in list {
                writeln!(f, "  {}", m.game)?;
            }
        }
        if !self.complete {
            writeln!(f, "  … more exist (listing stopped at --max-moves)")?;
        }
        Ok(())
    }
}

/// The answer of `options --followers`: every position reached by any
/// sequence of moves of either player, the position itself first.
#[derive(Clone, Debug, Serialize)]
pub struct FollowersAnswer {
    /// How many followers.
    pub count: usize,
    /// Each follower.
    pub followers: Vec<String>,
    /// The position, as read.
    pub game: String,
}

/// Every follower of the position `text`.
pub fn followers(session: &Session, text: &str) -> Result<FollowersAnswer, Error> {
    session.in_notation(|| {
        let game = crate::language::expr::parse_any_in(text, &session.registry)
            .map_err(|e| Error::parse(text, &e))?;
        let all = session
            .engine()
            .followers(&game)
            .map_err(|e| Error::eval_with(text, e, |m| format!("{text}: {m}")))?;
        Ok(FollowersAnswer {
            game: game.to_string(),
            count: all.len(),
            followers: texts(&all),
        })
    })
}

/// The text `grundy options --followers` prints.
impl fmt::Display for FollowersAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.game)?;
        writeln!(
            f,
            "followers: {} (the position itself included)",
            self.count
        )?;
        for g in &self.followers {
            writeln!(f, "  {g}")?;
        }
        Ok(())
    }
}
