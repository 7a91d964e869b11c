//! `options`: a position's options, Left's and Right's for a partizan
//! game, one list for an impartial one; or every follower.

use std::fmt;

use serde::Serialize;

use super::{texts, Error, Session};
use crate::component::Component;
use crate::engine::{Analysis, GameOptions, LoopyLine, LoopyReport, OptionLists, OptionMove};
use crate::games::words;
use crate::language::expr::GameExpr;
use crate::solvers::loopy::LoopyOutcome;
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
    /// For a loopy value's option: its value, as `value` prints it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    /// For a loopy game (a value in loopy notation, or a position whose
    /// play may return: Fox and Geese): what the move leads to for the
    /// player who makes it, the opponent moving next, by retrograde
    /// analysis: `win`, `loss` or `draw` (play goes on for ever).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub leads_to: Option<&'static str>,
    /// For a game drawn as a graph, the vertex or edge (from 0, as the
    /// component's drawing numbers them) the move acts on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<usize>,
    /// For a game drawn as a figure (a cake, a row of cards), the targets
    /// of the component's figure the move acts on, and those a click on
    /// which names it too.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub touch: Option<crate::component::figure::Touch>,
}

/// One side of a loopy value that is not a stopper, and its options.
#[derive(Clone, Debug, Serialize)]
pub struct SideOptions {
    /// `onside` or `offside`.
    pub side: &'static str,
    /// The side's value (a canonical stopper).
    pub value: String,
    /// Left's options of the side.
    pub left: Vec<Move>,
    /// Right's options of the side.
    pub right: Vec<Move>,
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
    /// For a value in loopy notation: its value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    /// For a loopy value that is not a stopper: the options of each side
    /// (onside, then offside), in place of `left` and `right`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sides: Option<Vec<SideOptions>>,
    /// False when a limit cut a list short.
    pub complete: bool,
    /// For a position of a loopy game whose retrograde analysis was over a
    /// limit: why its moves carry no `leads_to`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub results_error: Option<String>,
}

impl OptionsAnswer {
    /// Why part of the answer is missing because a limit stopped it (what
    /// a loopy game's moves lead to), if it is: the moves stand, and a
    /// front end with a larger budget may ask again.
    pub fn cut_by_limit(&self) -> Option<&str> {
        self.results_error.as_deref()
    }
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
            value: None,
            leads_to: None,
            at: match (&m.change, parts) {
                (Some((i, to)), Some(parts)) => super::touched(&parts[*i], to, mover),
                _ => move_at(game, &m.game, mover),
            },
            touch: match (&m.change, parts) {
                (Some((i, to)), Some(parts)) => super::picture::touch_of(&parts[*i], to, mover),
                _ => None,
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
            value: None,
            sides: None,
            complete: o.complete,
            results_error: None,
        }
    }

    /// Marks each move with what it leads to, from the retrograde analysis
    /// `r` of the position (an option's outcome is for the opponent).
    fn with_results(mut self, r: &LoopyReport) -> OptionsAnswer {
        let mark = |list: &mut Option<Vec<Move>>, line: Option<&LoopyLine>| {
            let (Some(list), Some(line)) = (list.as_mut(), line) else {
                return;
            };
            for m in list.iter_mut() {
                m.leads_to = outcome_of(&m.game, &line.option_outcomes).map(|o| match o {
                    LoopyOutcome::Win => "loss",
                    LoopyOutcome::Loss => "win",
                    LoopyOutcome::Draw => "draw",
                });
            }
        };
        let line = |mover: Option<Player>| r.lines.iter().find(|l| l.mover == mover);
        mark(&mut self.moves, line(None));
        mark(&mut self.left, line(Some(Player::Left)));
        mark(&mut self.right, line(Some(Player::Right)));
        self
    }
}

/// The parts of a sum as a multiset (their texts, sorted): how a move
/// listed by `options` is found among the analysis's options, whose parts
/// are kept in another order.
fn parts_key(g: &GameExpr) -> Vec<String> {
    let mut key = match g {
        GameExpr::Sum(c) | GameExpr::Misere(c) => c.iter().map(ToString::to_string).collect(),
        GameExpr::Compound { .. } => vec![g.to_string()],
    };
    key.sort();
    key
}

/// The outcome the analysis gives the option written `text`.
fn outcome_of(text: &str, outcomes: &[(GameExpr, LoopyOutcome)]) -> Option<LoopyOutcome> {
    let mut want = split_sum(text);
    want.sort();
    outcomes
        .iter()
        .find(|(g, _)| {
            let mut parts = parts_key(g);
            parts.retain(|p| !p.is_empty());
            g.to_string() == text || parts == want
        })
        .map(|(_, o)| *o)
}

/// The terms of a sum as printed, split at top-level ` + `.
fn split_sum(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let (mut depth, mut start, mut quoted) = (0i32, 0, false);
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' => quoted = !quoted,
            b'(' | b'[' | b'{' if !quoted => depth += 1,
            b')' | b']' | b'}' if !quoted => depth -= 1,
            b'+' if !quoted && depth == 0 && text[..i].ends_with(' ') => {
                out.push(text[start..i].trim().to_string());
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    out.push(text[start..].trim().to_string());
    out
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

/// The options of the position `text`; for a value in loopy notation
/// (`{0|pass}`), its options with their values; for a position of a loopy
/// game, each move with what it leads to (win, loss or draw).
pub fn options(session: &Session, text: &str) -> Result<OptionsAnswer, Error> {
    session.in_notation(|| {
        let mut engine = session.engine();
        if super::is_loopy(text) {
            return super::loopy::loopy_options(session, &mut engine, text);
        }
        let game = crate::language::expr::parse_any_in(text, &session.registry)
            .map_err(|e| Error::parse(text, &e))?;
        let found = engine
            .options(&game)
            .map_err(|e| Error::eval_with(text, e, |m| format!("{text}: {m}")))?;
        let answer = OptionsAnswer::new(&found);
        let loopy = match &game {
            GameExpr::Sum(c) | GameExpr::Misere(c) => c.iter().any(Component::may_cycle),
            GameExpr::Compound { .. } => false,
        };
        if loopy {
            // One retrograde analysis gives every option's outcome; where
            // it is over a limit the moves are listed without them, and the
            // answer says why.
            match engine.analyse_game(&game) {
                Ok(Analysis::Loopy(r)) => return Ok(answer.with_results(&r)),
                Err(e) => {
                    let e = Error::eval(text, e);
                    if e.limit_hit().is_some() {
                        return Ok(OptionsAnswer {
                            results_error: Some(e.message),
                            ..answer
                        });
                    }
                }
                Ok(_) => {}
            }
        }
        Ok(answer)
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
        if let Some(v) = &self.value {
            writeln!(f, "value:   {v}")?;
        }
        for (label, list) in lists {
            write_moves(f, label, list)?;
        }
        for side in self.sides.iter().flatten() {
            writeln!(f, "{}: {}", side.side, side.value)?;
            write_moves(f, "  Left's options", &side.left)?;
            write_moves(f, "  Right's options", &side.right)?;
        }
        if !self.complete {
            writeln!(f, "  … more exist (listing stopped at --max-moves)")?;
        }
        if let Some(e) = &self.results_error {
            writeln!(f, "what each move leads to: not computed: {e}")?;
        }
        Ok(())
    }
}

/// One list of moves as `options` prints it: each move, and for a loopy
/// game what it leads to for the player who makes it.
fn write_moves(f: &mut fmt::Formatter<'_>, label: &str, list: &[Move]) -> fmt::Result {
    if list.is_empty() {
        return writeln!(f, "{label}: none");
    }
    writeln!(f, "{label} ({}):", list.len())?;
    let indent = if label.starts_with(' ') { "    " } else { "  " };
    for m in list {
        write!(f, "{indent}{}", m.game)?;
        if let Some(v) = m.value.as_ref().filter(|v| **v != m.game) {
            write!(f, " = {v}")?;
        }
        match m.leads_to {
            Some("win") => write!(f, "  (wins)")?,
            Some("loss") => write!(f, "  (loses)")?,
            Some(_) => write!(f, "  (draws: play goes on for ever)")?,
            None => {}
        }
        writeln!(f)?;
    }
    Ok(())
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
